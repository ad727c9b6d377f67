import { readFileSync } from 'node:fs';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { parseXml } from '../../shared/lossless-xml';
import { addApplicToModule, applicXml, freshApplicId, type NewApplic } from './applic-new';
import { applicGroups, applicMarks } from './applic-preview';
import { createDitaExtensions } from './editor';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { S1000D_VOCABULARY } from './vocabulary';

const BIKE = '/work/shared/corpora/s1000d-bike-4.1/csdb';
/** A Bike procedure with a referencedApplicGroup. */
const WITH_GROUP = readFileSync(`${BIKE}/DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML`, 'utf8');

const NO_GROUP = `<?xml version="1.0" encoding="UTF-8"?>
<dmodule>
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

const MOUNTAIN_MK9: Omit<NewApplic, 'id'> = {
  displayText: '',
  andOr: 'and',
  conditions: [
    { ident: 'type', type: 'prodattr', values: ['Mountain bicycle'] },
    { ident: 'model', type: 'prodattr', values: ['Brook trekker', 'Mountain storm'] },
  ],
};

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

describe('a new applicability from the ACT/CCT properties', () => {
  it('writes one assert, or an evaluate of asserts combined by and/or, after its display text', () => {
    expect(applicXml({ id: 'app-0001', displayText: 'Mk9', andOr: 'and', conditions: [{ ident: 'model', type: 'prodattr', values: ['Brook trekker'] }] })).toBe(
      '<applic id="app-0001">\n\t<displayText>\n\t\t<simplePara>Mk9</simplePara>\n\t</displayText>\n\t<assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="Brook trekker"/>\n</applic>',
    );
    const two = applicXml({ id: 'app-0002', ...MOUNTAIN_MK9, andOr: 'or' });
    expect(two).toContain('<simplePara>type: Mountain bicycle or model: Brook trekker, Mountain storm</simplePara>');
    expect(two).toContain(
      '\t<evaluate andOr="or">\n\t\t<assert applicPropertyIdent="type" applicPropertyType="prodattr" applicPropertyValues="Mountain bicycle"/>\n\t\t<assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="Brook trekker|Mountain storm"/>\n\t</evaluate>',
    );
  });

  it('takes an id the module does not use', () => {
    expect(freshApplicId('<a id="app-0001"/><b id="app-0002"/>')).toBe('app-0003');
    expect(freshApplicId(NO_GROUP)).toBe('app-0001');
  });

  it('adds it to the referencedApplicGroup as its last applic; the module is otherwise unchanged and the new applic reads back', () => {
    const id = freshApplicId(WITH_GROUP);
    const out = addApplicToModule(WITH_GROUP, { id, ...MOUNTAIN_MK9 });
    expect(parseXml(out).errors).toEqual([]);
    const groups = applicGroups(out);
    expect([...groups.keys()]).toEqual([...applicGroups(WITH_GROUP).keys(), id]);
    expect(groups.get(id)?.applic).toMatchObject({ kind: 'evaluate', op: 'and' });
    // Only the applic was added, on lines of its own, indented as its siblings.
    expect(out).toMatch(new RegExp(`\\n(\\t+)</applic>\\n\\1<applic id="${id}">`));
    expect(out.replace(new RegExp(`[ \\t]*<applic id="${id}">[\\s\\S]*?</applic>\\n`), '')).toBe(WITH_GROUP);
  });

  it('makes the referencedApplicGroup at the start of content when the module has none', () => {
    const out = addApplicToModule(NO_GROUP, { id: 'app-0001', ...MOUNTAIN_MK9 });
    expect(out).toMatch(
      /<content>\n\t\t<referencedApplicGroup>\n\t\t\t<applic id="app-0001">[\s\S]*<\/applic>\n\t\t<\/referencedApplicGroup>\n\t\t<procedure>/,
    );
    expect(parseXml(out).errors).toEqual([]);
  });

  it('in the visual view: adds the applic to the group and gives it to the step at the cursor, which then greys for another product', () => {
    const e = open(NO_GROUP, 'Clean the frame');
    const id = freshApplicId(NO_GROUP);
    expect(
      e
        .chain()
        .addApplic({ id, ...MOUNTAIN_MK9 })
        .setApplicRef(id)
        .run(),
    ).toBe(true);
    const out = docToXml(e.state.doc, NO_GROUP);
    expect(out).toContain('<proceduralStep id="stp-0001" applicRefId="app-0001">');
    expect(out).toMatch(/<content>\n\t\t<referencedApplicGroup>\n\t\t\t<applic id="app-0001">/);
    expect(parseXml(out).errors).toEqual([]);
    const groups = applicGroups(out);
    const mk1 = applicMarks(e.state.doc, { groups, assignment: { type: 'Mountain bicycle', model: 'Other' } });
    expect(mk1.map((m) => m.applies)).toEqual([false]);
    const mk9 = applicMarks(e.state.doc, { groups, assignment: { type: 'Mountain bicycle', model: 'Brook trekker' } });
    expect(mk9.map((m) => m.applies)).toEqual([true]);
  });

  it('in the visual view: appends to an existing group written as it was around it', () => {
    const text = /<para>([^<]{12})/.exec(WITH_GROUP.slice(WITH_GROUP.indexOf('<mainProcedure')))?.[1] ?? '';
    const e = open(WITH_GROUP, text);
    const id = freshApplicId(WITH_GROUP);
    expect(
      e
        .chain()
        .addApplic({ id, ...MOUNTAIN_MK9 })
        .run(),
    ).toBe(true);
    expect(docToXml(e.state.doc, WITH_GROUP)).toBe(addApplicToModule(WITH_GROUP, { id, ...MOUNTAIN_MK9 }));
  });
});
