import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from './editor';
import { syncIcnEntities } from './icn-entities';
import { insertableAt } from './s1000d-insert';
import { structureMarks } from './structure-view';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { S1000D_VOCABULARY } from './vocabulary';

/** A small proced module in the Bike sample's style: an internal subset, a warning, two steps, one with a sub-step. */
const PROCED = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE dmodule [
<!NOTATION cgm PUBLIC "-//USA-DOD//NOTATION Computer Graphics Metafile//EN">
<!ENTITY ICN-S1000DBIKE-AAA-D000000-0-U8025-00502-A-04-1 SYSTEM "ICN-S1000DBIKE-AAA-D000000-0-U8025-00502-A-04-1.CGM" NDATA cgm >
]>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_4-1/xml_schema_flat/proced.xsd">
	<identAndStatusSection><dmAddress/></identAndStatusSection>
	<content>
		<procedure>
			<preliminaryRqmts>
				<reqPersons><personnel numRequired="1"/></reqPersons>
			</preliminaryRqmts>
			<mainProcedure>
				<proceduralStep id="stp-0001">
					<warning><warningAndCautionPara>Wear gloves.</warningAndCautionPara></warning>
					<para>Clean the <emphasis>frame</emphasis>.</para>
					<proceduralStep id="stp-0002">
						<para>Dry it.</para>
					</proceduralStep>
				</proceduralStep>
				<proceduralStep id="stp-0003">
					<para>Oil the chain. See <dmRef><dmRefIdent><dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA" systemCode="DA2" subSystemCode="1" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="520" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef>.</para>
				</proceduralStep>
			</mainProcedure>
			<closeRqmts><reqCondGroup><noConds/></reqCondGroup></closeRqmts>
		</procedure>
	</content>
</dmodule>
`;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string): Editor {
  const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
  editor = new Editor({ extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY, lang: 'en' }), content: doc });
  return editor;
}

/** Puts the cursor at the end of the text `text` in the document. */
function cursorAfter(e: Editor, text: string): void {
  let at = -1;
  e.state.doc.descendants((n: PMNode, pos) => {
    if (at < 0 && n.isText && n.text?.includes(text)) at = pos + (n.text.indexOf(text) + text.length);
    return at < 0;
  });
  if (at < 0) throw new Error(`no text ${text}`);
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, at)));
}

describe('the S1000D vocabulary in the visual view', () => {
  it('numbers procedural steps hierarchically and sets the warning apart', () => {
    const e = open(PROCED);
    const m = structureMarks(e.state.doc, 'en');
    expect(m.numbers.map((n) => n.text)).toEqual(['1', '1.1', '2']);
    expect(m.labels.map((l) => l.text)).toEqual(['WARNING']);
    expect(structureMarks(e.state.doc, 'zh').labels.map((l) => l.text)).toEqual(['警告']);
  });

  it('offers what the schema allows at the cursor: steps and paragraphs in a step, no levelled paragraph', () => {
    const e = open(PROCED);
    cursorAfter(e, 'Dry it');
    const offered = insertableAt((name) => e.can().insertElement(name));
    expect(offered).toEqual(expect.arrayContaining(['para', 'proceduralStep', 'proceduralSubStep', 'warning', 'caution', 'note', 'randomList']));
    expect(offered).not.toContain('levelledPara');
    expect(offered).not.toContain('crewDrillStep');
  });

  it('adds a step after the current one with its paragraph, writes only that, and keeps the dmRef and the internal subset', () => {
    const e = open(PROCED);
    cursorAfter(e, 'Dry it');
    expect(e.commands.insertElement('proceduralStep')).toBe(true);
    e.commands.insertContent('Check the tyres.');
    const out = docToXml(e.state.doc, PROCED);
    expect(out).toMatch(
      /<para>Dry it\.<\/para>\s*<\/proceduralStep>\n\t{5}<proceduralStep>\s*<para>Check the tyres\.<\/para>\s*<\/proceduralStep>\s*<\/proceduralStep>/,
    );
    // Only the new step is written: the rest of the file is as it was.
    expect(out.replace(/\n\t{5}<proceduralStep>\s*<para>Check the tyres\.<\/para>\s*<\/proceduralStep>/, '')).toBe(PROCED);
    expect(out.slice(0, out.indexOf('<dmodule'))).toBe(PROCED.slice(0, PROCED.indexOf('<dmodule')));
    expect(out).toContain('<dmRef><dmRefIdent><dmCode modelIdentCode="S1000DBIKE"');
    expect(structureMarks(e.state.doc).numbers.map((n) => n.text)).toEqual(['1', '1.1', '1.2', '2']);
  });

  it('inserts a dmRef at the cursor as an atom written back as XML', () => {
    const e = open(PROCED);
    cursorAfter(e, 'Oil the chain.');
    const inner =
      '<dmRefIdent><dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA" systemCode="D00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="041" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent>';
    expect(e.commands.insertInlineAtom({ name: 'dmRef', inner })).toBe(true);
    const out = docToXml(e.state.doc, PROCED);
    expect(out).toContain(`Oil the chain.<dmRef>${inner}</dmRef> See`);
    // Each shown as the code it points at: the new one first (inserted before " See"), then the one the module had.
    expect([...e.view.dom.querySelectorAll('.dita-dmRef')].map((n) => n.textContent)).toEqual([
      'DMC-S1000DBIKE-AAA-D00-00-00-00AA-041A-A',
      'DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A',
    ]);
  });

  it('inserts a figure with an ICN graphic: its ENTITY goes into the internal subset; deleting the figure again removes it', () => {
    const e = open(PROCED);
    cursorAfter(e, 'Dry it.');
    const icn = 'ICN-S1000DBIKE-AAA-DA10000-0-U8025-00512-A-04-1';
    const known = new Map([[icn, { icn, file: `${icn}.CGM` }]]);
    expect(e.commands.insertIcnFigure({ title: 'Brake lever', icn })).toBe(true);
    const out = syncIcnEntities(docToXml(e.state.doc, PROCED), PROCED, known);
    expect(out).toMatch(/<figure>\s*<title>Brake lever<\/title>\s*<graphic infoEntityIdent="ICN-S1000DBIKE-AAA-DA10000-0-U8025-00512-A-04-1"\/>\s*<\/figure>/);
    expect(out).toContain(`<!ENTITY ${icn} SYSTEM "${icn}.CGM" NDATA cgm>\n]>`);
    // Opened again and the figure removed: its last use gone, the declaration goes with it.
    const again = open(out);
    let figure = -1;
    again.state.doc.descendants((n, pos) => {
      if (figure < 0 && n.type.name === 'figure') figure = pos;
      return figure < 0;
    });
    const node = again.state.doc.nodeAt(figure);
    again.view.dispatch(again.state.tr.delete(figure, figure + (node?.nodeSize ?? 0)));
    const removed = syncIcnEntities(docToXml(again.state.doc, out), out, new Map());
    expect(removed).not.toContain(icn);
    expect(removed.slice(0, removed.indexOf('<dmodule'))).toBe(PROCED.slice(0, PROCED.indexOf('<dmodule')));
  });

  it('labels the rows of a parts catalogue by figure, item and indenture', () => {
    const ipd = `<dmodule><content><illustratedPartsCatalog>
<catalogSeqNumber indenture="1" figureNumber="01" figureNumberVariant="A" item="000"><itemSeqNumber itemSeqNumberValue="00A"><quantityPerNextHigherAssy>1</quantityPerNextHigherAssy></itemSeqNumber></catalogSeqNumber>
<catalogSeqNumber indenture="2" figureNumber="01" figureNumberVariant="A" item="001"><itemSeqNumber itemSeqNumberValue="00A"/></catalogSeqNumber>
</illustratedPartsCatalog></content></dmodule>`;
    const e = open(ipd);
    expect(structureMarks(e.state.doc, 'en').labels.map((l) => l.text)).toEqual(['Item 01A-000 · indenture 1', 'Item 01A-001 · indenture 2']);
    expect(structureMarks(e.state.doc, 'zh').labels.map((l) => l.text)).toEqual(['项目 01A-000 · 缩进 1', '项目 01A-001 · 缩进 2']);
    expect(docToXml(e.state.doc, ipd)).toBe(ipd);
  });

  it('gives the step the cursor is in an applicability (applicRefId), and removes it; the paragraph is written as it was', () => {
    const e = open(PROCED);
    cursorAfter(e, 'Dry it');
    expect(e.commands.setApplicRef('apMK9')).toBe(true);
    let out = docToXml(e.state.doc, PROCED);
    expect(out).toContain('<proceduralStep id="stp-0002" applicRefId="apMK9">\n\t\t\t\t\t\t<para>Dry it.</para>');
    expect(e.commands.setApplicRef(null)).toBe(true);
    out = docToXml(e.state.doc, PROCED);
    expect(out).toBe(PROCED);
  });
});
