/**
 * Publishing the Bike set (issue 31): PM EPWG1 for the PCT product 1B070643 (Brook trekker Mk9) as
 * HTML5 and PDF, checked against the corpus README's facts and what a published data module shows:
 * its identification block, warnings set apart, numbered steps, requirement tables, dmRef links to
 * the target's page, ICN figures, change bars. Then an incremental re-publish after one module and
 * after the PM changed, and selections the set does not know.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishS1000dHtml, publishS1000dPdf, readCsdbFolder, rebuildS1000dHtml, resolveSelection, type S1000dResult, selectionOfText } from '../src/index.js';
import { s1000dCorpus } from './corpora.js';

const corpus = s1000dCorpus('s1000d-bike-4.1');
const BIKE = 'DMC-S1000DBIKE-AAA-';
const PM = 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const DM258 = `${BIKE}D00-00-00-00AA-258A-A`;
const DM258_FILE = `${DM258}_008-00_EN-US.XML`;
const CHROMIUM = '/usr/bin/chromium';
const PDFTOTEXT = '/usr/bin/pdftotext';

/** Each nav entry of a page: its DMC, and whether it links to a page. */
function navEntries(html: string): Array<{ dmc: string; linked: boolean }> {
  const start = html.indexOf('<nav class="toc"');
  const nav = html.slice(start, html.indexOf('</nav>', start));
  return [...nav.matchAll(/<li data-dmc="([^"]+)"[^>]*>(<a |<span)/g)].map((m) => ({ dmc: m[1] ?? '', linked: m[2] === '<a ' }));
}

describe.skipIf(corpus === undefined)('publishing the Bike set', () => {
  let src = '';
  let out = '';
  let first: S1000dResult;
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

  beforeAll(async () => {
    // A copy: the incremental tests change files.
    src = mkdtempSync(path.join(tmpdir(), 's1000d-pub-src-'));
    out = mkdtempSync(path.join(tmpdir(), 's1000d-pub-out-'));
    cpSync(path.join(corpus as string, 'csdb'), src, { recursive: true });
    first = await publishS1000dHtml({ srcDir: src, pm: PM, out, selection: { product: '1B070643' } });
  });
  afterAll(() => {
    rmSync(src, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('lists the PM in its navigation: 72 modules in order (fact 1); the 2 not applicable (fact 3) and 3 deleted (fact 8) without a page', () => {
    expect(first.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const nav = navEntries(read(`${DM258}.html`));
    expect(nav).toHaveLength(72);
    expect(nav.slice(0, 6).map((e) => e.dmc)).toEqual(['001A-A', '002A-A', '009A-A', '00PA-D', '00QA-D', '00WA-D'].map((s) => `${BIKE}D00-00-00-00AA-${s}`));
    expect(nav.at(-1)?.dmc).toBe(`${BIKE}DA5-30-00-00AA-041A-A`);
    const unlinked = nav.filter((e) => !e.linked).map((e) => e.dmc);
    expect(unlinked.sort()).toEqual(
      [
        `${BIKE}D00-00-01-00AA-720A-A`,
        `${BIKE}DA2-40-00-00AA-720A-A`,
        `${BIKE}DA1-00-00-00AA-041A-A`,
        `${BIKE}DA1-00-00-00AA-341A-A`,
        `${BIKE}DA1-10-00-00AA-251A-A`,
      ].sort(),
    );
    expect(first.pages).toBe(67);
    expect(readdirSync(out).filter((f) => f.startsWith('DMC-'))).toHaveLength(67);
    // The index page says who the publication is for; the search index has a record per page.
    expect(read('index.html')).toContain('1B070643: model=Brook trekker, version=Mk9');
    // Highlights: each changed module's reasons for update, linking its page.
    expect(read('index.html')).toMatch(
      new RegExp(
        `<tr data-dmc="${DM258}"><td><a href="${DM258}.html">${DM258}</a><br>Bicycle - Other procedures to clean</td><td>totally revised<br>Schema cleanup element/attribute renaming</td></tr>`,
      ),
    );
    const search = JSON.parse(
      read('search-index.js')
        .replace(/^window\.CCMS_SEARCH=/, '')
        .replace(/;\s*$/, ''),
    ) as Array<{ u: string; k: string[] }>;
    expect(search).toHaveLength(67);
    expect(search.find((s) => s.u === `${DM258}.html`)?.k).toContain('sponge');
  });

  it("renders 258A for Brook trekker Mk9 (fact 4): 13 steps numbered (the README's 14 counts one in a comment), 1 reqPersons, 3 supplyDescr", () => {
    const page = read(`${DM258}.html`);
    const steps = [...page.matchAll(/<li [^>]*class="step proceduralStep[^"]*" data-step="([^"]+)"/g)].map((m) => m[1]);
    expect(steps).toEqual(['1', '2', '3', '4', '5', '6', '6.1', '6.2', '6.3', '6.4', '6.5', '6.6', '7']);
    expect(page).toContain('<span class="step-number">6.3</span>');
    expect(page.match(/<section class="reqPersons">/g)).toHaveLength(1);
    expect(page.match(/<tr [^>]*class="supplyDescr"/g)).toHaveLength(3);
    expect(page).toContain('<td>Bike cleaner</td>');
    expect(page).not.toContain('Bike rider');
    expect(page).toContain('<h2>Preliminary requirements</h2>');
    expect(page).toContain('<h2>Requirements after job completion</h2>');
    expect(page).toContain('<h3>Spares</h3><p class="none">None</p>');
  });

  it('shows the identification block, warnings and cautions set apart, internalRef and dmRef links, ICN figures', () => {
    const page = read(`${DM258}.html`);
    const field = (k: string) => new RegExp(`<tr data-field="${k}"><th>[^<]+</th><td>([^<]*)</td>`).exec(page)?.[1];
    expect(field('dmc')).toBe(DM258);
    expect(field('issue')).toBe('008-00');
    expect(field('issue-date')).toBe('2012-12-31');
    expect(field('status')).toBe('revised');
    expect(field('applicability')).toBe('Mountain bicycle and (Mountain storm Mk1 or Brook trekker Mk9)');
    expect(page).toContain('<h1 class="dm-title">Bicycle - Other procedures to clean</h1>');
    expect(page.match(/<div class="admonition warning" role="note" aria-label="WARNING">/g)).toHaveLength(2);
    expect(page.match(/<div class="admonition caution" role="note" aria-label="CAUTION">/g)).toHaveLength(3);
    expect(page.match(/<div class="admonition note" role="note" aria-label="NOTE">/g)).toHaveLength(1);
    // internalRefs name their target: the figure by number, the supply by its name.
    expect(page).toContain('<a class="internalRef" href="#fig-0001">Fig 1</a>');
    expect(page).toContain('<a class="internalRef" href="#sup-0002">Detergent A</a>');
    expect(page).toMatch(/<figure id="fig-0001" class="figure">.*<figcaption>Fig 1 Cleaning the bike<\/figcaption><\/figure>/s);
    // A dmRef links the target's page, which exists.
    const target = `${BIKE}DA4-10-00-00AA-241A-A`;
    expect(page).toContain(`<a class="dmRef" href="${target}.html" title="Chain - Oil">${target}</a>`);
    expect(existsSync(path.join(out, `${target}.html`))).toBe(true);
    // CGM cannot show in a browser: a placeholder naming the ICN with its file to download, copied into the output.
    const icn = 'ICN-S1000DBIKE-AAA-D000000-0-U8025-00502-A-04-1';
    expect(page).toContain(`<div class="icn-placeholder" data-icn="${icn}"><span class="icn-code">${icn}</span>`);
    expect(page).toContain(`<a href="graphics/${icn}.CGM" download>`);
    expect(statSync(path.join(out, 'graphics', `${icn}.CGM`)).size).toBe(statSync(path.join(src, `${icn}.CGM`)).size);
  });

  it('shows the pictures a browser can show as images', () => {
    const pngs = readdirSync(out)
      .filter((f) => f.endsWith('.html'))
      .flatMap((f) => [...read(f).matchAll(/<img [^>]*src="(graphics\/[^"]+\.(?:PNG|JPG|GIF))"/gi)].map((m) => m[1] ?? ''));
    expect(pngs.length).toBeGreaterThan(0);
    for (const p of pngs) expect(existsSync(path.join(out, p)), p).toBe(true);
  });

  it('draws change bars where changeMark="1" and only there', () => {
    const brex = read(`${BIKE}D00-00-00-00AA-022A-D.html`);
    const source = readFileSync(path.join(src, `${BIKE}D00-00-00-00AA-022A-D_008-00_EN-US.XML`), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    const marked = source.match(/changeMark="1"/g)?.length ?? 0;
    expect(marked).toBeGreaterThan(30);
    expect(brex.match(/<span class="change-bar"/g)).toHaveLength(marked);
    expect(brex).toMatch(
      /<section class="commonInfo changed" data-change="add"><span class="change-bar" title="changed">\|<\/span><h2>Introduction to the Bike BREX DM<\/h2>/,
    );
    expect(read(`${DM258}.html`)).not.toContain('change-bar');
  });

  it('re-publishes one changed module by rendering only its page', async () => {
    const other = `${BIKE}DA4-10-00-00AA-241A-A.html`;
    const otherBefore = statSync(path.join(out, other)).ino;
    const pageBefore = statSync(path.join(out, `${DM258}.html`)).ino;
    const text = readFileSync(path.join(src, DM258_FILE), 'utf8');
    writeFileSync(path.join(src, DM258_FILE), text.replace('Fully clean the bicycle', 'Thoroughly clean the bicycle'));
    const again = await rebuildS1000dHtml(first.build as NonNullable<S1000dResult['build']>, [DM258_FILE]);
    expect(again.written).toBe(1);
    expect(read(`${DM258}.html`)).toContain('Thoroughly clean the bicycle');
    // The page was replaced (a new file), the others not touched.
    expect(statSync(path.join(out, `${DM258}.html`)).ino).not.toBe(pageBefore);
    expect(statSync(path.join(out, other)).ino).toBe(otherBefore);
    first = again;
  });

  it('copies a changed graphic again without rendering a page', async () => {
    const png = readdirSync(path.join(out, 'graphics')).find((f) => f.endsWith('.PNG'));
    expect(png).toBeDefined();
    const file = path.join(src, png ?? '');
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('changed')]));
    const again = await rebuildS1000dHtml(first.build as NonNullable<S1000dResult['build']>, [png ?? '']);
    expect(again.written).toBe(0);
    expect(readFileSync(path.join(out, 'graphics', png ?? ''))).toEqual(readFileSync(file));
    first = again;
  });

  it('writes every page again when the PM changed (the navigation is on every page), and removes pages no longer listed', async () => {
    const pmText = readFileSync(path.join(src, PM), 'utf8');
    // Drop the entry of the chain module from the PM.
    const entry = /<pmEntry>\s*<dmRef[^>]*>\s*<dmRefIdent>\s*<dmCode[^>]*systemCode="DA4" subSystemCode="1"[^>]*infoCode="241"[\s\S]*?<\/pmEntry>/.exec(pmText);
    expect(entry).not.toBeNull();
    writeFileSync(path.join(src, PM), pmText.replace(entry?.[0] ?? '', ''));
    const again = await rebuildS1000dHtml(first.build as NonNullable<S1000dResult['build']>, [PM]);
    expect(again.pages).toBe(66);
    expect(existsSync(path.join(out, `${BIKE}DA4-10-00-00AA-241A-A.html`))).toBe(false);
    expect(navEntries(read(`${DM258}.html`))).toHaveLength(71);
    // The dmRef to the module no longer published is text, not a link.
    expect(read(`${DM258}.html`)).toContain(`<span class="dmRef outside" title="Chain - Oil">${BIKE}DA4-10-00-00AA-241A-A</span>`);
  });

  it('refuses a product, a property or a PM the set does not have, publishing nothing', async () => {
    const csdb = readCsdbFolder(path.join(corpus as string, 'csdb'));
    expect(resolveSelection(csdb, selectionOfText('1B070701'))).toMatchObject({ ok: true, assignment: { model: 'Mountain storm', version: 'Mk1' } });
    expect(resolveSelection(csdb, selectionOfText('model=Brook trekker;version=Mk9'))).toMatchObject({ ok: true, label: 'model=Brook trekker, version=Mk9' });
    expect(resolveSelection(csdb, selectionOfText('9Z'))).toEqual({ ok: false, reason: 'productUnknown', value: '9Z' });
    expect(resolveSelection(csdb, selectionOfText('colour=red'))).toEqual({ ok: false, reason: 'propertyUnknown', value: 'colour' });
    const none = mkdtempSync(path.join(tmpdir(), 's1000d-pub-none-'));
    try {
      const bad = await publishS1000dHtml({ srcDir: src, pm: PM, out: none, selection: { product: '9Z' } });
      expect(bad.pages).toBe(0);
      expect(bad.problems).toMatchObject([{ severity: 'error', code: 'map-missing', message: 'The PCT has no product "9Z".' }]);
      const missing = await publishS1000dHtml({ srcDir: src, pm: 'PMC-NONE.XML', out: none, selection: {} });
      expect(missing.problems[0]).toMatchObject({ severity: 'error', code: 'map-missing' });
      expect(readdirSync(none)).toEqual([]);
    } finally {
      rmSync(none, { recursive: true, force: true });
    }
  });

  it("prints its own words in the PM's language: Chinese for a zh PM", async () => {
    const zhSrc = mkdtempSync(path.join(tmpdir(), 's1000d-pub-zh-'));
    const zhOut = mkdtempSync(path.join(tmpdir(), 's1000d-pub-zh-out-'));
    try {
      cpSync(path.join(corpus as string, 'csdb'), zhSrc, { recursive: true });
      const pmText = readFileSync(path.join(zhSrc, PM), 'utf8');
      writeFileSync(
        path.join(zhSrc, PM),
        pmText.replace(/<language countryIsoCode="US" languageIsoCode="en"\s*\/>/, '<language countryIsoCode="CN" languageIsoCode="zh"/>'),
      );
      await publishS1000dHtml({ srcDir: zhSrc, pm: PM, out: zhOut, selection: { product: '1B070643' } });
      const page = readFileSync(path.join(zhOut, `${DM258}.html`), 'utf8');
      expect(page).toContain('<html lang="zh-CN">');
      expect(page).toContain('<th>数据模块代码</th>');
      expect(page).toContain('<p class="admonition-label">警告</p>');
      expect(page).toContain('<h2>准备要求</h2>');
      expect(page).toContain('>图 1</a>');
    } finally {
      rmSync(zhSrc, { recursive: true, force: true });
      rmSync(zhOut, { recursive: true, force: true });
    }
  });

  it('nests the entries of a list of applicable publications under their titles, with the PMs its pmRefs name', async () => {
    const loap = mkdtempSync(path.join(tmpdir(), 's1000d-pub-loap-'));
    try {
      const r = await publishS1000dHtml({ srcDir: src, pm: 'PMC-S1000DBIKE-C3002-LOAP1-00_000-01_EN-US.XML', out: loap, selection: {} });
      const index = readFileSync(path.join(loap, 'index.html'), 'utf8');
      expect(index).toContain('<span class="head">List of applicable publications</span>');
      expect(r.pages).toBe(22);
    } finally {
      rmSync(loap, { recursive: true, force: true });
    }
  });
});

describe('publishing a crafted set', () => {
  it('names each page by its code with nothing but code characters: a dmCode holding "/../" cannot write outside the output', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 's1000d-pub-crafted-'));
    const src = path.join(root, 'src');
    const out = path.join(root, 'out', 'site');
    const code =
      'modelIdentCode="/../../ESC" systemDiffCode="A" systemCode="00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="A" infoCode="040" infoCodeVariant="A" itemLocationCode="A"';
    const ident = '<language languageIsoCode="en" countryIsoCode="US"/><issueInfo issueNumber="001" inWork="00"/>';
    const dm = `<?xml version="1.0"?><dmodule><identAndStatusSection><dmAddress><dmIdent><dmCode ${code}/>${ident}</dmIdent><dmAddressItems><issueDate year="2026" month="1" day="2"/><dmTitle><techName>Escape</techName></dmTitle></dmAddressItems></dmAddress><dmStatus issueType="new"/></identAndStatusSection><content><description><para>Inside.</para></description></content></dmodule>`;
    const pm = `<?xml version="1.0"?><pm><identAndStatusSection><pmAddress><pmIdent><pmCode modelIdentCode="ESC" pmIssuer="00001" pmNumber="00001" pmVolume="00"/>${ident}</pmIdent><pmAddressItems><issueDate year="2026" month="1" day="2"/><pmTitle>Crafted</pmTitle></pmAddressItems></pmAddress><pmStatus issueType="new"/></identAndStatusSection><content><pmEntry><dmRef><dmRefIdent><dmCode ${code}/></dmRefIdent></dmRef></pmEntry></content></pm>`;
    try {
      mkdirSync(src, { recursive: true });
      writeFileSync(path.join(src, 'DMC-ESC-A-00-00-00-00A-040A-A_001-00_EN-US.XML'), dm);
      writeFileSync(path.join(src, 'PMC-ESC-00001-00001-00_001-00_EN-US.XML'), pm);
      const r = await publishS1000dHtml({ srcDir: src, pm: 'PMC-ESC-00001-00001-00_001-00_EN-US.XML', out, selection: {} });
      expect(r.pages).toBe(1);
      expect(readdirSync(path.join(root, 'out'))).toEqual(['site']);
      const page = readdirSync(out).find((f) => f.startsWith('DMC-'));
      expect(page).toBe('DMC-_______ESC-A-00-00-00-00A-040A-A.html');
      expect(readFileSync(path.join(out, page ?? ''), 'utf8')).toContain('Inside.');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.skipIf(corpus === undefined || !existsSync(CHROMIUM) || !existsSync(PDFTOTEXT))('printing the Bike set', () => {
  it('prints a PDF with a title page, the list of effective data modules, highlights, identification blocks and change bars', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 's1000d-pdf-'));
    try {
      const r = await publishS1000dPdf({ srcDir: path.join(corpus as string, 'csdb'), pm: PM, out, selection: { product: '1B070643' } });
      expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(path.basename(r.pdfFile ?? '')).toBe('PMC-S1000DBIKE-C3002-00001-01.pdf');
      const text = execFileSync(PDFTOTEXT, ['-layout', r.pdfFile as string, '-'], { encoding: 'utf8' });
      const pages = text.split('\f');
      expect(pages[0]).toContain('Mountain bicycle manual');
      expect(pages[0]).toMatch(/Published for\s+1B070643: model=Brook trekker/);
      expect(pages[1]).toContain('List of effective data modules');
      // The LOEDM gives the page each module starts on: 258A's identification block is on that page.
      const row = text.split('\n').find((l) => l.includes(DM258) && /\s(\d+)\s*$/.test(l));
      const start = Number(/\s(\d+)\s*$/.exec(row ?? '')?.[1]);
      expect(pages[start - 1]).toMatch(new RegExp(`Data module code\\s+${DM258}`));
      expect(pages[start - 1]).toMatch(/Issue\s+008-00/);
      expect(pages.slice(start - 1, start + 2).join('')).toMatch(/WARNING/);
      expect(text).toContain('Highlights');
      expect(text).toContain('End of data module');
      // Change bars: "|" in the margin beside the changed content of the BREX module.
      expect(text).toMatch(/^\s*\|\s+Introduction to the Bike BREX DM/m);
      // The print loaded only the output's own files.
      expect(r.problems.filter((p) => p.code === 'pdf-request-blocked')).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
