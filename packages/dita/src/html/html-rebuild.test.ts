import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONCEPT, MAP, tempDir } from '../../test/fixture-helpers.js';
import { loadProject } from '../project/dita-project.js';
import { FolderSource } from '../source/file-source.js';
import type { HtmlBuild } from './html-publisher.js';
import { publishHtml } from './html-publisher.js';
import { rebuildHtml } from './html-rebuild.js';

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
    // A title: the page, and pages that link to it (child link, xref).
    expect(await change('b.dita', CONCEPT('b', 'Beta renamed', '<p conkeyref="lib/p2"/>'))).toEqual(['a.html', 'b.html', 'c.html']);
    // A key definition in the map: pages that use the key.
    expect(await change('map.ditamap', files['map.ditamap']?.replace('Widget', 'Gadget') ?? '')).toEqual(['a.html']);
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
    // A malformed edit is a problem; fixing it again rebuilds.
    await change('d.dita', '<concept id="d"><title>Broken</concept>');
    expect(build.problems.some((p) => p.code === 'xml-malformed' && p.file === 'd.dita')).toBe(true);
    await change('d.dita', CONCEPT('d', 'Delta', '<p>Fixed.</p>'));
    expect(build.problems.some((p) => p.code === 'xml-malformed')).toBe(false);
  });
});
