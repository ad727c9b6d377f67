import { readFileSync } from 'node:fs';
import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import { grammarOfXsd, parseXml } from '@ccms/s1000d';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from './editor';
import { grammarAllows, insertableAt, insertMenuAt } from './s1000d-insert';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { S1000D_VOCABULARY } from './vocabulary';

/** The S1000D 5.0 flat schemas (the installed XSD the server reads the grammar from). */
const XSD_DIR = '/work/shared/corpora/s1000d-schemas-5.0/xml_schema_flat';

function grammarOf(file: string): EditorGrammar {
  const root = parseXml(readFileSync(`${XSD_DIR}/${file}`)).root;
  if (!root) throw new Error(`${file} did not parse`);
  const g = grammarOfXsd(root);
  return { schema: file, issue: '5.0', servedIssue: '5.0', roots: g.roots, elements: g.elements };
}

const PROCED = `<?xml version="1.0" encoding="UTF-8"?>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/proced.xsd">
	<identAndStatusSection><dmAddress/></identAndStatusSection>
	<content>
		<procedure>
			<mainProcedure>
				<proceduralStep id="stp-0001">
					<para>Clean the frame.</para>
				</proceduralStep>
			</mainProcedure>
		</procedure>
	</content>
</dmodule>
`;

const DESCRIPT = `<?xml version="1.0" encoding="UTF-8"?>
<dmodule>
	<identAndStatusSection><dmAddress/></identAndStatusSection>
	<content>
		<description>
			<levelledPara id="par-0001">
				<title>Brakes</title>
				<para>The brakes stop the bike.</para>
			</levelledPara>
		</description>
	</content>
</dmodule>
`;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string, text: string): Editor {
  const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
  editor = new Editor({ extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY, lang: 'en' }), content: doc });
  let at = -1;
  editor.state.doc.descendants((n: PMNode, pos) => {
    if (at < 0 && n.isText && n.text?.includes(text)) at = pos + n.text.indexOf(text) + text.length;
    return at < 0;
  });
  if (at < 0) throw new Error(`no text ${text}`);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)));
  return editor;
}

function offeredAt(e: Editor, grammar: EditorGrammar): { listed: string[]; offered: string[] } {
  const listed = insertMenuAt(grammar, e.state.selection.$from, e.schema);
  const allows = grammarAllows(grammar);
  return { listed, offered: insertableAt((name) => e.can().insertElement(name, allows), listed) };
}

describe('the S1000D insert menu from the installed 5.0 XSD', () => {
  const proced = grammarOf('proced.xsd');
  const descript = grammarOf('descript.xsd');

  it('inside a procedural step offers what proced.xsd allows there: para, figure, note, a step...; not a levelled paragraph', () => {
    const e = open(PROCED, 'Clean the frame');
    const { listed, offered } = offeredAt(e, proced);
    expect(offered).toEqual(expect.arrayContaining(['para', 'proceduralStep', 'proceduralSubStep', 'note', 'warning', 'caution', 'figure', 'table']));
    // Lists go into the paragraph (proced.xsd's para holds them).
    expect(offered).toEqual(expect.arrayContaining(['randomList', 'sequentialList']));
    // The schema's other children of a step are listed too (multimedia, foldout: inserted as XML).
    expect(listed).toEqual(expect.arrayContaining(['multimedia', 'foldout']));
    expect(listed).not.toContain('levelledPara');
    expect(offered).not.toContain('levelledPara');
    expect(listed).not.toContain('crewDrillStep');
    // Not the paragraph's phrases: the menu is for blocks.
    expect(listed).not.toContain('emphasis');
    expect(listed).not.toContain('dmRef');
  });

  it('inside a levelled paragraph of descript.xsd offers a levelled paragraph, not a step', () => {
    const e = open(DESCRIPT, 'stop the bike');
    const { offered } = offeredAt(e, descript);
    expect(offered).toEqual(expect.arrayContaining(['levelledPara', 'para', 'figure', 'note']));
    expect(offered).not.toContain('proceduralStep');
    expect(offered).not.toContain('proceduralSubStep');
  });

  it('reads the content models of the installed XSD', () => {
    const allows = grammarAllows(proced);
    expect(allows?.('mainProcedure', 'proceduralStep')).toBe(true);
    expect(allows?.('mainProcedure', 'levelledPara')).toBe(false);
    expect(allows?.('proceduralStep', 'levelledPara')).toBe(false);
  });

  it('inserts an element the view does not model as XML, where the XSD allows it, and writes it back', () => {
    const e = open(PROCED, 'Clean the frame');
    const allows = grammarAllows(proced);
    expect(e.commands.insertElement('multimedia', allows)).toBe(true);
    const out = docToXml(e.state.doc, PROCED);
    expect(out).toMatch(/<para>Clean the frame\.<\/para>\s*<multimedia\/>\s*<\/proceduralStep>/);
    // A levelled paragraph is not allowed anywhere around the cursor: the command refuses it.
    expect(e.can().insertElement('levelledPara', allows)).toBe(false);
  });
});
