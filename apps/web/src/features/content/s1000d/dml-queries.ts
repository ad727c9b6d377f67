import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { type DmrlEntryBody, S1000dAuthoringApi } from '@ccms/contracts/content/s1000d-authoring';
import { S1000dDmlApi } from '@ccms/contracts/content/s1000d-dml';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { s1000dKeys } from './s1000d-queries';

/** A data module list's coverage (server: GET /ccms/s1000d/dml-coverage); without a path, the branch's first DML. */
export const dmlApi = {
  coverage: (scope: CatalogScope, path?: string) => api.one(S1000dDmlApi.coverage, { query: { ...scope, ...(path ? { path } : {}) } }),
  /** A planned data module added to a data module requirement list as one commit (server: POST /ccms/s1000d/dmrl-entry). */
  addEntry: (body: DmrlEntryBody) => api.one(S1000dAuthoringApi.addDmrlEntry, { body }),
};

/** Under the S1000D keys, so a reindex refreshes it with the rest of the catalogue. */
export const useDmlCoverage = (scope: CatalogScope, path: string | undefined, enabled = true) =>
  useQuery({ queryKey: [...s1000dKeys.all, 'dml-coverage', scope, path ?? null] as const, queryFn: () => dmlApi.coverage(scope, path), enabled, retry: false });

/** A new DMRL entry changes a file of the branch: the coverage and every content list are read again. */
export function useAddDmrlEntry() {
  const client = useQueryClient();
  return useMutation({ mutationFn: dmlApi.addEntry, onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }) });
}
