import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONCEPT, MAP, tempDir } from '../../test/fixture-helpers.js';
import { loadProject } from '../project/dita-project.js';
import { FolderSource } from '../source/file-source.js';
import type { HtmlBuild } from './html-build.js';
import { publishHtml } from './html-publisher.js';
import { rebuildHtml } from './html-rebuild.js';
import { FULL_NAV_ENTRIES } from './page-shell.js';

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(dir, abs)] = readFileSync(abs, 'utf8');
  }
  return out;
}

describe('incremental HTML rebuild', () => {
  const work = tempDir();
  const src = path.join(work, 'src');
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'map.ditamap': MAP(`<keydef keys="product"><topicmeta><keywords><keyword>Widget</keyword></keywords></topicmeta></keydef>
      <keydef keys="lib" href="lib.dita"/>
      <topicref href="a.dita"><topicref href="b.dita"/></topicref><topicref href="c.dita"/><topicref href="d.dita"/>
      <reltable><relrow><relcell><topicref href="c.dita"/></relcell><relcell><topicref href="d.dita"/></relcell></relrow></reltable>`),
    'lib.dita': CONCEPT('lib', 'Lib', '<p id="p1">Shared one.</p><p id="p2">Shared two.</p>'),
    'a.dita': CONCEPT('a', 'Alpha', '<p conref="lib.dita#lib/p1"/><p>Product: <keyword keyref="product"/></p>'),
    'b.dita': CONCEPT('b', 'Beta', '<p conkeyref="lib/p2"/>'),
    'c.dita': CONCEPT('c', 'Gamma', '<p>See <xref href="b.dita"/>.</p>'),
    'd.dita': CONCEPT('d', 'Delta', '<p>Plain.</p>'),
  };
  const write = (f: string, c: string) => {
    const abs = path.join(src, f);
    writeFileSync(abs, c);
  };

  let build: HtmlBuild;
  let step = 0;
  let navUpdated: string[] = [];

  async function fullBuild(): Promise<Record<string, string>> {
    const out = path.join(work, `full-${step++}`);
    const project = await loadProject({ source: new FolderSource(src), map: 'map.ditamap' });
    await publishHtml(project, { out });
    return tree(out);
  }

  async function change(f: string, content: string): Promise<string[]> {
    write(f, content);
    const r = await rebuildHtml(build, [f]);
    build = r.build;
    navUpdated = r.navUpdated.sort();
    expect(tree(build.outDir)).toEqual(await fullBuild());
    return r.rebuilt.sort();
  }

  it('rebuilds only the affected pages and matches a full build', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(src, { recursive: true });
    for (const [f, c] of Object.entries(files)) write(f, c);
    const project = await loadProject({ source: new FolderSource(src), map: 'map.ditamap' });
    build = await publishHtml(project, { out: path.join(work, 'inc') });
    expect(build.plan.pages).toHaveLength(4);

    // A conref source: the pages that pull from it, and pages linking to them (titles may come from conref).
    expect(await change('lib.dita', CONCEPT('lib', 'Lib', '<p id="p1">Shared ONE.</p><p id="p2">Shared TWO.</p>'))).toEqual(['a.html', 'b.html', 'c.html']);
    expect(navUpdated).toEqual([]);
    // A title: the page, and pages that link to it (child link, xref); every other page gets the renamed nav entry.
    expect(await change('b.dita', CONCEPT('b', 'Beta renamed', '<p conkeyref="lib/p2"/>'))).toEqual(['a.html', 'b.html', 'c.html']);
    expect(navUpdated).toEqual(['d.html']);
    expect(readFileSync(path.join(build.outDir, 'd.html'), 'utf8')).toContain('<a href="b.html">Beta renamed</a>');
    // A key definition in the map: pages that use the key.
    expect(await change('map.ditamap', files['map.ditamap']?.replace('Widget', 'Gadget') ?? '')).toEqual(['a.html']);
    expect(navUpdated).toEqual([]);
    // A topic: its page and the page that lists it as a related link (reltable).
    expect(await change('d.dita', CONCEPT('d', 'Delta', '<p>Plain, edited.</p>'))).toEqual(['c.html', 'd.html']);
    // A reltable change: both ends.
    expect(
      await change(
        'map.ditamap',
        (files['map.ditamap'] ?? '')
          .replace('Widget', 'Gadget')
          .replace('<reltable>', '<reltable><relrow><relcell><topicref href="a.dita"/></relcell><relcell><topicref href="d.dita"/></relcell></relrow>'),
      ),
    ).toEqual(['a.html', 'd.html']);
    // The map's title is in every page's head and header.
    const withTitle = (files['map.ditamap'] ?? '')
      .replace('Widget', 'Gadget')
      .replace('<reltable>', '<reltable><relrow><relcell><topicref href="a.dita"/></relcell><relcell><topicref href="d.dita"/></relcell></relrow>');
    expect(await change('map.ditamap', withTitle.replace('<title>Test map</title>', '<title>Renamed map</title>'))).toEqual([
      'a.html',
      'b.html',
      'c.html',
      'd.html',
    ]);
    // An indexterm: the index page appears, follows edits, and goes when the last term does.
    await change('d.dita', CONCEPT('d', 'Delta', '<p>Plain<indexterm>plain text</indexterm>.</p>'));
    expect(readFileSync(path.join(build.outDir, 'genindex.html'), 'utf8')).toContain('<span class="index-term">plain text</span>');
    await change('c.dita', CONCEPT('c', 'Gamma', '<p>See <xref href="b.dita"/>.<indexterm>gamma</indexterm></p>'));
    expect(readFileSync(path.join(build.outDir, 'genindex.html'), 'utf8')).toContain('<span class="index-term">gamma</span>');
    await change('c.dita', files['c.dita'] ?? '');
    await change('d.dita', CONCEPT('d', 'Delta', '<p>Plain.</p>'));
    expect(tree(build.outDir)['genindex.html']).toBeUndefined();
    // A malformed edit is a problem; fixing it again rebuilds.
    await change('d.dita', '<concept id="d"><title>Broken</concept>');
    expect(build.problems.some((p) => p.code === 'xml-malformed' && p.file === 'd.dita')).toBe(true);
    await change('d.dita', CONCEPT('d', 'Delta', '<p>Fixed.</p>'));
    expect(build.problems.some((p) => p.code === 'xml-malformed')).toBe(false);
  });

  it('replaces the files it writes again, so hard links to the earlier ones keep their bytes', async () => {
    // A copy of the build as a server keeps it: every file hard-linked, no bytes copied.
    const kept = path.join(work, 'kept');
    const before = tree(build.outDir);
    for (const f of Object.keys(before)) {
      mkdirSync(path.dirname(path.join(kept, f)), { recursive: true });
      linkSync(path.join(build.outDir, f), path.join(kept, f));
    }
    write('lib.dita', CONCEPT('lib', 'Lib', '<p id="p1">Shared once more.</p><p id="p2">Shared TWO.</p>'));
    write('d.dita', CONCEPT('d', 'Delta', '<p>Fixed.</p><p>And a new image <image href="pic.png"/>.</p>'));
    writeFileSync(path.join(src, 'pic.png'), 'first');
    build = (await rebuildHtml(build, ['lib.dita', 'd.dita', 'pic.png'])).build;
    writeFileSync(path.join(src, 'pic.png'), 'second');
    const r = await rebuildHtml(build, ['pic.png']);
    build = r.build;
    const after = tree(build.outDir);
    expect(after['a.html']).toContain('Shared once more.');
    expect(after['pic.png']).toBe('second');
    expect(tree(kept)).toEqual(before);
    // Files not written again are still the same file (the link holds); those written again are new files.
    const ino = (dir: string, f: string) => statSync(path.join(dir, f)).ino;
    const shared = Object.keys(before).filter((f) => after[f] !== undefined && ino(kept, f) === ino(build.outDir, f));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared).not.toContain('a.html');
    expect(ino(kept, 'a.html')).not.toBe(ino(build.outDir, 'a.html'));
  });
});

describe('incremental HTML rebuild with a large navigation tree', () => {
  const work = tempDir();
  const src = path.join(work, 'src');
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const perChapter = Math.ceil(FULL_NAV_ENTRIES / 3) + 1;
  const name = (c: number, i: number) => `c${c}/t${String(i).padStart(3, '0')}`;

  it('puts the top level and the branch to the page in each page, and updates only the pages whose branch changed', async () => {
    const { mkdirSync } = await import('node:fs');
    let map = '';
    for (let c = 1; c <= 3; c++) {
      mkdirSync(path.join(src, `c${c}`), { recursive: true });
      map += `<topichead navtitle="Chapter ${c}">`;
      for (let i = 0; i < perChapter; i++) {
        map += `<topicref href="${name(c, i)}.dita"/>`;
        writeFileSync(path.join(src, `${name(c, i)}.dita`), CONCEPT(`t${i}`, `Topic ${c}.${i}`, '<p>x</p>'));
      }
      map += '</topichead>';
    }
    writeFileSync(path.join(src, 'map.ditamap'), MAP(map));
    const project = await loadProject({ source: new FolderSource(src), map: 'map.ditamap' });
    const build = await publishHtml(project, { out: path.join(work, 'inc') });
    const page = readFileSync(path.join(build.outDir, `${name(1, 2)}.html`), 'utf8');
    const toc = page.slice(page.indexOf('<nav class="toc"'), page.indexOf('</nav>', page.indexOf('<nav class="toc"')));
    expect(toc).toContain(
      '<nav class="toc" id="ccms-toc" data-partial aria-label="Contents"><ul><li><span class="head">Chapter 1</span><ul><li><a href="../c1/t000.html">Topic 1.0</a></li>',
    );
    expect(toc).toContain('<li class="active"><a href="../c1/t002.html" aria-current="page">Topic 1.2</a></li>');
    expect(toc).toContain(`<li><span class="head">Chapter 2</span></li><li><span class="head">Chapter 3</span></li></ul>`);
    expect(toc).not.toContain('Topic 2.');

    writeFileSync(path.join(src, `${name(2, 5)}.dita`), CONCEPT('t5', 'Topic two-five renamed', '<p>x</p>'));
    const r = await rebuildHtml(build, [`${name(2, 5)}.dita`]);
    expect(r.rebuilt).toEqual(['c2/t005.html']);
    expect(r.navUpdated).toHaveLength(perChapter - 1);
    expect(r.navUpdated.every((p) => p.startsWith('c2/'))).toBe(true);
    const full = path.join(work, 'full');
    await publishHtml(await loadProject({ source: new FolderSource(src), map: 'map.ditamap' }), { out: full });
    expect(tree(r.build.outDir)).toEqual(tree(full));
  });
});
