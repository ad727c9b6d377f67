import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../shared/lossless-xml';
import { MapModel } from './map-model';
import type { MapTreeNode } from './map-tree';

const CORPORA = path.resolve(import.meta.dirname, '../../../../../../../../shared/corpora');

function mapFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...mapFiles(p));
    else if (/\.(ditamap|bookmap)$/.test(name)) out.push(p);
  }
  return out;
}

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<!-- kept comment -->
<map   id='m' xml:lang="en">
  <title>Guide</title>
  <topicref href="a.dita" navtitle='A &amp; a'>
    <?pi keep?>
    <topicref href="a1.dita"/>
  </topicref>
  <topicref href="b.dita"/>
  <topichead navtitle="Head">
    <topicref href="c.dita"/>
  </topichead>
  <x-unknown keep="me"/>
  <reltable>
    <relheader><relcolspec type="concept"/><relcolspec type="task"/></relheader>
    <relrow><relcell><topicref href="a.dita"/></relcell><relcell/></relrow>
  </reltable>
</map>
`;

/** The tree as `name:href` lines, indented two spaces a level. */
function outline(nodes: MapTreeNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.name}:${n.href || n.navtitle}`, ...outline(n.children, depth + 1)]);
}

function idAt(model: MapModel, ...indexes: number[]): string {
  let nodes = model.tree();
  let node: MapTreeNode | undefined;
  for (const i of indexes) {
    node = nodes[i];
    if (!node) throw new Error(`no node at ${indexes.join('.')}`);
    nodes = node.children;
  }
  return node?.id ?? '';
}

const wellFormed = (text: string) => expect(parseXml(text).errors).toEqual([]);

describe('map model', () => {
  it('gives back every corpus map unchanged when nothing is edited, and reads its tree', () => {
    const files = mapFiles(CORPORA);
    expect(files.length).toBeGreaterThan(20);
    let nodes = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const model = MapModel.parse(text);
      expect(model.toXml(), file).toBe(text);
      nodes += outline(model.tree()).length;
    }
    expect(nodes).toBeGreaterThan(100);
  });

  it('moves a node up and down, keeping everything else as written', () => {
    const model = MapModel.parse(MAP);
    expect(model.moveUp([idAt(model, 1)])).toBe(true);
    const text = model.toXml();
    wellFormed(text);
    expect(outline(model.tree())).toEqual(['topicref:b.dita', 'topicref:a.dita', '  topicref:a1.dita', 'topichead:Head', '  topicref:c.dita']);
    expect(text).toContain(
      `<map   id='m' xml:lang="en">\n  <title>Guide</title>\n  <topicref href="b.dita"/>\n  <topicref href="a.dita" navtitle='A &amp; a'>`,
    );
    expect(text).toContain('<!-- kept comment -->');
    expect(text).toContain('<?pi keep?>');
    expect(text).toContain('<x-unknown keep="me"/>');
    expect(model.moveDown([idAt(model, 0)])).toBe(true);
    expect(model.toXml()).toBe(MAP);
  });

  it('indents and outdents with the lines re-indented, and a parent opened and closed as needed', () => {
    const model = MapModel.parse(MAP);
    const b = idAt(model, 1);
    expect(model.indent([b])).toBe(true);
    expect(outline(model.tree())).toEqual(['topicref:a.dita', '  topicref:a1.dita', '  topicref:b.dita', 'topichead:Head', '  topicref:c.dita']);
    expect(model.toXml()).toContain('    <topicref href="a1.dita"/>\n    <topicref href="b.dita"/>\n  </topicref>');
    // a1 into b: b (self-closing) opens up around it.
    const a1 = idAt(model, 0, 0);
    expect(model.moveDown([a1])).toBe(true);
    expect(model.indent([a1])).toBe(true);
    wellFormed(model.toXml());
    expect(model.toXml()).toContain('    <topicref href="b.dita">\n      <topicref href="a1.dita"/>\n    </topicref>');
    expect(model.outdent([a1])).toBe(true);
    expect(model.toXml()).toContain('    <topicref href="b.dita"/>\n    <topicref href="a1.dita"/>');
    expect(model.outdent([b])).toBe(true);
    expect(outline(model.tree())).toEqual(['topicref:a.dita', '  topicref:a1.dita', 'topicref:b.dita', 'topichead:Head', '  topicref:c.dita']);
    expect(model.toXml()).toBe(MAP);
    // The first node has no previous sibling; a top-level node has no parent to leave.
    expect(model.indent([idAt(model, 0)])).toBe(false);
    expect(model.outdent([idAt(model, 0)])).toBe(false);
  });

  it('moves a multi-selection by drag and drop, never into itself', () => {
    const model = MapModel.parse(MAP);
    const a = idAt(model, 0);
    const b = idAt(model, 1);
    const head = idAt(model, 2);
    expect(model.moveTo([a, b], head, 'inside')).toBe(true);
    expect(outline(model.tree())).toEqual(['topichead:Head', '  topicref:c.dita', '  topicref:a.dita', '    topicref:a1.dita', '  topicref:b.dita']);
    wellFormed(model.toXml());
    expect(model.toXml()).toContain(
      '    <topicref href="a.dita" navtitle=\'A &amp; a\'>\n      <?pi keep?>\n      <topicref href="a1.dita"/>\n    </topicref>',
    );
    expect(model.moveTo([head], idAt(model, 0, 1, 0), 'after')).toBe(false);
    expect(model.moveTo([idAt(model, 0, 2)], idAt(model, 0), 'before')).toBe(true);
    expect(outline(model.tree())[0]).toBe('topicref:b.dita');
  });

  it('deletes references (the hrefs are reported, no file is touched) and adds new elements', () => {
    const model = MapModel.parse(MAP);
    const removed = model.remove([idAt(model, 0), idAt(model, 0, 0)]);
    expect(removed).toEqual(['a.dita', 'a1.dita']);
    expect(outline(model.tree())).toEqual(['topicref:b.dita', 'topichead:Head', '  topicref:c.dita']);
    const removedC = model.remove([idAt(model, 1, 0)]);
    expect(removedC).toEqual(['c.dita']);
    expect(model.toXml()).toContain('<topichead navtitle="Head"/>');
    const id = model.add(
      {
        name: 'keydef',
        attrs: { keys: 'product', scope: 'external', href: 'https://example.com', format: 'html' },
        meta: { linktext: 'Example & Co', keywords: 'Prod' },
      },
      null,
    );
    const added = model.add({ name: 'topicref', attrs: { href: 'new.dita', navtitle: 'New' } }, idAt(model, 1), 'inside');
    const text = model.toXml();
    wellFormed(text);
    expect(outline(model.tree())).toEqual(['topicref:b.dita', 'topichead:Head', '  topicref:new.dita', 'keydef:https://example.com']);
    expect(text).toContain(
      '  <keydef keys="product" scope="external" href="https://example.com" format="html">\n    <topicmeta>\n      <linktext>Example &amp; Co</linktext>\n      <keywords><keyword>Prod</keyword></keywords>\n    </topicmeta>\n  </keydef>\n  <x-unknown',
    );
    expect(model.element(id)?.name).toBe('keydef');
    expect(model.element(added)?.name).toBe('topicref');
  });

  it('changes attributes and topicmeta text, keeping the other attributes as written', () => {
    const model = MapModel.parse(MAP);
    const a = idAt(model, 0);
    model.setAttributes(a, { navtitle: 'A2', toc: 'no', chunk: '' });
    expect(model.toXml()).toContain(`<topicref href="a.dita" navtitle='A2' toc="no">`);
    model.setAttributes(a, { toc: null, navtitle: 'A & a' });
    expect(model.toXml()).toBe(MAP);
    const b = idAt(model, 1);
    model.setMetaText(b, 'navtitle', 'Bee');
    expect(model.toXml()).toContain('  <topicref href="b.dita">\n    <topicmeta>\n      <navtitle>Bee</navtitle>\n    </topicmeta>\n  </topicref>');
    expect(model.tree()[1]?.navtitle).toBe('Bee');
    model.setMetaText(b, 'navtitle', 'Bee 2');
    expect(model.tree()[1]?.navtitle).toBe('Bee 2');
  });

  it('reads and writes relationship tables as grids', () => {
    const model = MapModel.parse(MAP);
    const [table] = model.relTables();
    expect(table).toMatchObject({ columns: ['concept', 'task'], rows: [[['a.dita'], []]] });
    model.setRelTable(table?.id ?? null, {
      columns: ['concept', 'task'],
      rows: [
        [['a.dita'], []],
        [['b.dita'], ['c.dita']],
      ],
    });
    wellFormed(model.toXml());
    expect(model.relTables()[0]?.rows).toEqual([
      [['a.dita'], []],
      [['b.dita'], ['c.dita']],
    ]);
    // The unchanged first row is kept as written.
    expect(model.toXml()).toContain('<relrow><relcell><topicref href="a.dita"/></relcell><relcell/></relrow>');
    const added = model.setRelTable(null, { columns: ['reference'], rows: [[['b.dita']]] });
    expect(model.relTables().map((t) => t.id)).toEqual([table?.id, added]);
  });

  it('edits a large generated map and gives back the unedited rest', () => {
    const refs = Array.from({ length: 5000 }, (_, i) => `  <topicref href="t/${i}.dita"/>`).join('\n');
    const text = `<map>\n  <title>Big</title>\n${refs}\n</map>\n`;
    const model = MapModel.parse(text);
    expect(model.tree()).toHaveLength(5000);
    model.moveTo([idAt(model, 4999)], idAt(model, 0), 'before');
    const out = model.toXml();
    expect(out.length).toBe(text.length);
    expect(out.indexOf('t/4999.dita')).toBeLessThan(out.indexOf('t/0.dita'));
  });
});

describe('hrefs', () => {
  it('writes a library path relative to the map and reads it back', async () => {
    const { relativeHref, resolveHref } = await import('./hrefs');
    expect(relativeHref('maps', 'topics/a.dita')).toBe('../topics/a.dita');
    expect(relativeHref('', 'topics/a.dita')).toBe('topics/a.dita');
    expect(relativeHref('maps/sub', 'maps/b.dita')).toBe('../b.dita');
    expect(resolveHref('maps/sub', '../b.dita#x')).toBe('maps/b.dita');
    expect(resolveHref('', '../b.dita')).toBeNull();
    expect(resolveHref('maps', 'https://example.com')).toBeNull();
  });
});

describe('keyrefs', () => {
  it('lists the @keyrefs of navigation nodes without an href, and the tree titles them by their key', async () => {
    const model = MapModel.parse(`<map><title>K</title>
  <keydef keys="k1" href="a.dita"/>
  <topicref keyref="k1"/>
  <topicref keyref=" k2/el "><topicref keyref="k1"/></topicref>
  <topicref href="b.dita" keyref="k3"/>
</map>`);
    expect(model.keyrefs()).toEqual(['k1', 'k2/el']);
    const { titleOf, keyRefOf } = await import('./node-title');
    const [, first, second] = model.tree();
    if (!first || !second) throw new Error('nodes missing');
    const keys = new Map([['k1', { keyref: 'k1', path: 'a.dita', title: 'Alpha', broken: false }]]);
    expect(titleOf(first, undefined, keyRefOf(first, keys))).toBe('Alpha');
    // An unresolved key falls back to the keyref as written.
    expect(titleOf(second, undefined, keyRefOf(second, keys))).toBe(' k2/el ');
  });
});
