import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../../../../../../../test-support/s1000d-corpora';
import { APPLIC_PREVIEW_META, applicGroups, applicMarks } from './applic-preview';
import { createDitaExtensions } from './editor';
import { xmlToDoc } from './to-editor';
import { S1000D_VOCABULARY } from './vocabulary';

const BIKE = s1000dCorpus('s1000d-bike-4.1');
const read = (name: string) => readFileSync(path.join(BIKE ?? '', 'csdb', name), 'utf8');
const M258A = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML';
/** The PCT's products (README fact 2): serial number → property values. */
const BROOK_TREKKER = { serialno: '1B070643', type: 'Mountain bicycle', model: 'Brook trekker', version: 'Mk9' };
const MOUNTAIN_STORM = { serialno: '1B070701', type: 'Mountain bicycle', model: 'Mountain storm', version: 'Mk1' };

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe.skipIf(BIKE === undefined)('the applicability preview of an S1000D module', () => {
  it('reads the referenced applic group: apMK9 and apMK1 with their display texts', () => {
    const groups = applicGroups(read(M258A));
    expect([...groups.keys()]).toEqual(['apMK9', 'apMK1']);
    expect(groups.get('apMK9')?.text).toBe('Mountain bicycle Brook trekker Mk9');
  });

  // Fact 4 counts text occurrences: 19 "<proceduralStep", one of them in a comment; 18 elements, of which 13 stay for the Mk9 (14 - 1) and 11 for the Mk1 (12 - 1).
  it('greys what does not apply for a product: 258A keeps 13 of 18 procedural steps for Brook trekker Mk9, 11 for Mountain storm Mk1 (fact 4)', () => {
    const xml = read(M258A);
    const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
    editor = new Editor({ extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY }), content: doc });
    const groups = applicGroups(xml);
    const stepsLeft = (assignment: Record<string, string>) => {
      const state = editor?.state;
      if (!state) throw new Error('no editor');
      const out = applicMarks(state.doc, { groups, assignment }).filter((m) => !m.applies);
      let total = 0;
      let greyed = 0;
      state.doc.descendants((n, pos) => {
        if (n.type.name !== 'proceduralStep') return true;
        total++;
        if (out.some((m) => pos >= m.pos && pos < m.end)) greyed++;
        return true;
      });
      return { total, kept: total - greyed };
    };
    expect(stepsLeft(BROOK_TREKKER)).toEqual({ total: 18, kept: 13 });
    expect(stepsLeft(MOUNTAIN_STORM)).toEqual({ total: 18, kept: 11 });
    // With no product chosen nothing is greyed.
    expect(applicMarks(editor.state.doc, { groups, assignment: null }).every((m) => m.applies)).toBe(true);
  });

  it('draws greyed blocks with the display text on hover, and clears', () => {
    const xml = read(M258A);
    const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
    editor = new Editor({ extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY }), content: doc });
    editor.view.dispatch(editor.state.tr.setMeta(APPLIC_PREVIEW_META, { groups: applicGroups(xml), assignment: BROOK_TREKKER }));
    const greyed = editor.view.dom.querySelectorAll('.te-not-applicable');
    expect(greyed.length).toBeGreaterThan(0);
    expect(greyed[0]?.getAttribute('title')).toBe('Mountain bicycle Mountain storm Mk1');
    expect(editor.view.dom.querySelectorAll('.te-applic[title="Mountain bicycle Brook trekker Mk9"]').length).toBeGreaterThan(0);
    editor.view.dispatch(editor.state.tr.setMeta(APPLIC_PREVIEW_META, null));
    expect(editor.view.dom.querySelectorAll('.te-applic').length).toBe(0);
  });
});
