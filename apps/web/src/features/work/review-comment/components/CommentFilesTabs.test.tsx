import type { CommentImportResult } from '@ccms/contracts/content/s1000d-comments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { TransferDialog } from '../../../content/s1000d/components/TransferDialog';

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));

const result: CommentImportResult = {
  branch: 'main',
  created: 2,
  existing: 0,
  skipped: 1,
  items: [
    {
      file: 'COM-X-C3002-2026-00100-Q_EN-US.XML',
      code: 'COM-X-C3002-2026-00100-Q',
      commentType: 'q',
      action: 'created',
      commentId: 7,
      dmCode: 'DMC-X-121A',
      path: 'csdb/DMC-X.XML',
      reason: null,
    },
    {
      file: 'COM-X-C3002-2026-00101-R_EN-US.XML',
      code: 'COM-X-C3002-2026-00101-R',
      commentType: 'r',
      action: 'created',
      commentId: 8,
      dmCode: 'DMC-X-121A',
      path: 'csdb/DMC-X.XML',
      reason: null,
    },
    {
      file: 'COM-X-C3002-2026-00102-Q_EN-US.XML',
      code: 'COM-X-C3002-2026-00102-Q',
      commentType: 'q',
      action: 'skipped',
      commentId: null,
      dmCode: 'DMC-X-999A',
      path: null,
      reason: 'moduleMissing',
    },
  ],
};

const fileInput = async (testId: string) =>
  (await screen.findByTestId(testId)).closest('.ant-upload-wrapper')?.querySelector('input[type=file]') as HTMLInputElement;

describe('comment files (COM) in the transfer dialog', () => {
  it('imports comment files and lists by code what became of each, with the reason one was skipped', async () => {
    const calls = fakeServer((config) => {
      if (config.url === '/ccms/s1000d/comments/import') return { data: { code: 200, msg: 'ok', data: result } };
      return { data: { code: 200, msg: 'ok', rows: [], total: 0 } };
    });
    renderPage(<TransferDialog scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('Import comments (COM)'));
    const input = await fileInput('com-files');
    fireEvent.change(input, {
      target: { files: [new File(['<comment/>'], 'COM-X-C3002-2026-00100-Q_EN-US.XML'), new File(['PK'], 'more.zip', { type: 'application/zip' })] },
    });
    const take = screen.getByTestId('com-import');
    await waitFor(() => expect((take as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(take);
    const shown = await screen.findByTestId('com-result');
    expect(within(shown).getByText('Created 2 · Already there 0 · Skipped 1')).toBeTruthy();
    expect(
      within(shown)
        .getAllByTestId('com-action')
        .map((e) => e.textContent),
    ).toEqual(['Created', 'Created', 'Skipped']);
    expect(within(shown).getByText('the library has no such data module')).toBeTruthy();
    expect(within(shown).getByText('COM-X-C3002-2026-00101-R')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/ccms/s1000d/comments/import');
    const form = sent?.data as FormData;
    expect([...form.keys()]).toEqual(['libraryId', 'branch', 'file', 'file']);
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['COM-X-C3002-2026-00100-Q_EN-US.XML', 'more.zip']);
  });

  it('shows the refusal of a file that is not a comment, in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    try {
      fakeServer((config) => {
        if (config.url === '/ccms/s1000d/comments/import')
          return { data: { code: 400, msg: '“DMC-X.XML”不是 S1000D 评论：根元素是 <dmodule>，应为 <comment>' } };
        return { data: { code: 200, msg: 'ok', rows: [], total: 0 } };
      });
      renderPage(<TransferDialog scope={{ libraryId: 3 }} open onClose={() => undefined} />);
      fireEvent.click(await screen.findByText('导入评论（COM）'));
      fireEvent.change(await fileInput('com-files'), { target: { files: [new File(['<dmodule/>'], 'DMC-X.XML')] } });
      const take = screen.getByTestId('com-import');
      await waitFor(() => expect((take as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(take);
      expect((await screen.findByTestId('com-import-error')).textContent).toBe('“DMC-X.XML”不是 S1000D 评论：根元素是 <dmodule>，应为 <comment>');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('exports the comments as a zip with the sender and originator given, and refuses a sender ident that is not five letters or digits', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:fake');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = fakeServer((config) =>
      config.url === '/ccms/s1000d/comments/export'
        ? { data: new Blob(['PK'], { type: 'application/zip' }), headers: { 'download-filename': 'COM-C3002-2026-11-28.zip' } }
        : { data: { code: 200, msg: 'ok', rows: [], total: 0 } },
    );
    renderPage(<TransferDialog scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('Export comments (COM)'));
    fireEvent.change(await screen.findByTestId('com-sender'), { target: { value: 'AB' } });
    fireEvent.click(screen.getByTestId('com-export'));
    expect(await screen.findByText(/Sender ident/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('com-sender'), { target: { value: 'c3002' } });
    fireEvent.click(screen.getByLabelText('Open only'));
    fireEvent.change(screen.getByTestId('com-from-enterprise'), { target: { value: 'ESG' } });
    fireEvent.change(screen.getByTestId('com-from-city'), { target: { value: 'Munich' } });
    fireEvent.change(screen.getByTestId('com-from-country'), { target: { value: 'Germany' } });
    fireEvent.click(screen.getByTestId('com-export'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/ccms/s1000d/comments/export'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const sent = calls.find((c) => c.url === '/ccms/s1000d/comments/export');
    expect(JSON.parse(String(sent?.data))).toEqual({
      libraryId: 3,
      branch: 'main',
      state: 'open',
      senderIdent: 'C3002',
      from: { enterpriseName: 'ESG', city: 'Munich', country: 'Germany' },
    });
    clicked.mockRestore();
  });
});
