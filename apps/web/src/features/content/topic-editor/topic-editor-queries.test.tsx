import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { documentKeys } from '../document/document-queries';
import { useSaveMap } from '../map-editor/map-editor-queries';
import { topicKeys } from '../topic/topic-queries';
import { useSaveTopic } from './topic-editor-queries';

beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const TOPIC_LIST = { libraryId: 3, pageNum: 1, pageSize: 20 };

/** A client holding what the catalogue and document screens show, and one query of another entity. */
function filledClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(topicKeys.list(TOPIC_LIST), { rows: [], total: 0 });
  client.setQueryData(documentKeys.detail(7), { documentId: 7 });
  client.setQueryData(documentKeys.toc(7), []);
  client.setQueryData(['content', 'tag', 'list', {}], { rows: [], total: 0 });
  return client;
}

const target = { libraryId: 3, branch: 'main', path: 'topics/a.dita' };

describe('a save refreshes the screens that show what it changed', () => {
  it('a topic save marks topic and document queries stale at once, and no other entity', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: { commit: 'c'.repeat(40), blob: 'b'.repeat(40) } } }));
    const client = filledClient();
    const { result } = renderHook(() => useSaveTopic(), { wrapper: wrapperOf(client) });
    await result.current.mutateAsync({ ...target, content: '<topic/>', baseCommit: 'a'.repeat(40), baseBlob: 'a'.repeat(40) });
    await waitFor(() => expect(client.getQueryState(documentKeys.detail(7))?.isInvalidated).toBe(true));
    expect(client.getQueryState(documentKeys.toc(7))?.isInvalidated).toBe(true);
    expect(client.getQueryState(topicKeys.list(TOPIC_LIST))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['content', 'tag', 'list', {}])?.isInvalidated).toBe(false);
  });

  it('a save refused as invalid refreshes nothing', async () => {
    fakeServer(() => ({ data: { code: 400, msg: 'invalid', data: { problems: [{ line: 1, column: 1, severity: 'error', message: 'x' }] } } }));
    const client = filledClient();
    const { result } = renderHook(() => useSaveTopic(), { wrapper: wrapperOf(client) });
    const outcome = await result.current.mutateAsync({ ...target, content: '<topic>', baseCommit: 'a'.repeat(40), baseBlob: 'a'.repeat(40) });
    expect(outcome.kind).toBe('invalid');
    expect(client.getQueryState(documentKeys.detail(7))?.isInvalidated).toBe(false);
  });

  it('a map save marks topic and document queries stale too', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: { commit: 'c'.repeat(40), blob: 'b'.repeat(40) } } }));
    const client = filledClient();
    const { result } = renderHook(() => useSaveMap(), { wrapper: wrapperOf(client) });
    result.current.mutate({ ...target, path: 'maps/m.ditamap', content: '<map/>', baseCommit: 'a'.repeat(40), baseBlob: 'a'.repeat(40) });
    await waitFor(() => expect(client.getQueryState(documentKeys.detail(7))?.isInvalidated).toBe(true));
    expect(client.getQueryState(topicKeys.list(TOPIC_LIST))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['content', 'tag', 'list', {}])?.isInvalidated).toBe(false);
  });
});
