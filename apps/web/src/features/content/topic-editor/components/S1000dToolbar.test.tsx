import { readFileSync } from 'node:fs';
import { grammarOfXsd, parseXml } from '@ccms/s1000d';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { App, ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { bikeServer } from '../../s1000d/testing/bike';
import { createDitaExtensions } from '../model/editor';
import { xmlToDoc } from '../model/to-editor';
import { docToXml } from '../model/to-xml';
import { S1000D_VOCABULARY } from '../model/vocabulary';
import { ApplicPreviewSelect } from './ApplicPreviewSelect';
import { EditorToolbar } from './EditorToolbar';

const SLOW = { timeout: 15_000 };
const MODULE = `<dmodule><content><procedure><mainProcedure>
<proceduralStep id="s1"><para>Clean the frame.</para></proceduralStep>
</mainProcedure></procedure></content></dmodule>`;

let editor: Editor | null = null;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['topic-editor']);
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
  fakeServer(bikeServer());
});
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function wrap(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('the S1000D toolbar', () => {
  it(
    'with the installed 5.0 proced.xsd: lists what its content model allows in the step, elements the view does not model too, and inserts one',
    SLOW,
    async () => {
      const g = grammarOfXsd(parseXml(readFileSync('/work/shared/corpora/s1000d-schemas-5.0/xml_schema_flat/proced.xsd')).root);
      const grammar = { schema: 'proced.xsd', issue: '5.0', servedIssue: '5.0', roots: g.roots, elements: g.elements };
      editor = new Editor({
        extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY }),
        content: xmlToDoc(MODULE, { vocabulary: S1000D_VOCABULARY }).doc,
      });
      let inPara = -1;
      editor.state.doc.descendants((n, pos) => {
        if (inPara < 0 && n.isText) inPara = pos + 3;
        return inPara < 0;
      });
      editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, inPara)));
      wrap(<EditorToolbar mode="visual" readOnly={false} editor={() => editor} onPick={vi.fn()} standard="s1000d" grammar={grammar} />);
      fireEvent.click(screen.getByTestId('s1000d-insert-element'));
      expect((await screen.findByRole('menuitem', { name: 'Step (after this one)' })).getAttribute('aria-disabled')).not.toBe('true');
      // Not listed at all: the XSD does not allow a levelled paragraph anywhere around the cursor.
      expect(screen.queryByRole('menuitem', { name: /^Levelled paragraph/ })).toBeNull();
      const multimedia = screen.getByRole('menuitem', { name: 'multimedia' });
      expect(multimedia.getAttribute('aria-disabled')).not.toBe('true');
      fireEvent.click(multimedia);
      expect(docToXml(editor.state.doc, MODULE)).toContain('<para>Clean the frame.</para><multimedia/></proceduralStep>');
    },
  );

  it('lists what the schema allows at the cursor, the rest disabled, and inserts a step after the current one', SLOW, async () => {
    editor = new Editor({
      extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY }),
      content: xmlToDoc(MODULE, { vocabulary: S1000D_VOCABULARY }).doc,
    });
    let inPara = -1;
    editor.state.doc.descendants((n, pos) => {
      if (inPara < 0 && n.isText) inPara = pos + 3;
      return inPara < 0;
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, inPara)));
    const onPick = vi.fn();
    wrap(<EditorToolbar mode="visual" readOnly={false} editor={() => editor} onPick={onPick} standard="s1000d" />);
    fireEvent.click(screen.getByTestId('s1000d-insert-element'));
    const step = await screen.findByRole('menuitem', { name: 'Step (after this one)' });
    expect(step.getAttribute('aria-disabled')).not.toBe('true');
    const levelled = screen.getByRole('menuitem', { name: /^Levelled paragraph \(not allowed at the cursor\)$/ });
    expect(levelled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(step);
    expect(docToXml(editor.state.doc, MODULE)).toMatch(/<\/proceduralStep>\n<proceduralStep>\s*<para\/?>(<\/para>)?\s*<\/proceduralStep>\n<\/mainProcedure>/);
    // The pickers of an S1000D module, not DITA's.
    fireEvent.click(screen.getByTestId('editor-insert'));
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toContain('Data module reference (dmRef)'));
    // The applicability and CIR pickers are offered too.
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(
      expect.arrayContaining(['Applicability (applicRefId)', 'Common information repository item (CIR)']),
    );
    expect(screen.queryByRole('menuitem', { name: 'Cross reference' })).toBeNull();
    fireEvent.click(screen.getByText('ICN graphic'));
    expect(onPick).toHaveBeenCalledWith('graphic');
  });
});

/** The control as the page holds it: the chosen product kept in state. */
function Harness({ onChange }: { onChange: (p: { key: string; assignment: Record<string, string> } | null) => void }) {
  const [key, setKey] = useState<string | null>(null);
  return (
    <ApplicPreviewSelect
      libraryId={3}
      value={key}
      onChange={(p) => {
        setKey(p?.key ?? null);
        onChange(p);
      }}
    />
  );
}

describe('the applicability preview control', () => {
  it("lists the PCT's products and answers the chosen one's property values; none clears it", SLOW, async () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    const select = await screen.findByTestId('applic-preview');
    await waitFor(() => expect(within(select).getByRole('combobox').getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('By product (PCT): 1B070701 — Mountain bicycle, Mountain storm, Mk1, PRE'));
    expect(onChange).toHaveBeenLastCalledWith({
      key: '1B070701',
      assignment: { serialno: '1B070701', type: 'Mountain bicycle', model: 'Mountain storm', version: 'Mk1', 'SB-S001': 'PRE' },
    });
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    // The selection shows the title too: the option is the one in the list.
    const none = (await screen.findAllByTitle('Applicability preview: No preview')).find((el) => el.closest('.ant-select-item-option'));
    if (!none) throw new Error('no "No preview" option');
    fireEvent.click(none);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
