import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { type EffectiveQuery, FlightopsApi, type FreezeBody, type RevisionLoadFields, type RevisionResolveBody } from '@ccms/contracts/content/flightops';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
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
    api.one(
      FlightopsApi.loadRevision,
      { body: loadForm(fields, file) },
      { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false, silent: true },
    ),
  fleet: (scope: CatalogScope) => api.one(FlightopsApi.fleet, { query: scope }),
  effective: (query: EffectiveQuery) => api.one(FlightopsApi.effective, { query }),
  frozen: (libraryId: number) => api.one(FlightopsApi.frozen, { query: { libraryId } }),
  freeze: (body: FreezeBody) => api.one(FlightopsApi.freeze, { body }, { repeatSubmit: false, silent: true }),
  resolve: (body: RevisionResolveBody) => api.one(FlightopsApi.resolveRevision, { body }, { repeatSubmit: false, silent: true }),
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
