import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { tagKeys, useDeleteTag, useTagList } from './tag-queries';

beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('tag data layer', () => {
  it('a list hook answers {rows, total} from the envelope, under the factory key', async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', rows: [{ tagId: 1 }], total: 1 } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const params = { libraryId: 3, pageNum: 1, pageSize: 20 };
    const { result } = renderHook(() => useTagList(params), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(result.current.data).toEqual({ rows: [{ tagId: 1 }], total: 1 }));
    expect(calls[0]?.url).toBe('/ccms/tag/list?libraryId=3&pageNum=1&pageSize=20');
    expect(client.getQueryData(tagKeys.list(params))).toEqual({ rows: [{ tagId: 1 }], total: 1 });
  });

  it("a delete invalidates every tag query and leaves other entities' alone", async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok' } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(tagKeys.list({ libraryId: 3 }), { rows: [], total: 0 });
    client.setQueryData(tagKeys.options(3), []);
    client.setQueryData(['content', 'topic', 'list', {}], { rows: [], total: 0 });
    const { result } = renderHook(() => useDeleteTag(), { wrapper: wrapperOf(client) });
    await result.current.mutateAsync([4, 5]);
    expect(calls[0]?.method).toBe('delete');
    expect(calls[0]?.url).toBe('/ccms/tag/4,5');
    expect(client.getQueryState(tagKeys.list({ libraryId: 3 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(tagKeys.options(3))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['content', 'topic', 'list', {}])?.isInvalidated).toBe(false);
  });
});
