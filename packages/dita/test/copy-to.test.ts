import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from './fixture-helpers.js';

const problemsOf = (list: ReadonlyArray<{ severity: string; code: string; file: string; line: number }>): string[] =>
  list.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}`);

const TOPICS = {
  'a.dita': CONCEPT('a', 'Alpha', '<p>Alpha content.</p>'),
  'b.dita': CONCEPT('b', 'Beta', '<p>Beta content.</p>'),
};

const body = (out: { read: (rel: string) => string }, rel: string): string => stripTags(mainOf(out.read(rel)));

describe('copy-to (DITA 1.3 topicref/@copy-to; conflicts as DITA-OT 4.x: DOTX064W, DOTX065W)', () => {
  it('makes the copy under its new name, the original untouched', async () => {
    const out = await publishFixture({ 'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="a.dita" copy-to="a-copy.dita"/>'), ...TOPICS });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(body(out, 'a.html')).toContain('Alpha content.');
    expect(body(out, 'a-copy.html')).toContain('Alpha content.');
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"Alpha","h":"a.html"},{"t":"Alpha","h":"a-copy.html"}];\n');
    out.cleanup();
  });

  it('keeps the first of two copies that land on one path and warns, located, about the second', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita" copy-to="same.dita"/>\n<topicref href="b.dita" copy-to="same.dita"/>'),
      ...TOPICS,
    });
    expect(problemsOf(out.problems)).toEqual(['warning copy-to-duplicate map.ditamap:4']);
    expect(out.problems[0]?.message).toContain('b.dita');
    expect(body(out, 'same.html')).toContain('Alpha content.');
    // The ignored copy-to leaves the reference to its own file (DITA-OT ignores the attribute).
    expect(body(out, 'b.html')).toContain('Beta content.');
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"Alpha","h":"same.html"},{"t":"Beta","h":"b.html"}];\n');
    out.cleanup();
  });

  it('makes one page for the same copy referenced twice, without a warning', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita" copy-to="same.dita"/><topicref href="a.dita" copy-to="same.dita"/>'),
      ...TOPICS,
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(out.written.filter((w) => w === 'same.html')).toEqual(['same.html']);
    out.cleanup();
  });

  it('keeps each file its own content through a chain and a cycle of copy-to', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="a.dita" copy-to="b.dita"/>\n<topicref href="b.dita" copy-to="c.dita"/>\n' +
          '<topicref href="d.dita" copy-to="e.dita"/>\n<topicref href="e.dita" copy-to="d.dita"/>',
      ),
      ...TOPICS,
      'd.dita': CONCEPT('d', 'Delta', '<p>Delta content.</p>'),
      'e.dita': CONCEPT('e', 'Epsilon', '<p>Epsilon content.</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([
      'warning copy-to-exists map.ditamap:3',
      'warning copy-to-exists map.ditamap:5',
      'warning copy-to-exists map.ditamap:6',
    ]);
    expect(body(out, 'a.html')).toContain('Alpha content.');
    // b.dita is only referenced through its copy: its content is published as c.html, never over by a's.
    expect(out.written).not.toContain('b.html');
    expect(body(out, 'c.html')).toContain('Beta content.');
    expect(body(out, 'c.html')).not.toContain('Alpha');
    expect(body(out, 'd.html')).toContain('Delta content.');
    expect(body(out, 'e.html')).toContain('Epsilon content.');
    out.cleanup();
  });
});

describe('repeatable output', () => {
  it('writes byte-identical files when the same input is published twice', async () => {
    const files: Record<string, string> = {
      'map.ditamap': MAP(
        '<topicref href="a.dita" copy-to="same.dita"/><topicref href="b.dita" copy-to="same.dita"/><topicref href="a.dita" copy-to="x/a2.dita"/>' +
          '<keydef keys="k" href="b.dita"/><topicref href="c.dita"/>',
      ),
      ...TOPICS,
      'c.dita': CONCEPT('c', 'Gamma', '<p><xref keyref="k"/></p>'),
    };
    for (let i = 0; i < 30; i++) files[`t${i}.dita`] = CONCEPT(`t${i}`, `Topic ${i}`, `<p>Text ${i} <xref href="t${(i + 1) % 30}.dita"/></p>`);
    files['map.ditamap'] = MAP(
      `${files['map.ditamap']?.match(/<map>(.*)<\/map>/s)?.[1] ?? ''}${Array.from({ length: 30 }, (_, i) => `<topicref href="t${i}.dita"/>`).join('')}`,
    );
    const first = await publishFixture(files);
    const second = await publishFixture(files);
    const list = (dir: string): string[] =>
      (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort();
    const names = list(first.dir);
    expect(names.length).toBeGreaterThan(35);
    expect(list(second.dir)).toEqual(names);
    for (const n of names) expect(readFileSync(path.join(second.dir, n)).equals(readFileSync(path.join(first.dir, n))), n).toBe(true);
    first.cleanup();
    second.cleanup();
  });
});
