import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { documentFor } from './conversion-cache';
import { createDitaExtensions } from './editor';
import { indextermText, noteLabel, placeholderOf, prologRows, prologSummary, stepNumber } from './readable';
import { getDitaSchema } from './schema';
import { structureMarks } from './structure-view';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';

const TASK = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">
<task id="replace">
  <title>Replacing the toner</title>
  <shortdesc>Replace the toner when it is low.</shortdesc>
  <prolog>
    <author>Jane Writer</author>
    <critdates><created date="2026-01-05"/><revised modified="2026-02-01"/></critdates>
    <metadata>
      <keywords>
        <keyword>toner</keyword>
        <indexterm>printer<indexterm>toner cartridge</indexterm><indexterm>drum</indexterm></indexterm>
      </keywords>
      <othermeta name="dept" content="Service"/>
    </metadata>
  </prolog>
  <taskbody>
    <context>
      <p>See the drawing<indexterm>drawing</indexterm>.</p>
      <fig><title>Cartridge</title><image href="../images/cartridge.svg"/></fig>
      <p></p>
    </context>
    <steps>
      <step><cmd>Open the cover.</cmd></step>
      <step><cmd>Pull out the cartridge.</cmd>
        <info><note type="caution">Do not touch the drum.</note></info>
        <substeps><substep><cmd>Lift.</cmd></substep><substep><cmd>Pull.</cmd></substep></substeps>
      </step>
      <step><cmd/></step>
    </steps>
  </taskbody>
</task>
`;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(lang = 'zh') {
  const e = new Editor({ extensions: createDitaExtensions({ lang }), content: xmlToDoc(TASK).doc });
  editor = e;
  return e;
}

describe('the readable parts of a topic', () => {
  it('numbers steps 1. 2. 3. and substeps a. b.', () => {
    const marks = structureMarks(documentFor(getDitaSchema(), TASK).pmDoc);
    expect(marks.numbers.sort((a, b) => a.pos - b.pos).map((n) => n.text)).toEqual(['1.', '2.', 'a.', 'b.', '3.']);
    expect(stepNumber(25, true)).toBe('z.');
    expect(stepNumber(26, true)).toBe('aa.');
  });

  it('labels notes by spectitle, othertype or type, in zh and en', () => {
    expect(noteLabel({ type: 'caution' }, 'zh')).toBe('小心');
    expect(noteLabel({ type: 'caution' }, 'en')).toBe('Caution');
    expect(noteLabel({}, 'en')).toBe('Note');
    expect(noteLabel({ type: 'other', othertype: 'Hint' }, 'zh')).toBe('Hint');
    expect(noteLabel({ type: 'warning', spectitle: 'Hot surface' }, 'zh')).toBe('Hot surface');
  });

  it('gives empty elements a placeholder (by element; a run by its parent)', () => {
    const e = open('en');
    const marks = structureMarks(e.state.doc, 'en');
    expect(marks.empty.map((m) => m.placeholder)).toEqual(['Paragraph', 'Step command']);
    expect(placeholderOf('title', 'zh')).toBe('标题');
    expect(placeholderOf('lq', 'zh')).toBe('<lq>');
  });

  it("an empty <p/>, <li/>, <cmd/> and <title/> each show a placeholder in the user's language, which typing replaces", () => {
    const xml = '<task id="t"><title/><taskbody><context><p/><ul><li/></ul></context><steps><step><cmd/></step></steps></taskbody></task>';
    for (const [lang, names] of [
      ['en', ['Title', 'Paragraph', 'List item', 'Step command']],
      ['zh', ['标题', '段落', '列表项', '步骤操作']],
    ] as const) {
      const e = new Editor({ extensions: createDitaExtensions({ lang }), content: xmlToDoc(xml).doc });
      const empty = () => [...e.view.dom.querySelectorAll('.te-empty')].map((n) => n.getAttribute('data-placeholder'));
      expect(empty()).toEqual(names);
      // The cursor put into the empty list item (as a click does) takes typed text there.
      const li = e.view.dom.querySelector(`.te-empty[data-placeholder="${names[2]}"]`);
      e.commands.setTextSelection(e.view.posAtDOM(li as Element, 0));
      e.commands.insertContent('One');
      expect(empty()).toEqual([names[0], names[1], names[3]]);
      expect(docToXml(e.state.doc, xml)).toContain('<li>One</li>');
      e.destroy();
    }
  });

  it('reads the prolog as labelled rows and a summary without values', () => {
    const xml = TASK.slice(TASK.indexOf('<prolog>'), TASK.indexOf('</prolog>') + 9);
    const rows = prologRows(xml, 'en');
    expect(rows.map((r) => [r.label, r.values])).toEqual([
      ['Author', ['Jane Writer']],
      ['Created', ['2026-01-05']],
      ['Revised', ['2026-02-01']],
      ['Keywords', ['toner']],
      ['Index terms', ['printer › toner cartridge', 'printer › drum']],
      ['dept', ['Service']],
    ]);
    expect(prologSummary(prologRows(xml, 'zh'), 'zh')).toBe('元数据 · 作者、创建日期、修订日期、关键词、索引词、dept');
    expect(prologSummary(rows, 'en')).toBe('Metadata · Author, Created, Revised, Keywords, Index terms, dept');
    expect(indextermText('<indexterm>printer<indexterm>ink</indexterm><index-see>toner</index-see></indexterm>', 'en')).toBe('Index: printer › ink');
    expect(indextermText('<indexterm>ink<index-see>toner</index-see></indexterm>', 'zh')).toBe('索引: ink (参见 toner)');
  });
});

describe('the visual view draws the structure', () => {
  it('shows step numbers, the note label, the prolog panel, inline index terms and placeholders; the XML is unchanged', () => {
    const e = open('zh');
    const dom = e.view.dom;
    expect([...dom.querySelectorAll('.te-step-num')].map((n) => n.textContent)).toEqual(['1.', '2.', 'a.', 'b.', '3.']);
    expect(dom.querySelector('.dita-note .te-note-label')?.textContent).toBe('小心');
    const prolog = dom.querySelector('details.te-prolog');
    expect(prolog?.querySelector('summary')?.textContent).toContain('元数据');
    expect(prolog?.textContent).toContain('printer › toner cartridge');
    expect(dom.textContent).not.toContain('<prolog');
    expect(dom.textContent).not.toContain('<indexterm');
    expect(dom.querySelector('.te-indexterm')?.textContent).toBe('索引: drawing');
    expect([...dom.querySelectorAll('.te-empty')].map((n) => n.getAttribute('data-placeholder'))).toEqual(['段落', '步骤操作']);
    expect(docToXml(e.getJSON(), TASK)).toBe(TASK);
  });

  it('numbers again when a step is added, keeps the numbers while typing, and drops the placeholder once text is typed', () => {
    const e = open('zh');
    let cmdPos = -1;
    e.state.doc.descendants((n, p) => {
      if (n.type.name === 'cmd' && n.textContent === 'Open the cover.') cmdPos = p;
      return cmdPos < 0;
    });
    e.chain()
      .setTextSelection(cmdPos + 3)
      .insertStep()
      .run();
    expect([...e.view.dom.querySelectorAll(':scope .dita-steps > .dita-step > .te-step-num')].map((n) => n.textContent)).toEqual(['1.', '2.', '3.', '4.']);
    e.chain().insertContent('x').run();
    expect([...e.view.dom.querySelectorAll('.dita-steps > .dita-step > .te-step-num')].map((n) => n.textContent)).toEqual(['1.', '2.', '3.', '4.']);
    expect(e.view.dom.querySelectorAll('.te-empty')).toHaveLength(2);
    const empty = e.view.dom.querySelector('.te-empty.dita-p');
    expect(empty).not.toBeNull();
    const pos = e.view.posAtDOM(empty as Element, 0);
    e.chain().setTextSelection(pos).insertContent('Now filled').run();
    expect(e.view.dom.querySelectorAll('.te-empty')).toHaveLength(1);
  });
});
