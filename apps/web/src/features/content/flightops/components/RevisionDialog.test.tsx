import type { RevisionLoadResult } from '@ccms/contracts/content/flightops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { RevisionDialog } from './RevisionDialog';

beforeAll(async () => {
  await i18n.loadNamespaces(['flightops', 'common', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));

const BASE = '<du id="DU-25">\n  <para>Step.</para>\n</du>\n';
const result: RevisionLoadResult = {
  revisionBranch: 'revision/2026-10',
  manufacturerCommit: 'a'.repeat(40),
  commit: 'b'.repeat(40),
  added: ['fcom/du/DU-031.xml'],
  revised: ['fcom/du/DU-001.xml', 'fcom/du/DU-002.xml'],
  deleted: [],
  merged: ['fcom/du/DU-003.xml'],
  airlineKept: ['fcom/du/DU-011.xml'],
  conflicts: [
    {
      path: 'fcom/du/DU-025.xml',
      reason: 'bothChanged',
      binary: false,
      base: BASE,
      manufacturer: BASE.replace('Step.', 'Manufacturer step.'),
      airline: BASE.replace('Step.', 'Airline step.'),
      lines: [{ from: 2, to: 2 }],
    },
  ],
};

const zipInput = async () => (await screen.findByTestId('revision-pick')).closest('.ant-upload-wrapper')?.querySelector('input[type=file]') as HTMLInputElement;

describe('loading a manufacturer revision', () => {
  it('sends the fields then the zip, shows the highlights and resolves the conflict with the manufacturer’s text', async () => {
    const calls = fakeServer((config) => {
      if (config.url === '/ccms/flightops/revision') return { data: { code: 200, msg: 'ok', data: result } };
      if (config.url === '/ccms/flightops/revision/resolve') return { data: { code: 200, msg: 'ok', data: { commit: 'c'.repeat(40) } } };
      return { data: { code: 200, msg: 'ok', rows: [], total: 0 } };
    });
    renderPage(<RevisionDialog scope={{ libraryId: 4, branch: 'main' }} open onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('revision-name'), { target: { value: '2026-10' } });
    fireEvent.change(screen.getByTestId('revision-folder'), { target: { value: 'fcom' } });
    fireEvent.change(await zipInput(), { target: { files: [new File(['PK'], 'rev.zip', { type: 'application/zip' })] } });
    await screen.findByText('rev.zip');
    fireEvent.click(screen.getByTestId('revision-load'));
    expect((await screen.findByTestId('revision-summary')).textContent).toBe('added 1 · revised 2 · deleted 0 · merged 1 · airline kept 1 · conflicts 1');
    const sent = calls.find((c) => c.url === '/ccms/flightops/revision')?.data as FormData;
    expect([...sent.keys()]).toEqual(['libraryId', 'branch', 'revision', 'manufacturerBranch', 'folder', 'file']);
    expect(sent.get('manufacturerBranch')).toBe('manufacturer');
    const card = screen.getByTestId('conflict-fcom/du/DU-025.xml');
    expect(within(card).getByText('both changed the same lines')).toBeTruthy();
    expect(within(card).getByText('lines 2–2')).toBeTruthy();
    expect((within(card).getByTestId('resolution-text') as HTMLTextAreaElement).value).toContain('Airline step.');
    fireEvent.click(within(card).getByTestId('take-manufacturer'));
    expect((within(card).getByTestId('resolution-text') as HTMLTextAreaElement).value).toContain('Manufacturer step.');
    fireEvent.click(within(card).getByTestId('resolve-commit'));
    await waitFor(() => expect(within(card).getByTestId('conflict-resolved')).toBeTruthy());
    const resolved = calls.find((c) => c.url === '/ccms/flightops/revision/resolve')?.data;
    expect(typeof resolved === 'string' ? JSON.parse(resolved) : resolved).toEqual({
      libraryId: 4,
      branch: 'revision/2026-10',
      path: 'fcom/du/DU-025.xml',
      content: BASE.replace('Step.', 'Manufacturer step.'),
    });
  });

  it('refuses a revision name the server would refuse before sending, and shows the server’s refusal in Chinese', async () => {
    await i18n.changeLanguage('zh');
    try {
      const calls = fakeServer((config) =>
        config.url === '/ccms/flightops/revision'
          ? { data: { code: 400, msg: '制造商分支：库中没有分支“manufacturer”（保存制造商修订原样的分支）' } }
          : { data: { code: 200, msg: 'ok', rows: [], total: 0 } },
      );
      renderPage(<RevisionDialog scope={{ libraryId: 4 }} open onClose={() => undefined} />);
      fireEvent.change(await screen.findByTestId('revision-name'), { target: { value: 'rev 10/x' } });
      fireEvent.click(screen.getByTestId('revision-load'));
      expect(await screen.findByText(/修订名/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
      expect(calls.some((c) => c.url === '/ccms/flightops/revision')).toBe(false);
      fireEvent.change(screen.getByTestId('revision-name'), { target: { value: '2026-10' } });
      fireEvent.change(await zipInput(), { target: { files: [new File(['PK'], 'rev.zip', { type: 'application/zip' })] } });
      await screen.findByText('rev.zip');
      fireEvent.click(screen.getByTestId('revision-load'));
      expect((await screen.findByTestId('revision-error')).textContent).toBe('制造商分支：库中没有分支“manufacturer”（保存制造商修订原样的分支）');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
