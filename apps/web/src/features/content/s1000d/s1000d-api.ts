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
import { byUrl } from '../../../api/client';

/** A product to filter for: a PCT product (its key), or property values `ident=value;...` (sets without a PCT). */
export type ProductChoice = { product: string } | { assign: string };

/**
 * S1000D libraries (server: modules/content/s1000d): the branch's applicability tables, which data
 * modules of a publication module apply to a product, one data module's instance for a product.
 * Refusals (not an S1000D library, unknown product, ...) come back in the user's language and show
 * through the client's error handling. Screens use `s1000d-queries.ts`.
 */
export const s1000dApi = {
  applicability: (scope: CatalogScope) => byUrl.one<Applicability>('/ccms/s1000d/applicability', scope),
  filter: (query: ProductFilterQuery) => byUrl.one<ProductFilter>('/ccms/s1000d/filter', query),
  instance: (query: InstanceQuery) => byUrl.one<ModuleInstance>('/ccms/s1000d/instance', query),
  // Authoring (issue 31): the DMC builder, new modules, the issue cycle, change marks, issues.
  dmcOptions: (scope: CatalogScope) => byUrl.one<DmcOptions>('/ccms/s1000d/dmc-options', scope),
  createModule: (body: NewModuleBody) => byUrl.post<{ data: NewModuleResult }>('/ccms/s1000d/module', body).then((r) => r.data),
  createPm: (body: NewPmBody) => byUrl.post<{ data: ObjectWritten }>('/ccms/s1000d/pm', body).then((r) => r.data),
  /** The data modules a new PM can list (the branch's topics: an S1000D library's data modules). */
  modules: (scope: CatalogScope) => byUrl.list<TopicRow>('/ccms/topic/list', { ...scope, pageSize: 1000, orderByColumn: 'no', isAsc: 'asc' }),
  startInWork: (target: ModuleTarget) => byUrl.post<{ data: CycleResult }>('/ccms/s1000d/in-work', target).then((r) => r.data),
  issue: (body: IssueBody) => byUrl.post<{ data: CycleResult }>('/ccms/s1000d/issue', body).then((r) => r.data),
  issues: (query: ModuleQuery) => byUrl.one<ModuleIssues>('/ccms/s1000d/issues', query),
  changeMarks: (query: ModuleQuery) => byUrl.one<ChangeMarkProposal>('/ccms/s1000d/change-marks', query),
  compare: (query: IssueCompareQuery) => byUrl.one<TextDiff>('/ccms/s1000d/issues/compare', query),
  settings: (libraryId: number) => byUrl.one<S1000dSettings>('/ccms/s1000d/settings', { libraryId }),
  saveSettings: (body: S1000dSettings) => byUrl.put<{ data: S1000dSettings }>('/ccms/s1000d/settings', body).then((r) => r.data),
};
