import { type Content, Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { documentFor } from './conversion-cache';
import { createDitaExtensions } from './editor';
import { getSelectedElement } from './selected-element';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';

const TASK = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">
<task id="t1" xml:lang='en'>
  <title>Install <!-- c --> the &product; plug-in</title>
  <shortdesc>Short   description
    over two lines.</shortdesc>
  <taskbody>
    <context>
      <p id="p1"   outputclass='intro'>First paragraph with <b>bold</b>.</p>
      <p id="p2">Second &amp; paragraph.</p>
    </context>
    <steps>
      <step id="s1">
        <cmd>Open <uicontrol>File</uicontrol>.</cmd>
      </step>
    </steps>
  </taskbody>
</task>
`;

const TABLE = `<topic id="tt"><title>T</title><body>
  <table frame="all">
    <tgroup cols="2">
      <colspec colname="c1"/>
      <colspec colname="c2"/>
      <thead>
        <row><entry>H1</entry><entry>H2</entry></row>
      </thead>
      <tbody>
        <row><entry>a1</entry><entry>a2</entry></row>
        <row id="r2"><entry>b1</entry><entry>b2</entry></row>
      </tbody>
    </tgroup>
  </table>
</body></topic>`;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string): Editor {
  const { doc } = xmlToDoc(xml);
  editor = new Editor({ extensions: createDitaExtensions(), content: doc });
  return editor;
}

/** Position just inside the first node matching `test`. */
function posInside(doc: PMNode, test: (n: PMNode) => boolean): number {
  let found = -1;
  doc.descendants((n, pos) => {
    if (found < 0 && test(n)) found = pos + 1;
    return found < 0;
  });
  if (found < 0) throw new Error('node not found');
  return found;
}

function lineDiff(a: string, b: string): Array<[string, string]> {
  const la = a.split('\n');
  const lb = b.split('\n');
  const out: Array<[string, string]> = [];
  for (let i = 0; i < Math.max(la.length, lb.length); i++) if (la[i] !== lb[i]) out.push([la[i] ?? '', lb[i] ?? '']);
  return out;
}

describe('editing changes only the edited element', () => {
  it('writes the file unchanged when nothing was edited, through a real editor', () => {
    const e = open(TASK);
    expect(docToXml(e.getJSON(), TASK)).toBe(TASK);
  });

  it('changing one paragraph rewrites only that paragraph, keeping its start tag', () => {
    const e = open(TASK);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p2');
    e.chain().setTextSelection(pos).insertContent('Edited ').run();
    const out = docToXml(e.getJSON(), TASK);
    expect(lineDiff(TASK, out)).toEqual([['      <p id="p2">Second &amp; paragraph.</p>', '      <p id="p2">Edited Second &amp; paragraph.</p>']]);
  });

  it('an edit inside a paragraph keeps its unedited line breaks, indentation and character references', () => {
    const xml = TASK.replace(
      '<p id="p2">Second &amp; paragraph.</p>',
      '<p id="p2">Second &amp; paragraph,\n        written over&#160;two\n        lines with <b>bold</b>   words.</p>',
    );
    const e = open(xml);
    const p2 = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p2');
    const at = p2 + e.state.doc.resolve(p2).parent.textContent.indexOf('two');
    e.chain()
      .setTextSelection({ from: at, to: at + 3 })
      .insertContent('2')
      .run();
    expect(lineDiff(xml, docToXml(e.getJSON(), xml))).toEqual([['        written over&#160;two', '        written over&#160;2']]);
    // Typing at the end of a line keeps the line break after it.
    const end = p2 + e.state.doc.resolve(p2).parent.textContent.indexOf('paragraph,') + 'paragraph,'.length;
    e.chain().setTextSelection(end).insertContent(' also').run();
    expect(lineDiff(xml, docToXml(e.getJSON(), xml))).toEqual([
      ['      <p id="p2">Second &amp; paragraph,', '      <p id="p2">Second &amp; paragraph, also'],
      ['        written over&#160;two', '        written over&#160;2'],
    ]);
  });

  it('changing one attribute rewrites only that start tag, other attributes as written', () => {
    const e = open(TASK);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p1') - 1;
    const attrs = { ...e.state.doc.nodeAt(pos)?.attrs.attrs, audience: 'admin' };
    e.commands.setAttributes(pos, attrs);
    const out = docToXml(e.getJSON(), TASK);
    expect(lineDiff(TASK, out)).toEqual([
      [
        `      <p id="p1"   outputclass='intro'>First paragraph with <b>bold</b>.</p>`,
        `      <p id="p1"   outputclass='intro' audience="admin">First paragraph with <b>bold</b>.</p>`,
      ],
    ]);
  });

  it('a list item emptied by deleting its text keeps a place to type, found where the edit was', () => {
    const xml = TASK.replace('<p id="p2">Second &amp; paragraph.</p>', '<ul><li>only item</li></ul>');
    const e = open(xml);
    const li = posInside(e.state.doc, (n) => n.type.name === 'li') - 1;
    const node = e.state.doc.nodeAt(li);
    if (!node) throw new Error('no li');
    e.view.dispatch(e.state.tr.delete(li + 1, li + node.nodeSize - 1));
    expect(e.state.doc.nodeAt(li)?.firstChild?.type.name).toBe('run');
    e.chain()
      .setTextSelection(li + 2)
      .insertContent('typed')
      .run();
    const out = docToXml(e.getJSON(), xml);
    expect(out.slice(out.indexOf('<ul>'), out.indexOf('</ul>') + 5)).toBe('<ul><li>typed</li></ul>');
  });

  it('inserting a step creates it with its cmd', () => {
    const e = open(TASK);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'cmd');
    e.chain().setTextSelection(pos).insertStep().insertContent('Click Save').run();
    const steps: PMNode[] = [];
    e.state.doc.descendants((n) => {
      if (n.type.name === 'step') steps.push(n);
      return true;
    });
    expect(steps).toHaveLength(2);
    expect(steps[1]?.firstChild?.type.name).toBe('cmd');
    expect(steps[1]?.firstChild?.textContent).toBe('Click Save');
    const out = docToXml(e.getJSON(), TASK);
    expect(out).toContain(
      '<cmd>Open <uicontrol>File</uicontrol>.</cmd>\n      </step>\n      <step>\n        <cmd>Click Save</cmd>\n      </step>\n    </steps>',
    );
  });

  it('the schema refuses a step without cmd', () => {
    const e = open(TASK);
    expect(() => e.schema.nodes.step?.createChecked({ attrs: {} }, [])).toThrow();
    const xml = '<task id="x"><title>x</title><taskbody><steps><step><info>no cmd</info></step></steps></taskbody></task>';
    const { doc, problems } = xmlToDoc(xml, { lang: 'en' });
    expect(JSON.stringify(doc)).toContain('"type":"island"');
    expect(problems.map((p) => p.code)).toContain('editor.readOnlyElement');
    expect(docToXml(doc, xml)).toBe(xml);
  });

  it('deleting a table row removes exactly that row', () => {
    const e = open(TABLE);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'row' && n.attrs.attrs.id === 'r2');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.near(e.state.doc.resolve(pos + 2))));
    expect(e.commands.deleteTableRow()).toBe(true);
    const out = docToXml(e.getJSON(), TABLE);
    expect(out).toBe(TABLE.replace('\n        <row id="r2"><entry>b1</entry><entry>b2</entry></row>', ''));
  });

  it('adding a column and merging cells writes cols, colspecs and namest/nameend', () => {
    const e = open(TABLE);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'entry' && n.textContent === 'a2');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.near(e.state.doc.resolve(pos + 1))));
    expect(e.commands.addTableColumn()).toBe(true);
    const out = docToXml(e.getJSON(), TABLE);
    expect(out).toContain('<tgroup cols="3">');
    expect(out).toContain('<colspec colname="c1"/>\n      <colspec colname="c2"/>\n      <colspec colname="c3"/>');
    expect(out).toContain('<row><entry>a1</entry><entry>a2</entry><entry></entry></row>');
    // Header row toggled off: the thead row moves to tbody.
    const head = posInside(e.state.doc, (n) => n.type.name === 'entry' && n.textContent === 'H1');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.near(e.state.doc.resolve(head + 1))));
    expect(e.commands.toggleTableHeaderRow()).toBe(true);
    expect(docToXml(e.getJSON(), TABLE)).not.toContain('<thead>');
  });

  it('merged cells from the file keep their spans and are written back unchanged', () => {
    const xml = TABLE.replace('<row><entry>a1</entry><entry>a2</entry></row>', '<row><entry namest="c1" nameend="c2">a</entry></row>');
    const e = open(xml);
    const entry = posInside(e.state.doc, (n) => n.type.name === 'entry' && n.textContent === 'a') - 1;
    expect(e.state.doc.nodeAt(entry)?.attrs.colspan).toBe(2);
    expect(docToXml(e.getJSON(), xml)).toBe(xml);
  });

  it('wraps text in a phrase and reports the selected element for the attributes panel', () => {
    const e = open(TASK);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p2');
    e.chain()
      .setTextSelection({ from: pos, to: pos + 6 })
      .wrapInline('codeph')
      .run();
    expect(docToXml(e.getJSON(), TASK)).toContain('<p id="p2"><codeph>Second</codeph> &amp; paragraph.</p>');
    e.commands.setTextSelection(pos + 2);
    expect(getSelectedElement(e.state)).toMatchObject({ kind: 'mark', name: 'codeph' });
    e.commands.setTextSelection(pos + 9);
    expect(getSelectedElement(e.state)).toMatchObject({ kind: 'node', name: 'p', attrs: { id: 'p2' } });
  });

  it('inserts an xref, a keyword and an image as elements', () => {
    const e = open(TASK);
    const pos = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p2');
    e.chain().setTextSelection(pos).insertXref({ keyref: 'k1' }).insertKeyword({ keyref: 'product' }).insertImage({ href: 'a.png' }).run();
    expect(docToXml(e.getJSON(), TASK)).toContain('<p id="p2"><xref keyref="k1"/><keyword keyref="product"/><image href="a.png"/>Second');
  });
});

describe("the visual view's way in: the topic read into the editor's own schema", () => {
  /** As VisualView opens a topic: the conversion made in the editor's schema before its first document. */
  function openOwn(xml: string): { e: Editor; first: PMNode } {
    let first: PMNode | null = null;
    const e = new Editor({
      extensions: createDitaExtensions(),
      onBeforeCreate: ({ editor: made }) => {
        const conv = documentFor(made.schema, xml);
        first = conv.pmDoc;
        made.setOptions({ content: conv.pmDoc as unknown as Content });
      },
    });
    editor = e;
    if (!first) throw new Error('onBeforeCreate did not run');
    return { e, first };
  }

  it('the editor takes the document as read, and writes the file unchanged', () => {
    const { e, first } = openOwn(TASK);
    expect(e.state.doc.firstChild).toBe((first as PMNode).firstChild);
    expect(docToXml(e.state.doc, TASK)).toBe(TASK);
  });

  it('an edit rewrites only what was edited, keeping the line breaks and references of the edited paragraph', () => {
    const xml = `${TABLE.slice(0, -'</body></topic>'.length)}<p id="p2">Second &amp; paragraph,\n  over&#160;two lines.</p></body></topic>`;
    const { e } = openOwn(xml);
    const p2 = posInside(e.state.doc, (n) => n.type.name === 'p' && n.attrs.attrs.id === 'p2');
    e.chain().setTextSelection(p2).insertContent('Edited ').run();
    const afterText = docToXml(e.state.doc, xml);
    expect(lineDiff(xml, afterText)).toEqual([['<p id="p2">Second &amp; paragraph,', '<p id="p2">Edited Second &amp; paragraph,']]);
    const cell = posInside(e.state.doc, (n) => n.type.name === 'entry' && n.textContent === 'a2');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.near(e.state.doc.resolve(cell + 1))));
    expect(e.commands.addTableColumn()).toBe(true);
    const afterColumn = docToXml(e.state.doc, xml);
    expect(afterColumn).toContain('<tgroup cols="3">');
    expect(afterColumn).toContain('<colspec colname="c1"/>\n      <colspec colname="c2"/>\n      <colspec colname="c3"/>');
    expect(afterColumn).toContain('<row><entry>a1</entry><entry>a2</entry><entry></entry></row>');
    expect(afterColumn).toContain('<row id="r2"><entry>b1</entry><entry>b2</entry><entry></entry></row>');
    expect(afterColumn).toContain('<p id="p2">Edited Second &amp; paragraph,\n  over&#160;two lines.</p>');
  });
});
