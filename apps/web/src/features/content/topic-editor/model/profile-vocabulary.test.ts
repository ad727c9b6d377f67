import { RECIPE_FILES, RECIPE_PROFILE } from '@ccms/xmlprofile/test/recipe-book';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from './editor';
import { profileInserts, profileMarks, profileRoles, profileVocabulary } from './profile-vocabulary';
import { insertableAt } from './s1000d-insert';
import { schemaOf } from './schema';
import { convertXml, xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { vocabularyOf } from './vocabulary';

/** The recipe book's profile as the topic editor's open answer carries it. */
const RECIPE = { roots: [...RECIPE_PROFILE.unitRoots, ...RECIPE_PROFILE.documentRoots], vocabulary: RECIPE_PROFILE.vocabulary };
const VOCAB = profileVocabulary(RECIPE);
const MARGHERITA = RECIPE_FILES['recipes/margherita.xml'] as string;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string): Editor {
  editor = new Editor({ extensions: createDitaExtensions({ vocabulary: VOCAB, lang: 'en' }), content: xmlToDoc(xml, { vocabulary: VOCAB }).doc });
  return editor;
}

function cursorAfter(e: Editor, text: string): void {
  let at = -1;
  e.state.doc.descendants((n: PMNode, pos) => {
    if (at < 0 && n.isText && n.text?.includes(text)) at = pos + (n.text.indexOf(text) + text.length);
    return at < 0;
  });
  if (at < 0) throw new Error(`no text ${text}`);
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, at)));
}

const namesIn = (xml: string) => {
  const names = new Map<string, string>();
  convertXml(xml, { vocabulary: VOCAB }).pmDoc.descendants((n) => {
    names.set(n.type.name === 'island' ? `island:${n.attrs.name}` : n.type.name, n.type.name);
    for (const m of n.marks) names.set(m.type.name, 'mark');
    return true;
  });
  return names;
};

describe('the editor vocabulary of an XML profile', () => {
  it('is built from the recipe book profile: roots, title, blocks, lists and items, inline marks', () => {
    expect(Object.fromEntries(profileRoles(RECIPE))).toEqual({
      recipe: 'root',
      book: 'root',
      title: 'title',
      steps: 'list',
      step: 'listItem',
      ingredients: 'block',
      em: 'inline',
      ingredient: 'inline',
    });
    expect(VOCAB.id).toBe('xmlprofile');
    expect(VOCAB.byName.get('title')?.kind).toBe('textblock');
    expect(VOCAB.byName.get('em')?.kind).toBe('mark');
    expect(profileInserts(RECIPE)).toEqual(['title', 'steps', 'step', 'ingredients']);
    expect(profileMarks(RECIPE)).toEqual(['em', 'ingredient']);
    // The same profile gives the same vocabulary and schema; the schema knows its vocabulary.
    expect(profileVocabulary(structuredClone(RECIPE))).toBe(VOCAB);
    expect(vocabularyOf(schemaOf(VOCAB))).toBe(VOCAB);
  });

  it('models what the profile names and keeps the rest as islands', () => {
    const names = namesIn(MARGHERITA);
    for (const n of ['recipe', 'title', 'ingredients', 'steps', 'step', 'run', 'ingredient']) expect(names.has(n), n).toBe(true);
    // photo is in no part of the vocabulary: an island.
    expect(names.has('island:photo')).toBe(true);
    expect(names.has('photo')).toBe(false);
    const book = namesIn(RECIPE_FILES['book.xml'] as string);
    expect(book.has('book')).toBe(true);
    expect(book.has('island:chapter')).toBe(true);
  });

  it('models hyphenated names, leaves names with a prefix or a dot, and names the schema uses, to islands; an empty part makes no empty group', () => {
    const odd = profileVocabulary({
      roots: ['doc', 'manual'],
      vocabulary: {
        blocks: ['run', 'x-note', 'x_note', 'a.b', 'para'],
        lists: [],
        listItems: [],
        tables: ['tbl'],
        rows: ['row'],
        cells: ['entry'],
        inline: ['ns:b'],
        titles: [],
      },
    });
    expect(odd.elements.map((e) => e.name)).toEqual(['manual', 'tbl', 'row', 'entry', 'x-note', 'para']);
    const xml = '<manual><tbl><row><entry>a</entry><entry>b</entry></row></tbl><x-note>n</x-note><para>p <ns:b>b</ns:b></para></manual>';
    const schema = schemaOf(odd);
    // A profile's row is not a CALS table row.
    expect(schema.nodes.row?.spec.tableRole).toBeUndefined();
    const { doc } = xmlToDoc(xml, { vocabulary: odd });
    expect(docToXml(doc, xml, schema)).toBe(xml);
    const types = new Set<string>();
    convertXml(xml, { vocabulary: odd }).pmDoc.descendants((n) => {
      types.add(n.type.name);
      return true;
    });
    expect([...types]).toEqual(expect.arrayContaining(['manual', 'tbl', 'row', 'entry', 'x_note', 'para', 'inline_island']));
    // A hyphenated element edited is written under its own name.
    editor = new Editor({ extensions: createDitaExtensions({ vocabulary: odd }), content: doc });
    cursorAfter(editor, 'n');
    editor.commands.insertContent('ote');
    expect(docToXml(editor.state.doc, xml)).toBe(xml.replace('<x-note>n</x-note>', '<x-note>note</x-note>'));
  });
});

describe('recipe book files in the visual view', () => {
  it('opens and saves every file of the recipe book unchanged', () => {
    const schema = schemaOf(VOCAB);
    for (const [name, xml] of Object.entries(RECIPE_FILES)) {
      const { doc, editable } = xmlToDoc(xml, { vocabulary: VOCAB });
      expect(editable, name).toBe(true);
      expect(docToXml(doc, xml, schema), name).toBe(xml);
      // And in an editor's own schema, as the page does.
      const e = open(xml);
      expect(docToXml(e.state.doc, xml), name).toBe(xml);
      e.destroy();
    }
  });

  it('edits a step in place and writes only that line', () => {
    const e = open(MARGHERITA);
    cursorAfter(e, 'Bake at 250 °C');
    e.commands.insertContent(' for 8 minutes');
    expect(docToXml(e.state.doc, MARGHERITA)).toBe(MARGHERITA.replace('Bake at 250 °C.', 'Bake at 250 °C for 8 minutes.'));
  });

  it('inserts a step after the one at the cursor, and offers only what fits there', () => {
    const e = open(MARGHERITA);
    cursorAfter(e, 'Spread the sauce');
    expect(insertableAt((name) => e.can().insertElement(name), profileInserts(RECIPE))).toEqual(['title', 'steps', 'step', 'ingredients']);
    expect(e.chain().focus().insertElement('step').run()).toBe(true);
    e.commands.insertContent('Add basil.');
    expect(docToXml(e.state.doc, MARGHERITA)).toBe(
      MARGHERITA.replace('<step>Spread the sauce on the dough.</step>', '<step>Spread the sauce on the dough.</step>\n    <step>Add basil.</step>'),
    );
  });

  it('inserts a list with its first item, and marks text with an inline element', () => {
    const dough = RECIPE_FILES['recipes/dough.xml'] as string;
    const e = open(dough);
    cursorAfter(e, 'Pizza dough');
    expect(e.chain().focus().insertElement('steps').run()).toBe(true);
    e.commands.insertContent('Knead.');
    // After the title, indented as its neighbours.
    expect(docToXml(e.state.doc, dough)).toBe(
      dough.replace('<title>Pizza dough</title>\n', '<title>Pizza dough</title>\n  <steps>\n    <step>Knead.</step>\n  </steps>\n'),
    );
    cursorAfter(e, 'Mix flour');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, e.state.selection.from - 'flour'.length, e.state.selection.from)));
    expect(
      e
        .chain()
        .focus()
        .wrapInline('em' as never)
        .run(),
    ).toBe(true);
    expect(docToXml(e.state.doc, dough)).toContain('<step>Mix <em>flour</em>, water and yeast.</step>');
  });
});

/** The FTID profile as seeded (apps/server/src/db/seed/xml-profile.ts): its roots and vocabulary. */
const FTID = {
  roots: ['ftidModule', 'module', 'task', 'description', 'ftidManual', 'manual'],
  vocabulary: {
    blocks: ['para', 'note', 'warning', 'caution', 'section', 'figure', 'graphic'],
    lists: ['list', 'steps'],
    listItems: ['item', 'step'],
    tables: ['table'],
    rows: ['row'],
    cells: ['entry', 'cell'],
    inline: ['emphasis', 'xref', 'link', 'term'],
    titles: ['title'],
  },
};

const FTID_TASK = `<?xml version="1.0" encoding="UTF-8"?>
<task id="t-12">
  <title>Replace the filter</title>
  <!-- reviewed 2026-03 -->
  <para>Read <xref href="safety.xml">the safety rules</xref> first.</para>
  <warning><para>Hot surface.</para></warning>
  <table>
    <title>Torques</title>
    <row><entry>Bolt</entry><entry>12 Nm</entry></row>
    <row><entry>Nut</entry><entry>8 Nm</entry></row>
  </table>
  <steps>
    <step>Open the cover.</step>
    <step>Remove the <term>filter</term>.</step>
  </steps>
  <meta code="x"/>
</task>
`;

describe('the FTID profile as seeded in the visual view', () => {
  const vocab = profileVocabulary(FTID);

  it('models its task: tables of rows and entries, steps, a warning; comments and unknown elements are islands', () => {
    const types = new Set<string>();
    const islands: string[] = [];
    convertXml(FTID_TASK, { vocabulary: vocab }).pmDoc.descendants((n) => {
      types.add(n.type.name);
      if (n.type.name === 'island') islands.push(n.attrs.name);
      return true;
    });
    expect([...types]).toEqual(expect.arrayContaining(['task', 'title', 'para', 'warning', 'table', 'row', 'entry', 'steps', 'step']));
    expect(islands).toEqual(['#comment', 'meta']);
    const { doc } = xmlToDoc(FTID_TASK, { vocabulary: vocab });
    expect(docToXml(doc, FTID_TASK, schemaOf(vocab))).toBe(FTID_TASK);
  });

  it('edits a table entry and adds a row (with as many cells) after the one at the cursor', () => {
    editor = new Editor({ extensions: createDitaExtensions({ vocabulary: vocab, lang: 'en' }), content: xmlToDoc(FTID_TASK, { vocabulary: vocab }).doc });
    const e = editor;
    cursorAfter(e, '12 Nm');
    e.commands.insertContent(' (dry)');
    expect(e.chain().focus().insertElement('row').run()).toBe(true);
    e.commands.insertContent('Screw');
    expect(docToXml(e.state.doc, FTID_TASK)).toBe(
      FTID_TASK.replace(
        '<row><entry>Bolt</entry><entry>12 Nm</entry></row>',
        '<row><entry>Bolt</entry><entry>12 Nm (dry)</entry></row>\n    <row>\n      <entry>Screw</entry>\n      <entry></entry>\n    </row>',
      ),
    );
  });
});
