import { MAX_CONDITIONS } from '@ccms/contracts/work/work-item-conditions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { ConditionBuilder, toConditions } from './ConditionBuilder';

beforeAll(async () => {
  await i18n.loadNamespaces(['work-item']);
  fakeServer((config) => ({
    data: { code: 200, msg: 'ok', data: config.url?.includes('userOptions') ? [{ userId: 1, userName: 'admin', nickName: 'Admin' }] : [] },
  }));
});

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{node}</App>
  </QueryClientProvider>
);

describe('toConditions', () => {
  it('sends dates as days, numbers as numbers, lists as arrays and no value for empty checks', () => {
    expect(
      toConditions([
        { key: 1, field: 'due', operator: 'between', value: [dayjs('2031-01-02'), dayjs('2031-02-03')] },
        { key: 2, field: 'priority', operator: 'le', value: '2' },
        { key: 3, field: 'module', operator: 'in', value: ['engine', 'gear'] },
        { key: 4, field: 'assigneeId', operator: 'empty', value: 7 },
        { key: 5, field: 'archived', operator: 'eq', value: 'true' },
        { key: 6, field: 'title', operator: 'contains', value: 'Torque' },
      ]),
    ).toEqual([
      { field: 'due', operator: 'between', value: ['2031-01-02', '2031-02-03'] },
      { field: 'priority', operator: 'le', value: 2 },
      { field: 'module', operator: 'in', value: ['engine', 'gear'] },
      { field: 'assigneeId', operator: 'empty' },
      { field: 'archived', operator: 'eq', value: true },
      { field: 'title', operator: 'contains', value: 'Torque' },
    ]);
  });
});

describe('condition builder', () => {
  it(`adds rows up to ${MAX_CONDITIONS}, then refuses more, and applies them with the chosen logic`, async () => {
    const onApply = vi.fn();
    render(wrap(<ConditionBuilder projectId={5} onApply={onApply} />));
    const add = await screen.findByTestId('condition-add');
    for (let i = 0; i < MAX_CONDITIONS; i += 1) fireEvent.click(add);
    expect(screen.getAllByTestId(/^condition-row-/)).toHaveLength(MAX_CONDITIONS);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(add);
    expect(screen.getAllByTestId(/^condition-row-/)).toHaveLength(MAX_CONDITIONS);
    fireEvent.click(screen.getByRole('radio', { name: 'Match any (OR)' }));
    fireEvent.click(screen.getByTestId('condition-run'));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    const applied = onApply.mock.calls.at(-1)?.[0];
    expect(applied.logic).toBe('or');
    expect(applied.conditions).toHaveLength(MAX_CONDITIONS);
    expect(applied.conditions[0]).toEqual({ field: 'title', operator: 'contains', value: '' });
    // Ten rows of antd selects in jsdom: seconds alone, over 15 s on a loaded 2-core run.
  }, 60_000);
});
