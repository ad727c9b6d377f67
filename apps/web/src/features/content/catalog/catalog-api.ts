import { CatalogApi, type CatalogScope, type ProblemQuery } from '@ccms/contracts/content/catalog';
import type { Endpoint } from '@ccms/contracts/endpoint';
import { type ApiEnvelope, api, type RowOf, request, requestOf } from '../../../api/client';
import type { PageResult } from '../../../shared/list/query';

/** A catalogue list: rows and total plus the index they were read from. */
export type CatalogPage<T> = PageResult<T> & { commit: string; branch: string; libraryId: number; indexedAt: string | Date | null };

/** GET a catalogue list (documents, topics): the page and the index it was read from, the envelope's code and msg left behind. */
export async function catalogPage<E extends Endpoint>(e: E, query: object): Promise<CatalogPage<RowOf<E>>> {
  const { code: _code, msg: _msg, ...page } = await request<ApiEnvelope & CatalogPage<RowOf<E>>>(requestOf(e, { query }));
  return page;
}

/** The index of a library branch (server: modules/content/catalog). Screens use `catalog-queries.ts`. */
export const catalogApi = {
  state: (scope: CatalogScope) => api.one(CatalogApi.state, { query: scope }, { silent: true }),
  reindex: async (scope: CatalogScope, full = false) =>
    (await api.call(CatalogApi.reindex, { query: { ...scope, ...(full ? { full: 'true' } : {}) } }, { repeatSubmit: false })).data,
  /** The located problems indexing found (S1000D: references, schema, BREX), of the branch or of one file. */
  problems: (query: ProblemQuery) => catalogPage(CatalogApi.problems, query),
};
