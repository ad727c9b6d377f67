import type { DmlCoverage, DmlCoverageRow } from '@ccms/contracts/content/s1000d-dml';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { dmcOptions } from '../testing/authoring';
import { DmlCoverageDrawer } from './DmlCoverageDrawer';

/**
 * A new DMRL entry from the DML coverage drawer: the DMC builder's fields (from dmc-options), the
 * technical and information names, POST /ccms/s1000d/dmrl-entry into the list shown; the coverage,
 * read again, lists the planned module as missing. The fake server answers as the real one does:
 * the posted entry becomes a missing row of that list.
 */
const LIST = 'csdb/DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML';
const OTHER = 'csdb/DML-BRAKE-C3002-P-2026-00001_000-01.XML';
const PLANNED = 'DMC-BRAKE-AAA-DA1-20-00-00AA-520A-A';

function coverageWith(planned: boolean): DmlCoverage {
  const rows: DmlCoverageRow[] = [
    {
      line: 40,
      kind: 'dm',
      code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-041A-A',
      requestedIssue: '001-00',
      entryIssueType: 'new',
      state: 'issued',
      path: 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-041A-A_008-00_EN-US.XML',
      topicId: 4,
      title: 'Bicycle - Description of how it is made',
      revision: '008-00',
      issueType: 'changed',
      issueMatch: 'later',
    },
  ];
  if (planned)
    rows.push({
      line: 900,
      kind: 'dm',
      code: PLANNED,
      requestedIssue: null,
      entryIssueType: 'new',
      state: 'missing',
      path: null,
      topicId: null,
      title: null,
      revision: null,
      issueType: null,
      issueMatch: null,
    });
  return {
    libraryId: 3,
    branch: 'main',
    commit: planned ? 'b'.repeat(40) : 'a'.repeat(40),
    indexedAt: '2026-11-28 12:00:00',
    lists: [
      { path: LIST, code: 'DML-S1000DBIKE-C3002-C-2012-00001', dmlType: 'C', revision: '001-01', entries: rows.length },
      { path: OTHER, code: 'DML-BRAKE-C3002-P-2026-00001', dmlType: 'P', revision: '000-01', entries: 1 },
    ],
    coverage: {
      path: LIST,
      code: 'DML-S1000DBIKE-C3002-C-2012-00001',
      dmlType: 'C',
      counts: { missing: planned ? 1 : 0, deleted: 0, inWork: 0, issued: 1 },
      rows,
    },
  };
}

/** Waits long enough for a loaded machine (the default second is not). */
const SLOW = { timeout: 10_000 };
let calls: InternalAxiosRequestConfig[] = [];
let added = false;
const ok = (data: unknown) => ({ data: { code: 200, msg: 'ok', data } });

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'task', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  fakeFeedback();
  added = false;
  useSession.setState({ roles: ['writer'], permissions: ['ccms:document:list', 'ccms:topic:add'] });
  calls = fakeServer((config) => {
    const url = config.url ?? '';
    if (url.startsWith('/ccms/s1000d/dml-coverage')) return ok(coverageWith(added));
    if (url.startsWith('/ccms/s1000d/dmc-options')) return ok(dmcOptions());
    if (url === '/ccms/s1000d/dmrl-entry') {
      added = true;
      return ok({ libraryId: 3, branch: 'main', path: LIST, code: 'DML-S1000DBIKE-C3002-C-2012-00001', commit: 'b'.repeat(40), problems: [] });
    }
    return ok(null);
  });
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posted = () => calls.filter((c) => c.method === 'post' && c.url === '/ccms/s1000d/dmrl-entry').map((c) => JSON.parse(String(c.data)));

describe('a new DMRL entry from the DML coverage drawer', () => {
  it('builds the planned code, names it, posts it into the list shown, and the coverage then lists it as missing', { timeout: 60_000 }, async () => {
    renderPage(<DmlCoverageDrawer scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    await screen.findByTestId('dml-counts', undefined, SLOW);
    expect(within(screen.getByTestId('dml-count-missing')).getByText('0')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dml-new-entry'));
    expect(await screen.findByText('New data module requirement list entry', undefined, SLOW)).toBeTruthy();

    // Nothing filled: the code segments and the technical name are asked for, naming each field; nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: /OK|Save|Confirm/ }));
    expect(await screen.findByText('Model identification code: enter the code', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText('Information code: enter the code')).toBeTruthy();
    expect(posted()).toEqual([]);

    type('dmrl-entry-modelIdentCode', 'brake');
    type('dmrl-entry-systemDiffCode', 'AAA');
    type('dmrl-entry-systemCode', 'DA1');
    type('dmrl-entry-subSystemCode', '2');
    type('dmrl-entry-disassyCodeVariant', 'AA');
    // A code the project BREX refuses is shown and cannot be chosen; 520 names the entry.
    fireEvent.mouseDown(within(await screen.findByTestId('dmrl-entry-infoCode', undefined, SLOW)).getByRole('combobox'));
    expect(await screen.findByTitle('952 Performance support (not allowed by the project BREX)', undefined, SLOW)).toBeTruthy();
    fireEvent.click(await screen.findByTitle('520 Remove procedures', undefined, SLOW));
    await waitFor(() => expect((screen.getByTestId('dmrl-entry-infoName') as HTMLInputElement).value).toBe('Remove procedures'), SLOW);
    type('dmrl-entry-techName', 'Brake pads');
    await waitFor(() => expect(screen.getByTestId('dmrl-entry-code').textContent).toBe(PLANNED), SLOW);
    // The list shown is preset; another can be chosen (the first is kept here).
    expect(within(screen.getByTestId('dmrl-entry-list')).getByText('DML-S1000DBIKE-C3002-C-2012-00001')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /OK|Save|Confirm/ }));
    await waitFor(() => expect(posted()).toHaveLength(1), SLOW);
    expect(posted()[0]).toEqual({
      libraryId: 3,
      branch: 'main',
      dmlPath: LIST,
      dmc: {
        modelIdentCode: 'brake',
        systemDiffCode: 'AAA',
        systemCode: 'DA1',
        subSystemCode: '2',
        subSubSystemCode: '0',
        assyCode: '00',
        disassyCode: '00',
        disassyCodeVariant: 'AA',
        infoCode: '520',
        infoCodeVariant: 'A',
        itemLocationCode: 'A',
      },
      techName: 'Brake pads',
      infoName: 'Remove procedures',
    });
    // The coverage is read again: the planned module is missing.
    await waitFor(() => expect(within(screen.getByTestId('dml-count-missing')).getByText('1')).toBeTruthy(), SLOW);
    const table = screen.getByTestId('dml-rows');
    expect(within(table).getByText(PLANNED)).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('dml-state')
        .map((s) => s.textContent),
    ).toEqual(['Issued', 'Missing']);
  });

  it('is not offered without the right to create modules', async () => {
    useSession.setState({ roles: ['reader'], permissions: ['ccms:document:list'] });
    renderPage(<DmlCoverageDrawer scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />);
    await screen.findByTestId('dml-counts', undefined, SLOW);
    expect(screen.queryByTestId('dml-new-entry')).toBeNull();
  });
});
