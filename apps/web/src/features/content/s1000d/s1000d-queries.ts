import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type {
  IssueBody,
  IssueCompareQuery,
  ModuleQuery,
  ModuleTarget,
  NewModuleBody,
  NewPmBody,
  S1000dSettings,
} from '@ccms/contracts/content/s1000d-authoring';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductChoice, s1000dApi } from './s1000d-api';

/**
 * The S1000D data layer: applicability tables, product filters and module instances under
 * `s1000dKeys.all`, which a reindex refreshes with the rest of the catalogue (catalog-queries.ts).
 */
const all = ['content', 's1000d'] as const;
export const s1000dKeys = {
  all,
  applicability: (scope: CatalogScope) => [...all, 'applicability', scope] as const,
  filter: (documentId: number, choice: ProductChoice | null) => [...all, 'filter', documentId, choice] as const,
  instance: (topicId: number, choice: ProductChoice | null) => [...all, 'instance', topicId, choice] as const,
  dmcOptions: (scope: CatalogScope) => [...all, 'dmc-options', scope] as const,
  modules: (scope: CatalogScope) => [...all, 'modules', scope] as const,
  issues: (q: ModuleQuery) => [...all, 'issues', q] as const,
  changeMarks: (q: ModuleQuery) => [...all, 'change-marks', q] as const,
  compare: (q: IssueCompareQuery) => [...all, 'compare', q] as const,
};

/** What the DMC builder offers for a library branch (only asked while the dialog is open). */
export const useDmcOptions = (scope: CatalogScope, enabled: boolean) =>
  useQuery({ queryKey: s1000dKeys.dmcOptions(scope), queryFn: () => s1000dApi.dmcOptions(scope), enabled });

/** A module's issues (from its tags) and its current issue and status. */
export const useModuleIssues = (q: ModuleQuery) => useQuery({ queryKey: s1000dKeys.issues(q), queryFn: () => s1000dApi.issues(q) });

/** Change marks proposed against the latest issue (asked when the Issue dialog opens). */
export const useChangeMarks = (q: ModuleQuery, enabled: boolean) =>
  useQuery({ queryKey: s1000dKeys.changeMarks(q), queryFn: () => s1000dApi.changeMarks(q), enabled, staleTime: 0 });

/** Two issues side by side (nothing chosen: nothing asked). */
export const useIssueCompare = (q: IssueCompareQuery | null) =>
  useQuery({
    queryKey: s1000dKeys.compare(q ?? { libraryId: 0, path: '', from: '', to: '' }),
    queryFn: () => s1000dApi.compare(q as IssueCompareQuery),
    enabled: q !== null,
  });

/** Creating a module or moving it through its cycle changes files, names and statuses: every content list and detail is read again. */
function useContentChange<Body, Result>(fn: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }) });
}
/** The branch's data modules, for a new PM to list (only asked while its dialog is open). */
export const useModuleChoices = (scope: CatalogScope, enabled: boolean) =>
  useQuery({ queryKey: s1000dKeys.modules(scope), queryFn: () => s1000dApi.modules(scope), enabled });
export const useCreatePm = () => useContentChange((body: NewPmBody) => s1000dApi.createPm(body));
export const useCreateModule = () => useContentChange((body: NewModuleBody) => s1000dApi.createModule(body));
export const useStartInWork = () => useContentChange((target: ModuleTarget) => s1000dApi.startInWork(target));
export const useIssueModule = () => useContentChange((body: IssueBody) => s1000dApi.issue(body));
export const useSaveS1000dSettings = () => useContentChange((body: S1000dSettings) => s1000dApi.saveSettings(body));

/** The ACT, CCT and PCT of a library branch. */
export const useApplicability = (scope: CatalogScope, enabled = true) =>
  useQuery({ queryKey: s1000dKeys.applicability(scope), queryFn: () => s1000dApi.applicability(scope), enabled });

/** Which data modules of a publication module apply to the chosen product (nothing chosen: nothing asked). */
export const useProductFilter = (documentId: number, choice: ProductChoice | null) =>
  useQuery({
    queryKey: s1000dKeys.filter(documentId, choice),
    queryFn: () => s1000dApi.filter({ documentId, ...(choice ?? {}) }),
    enabled: choice !== null,
    retry: false,
  });

/** One data module filtered for the chosen product (nothing chosen: nothing asked). */
export const useModuleInstance = (topicId: number, choice: ProductChoice | null) =>
  useQuery({
    queryKey: s1000dKeys.instance(topicId, choice),
    queryFn: () => s1000dApi.instance({ topicId, ...(choice ?? {}) }),
    enabled: choice !== null,
    retry: false,
  });
