import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rebuildHtml } from '../src/html/html-rebuild.js';
import type { Problem } from '../src/problems/problem.js';
import { check } from '../src/publish/check.js';
import { publish } from '../src/publisher.js';
import { FolderSource } from '../src/source/file-source.js';
import { CONCEPT, MAP, mainOf, tempDir } from './fixture-helpers.js';

const SECRET = 'TOP-SECRET-7f3a91';

/** Every file under a folder, with its content. */
function readAll(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.set(path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'latin1'));
  }
  return out;
}

function outsideRoot(problems: readonly Problem[]): string[] {
  return [...new Set(problems.filter((p) => p.code === 'source-outside-root').map((p) => `${p.severity} ${p.file}:${p.line}`))].sort();
}

describe('the source root: symbolic links out of it are refused, never published', () => {
  let work: string;
  let src: string;

  beforeEach(() => {
    // work/outside holds what must not leak; work/src is the content, with committed links pointing out of it.
    work = tempDir();
    src = path.join(work, 'src');
    const outside = path.join(work, 'outside');
    mkdirSync(path.join(outside, 'dir'), { recursive: true });
    mkdirSync(path.join(src, 'real'), { recursive: true });
    writeFileSync(path.join(outside, 'secret.dita'), CONCEPT('secret', `Secret ${SECRET}`, `<p id="s">${SECRET} in a topic</p>`));
    writeFileSync(path.join(outside, 'dir', 'inner.dita'), CONCEPT('inner', 'Inner', `<p>${SECRET} behind a linked folder</p>`));
    writeFileSync(path.join(outside, 'secret.txt'), `${SECRET} in a code file\n`);
    writeFileSync(path.join(outside, 'secret.png'), `PNG ${SECRET}`);
    writeFileSync(path.join(outside, 'secret.ditamap'), MAP(`<topicref href="secret.dita"/><!-- ${SECRET} -->`));
    symlinkSync(path.join(outside, 'secret.dita'), path.join(src, 'linked.dita'));
    symlinkSync(path.join(outside, 'dir'), path.join(src, 'sub'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(src, 'code.txt'));
    symlinkSync('../outside/secret.png', path.join(src, 'pic.png'));
    symlinkSync(path.join(outside, 'secret.ditamap'), path.join(src, 'linked.ditamap'));
    // A link that stays inside the root is fine.
    writeFileSync(path.join(src, 'real', 'inside.dita'), CONCEPT('inside', 'Inside', '<p>inside text</p>'));
    symlinkSync('real/inside.dita', path.join(src, 'alias.dita'));
    writeFileSync(
      path.join(src, 'map.ditamap'),
      MAP(`
<topicref href="a.dita"/>
<topicref href="linked.dita"/>
<topicref href="sub/inner.dita"/>
<mapref href="linked.ditamap"/>
<topicref href="alias.dita"/>
<topicref href="../outside/secret.dita"/>
`),
    );
    writeFileSync(
      path.join(src, 'a.dita'),
      `<?xml version="1.0" encoding="UTF-8"?>
<concept id="a"><title>A</title><conbody>
<p conref="linked.dita#secret/s"/>
<p><image href="pic.png"><alt>picture</alt></image></p>
<codeblock><coderef href="code.txt"/></codeblock>
<p><xref href="linked.dita">see the other one</xref></p>
<p><xref href="../outside/secret.dita">up and out</xref></p>
</conbody></concept>
`,
    );
  });

  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('publishes nothing a link leads to outside the root (pages, search index, copied files) and reports each', async () => {
    const out = path.join(work, 'out');
    const r = await publish({ source: new FolderSource(src), map: 'map.ditamap', format: 'html5', out });
    const files = readAll(out);
    expect(files.size).toBeGreaterThan(0);
    for (const [name, content] of files) expect(content, name).not.toContain(SECRET);
    expect([...files.keys()].sort()).not.toContain('pic.png');
    expect(files.get('search-index.json')).not.toContain('secret');
    // The link inside the root still works, and the page that pointed out is published without what it pointed at.
    expect(mainOf(files.get('alias.html') ?? '')).toContain('inside text');
    expect(mainOf(files.get('a.html') ?? '')).toContain('see the other one');
    expect(outsideRoot(r.problems)).toEqual([
      'error a.dita:4', // the image
      'error a.dita:5', // the coderef
      'error a.dita:6', // the xref
      'error linked.dita:0', // read attempts (a topicref, a conref, a mapref), located at the link itself
      'error linked.ditamap:0',
      'error map.ditamap:5', // the topicref to the linked file
      'error map.ditamap:6', // the topicref through the linked folder
      'error pic.png:0',
      'error sub/inner.dita:0',
    ]);
    for (const p of r.problems.filter((q) => q.code === 'source-outside-root')) {
      expect(p.message).toMatch(/leads outside the source folder \(through a symbolic link\) and is not read$/);
      expect(p.message).not.toContain(work);
    }
    // "..": outside the root as a path, refused as a link a page may not carry.
    expect(r.problems).toContainEqual(expect.objectContaining({ severity: 'error', code: 'url-refused', file: 'a.dita', line: 7 }));
    expect(r.problems).toContainEqual(expect.objectContaining({ severity: 'error', code: 'url-refused', file: 'map.ditamap', line: 9 }));
  });

  it('still refuses them in an incremental rebuild after the content changed', async () => {
    const out = path.join(work, 'out');
    const first = await publish({ source: new FolderSource(src), map: 'map.ditamap', format: 'html5', out });
    const build = first.build;
    if (build === undefined) throw new Error('no HTML build');
    writeFileSync(
      path.join(src, 'a.dita'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<concept id="a"><title>A</title><conbody><p conref="sub/inner.dita#inner/x"/><p><xref href="linked.dita#secret/s"/></p></conbody></concept>\n`,
    );
    const r = await rebuildHtml(build, ['a.dita']);
    expect(r.rebuilt).toContain('a.html');
    for (const [name, content] of readAll(out)) expect(content, name).not.toContain(SECRET);
    expect(outsideRoot(r.build.problems)).toContain('error a.dita:2');
  });

  it('reports them when the content is only checked', async () => {
    const r = await check({ source: new FolderSource(src), map: 'map.ditamap', dtd: false });
    expect(outsideRoot(r.problems)).toEqual(
      expect.arrayContaining(['error a.dita:4', 'error a.dita:5', 'error a.dita:6', 'error map.ditamap:5', 'error map.ditamap:6', 'error linked.dita:0']),
    );
  });

  it('reads only files inside the root through the source itself', async () => {
    const source = new FolderSource(src);
    await expect(source.read('linked.dita')).rejects.toThrow('leads outside the source folder');
    await expect(source.read('sub/inner.dita')).rejects.toThrow('leads outside the source folder');
    expect(await source.exists('linked.dita')).toBe(false);
    expect(await source.exists('alias.dita')).toBe(true);
    expect(source.refusal('pic.png')).toBe('pic.png leads outside the source folder (through a symbolic link) and is not read');
    expect(source.refusal('missing.dita')).toBeUndefined();
    expect(await source.list('sub')).toEqual([]);
    expect(await source.list()).toEqual(['a.dita', 'map.ditamap', 'real/inside.dita']);
    expect((await source.read('alias.dita')).toString()).toContain('inside text');
  });
});
