import type {
  Clause,
  ClauseApplicability,
  ClauseBody,
  ClauseImportResult,
  ClauseNode,
  ClauseQuery,
  Link,
  LinkBody,
  LinkQuery,
  Regulation,
  RegulationBody,
  RegulationGrant,
  RegulationGrantBody,
  RegulationQuery,
  RegulationRevisionBody,
  RegulationUpdate,
} from '@ccms/contracts/compliance/regulation';
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
  list: (params: RegulationListParams) => api.list<Regulation>('/ccms/regulation/list', params),
  one: (id: number) => api.one<Regulation>(`/ccms/regulation/${id}`),
  save: (body: RegulationSave) => ('regulationId' in body ? api.put('/ccms/regulation', body) : api.post('/ccms/regulation', body)),
  revise: (body: z.input<typeof RegulationRevisionBody>) => api.post('/ccms/regulation/revision', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/regulation/${ids.join(',')}`),

  grants: (regulationId: number) => api.one<RegulationGrant[]>('/ccms/regulation/permission/list', { regulationId }),
  granteeUsers: (regulationId: number, keyword?: string) =>
    api.one<{ userId: number; userName: string; nickName: string }[]>(`/ccms/regulation/${regulationId}/grantee/users`, { keyword }),
  granteeRoles: (regulationId: number) => api.one<{ roleId: number; roleName: string }[]>(`/ccms/regulation/${regulationId}/grantee/roles`),
  addGrant: (body: z.input<typeof RegulationGrantBody>) => api.post('/ccms/regulation/permission', body),
  removeGrant: (grantId: number) => api.delete(`/ccms/regulation/permission/${grantId}`),

  clauses: (params: ClauseListParams) => api.list<Clause>('/ccms/regulation/clause/list', params),
  tree: (regulationId: number) => api.one<ClauseNode[]>('/ccms/regulation/clause/tree', { regulationId }),
  addClause: (body: z.input<typeof ClauseBody>) => api.post('/ccms/regulation/clause', body),
  applicability: (body: z.input<typeof ClauseApplicability>) => api.put('/ccms/regulation/clause/applicability', body),
  removeClauses: (ids: readonly number[]) => api.delete(`/ccms/regulation/clause/${ids.join(',')}`),
  importOutline: (regulationId: number, outline: string) =>
    api.post<{ data: ClauseImportResult }>('/ccms/regulation/clause/importOutline', { regulationId, outline }).then((r) => r.data),
  template: () => download('/ccms/regulation/clause/importTemplate', {}, 'clause_template.xlsx'),

  links: (params: LinkListParams) => api.list<Link>('/ccms/regulationRelation/list', params),
  addLink: (body: z.input<typeof LinkBody>) => api.post('/ccms/regulationRelation', body),
  verify: (linkIds: readonly number[]) => api.put('/ccms/regulationRelation/verify', { linkIds }),
  removeLinks: (ids: readonly number[]) => api.delete(`/ccms/regulationRelation/${ids.join(',')}`),
};
