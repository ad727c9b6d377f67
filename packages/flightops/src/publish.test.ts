import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveFor0101, flightopsPackage } from '../test/kit.js';
import { FlightopsPublishError, publishFlightops } from './publish.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fo-publish-'));
  for (const [f, c] of Object.entries({
    ...flightopsPackage(),
    'fcom/highlights.xml':
      '<highlights revision="2026-10"><change du="DU-21-003" path="fcom/du/DU-21-003.xml" kind="revised"/><change du="DU-36-030" path="" kind="added"/></highlights>',
  })) {
    await mkdir(path.dirname(path.join(dir, 'src', f)), { recursive: true });
    await writeFile(path.join(dir, 'src', f), c);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('publishFlightops', () => {
  it('HTML5 for MSN 0101: only the DUs and solutions effective for it, the LEDU and the highlights', async () => {
    const out = path.join(dir, 'html-0101');
    const r = await publishFlightops({ dir: path.join(dir, 'src'), psl: 'fcom/psl.xml', out, format: 'html5', aircraft: 'B-6101' });
    const expected = Array.from({ length: 30 }, (_, i) => i + 1).filter(effectiveFor0101);
    expect(r.dus).toHaveLength(expected.length);
    expect(r.excluded).toEqual(['DU-21-007', 'DU-24-014', 'DU-36-021', 'DU-36-028']);
    expect(r.highlights).toBe(2);
    const index = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(index).toContain('MSN 0101 / B-6101');
    expect(index).toContain('DU-21-003');
    const page = await readFile(path.join(out, 'DU-21-001.html'), 'utf8');
    expect(page).toContain('ALPHA-0101-1');
    expect(page).not.toContain('BRAVO-0205-1');
  });

  it('an aircraft the fleet does not list is refused, naming it', async () => {
    await expect(
      publishFlightops({ dir: path.join(dir, 'src'), psl: 'fcom/psl.xml', out: path.join(dir, 'x'), format: 'html5', aircraft: '0999' }),
    ).rejects.toEqual(new FlightopsPublishError('aircraftUnknown', '0999'));
  });

  it('PDF for MSN 0205: pdftotext shows its solutions (modification 12345 embodied), none of 0101', async () => {
    const out = path.join(dir, 'pdf-0205');
    const r = await publishFlightops({ dir: path.join(dir, 'src'), psl: 'fcom/psl.xml', out, format: 'pdf', aircraft: '0205' });
    expect(r.dus).toHaveLength(30);
    const text = execFileSync('pdftotext', ['-layout', r.pdfFile ?? '', '-'], { encoding: 'utf8' });
    expect(text).toContain('BRAVO-0205-2');
    expect(text).toContain('COMMON-5');
    expect(text).not.toContain('ALPHA-0101');
    expect(text).toContain('Highlights');
    expect(text).toContain('List of effective DUs');
  }, 60_000);
});
