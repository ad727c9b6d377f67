import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { type InstanceQuery, type ProductFilterQuery, S1000dApi } from '@ccms/contracts/content/s1000d';
import {
  type IssueBody,
  type IssueCompareQuery,
  type ModuleQuery,
  type ModuleTarget,
  type NewModuleBody,
  type NewPmBody,
  S1000dAuthoringApi,
  type S1000dSettings,
} from '@ccms/contracts/content/s1000d-authoring';
import { TopicApi } from '@ccms/contracts/content/topic';
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
  applicability: (scope: CatalogScope) => api.one(S1000dApi.applicability, { query: scope }),
  filter: (query: ProductFilterQuery) => api.one(S1000dApi.filter, { query }),
  instance: (query: InstanceQuery) => api.one(S1000dApi.instance, { query }),
  // Authoring (issue 31): the DMC builder, new modules, the issue cycle, change marks, issues.
  dmcOptions: (scope: CatalogScope) => api.one(S1000dAuthoringApi.dmcOptions, { query: scope }),
  createModule: (body: NewModuleBody) => api.one(S1000dAuthoringApi.newModule, { body }),
  createPm: (body: NewPmBody) => api.one(S1000dAuthoringApi.newPm, { body }),
  /** The data modules a new PM can list (the branch's topics: an S1000D library's data modules). */
  modules: (scope: CatalogScope) => api.list(TopicApi.list, { query: { ...scope, pageSize: 1000, orderByColumn: 'no', isAsc: 'asc' } }),
  startInWork: (target: ModuleTarget) => api.one(S1000dAuthoringApi.inWork, { body: target }),
  issue: (body: IssueBody) => api.one(S1000dAuthoringApi.issue, { body }),
  issues: (query: ModuleQuery) => api.one(S1000dAuthoringApi.issues, { query }),
  changeMarks: (query: ModuleQuery) => api.one(S1000dAuthoringApi.changeMarks, { query }),
  compare: (query: IssueCompareQuery) => api.one(S1000dAuthoringApi.compareIssues, { query }),
  settings: (libraryId: number) => api.one(S1000dAuthoringApi.settings, { query: { libraryId } }),
  saveSettings: (body: S1000dSettings) => api.one(S1000dAuthoringApi.saveSettings, { body }),
};
