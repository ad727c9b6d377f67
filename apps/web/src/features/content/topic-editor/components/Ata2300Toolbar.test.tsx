import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { App, ConfigProvider } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { createDitaExtensions } from '../model/editor';
import { xmlToDoc } from '../model/to-editor';
import { docToXml } from '../model/to-xml';
import { ATA2300_VOCABULARY } from '../model/vocabulary';
import { EditorToolbar } from './EditorToolbar';

const SLOW = { timeout: 15_000 };
const NORMAL = readFileSync(path.resolve(__dirname, '../../../../../../../packages/ata2300/test/fcom-set/DMC-CX100-A-21-00-00-00A-131A-A_EN-US.XML'), 'utf8');

let editor: Editor | null = null;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['topic-editor']);
});
afterAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('the ATA Spec 2300 toolbar', () => {
  it('lists the checklist entries, the dispatch ones disabled in a procedure, and inserts a challenge–response line after the action', SLOW, async () => {
    editor = new Editor({
      extensions: createDitaExtensions({ vocabulary: ATA2300_VOCABULARY }),
      content: xmlToDoc(NORMAL, { vocabulary: ATA2300_VOCABULARY }).doc,
    });
    let at = -1;
    editor.state.doc.descendants((n, pos) => {
      if (at < 0 && n.isText && n.text?.includes('Trim air')) at = pos + 3;
      return at < 0;
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)));
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <EditorToolbar mode="visual" readOnly={false} editor={() => editor} onPick={vi.fn()} standard="ata2300" />
        </App>
      </ConfigProvider>,
    );
    // No S1000D or DITA pickers: ATA references are written in the source view.
    expect(screen.queryByTestId('editor-insert')).toBeNull();
    expect(screen.queryByTestId('s1000d-insert-element')).toBeNull();
    fireEvent.click(screen.getByTestId('ata2300-insert-element'));
    const line = await screen.findByRole('menuitem', { name: 'Challenge–response line' });
    expect(line.getAttribute('aria-disabled')).not.toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Proviso (not allowed at the cursor)' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(line);
    const out = docToXml(editor.state.doc, NORMAL);
    expect(out).toMatch(/<response><para>AUTO<\/para><\/response><\/challengeResponse><\/action>\s*<action>\s*<challengeResponse>\s*<challenge>/);
    expect(out.indexOf('<challenge>', out.indexOf('AUTO'))).toBeLessThan(out.indexOf('Check the cabin temperature'));
  });
});
