import { ClauseApi } from '@ccms/contracts/compliance/clause';
import { LinkApi } from '@ccms/contracts/compliance/link';
import {
  type ClauseApplicability,
  type ClauseBody,
  type ClauseQuery,
  type LinkBody,
  type LinkQuery,
  RegulationApi,
  type RegulationBody,
  type RegulationGrantBody,
  type RegulationQuery,
  type RegulationRevisionBody,
  type RegulationUpdate,
} from '@ccms/contracts/compliance/regulation';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';

export type RegulationListParams = z.input<typeof RegulationQuery>;
export type RegulationFilters = Pick<RegulationListParams, 'name' | 'organization' | 'latestOnly'>;
export type ClauseListParams = z.input<typeof ClauseQuery>;
export type LinkListParams = z.input<typeof LinkQuery>;
export type RegulationSave = z.input<typeof RegulationBody> | z.input<typeof RegulationUpdate>;

/** Regulations, clauses and links (server: modules/compliance). Screens use `regulation-queries.ts`. */
export const regulationApi = {
  list: (params: RegulationListParams) => api.list(RegulationApi.list, { query: params }),
  one: (id: number) => api.one(RegulationApi.get, { path: { id } }),
  save: (body: RegulationSave) => ('regulationId' in body ? api.call(RegulationApi.edit, { body }) : api.call(RegulationApi.add, { body })),
  revise: (body: z.input<typeof RegulationRevisionBody>) => api.call(RegulationApi.revise, { body }),
  remove: (ids: readonly number[]) => api.call(RegulationApi.remove, { path: { ids } }),

  grants: (regulationId: number) => api.one(RegulationApi.grants, { query: { regulationId } }),
  granteeUsers: (regulationId: number, keyword?: string) => api.one(RegulationApi.granteeUsers, { path: { id: regulationId }, query: { keyword } }),
  granteeRoles: (regulationId: number) => api.one(RegulationApi.granteeRoles, { path: { id: regulationId } }),
  addGrant: (body: z.input<typeof RegulationGrantBody>) => api.call(RegulationApi.grant, { body }),
  removeGrant: (grantId: number) => api.call(RegulationApi.revoke, { path: { ids: grantId } }),

  clauses: (params: ClauseListParams) => api.list(ClauseApi.list, { query: params }),
  tree: (regulationId: number) => api.one(ClauseApi.tree, { query: { regulationId } }),
  addClause: (body: z.input<typeof ClauseBody>) => api.call(ClauseApi.add, { body }),
  applicability: (body: z.input<typeof ClauseApplicability>) => api.call(ClauseApi.applicability, { body }),
  removeClauses: (ids: readonly number[]) => api.call(ClauseApi.remove, { path: { ids } }),
  importOutline: (regulationId: number, outline: string) => api.one(ClauseApi.importOutline, { body: { regulationId, outline } }),
  /** Clauses from an Excel workbook: one bad row refuses the whole file. */
  importExcel: (regulationId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.one(ClauseApi.importData, { query: { regulationId }, body: form }, { headers: { 'Content-Type': 'multipart/form-data' } });
  },
  template: () => download(urlOf(ClauseApi.importTemplate), {}, 'clause_template.xlsx'),

  links: (params: LinkListParams) => api.list(LinkApi.list, { query: params }),
  addLink: (body: z.input<typeof LinkBody>) => api.call(LinkApi.add, { body }),
  verify: (linkIds: readonly number[]) => api.call(LinkApi.verify, { body: { linkIds } }),
  removeLinks: (ids: readonly number[]) => api.call(LinkApi.remove, { path: { ids } }),
};
