import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type {
  EffectiveQuery,
  EffectiveResult,
  FleetResult,
  FreezeBody,
  FreezeResult,
  FrozenList,
  RevisionLoadFields,
  RevisionLoadResult,
  RevisionResolveBody,
} from '@ccms/contracts/content/flightops';
import { useMutation } from '@tanstack/react-query';
import { byUrl } from '../../../api/client';
import { useRefreshCatalog } from '../catalog/catalog-queries';

/** Text fields first, then the zip (the server checks the fields and the caller's rights before reading the file). */
function loadForm(fields: Partial<RevisionLoadFields> & { libraryId: number; revision: string }, file: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  form.append('file', file, file.name);
  return form;
}

/** Manufacturer revisions of a flight-operations manual (server: modules/content/flightops). */
export const flightopsApi = {
  load: (fields: Partial<RevisionLoadFields> & { libraryId: number; revision: string }, file: File) =>
    byUrl
      .post<{ data: RevisionLoadResult }>('/ccms/flightops/revision', loadForm(fields, file), {
        headers: { 'Content-Type': 'multipart/form-data' },
        repeatSubmit: false,
        silent: true,
      })
      .then((r) => r.data),
  fleet: (scope: CatalogScope) => byUrl.one<FleetResult>('/ccms/flightops/fleet', scope),
  effective: (query: EffectiveQuery) => byUrl.one<EffectiveResult>('/ccms/flightops/effective', query),
  frozen: (libraryId: number) => byUrl.one<FrozenList>('/ccms/flightops/frozen', { libraryId }),
  freeze: (body: FreezeBody) => byUrl.post<{ data: FreezeResult }>('/ccms/flightops/freeze', body, { repeatSubmit: false, silent: true }).then((r) => r.data),
  resolve: (body: RevisionResolveBody) =>
    byUrl.post<{ data: { commit: string } }>('/ccms/flightops/revision/resolve', body, { repeatSubmit: false, silent: true }).then((r) => r.data),
};

/** Loading and resolving commit to the library: the catalogue's lists refresh. */
export function useLoadRevision() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Parameters<typeof flightopsApi.load>[0]; file: File }) => flightopsApi.load(fields, file),
    onSuccess: () => refresh(),
  });
}

export function useResolveConflict() {
  const refresh = useRefreshCatalog();
  return useMutation({ mutationFn: flightopsApi.resolve, onSuccess: () => refresh() });
}
