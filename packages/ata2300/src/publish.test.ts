import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ata2300PublishError } from './applicability.js';
import { publishAta2300 } from './publish.js';

/**
 * The CX100 FCOM chapter published per aircraft: MSN 0101 is a CX100-100 (the performance table,
 * CX100-200 only, is left out; the second MEL item, CX100-100 only, is in), MSN 0205 the other way
 * round; the PDF read back with pdftotext keeps the checklist's challenge–response lines.
 */
const SET = path.join(import.meta.dirname, '../test/fcom-set');
const PM = 'PMC-CX100-CCMS1-00021-01_EN-US.XML';
const PERF = 'DMC-CX100-A-21-00-00-00A-051A-A';
const MEL2 = 'DMC-CX100-A-21-00-02-00A-081A-A';
const outs: string[] = [];
const outDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), 'ccms-ata-pub-'));
  outs.push(d);
  return d;
};
afterAll(async () => {
  for (const d of outs) await rm(d, { recursive: true, force: true });
});

describe('publishing a Spec 2300 PM per aircraft', () => {
  it('HTML5 for MSN 0101 (CX100-100): eight module pages, the performance table left out and greyed in the navigation', async () => {
    const out = await outDir();
    const result = await publishAta2300({ dir: SET, pm: PM, out, format: 'html5', lang: 'en', selection: { product: '0101' } });
    expect(result.label).toBe('0101');
    expect(result.excluded).toEqual([PERF]);
    expect(result.missing).toEqual([]);
    expect(result.modules).toHaveLength(8);
    expect(result.modules).toContain(MEL2);
    const pages = (await readdir(out)).filter((f) => f.startsWith('DMC-'));
    expect(pages).toHaveLength(8);
    const index = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(index).toContain('<li class="ata-nav-na">Fuel penalty with one pack</li>');
    expect(index).toContain('Published for: 0101');
    const nnp = await readFile(path.join(out, 'DMC-CX100-A-21-00-01-00A-141A-A.html'), 'utf8');
    expect(nnp).toContain('<tr><th>Data module code</th><td>DMC-CX100-A-21-00-01-00A-141A-A</td></tr>');
    expect(nnp).toContain('<a class="ata-dmref" href="DMC-CX100-A-21-00-00-00A-131A-A.html">Packs: before start</a>');
    expect(nnp).toContain('aria-current="page"');
  });

  it('for MSN 0205 (CX100-200) the performance table is in and the CX100-100 MEL item out; property values work as a product does', async () => {
    const byProduct = await publishAta2300({ dir: SET, pm: PM, out: await outDir(), format: 'html5', selection: { product: 'msn0205' } });
    expect(byProduct.excluded).toEqual([MEL2]);
    expect(byProduct.modules).toContain(PERF);
    const byValues = await publishAta2300({ dir: SET, pm: PM, out: await outDir(), format: 'html5', selection: { assign: { model: 'CX100-200' } } });
    expect(byValues.excluded).toEqual([MEL2]);
    expect(byValues.label).toBe('model=CX100-200');
    const all = await publishAta2300({ dir: SET, pm: PM, out: await outDir(), format: 'html5' });
    expect(all.excluded).toEqual([]);
    expect(all.modules).toHaveLength(9);
  });

  it('refuses a PM that is not there and a product the PCT does not list', async () => {
    await expect(publishAta2300({ dir: SET, pm: 'nope.xml', out: await outDir(), format: 'html5' })).rejects.toMatchObject({ code: 'pmMissing' });
    const err = await publishAta2300({ dir: SET, pm: PM, out: await outDir(), format: 'html5', selection: { product: '9999' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Ata2300PublishError);
    expect(err).toMatchObject({ code: 'productUnknown', value: '9999' });
  });

  it.skipIf(!existsSync('/usr/bin/chromium') || !existsSync('/usr/bin/pdftotext'))(
    'PDF: the title page, the list of effective modules and checklist lines with their dotted leaders, read back',
    async () => {
      const out = await outDir();
      const result = await publishAta2300({ dir: SET, pm: PM, out, format: 'pdf', lang: 'en', selection: { product: '0205' } });
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', result.pdfFile ?? '', '-'], { encoding: 'utf8' });
      expect(text).toContain('FCOM chapter 21: air conditioning');
      expect(text).toContain('List of effective data modules');
      expect(text).toMatch(/PACK 1 and PACK 2 switches( \.){3,}.*ON/);
      expect(text).toMatch(/PACK 1 switch( \.){3,}.*OFF/);
      expect(text).toContain('— End of procedure —');
      expect(text).toContain('FUEL PENALTY WITH ONE PACK');
      expect(text.toUpperCase()).not.toContain('21-63-01 TRIM AIR VALVE');
    },
    60_000,
  );
});
