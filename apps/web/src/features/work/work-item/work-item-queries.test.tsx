import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { planKeys } from '../plan/plan-queries';
import { releaseLogKeys } from '../release-log/release-log-queries';
import { taskKeys, useDeleteTasks } from '../task/task-queries';
import { useSaveWorkItem, useWorkItemList, workItemKeys } from './work-item-queries';

beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

const clientOf = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('work data layer', () => {
  it('the condition query posts the conditions and answers {rows, total} under the factory key', async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', rows: [{ workItemId: 7 }], total: 1 } }));
    const client = clientOf();
    const params = {
      conditions: [{ field: 'title' as const, operator: 'contains' as const, value: 'x' }],
      logic: 'and' as const,
      projectId: 2,
      pageNum: 1,
      pageSize: 20,
    };
    const { result } = renderHook(() => useWorkItemList(params), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(result.current.data).toEqual({ rows: [{ workItemId: 7 }], total: 1 }));
    expect(calls[0]?.method).toBe('post');
    expect(JSON.parse(String(calls[0]?.data))).toMatchObject({ conditions: params.conditions, logic: 'and', projectId: 2 });
    expect(client.getQueryData(workItemKeys.list(params))).toEqual({ rows: [{ workItemId: 7 }], total: 1 });
  });

  it('a work item save refreshes its detail, history and lists, and nothing of other entities', async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok' } }));
    const client = clientOf();
    client.setQueryData(workItemKeys.detail(4), {});
    client.setQueryData(workItemKeys.history(4), []);
    client.setQueryData(workItemKeys.lists(), { rows: [], total: 0 });
    client.setQueryData(releaseLogKeys.lists(), { rows: [], total: 0 });
    const { result } = renderHook(() => useSaveWorkItem(), { wrapper: wrapperOf(client) });
    expect(await result.current.mutateAsync({ workItemId: 4, projectId: 2, rowVersion: 3, title: 'T' })).toBe(4);
    expect([calls[0]?.method, calls[0]?.url]).toEqual(['put', '/ccms/workitem']);
    expect(client.getQueryState(workItemKeys.detail(4))?.isInvalidated).toBe(true);
    expect(client.getQueryState(workItemKeys.history(4))?.isInvalidated).toBe(true);
    expect(client.getQueryState(workItemKeys.lists())?.isInvalidated).toBe(true);
    expect(client.getQueryState(releaseLogKeys.lists())?.isInvalidated).toBe(false);
  });

  it('a task change refreshes the plans too (their progress counts the tasks)', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok' } }));
    const client = clientOf();
    client.setQueryData(taskKeys.lists(), { rows: [], total: 0 });
    client.setQueryData(planKeys.detail(9), {});
    client.setQueryData(workItemKeys.lists(), { rows: [], total: 0 });
    const { result } = renderHook(() => useDeleteTasks(), { wrapper: wrapperOf(client) });
    await result.current.mutateAsync([1]);
    expect(client.getQueryState(taskKeys.lists())?.isInvalidated).toBe(true);
    expect(client.getQueryState(planKeys.detail(9))?.isInvalidated).toBe(true);
    expect(client.getQueryState(workItemKeys.lists())?.isInvalidated).toBe(false);
  });
});
