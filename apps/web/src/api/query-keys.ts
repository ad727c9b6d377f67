/**
 * The query-key factory of one entity, hierarchical so one prefix invalidates what it covers:
 * `all` ⊃ `lists()` ⊃ `list(params)`, `all` ⊃ `details()` ⊃ `detail(id)`. An entity's
 * `<entity>-queries.ts` builds its keys here (adding its own, e.g. `tagKeys.tagged(id, page)`, under
 * `all`); components never spell a key.
 */
export function entityKeys<ListParams, Id = number>(area: string, entity: string) {
  const all = [area, entity] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: Id) => [...all, 'detail', id] as const,
  };
}
