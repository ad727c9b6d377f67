import type { DmlCoverage, DmlCoverageRow } from '@ccms/contracts/content/s1000d-dml';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { queryOf } from '../testing/bike';
import { DmlCoverageDrawer } from './DmlCoverageDrawer';

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'task', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => useSession.setState({ roles: ['writer'], permissions: ['ccms:document:list', 'ccms:task:add'] }));

const row = (line: number, code: string, state: DmlCoverageRow['state'], more: Partial<DmlCoverageRow> = {}): DmlCoverageRow => ({
  line,
  kind: 'dm',
  code,
  requestedIssue: '001-00',
  entryIssueType: 'new',
  state,
  path: state === 'missing' ? null : `csdb/${code}_001-00_EN-US.XML`,
  topicId: state === 'missing' ? null : line,
  title: state === 'missing' ? null : `Pump ${line}`,
  revision: state === 'missing' ? null : '001-00',
  issueType: state === 'missing' ? null : 'new',
  issueMatch: state === 'missing' ? null : 'exact',
  ...more,
});

const LIST = 'csdb/DML-TEST-12345-S-2026-00001_001-00.XML';
const coverage: DmlCoverage = {
  libraryId: 3,
  branch: 'main',
  commit: 'c0ffee',
  indexedAt: '2026-11-28 12:00:00',
  lists: [{ path: LIST, code: 'DML-TEST-12345-S-2026-00001', dmlType: 'S', revision: '001-00', entries: 3 }],
  coverage: {
    path: LIST,
    code: 'DML-TEST-12345-S-2026-00001',
    dmlType: 'S',
    counts: { missing: 1, deleted: 0, inWork: 1, issued: 1 },
    rows: [
      row(10, 'DMC-TEST-A-00-00-00-00A-040A-D', 'issued'),
      row(20, 'DMC-TEST-A-00-00-00-00A-041A-D', 'inWork', { revision: '000-02', issueMatch: 'later' }),
      row(30, 'DMC-TEST-A-00-00-00-00A-520A-A', 'missing'),
    ],
  },
};

describe('the DML coverage drawer', () => {
  it('counts the entries by state, filters them, and raises a task for a missing module with its code and list', async () => {
    const calls = fakeServer((config) => {
      const url = config.url ?? '';
      if (url.startsWith('/ccms/s1000d/dml-coverage')) return { data: { code: 200, msg: 'ok', data: coverage } };
      return { data: { code: 200, msg: 'ok', rows: [], total: 0, data: [] } };
    });
    renderPage(<DmlCoverageDrawer scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    const counts = await screen.findByTestId('dml-counts');
    expect(within(counts).getByTestId('dml-count-missing').textContent).toContain('1');
    expect(within(counts).getByTestId('dml-count-issued').textContent).toContain('1');
    const asked = calls.find((c) => c.url?.startsWith('/ccms/s1000d/dml-coverage'));
    expect(Object.fromEntries(queryOf(asked as InternalAxiosRequestConfig))).toEqual({ libraryId: '3', branch: 'main' });
    const table = screen.getByTestId('dml-rows');
    expect(
      within(table)
        .getAllByTestId('dml-state')
        .map((s) => s.textContent),
    ).toEqual(['Issued', 'In work', 'Missing']);
    expect(within(table).getByText('Later than asked')).toBeTruthy();
    // Only missing and in-work entries can become tasks.
    expect(within(table).getAllByTestId('dml-create-task')).toHaveLength(2);
    // Filtered to the missing ones.
    fireEvent.mouseDown(within(screen.getByTestId('dml-filter')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Missing')).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('dml-state')
          .map((s) => s.textContent),
      ).toEqual(['Missing']),
    );
    fireEvent.click(within(table).getByTestId('dml-create-task'));
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Write DMC-TEST-A-00-00-00-00A-520A-A'));
    expect(screen.getByText(/Asked for by data module list DML-TEST-12345-S-2026-00001 \(entry at line 30, issue 001-00\)/)).toBeTruthy();
  });

  it('says so when the branch holds no list', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: { ...coverage, lists: [], coverage: null } } }));
    renderPage(<DmlCoverageDrawer scope={{ libraryId: 3 }} open onClose={() => undefined} />);
    expect(await screen.findByText('The branch holds no data module list (DML)')).toBeTruthy();
  });
});
