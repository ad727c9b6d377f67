import type { CatalogScope, CatalogState, ProblemQuery, ProblemRow, ReindexResult } from '@ccms/contracts/content/catalog';
import { type ApiEnvelope, byUrl, type DataBody } from '../../../api/client';
import type { PageResult } from '../../../shared/list/query';

/** A catalogue list: rows and total plus the index they were read from. */
export type CatalogPage<T> = PageResult<T> & { commit: string; branch: string; libraryId: number; indexedAt: string | Date | null };

/** GET a catalogue list (documents, topics): the page and the index it was read from, the envelope's code and msg left behind. */
export async function catalogPage<Row>(url: string, params: object): Promise<CatalogPage<Row>> {
  const { code: _code, msg: _msg, ...page } = await byUrl.get<ApiEnvelope & CatalogPage<Row>>(url, params);
  return page;
}

/** The index of a library branch (server: modules/content/catalog). Screens use `catalog-queries.ts`. */
export const catalogApi = {
  state: (scope: CatalogScope) => byUrl.one<CatalogState>('/ccms/catalog/state', scope, { silent: true }),
  reindex: (scope: CatalogScope, full = false) =>
    byUrl
      .post<DataBody<ReindexResult>>('/ccms/catalog/reindex', undefined, { params: { ...scope, ...(full ? { full: 'true' } : {}) }, repeatSubmit: false })
      .then((r) => r.data),
  /** The located problems indexing found (S1000D: references, schema, BREX), of the branch or of one file. */
  problems: (query: ProblemQuery) => catalogPage<ProblemRow>('/ccms/catalog/problems', query),
};
