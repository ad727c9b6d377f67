import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { HistoryTable } from './HistoryTable';

beforeAll(async () => {
  await i18n.loadNamespaces(['work-item']);
});
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <App>{node}</App>
  </QueryClientProvider>
);

const row = (historyId: number, over: Record<string, string>) => ({
  historyId,
  index: historyId,
  changeTime: '2026-11-29T10:00:00.000Z',
  changeBy: 'writer',
  changeType: 'edit',
  changeField: 'title',
  beforeValue: '',
  afterValue: '',
  beforeLabel: '',
  afterLabel: '',
  ...over,
});

describe('work item history', () => {
  it('says change types, fields and enum values in words, and ids by what they name', async () => {
    const calls = fakeServer(() => ({
      data: {
        code: 200,
        msg: 'ok',
        data: [
          row(1, { changeType: 'resolve', changeField: 'resolution', afterValue: 'fixed' }),
          row(2, { changeType: 'close', changeField: 'closeReason', afterValue: 'done' }),
          row(3, { changeType: 'comment', changeField: 'reply', afterValue: 'Thanks' }),
          row(4, { changeType: 'attachment', changeField: 'replace', afterValue: 'log.txt' }),
          row(5, { changeField: 'archived', beforeValue: 'false', afterValue: 'true' }),
          row(6, { changeField: 'planId', beforeValue: '3', afterValue: '4', beforeLabel: 'Sprint one', afterLabel: 'Sprint two' }),
        ],
      },
    }));
    render(wrap(<HistoryTable workItemId={9} />));
    const table = await screen.findByTestId('history-table');
    await within(table).findByText('Sprint two');
    const rows = within(table).getAllByRole('row');
    const text = (r: HTMLElement) => r.textContent ?? '';
    expect(calls[0]?.url).toBe('/ccms/workitem/9/history');
    const body = rows.slice(1).map(text);
    expect(body).toHaveLength(6);
    expect(body[0]).toContain('Resolve');
    expect(body[0]).toContain('Fixed');
    expect(body[1]).toContain('Close');
    expect(body[1]).toContain('Done');
    expect(body[2]).toContain('Reply');
    expect(body[3]).toContain('Replaced');
    expect(body[4]).toContain('Edited');
    expect(body[4]).toMatch(/NoYes$/);
    expect(body[5]).toContain('Sprint oneSprint two');
  });
});
