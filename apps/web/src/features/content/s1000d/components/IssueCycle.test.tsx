import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { type AuthoringServerOptions, authoringServer, CODE, issueRow, moduleIssues } from '../testing/authoring';
import { queryOf } from '../testing/bike';
import { IssueCycle } from './IssueCycle';

let calls: InternalAxiosRequestConfig[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'document', 'shared']);
});
beforeEach(() => {
  fakeFeedback();
  useSession.setState({ roles: ['writer'], permissions: ['ccms:topic:edit'] });
});
afterAll(() => i18n.changeLanguage('en'));

const target = (issue: string) => ({ libraryId: 3, branch: 'main', path: `csdb/${CODE}_${issue}_EN-US.XML` });

function show(issue: string, opts: AuthoringServerOptions = {}) {
  calls = fakeServer(authoringServer(opts));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <IssueCycle target={target(issue)} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posted = (url: string) => calls.filter((c) => c.method === 'post' && c.url === url).map((c) => JSON.parse(String(c.data)));

async function pick(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

describe("a data module's issue cycle", () => {
  it('an in-work module: its issue and status; Issue sends the issue type, the reasons and the marks kept, with their edited change types', async () => {
    show('001-01');
    expect((await screen.findByTestId('s1000d-cycle-issue')).textContent).toBe('001-01');
    expect(screen.getByTestId('s1000d-cycle-status').textContent).toBe('Draft');
    expect((screen.getByTestId('s1000d-start-in-work') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('s1000d-issue'));
    // The marks proposed against issue 001.
    expect(await screen.findByText('Proposed change marks (against issue 001)')).toBeTruthy();
    const texts = await screen.findAllByTestId('mark-text');
    expect(texts[0]?.textContent).toBe('Put the new pads in the caliper.Step 1.');
    fireEvent.change(screen.getByTestId('issue-reason'), { target: { value: 'Pads procedure written' } });
    // The added step is dropped; the para's change type becomes "add".
    const include = screen.getAllByTestId('mark-include');
    fireEvent.click(include[1] as HTMLElement);
    const marks = screen.getByTestId('issue-marks');
    fireEvent.mouseDown(within(marks).getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click((await screen.findAllByTitle('Added')).at(-1) as HTMLElement);
    fireEvent.click(screen.getByTestId('issue-submit'));
    await waitFor(() => expect(posted('/ccms/s1000d/issue')).toHaveLength(1));
    expect(posted('/ccms/s1000d/issue')[0]).toEqual({
      ...target('001-01'),
      issueType: 'changed',
      reasons: [{ text: 'Pads procedure written', highlight: true }],
      marks: [{ path: '/dmodule/content/procedure/mainProcedure/proceduralStep[1]/para', changeType: 'add' }],
    });
    expect(await screen.findByText(`Issued 002-00: csdb/${CODE}_002-00_EN-US.XML (tag issue/${CODE}/002)`)).toBeTruthy();
  });

  it('an issued module: Issue is off; Start next in-work asks, then sends the module', async () => {
    show('001-00', { issues: moduleIssues('001-00', 'approved', [issueRow('001')]) });
    expect((await screen.findByTestId('s1000d-cycle-status')).textContent).toBe('Approved');
    expect((screen.getByTestId('s1000d-issue') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('s1000d-start-in-work'));
    fireEvent.click(await screen.findByRole('button', { name: /ok/i }));
    await waitFor(() => expect(posted('/ccms/s1000d/in-work')).toEqual([target('001-00')]));
  });

  it('waits for approval when the library asks for it', async () => {
    show('001-01', { issues: moduleIssues('001-01', 'draft', [issueRow('001')], true) });
    expect(await screen.findByTestId('s1000d-cycle-blocked')).toBeTruthy();
    expect((screen.getByTestId('s1000d-issue') as HTMLButtonElement).disabled).toBe(true);
  });

  it("a library configurer turns on the library's approval rule from here; a writer does not see the switch", async () => {
    show('001-01');
    await screen.findByTestId('s1000d-cycle-issue');
    expect(screen.queryByTestId('s1000d-needs-approval')).toBeNull();
    useSession.setState({ roles: ['owner'], permissions: ['ccms:topic:edit', 'ccms:library:edit'] });
    fireEvent.click(await screen.findByTestId('s1000d-needs-approval'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'put' && c.url === '/ccms/s1000d/settings').map((c) => JSON.parse(String(c.data)))).toEqual([
        { libraryId: 3, issueNeedsApproval: true },
      ]),
    );
  });

  it('the first issue carries no reasons or marks', async () => {
    show('000-01', { issues: moduleIssues('000-01', 'draft', []) });
    expect(await screen.findByTestId('s1000d-issues-none')).toBeTruthy();
    fireEvent.click(screen.getByTestId('s1000d-issue'));
    expect(await screen.findByTestId('issue-first')).toBeTruthy();
    fireEvent.click(screen.getByTestId('issue-submit'));
    await waitFor(() => expect(posted('/ccms/s1000d/issue')).toHaveLength(1));
    expect(posted('/ccms/s1000d/issue')[0]).toMatchObject({ issueType: 'new', reasons: [], marks: [] });
  });

  it('lists the issues from their tags and compares two side by side', async () => {
    show('002-01', { issues: moduleIssues('002-01', 'draft', [issueRow('002'), issueRow('001')]) });
    const table = await screen.findByTestId('s1000d-issues');
    expect(within(table).getByText(`issue/${CODE}/001`)).toBeTruthy();
    expect(within(table).getByText(`csdb/${CODE}_002-00_EN-US.XML`)).toBeTruthy();
    await pick('s1000d-compare-from', '001');
    await pick('s1000d-compare-to', '002');
    fireEvent.click(screen.getByTestId('s1000d-compare'));
    expect(await screen.findByTestId('diff-table')).toBeTruthy();
    const asked = calls.filter((c) => c.url?.startsWith('/ccms/s1000d/issues/compare')).map(queryOf);
    expect(asked.map((q) => [q.get('from'), q.get('to'), q.get('path')])).toEqual([['001', '002', `csdb/${CODE}_002-01_EN-US.XML`]]);
  });
});
