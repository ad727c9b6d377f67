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
import { byUrl } from '../../../api/client';
import { download } from '../../../shared/download';

export type RegulationListParams = z.input<typeof RegulationQuery>;
export type RegulationFilters = Pick<RegulationListParams, 'name' | 'organization' | 'latestOnly'>;
export type ClauseListParams = z.input<typeof ClauseQuery>;
export type LinkListParams = z.input<typeof LinkQuery>;
export type RegulationSave = z.input<typeof RegulationBody> | z.input<typeof RegulationUpdate>;

/** Regulations, clauses and links (server: modules/compliance). Screens use `regulation-queries.ts`. */
export const regulationApi = {
  list: (params: RegulationListParams) => byUrl.list<Regulation>('/ccms/regulation/list', params),
  one: (id: number) => byUrl.one<Regulation>(`/ccms/regulation/${id}`),
  save: (body: RegulationSave) => ('regulationId' in body ? byUrl.put('/ccms/regulation', body) : byUrl.post('/ccms/regulation', body)),
  revise: (body: z.input<typeof RegulationRevisionBody>) => byUrl.post('/ccms/regulation/revision', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/regulation/${ids.join(',')}`),

  grants: (regulationId: number) => byUrl.one<RegulationGrant[]>('/ccms/regulation/permission/list', { regulationId }),
  granteeUsers: (regulationId: number, keyword?: string) =>
    byUrl.one<{ userId: number; userName: string; nickName: string }[]>(`/ccms/regulation/${regulationId}/grantee/users`, { keyword }),
  granteeRoles: (regulationId: number) => byUrl.one<{ roleId: number; roleName: string }[]>(`/ccms/regulation/${regulationId}/grantee/roles`),
  addGrant: (body: z.input<typeof RegulationGrantBody>) => byUrl.post('/ccms/regulation/permission', body),
  removeGrant: (grantId: number) => byUrl.delete(`/ccms/regulation/permission/${grantId}`),

  clauses: (params: ClauseListParams) => byUrl.list<Clause>('/ccms/regulation/clause/list', params),
  tree: (regulationId: number) => byUrl.one<ClauseNode[]>('/ccms/regulation/clause/tree', { regulationId }),
  addClause: (body: z.input<typeof ClauseBody>) => byUrl.post('/ccms/regulation/clause', body),
  applicability: (body: z.input<typeof ClauseApplicability>) => byUrl.put('/ccms/regulation/clause/applicability', body),
  removeClauses: (ids: readonly number[]) => byUrl.delete(`/ccms/regulation/clause/${ids.join(',')}`),
  importOutline: (regulationId: number, outline: string) =>
    byUrl.post<{ data: ClauseImportResult }>('/ccms/regulation/clause/importOutline', { regulationId, outline }).then((r) => r.data),
  template: () => download('/ccms/regulation/clause/importTemplate', {}, 'clause_template.xlsx'),

  links: (params: LinkListParams) => byUrl.list<Link>('/ccms/regulationRelation/list', params),
  addLink: (body: z.input<typeof LinkBody>) => byUrl.post('/ccms/regulationRelation', body),
  verify: (linkIds: readonly number[]) => byUrl.put('/ccms/regulationRelation/verify', { linkIds }),
  removeLinks: (ids: readonly number[]) => byUrl.delete(`/ccms/regulationRelation/${ids.join(',')}`),
};
