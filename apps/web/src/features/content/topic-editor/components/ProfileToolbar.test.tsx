import { RECIPE_FILES, RECIPE_PROFILE } from '@ccms/xmlprofile/test/recipe-book';
import { fireEvent, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { App, ConfigProvider } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { createDitaExtensions } from '../model/editor';
import { profileVocabulary } from '../model/profile-vocabulary';
import { xmlToDoc } from '../model/to-editor';
import { docToXml } from '../model/to-xml';
import { EditorToolbar } from './EditorToolbar';

const SLOW = { timeout: 15_000 };
const PROFILE = { roots: [...RECIPE_PROFILE.unitRoots, ...RECIPE_PROFILE.documentRoots], vocabulary: RECIPE_PROFILE.vocabulary };
const VOCAB = profileVocabulary(PROFILE);
const DOUGH = RECIPE_FILES['recipes/dough.xml'] as string;

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

describe('the toolbar of a file read by an XML profile', () => {
  it("lists the profile's elements (an item only where it fits) and inserts a step after the one at the cursor", SLOW, async () => {
    editor = new Editor({ extensions: createDitaExtensions({ vocabulary: VOCAB }), content: xmlToDoc(DOUGH, { vocabulary: VOCAB }).doc });
    const e = editor;
    const cursorAfter = (text: string) => {
      let at = -1;
      e.state.doc.descendants((n, pos) => {
        if (at < 0 && n.isText && n.text?.includes(text)) at = pos + n.text.indexOf(text) + text.length;
        return at < 0;
      });
      e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, at)));
    };
    cursorAfter('Pizza dough');
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <EditorToolbar mode="visual" readOnly={false} editor={() => editor} onPick={vi.fn()} standard="xmlprofile" profile={PROFILE} />
        </App>
      </ConfigProvider>,
    );
    // No DITA toolbar or pickers: they write DITA.
    expect(screen.queryByTestId('editor-insert')).toBeNull();
    expect(screen.queryByLabelText('Note')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-insert-element'));
    // In the title a step has no place: listed, disabled.
    expect((await screen.findByRole('menuitem', { name: 'step (not allowed at the cursor)' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'steps' }).getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(screen.getByTestId('profile-insert-element'));

    cursorAfter('Mix flour');
    fireEvent.click(screen.getByTestId('profile-insert-element'));
    const step = await screen.findByRole('menuitem', { name: 'step' });
    fireEvent.click(step);
    e.commands.insertContent('Rest.');
    expect(docToXml(e.state.doc, DOUGH)).toBe(
      DOUGH.replace('<step>Mix flour, water and yeast.</step>', '<step>Mix flour, water and yeast.</step>\n    <step>Rest.</step>'),
    );
  });
});
