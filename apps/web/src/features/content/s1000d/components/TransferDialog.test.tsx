import type { TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { TransferDialog } from './TransferDialog';

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));

const result: TransferImportResult = {
  commit: '0123456789abcdef0123456789abcdef01234567',
  branch: 'main',
  changes: [
    { path: 'data/PMC-X.XML', kind: 'pm', code: 'PMC-X', from: null, to: '000-01', action: 'added', replaces: null },
    {
      path: 'data/DMC-X-121A_009-00.XML',
      kind: 'dm',
      code: 'DMC-X-121A',
      from: '008-00',
      to: '009-00',
      action: 'newIssue',
      replaces: 'data/DMC-X-121A_008-00.XML',
    },
    { path: 'data/DMC-X-040A_001-00.XML', kind: 'dm', code: 'DMC-X-040A', from: '001-00', to: '001-00', action: 'unchanged', replaces: null },
  ],
  ddn: { code: 'DDN-X-C3002-U8025-2026-00001', items: 3, listedNotSent: ['DMC-X-941A_001-00.XML'], sentNotListed: [] },
  index: null,
};

describe('the transfer dialog', () => {
  it('takes a package in and lists what changed by code and issue, with the DDN that does not agree', async () => {
    const calls = fakeServer((config) => {
      if (config.url === '/ccms/s1000d/transfer/import') return { data: { code: 200, msg: 'ok', data: result } };
      return { data: { code: 200, msg: 'ok', rows: [], total: 0 } };
    });
    renderPage(<TransferDialog scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('Receive'));
    const input = (await screen.findByTestId('transfer-zip')).closest('.ant-upload-wrapper')?.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'epwg1.zip', { type: 'application/zip' })] } });
    const take = screen.getByTestId('transfer-take');
    await waitFor(() => expect((take as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(take);
    const shown = await screen.findByTestId('transfer-result');
    expect(within(shown).getByText('Taken in as commit 01234567')).toBeTruthy();
    expect(
      within(shown)
        .getAllByTestId('transfer-action')
        .map((e) => e.textContent),
    ).toEqual(['Added', 'New issue', 'Unchanged']);
    expect(within(shown).getByText('Added 1 · New issue 1 · Unchanged 1')).toBeTruthy();
    expect(within(shown).getByText('DMC-X-941A_001-00.XML is listed but not in the package')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/ccms/s1000d/transfer/import');
    const form = sent?.data as FormData;
    expect([...form.keys()]).toEqual(['libraryId', 'branch', 'file']);
  });

  it('refuses to send with a sender ident that is not five letters or digits, naming the field', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', rows: [], total: 0 } }));
    renderPage(<TransferDialog scope={{ libraryId: 3 }} open onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('transfer-sender'), { target: { value: 'AB' } });
    fireEvent.click(screen.getByTestId('transfer-send'));
    expect(await screen.findByText(/Sender ident/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });
});
