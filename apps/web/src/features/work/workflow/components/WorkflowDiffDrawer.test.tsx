import type { WorkflowDiff } from '@ccms/contracts/work/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { WorkflowDiffDrawer } from './WorkflowDiffDrawer';

const XML = '<concept id="c">\n  <p>Open the valve.</p>\n</concept>\n';
const base = {
  commit: 'aaaaaaaa11112222333344445555666677778888',
  date: '2026-11-20T08:00:00Z',
  author: 'Wang Wei',
  message: 'First draft',
  source: 'approval' as const,
  approvedBy: 'reviewer1',
  approveTime: '2026-11-21T09:00:00Z',
};
const answer = (diff: Partial<WorkflowDiff>): WorkflowDiff => ({
  planId: 7,
  libraryId: 3,
  branch: 'main',
  kind: 'topic',
  path: 'topics/valve.dita',
  base,
  head: { commit: 'bbbbbbbb11112222333344445555666677778888', date: '2026-11-22T10:00:00Z', author: 'Li Na', message: 'Say slowly' },
  state: 'changed',
  before: { xml: XML, html: '<p>Open the valve.</p>' },
  after: { xml: XML.replace('the valve', 'the valve slowly'), html: '<p>Open the valve slowly.</p>' },
  ...diff,
});

const show = (diff: WorkflowDiff) => {
  const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', data: diff } }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <App>
          <WorkflowDiffDrawer planId={7} path="topics/valve.dita" onClose={() => undefined} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
};

beforeAll(async () => {
  await i18n.loadNamespaces(['workflow']);
  await i18n.changeLanguage('en');
});

describe('what changed in a covered item', () => {
  it('names both revisions (commit, date, author, who approved), renders the marked diff and shows the XML a tab away', async () => {
    const calls = show(answer({}));
    const baseCell = await screen.findByTestId('workflow-diff-base', {}, { timeout: 15_000 });
    expect(calls[0]?.url).toBe('/ccms/workflow/7/diff?path=topics%2Fvalve.dita');
    expect(baseCell.textContent).toContain('aaaaaaaa');
    expect(baseCell.textContent).toContain('Wang Wei');
    expect(baseCell.textContent).toContain('approved by reviewer1');
    expect(screen.getByText('Last approved revision')).toBeTruthy();
    expect(screen.getByTestId('workflow-diff-head').textContent).toContain('bbbbbbbb');
    expect(screen.getByText(/head of branch main/)).toBeTruthy();
    const frame = screen.getByTestId('workflow-diff-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toContain('<ins data-change="0">slowly</ins>');
    expect(screen.getByTestId('workflow-diff-position').textContent).toBe('Change 1 of 1');

    fireEvent.click(screen.getByRole('tab', { name: 'XML' }));
    const xml = await screen.findByTestId('workflow-diff-xml');
    expect(xml.querySelector('[data-op="del"]')?.textContent).toContain('<p>Open the valve.</p>');
    expect(xml.querySelector('[data-op="ins"]')?.textContent).toContain('<p>Open the valve slowly.</p>');
    // Opened at the first change.
    expect(xml.querySelector('.diff-current')?.getAttribute('data-op')).toBe('del');
  });

  it('says when nothing changed since the approval, and opens the XML when the format has no rendered view', async () => {
    show(answer({ state: 'unchanged', after: { xml: XML, html: null }, before: { xml: XML, html: null } }));
    expect((await screen.findByTestId('workflow-diff-state', {}, { timeout: 15_000 })).textContent).toBe('No changes since the last approval');
    expect(screen.getByText('This format has no rendered view; see the XML.')).toBeTruthy();
    expect(screen.queryByTestId('workflow-diff-frame')).toBeNull();
    expect((await screen.findByTestId('workflow-diff-xml')).querySelectorAll('[data-op="same"]')).toHaveLength(3);
    expect(screen.getByText('No change')).toBeTruthy();
  });
});
