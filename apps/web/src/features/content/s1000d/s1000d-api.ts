import type { CatalogScope, TextDiff } from '@ccms/contracts/content/catalog';
import type {
  Applicability,
  ChangeMarkProposal,
  CycleResult,
  DmcOptions,
  InstanceQuery,
  IssueBody,
  IssueCompareQuery,
  ModuleInstance,
  ModuleIssues,
  ModuleQuery,
  ModuleTarget,
  NewModuleBody,
  NewModuleResult,
  NewPmBody,
  ObjectWritten,
  ProductFilter,
  ProductFilterQuery,
  S1000dSettings,
} from '@ccms/contracts/content/s1000d';
import type { TopicRow } from '@ccms/contracts/content/topic';
import { api } from '../../../api/client';

/** A product to filter for: a PCT product (its key), or property values `ident=value;...` (sets without a PCT). */
export type ProductChoice = { product: string } | { assign: string };

/**
 * S1000D libraries (server: modules/content/s1000d): the branch's applicability tables, which data
 * modules of a publication module apply to a product, one data module's instance for a product.
 * Refusals (not an S1000D library, unknown product, ...) come back in the user's language and show
 * through the client's error handling. Screens use `s1000d-queries.ts`.
 */
export const s1000dApi = {
  applicability: (scope: CatalogScope) => api.one<Applicability>('/ccms/s1000d/applicability', scope),
  filter: (query: ProductFilterQuery) => api.one<ProductFilter>('/ccms/s1000d/filter', query),
  instance: (query: InstanceQuery) => api.one<ModuleInstance>('/ccms/s1000d/instance', query),
  // Authoring (issue 31): the DMC builder, new modules, the issue cycle, change marks, issues.
  dmcOptions: (scope: CatalogScope) => api.one<DmcOptions>('/ccms/s1000d/dmc-options', scope),
  createModule: (body: NewModuleBody) => api.post<{ data: NewModuleResult }>('/ccms/s1000d/module', body).then((r) => r.data),
  createPm: (body: NewPmBody) => api.post<{ data: ObjectWritten }>('/ccms/s1000d/pm', body).then((r) => r.data),
  /** The data modules a new PM can list (the branch's topics: an S1000D library's data modules). */
  modules: (scope: CatalogScope) => api.list<TopicRow>('/ccms/topic/list', { ...scope, pageSize: 1000, orderByColumn: 'no', isAsc: 'asc' }),
  startInWork: (target: ModuleTarget) => api.post<{ data: CycleResult }>('/ccms/s1000d/in-work', target).then((r) => r.data),
  issue: (body: IssueBody) => api.post<{ data: CycleResult }>('/ccms/s1000d/issue', body).then((r) => r.data),
  issues: (query: ModuleQuery) => api.one<ModuleIssues>('/ccms/s1000d/issues', query),
  changeMarks: (query: ModuleQuery) => api.one<ChangeMarkProposal>('/ccms/s1000d/change-marks', query),
  compare: (query: IssueCompareQuery) => api.one<TextDiff>('/ccms/s1000d/issues/compare', query),
  settings: (libraryId: number) => api.one<S1000dSettings>('/ccms/s1000d/settings', { libraryId }),
  saveSettings: (body: S1000dSettings) => api.put<{ data: S1000dSettings }>('/ccms/s1000d/settings', body).then((r) => r.data),
};
