import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { ATA2300_INSERTS } from './ata2300-insert';
import { createDitaExtensions } from './editor';
import { insertableAt } from './s1000d-insert';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { ATA2300_VOCABULARY } from './vocabulary';

const SET = path.resolve(__dirname, '../../../../../../../packages/ata2300/test/fcom-set');
const NON_NORMAL = readFileSync(path.join(SET, 'DMC-CX100-A-21-00-01-00A-141A-A_EN-US.XML'), 'utf8');
const DISPATCH = readFileSync(path.join(SET, 'DMC-CX100-A-21-00-01-00A-081A-A_EN-US.XML'), 'utf8');

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string): Editor {
  const { doc } = xmlToDoc(xml, { vocabulary: ATA2300_VOCABULARY });
  editor = new Editor({ extensions: createDitaExtensions({ vocabulary: ATA2300_VOCABULARY, lang: 'en' }), content: doc });
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

const offeredAt = (e: Editor) => insertableAt((name) => e.can().insertElement(name), ATA2300_INSERTS);

describe('the ATA Spec 2300 vocabulary in the visual view', () => {
  it('offers checklist entries inside a procedure and dispatch entries inside a dispatch item', () => {
    const e = open(NON_NORMAL);
    cursorAfter(e, 'Inform the cabin crew');
    const inProcedure = offeredAt(e);
    expect(inProcedure).toEqual(expect.arrayContaining(['challengeResponse', 'command', 'timeAction', 'condition', 'simultaneousActions', 'endOfProc']));
    expect(inProcedure).not.toContain('proviso');
    e.destroy();
    const d = open(DISPATCH);
    cursorAfter(d, 'One pack may be inoperative');
    const inDispatch = offeredAt(d);
    expect(inDispatch).toEqual(expect.arrayContaining(['para', 'proviso']));
    expect(inDispatch).not.toContain('challengeResponse');
  });

  it('edits a response in place and writes only that element', () => {
    const e = open(NON_NORMAL);
    cursorAfter(e, 'FL 310 OR BELOW');
    e.commands.insertContent(' (FL 290 AT NIGHT)');
    const out = docToXml(e.state.doc, NON_NORMAL);
    expect(out).toBe(NON_NORMAL.replace('FL 310 OR BELOW', 'FL 310 OR BELOW (FL 290 AT NIGHT)'));
  });

  it('adds a challenge–response line after the current action, with its challenge and response', () => {
    const e = open(NON_NORMAL);
    cursorAfter(e, 'PACK 1 switch');
    expect(e.commands.insertElement('challengeResponse')).toBe(true);
    e.commands.insertContent('PACK 2 switch');
    const out = docToXml(e.state.doc, NON_NORMAL);
    expect(out).toMatch(
      /<\/timeAction><\/action>\s*<action>\s*<challengeResponse>\s*<challenge>\s*<para>PACK 2 switch<\/para>\s*<\/challenge>\s*<response>\s*<para\s*\/?>(<\/para>)?\s*<\/response>\s*<\/challengeResponse>\s*<\/action>\s*<condition>/,
    );
    // The rest of the file is as written: the dmRef in the deferred procedures, the identification.
    expect(out).toContain(NON_NORMAL.slice(NON_NORMAL.indexOf('<condition>')));
    expect(out.slice(0, out.indexOf('<procContent>'))).toBe(NON_NORMAL.slice(0, NON_NORMAL.indexOf('<procContent>')));
  });
});
