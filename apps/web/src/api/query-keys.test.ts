import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { entityKeys } from './query-keys';

describe('entityKeys', () => {
  const keys = entityKeys<{ libraryId: number; pageNum: number }>('content', 'tag');

  it('builds one hierarchy per entity: all ⊃ lists ⊃ list(params), all ⊃ details ⊃ detail(id)', () => {
    expect(keys.all).toEqual(['content', 'tag']);
    expect(keys.list({ libraryId: 3, pageNum: 2 })).toEqual(['content', 'tag', 'list', { libraryId: 3, pageNum: 2 }]);
    expect(keys.detail(5)).toEqual(['content', 'tag', 'detail', 5]);
  });

  it('a prefix invalidates what it covers and nothing of another entity', async () => {
    const client = new QueryClient();
    const list = keys.list({ libraryId: 3, pageNum: 1 });
    const detail = keys.detail(5);
    const other = entityKeys<object>('content', 'topic').detail(5);
    for (const key of [list, detail, other]) client.setQueryData(key, 'x');

    await client.invalidateQueries({ queryKey: keys.lists() });
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);

    await client.invalidateQueries({ queryKey: keys.all });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
    const query = client.getQueryCache().find({ queryKey: other });
    expect(query && matchQuery({ queryKey: keys.all }, query)).toBe(false);
  });
});
