import type { UserOption } from '@ccms/contracts/work/common';
import type {
  CommentBody,
  Condition,
  SavedFilter,
  SavedFilterBody,
  TransitionBody,
  WorkItem,
  WorkItemAttachment,
  WorkItemBody,
  WorkItemComment,
  WorkItemHistory,
  WorkItemListRow,
  WorkItemUpdate,
} from '@ccms/contracts/work/work-item';
import type { WorkItemType } from '@ccms/contracts/work/work-item-states';
import { type ApiEnvelope, byUrl, type ListBody } from '../../../api/client';
import { download, downloadGet } from '../../../shared/download';
import type { PageParams, PageResult } from '../../../shared/list/query';

/** What the condition query posts besides paging. */
export interface ConditionFilters {
  conditions: Condition[];
  logic: 'and' | 'or';
  workItemType?: WorkItemType;
  projectId?: number;
}

/** A release or plan in a picker. */
export interface RefOption {
  id: number;
  title: string;
}

/** The title of each row of a list answered by another module; nothing when that call is not open to the caller. */
async function optionsOf(url: string, projectId: number): Promise<RefOption[]> {
  try {
    const res = await byUrl.get<ApiEnvelope & { rows?: unknown[] }>(url, { projectId, pageNum: 1, pageSize: 1000 }, { silent: true });
    return (res.rows ?? []).flatMap((row) => {
      if (typeof row !== 'object' || row === null) return [];
      const r = row as Record<string, unknown>;
      const id = r.id ?? r.releaseId ?? r.planId;
      return typeof id === 'number' && typeof r.title === 'string' ? [{ id, title: r.title }] : [];
    });
  } catch {
    return [];
  }
}

/** What the condition query posts: conditions, paging, sort. */
export type WorkItemQueryParams = ConditionFilters & PageParams;

/** Work items (server: modules/work/work-item). Screens use `work-item-queries.ts`. */
export const workItemApi = {
  query: (q: WorkItemQueryParams): Promise<PageResult<WorkItemListRow>> =>
    byUrl.post<ListBody<WorkItemListRow>>('/ccms/workitem/query', q, { repeatSubmit: false }).then(({ rows, total }) => ({ rows, total })),
  children: (projectId: number, parentId: number) =>
    byUrl.list<WorkItemListRow>('/ccms/workitem/list', { projectId, parentId, pageNum: 1, pageSize: 200 }).then((r) => r.rows),
  /** The requirements of a project, for the parent picker. */
  requirements: (projectId: number) =>
    workItemApi.query({ projectId, workItemType: 'requirement', conditions: [], logic: 'and', pageNum: 1, pageSize: 500 }).then((r) => r.rows),
  get: (id: number) => byUrl.one<WorkItem>(`/ccms/workitem/${id}`),
  add: (body: WorkItemBody) => byUrl.post<ApiEnvelope & { data: { workItemId: number } }>('/ccms/workitem', body).then((r) => r.data.workItemId),
  update: (body: WorkItemUpdate) => byUrl.put('/ccms/workitem', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/workitem/${ids.join(',')}`),
  export: (q: ConditionFilters & Partial<PageParams>) => {
    const { pageNum: _n, pageSize: _s, conditions, ...rest } = q;
    return download('/ccms/workitem/export', { ...rest, conditions: JSON.stringify(conditions) }, `workitem_${Date.now()}.xlsx`);
  },
  transition: (id: number, body: TransitionBody) => byUrl.post(`/ccms/workitem/${id}/transition`, body),
  history: (id: number) => byUrl.one<WorkItemHistory[]>(`/ccms/workitem/${id}/history`),
  comments: (id: number) => byUrl.one<WorkItemComment[]>(`/ccms/workitem/${id}/comment`),
  comment: (id: number, body: CommentBody) => byUrl.post(`/ccms/workitem/${id}/comment`, body),
  removeComment: (id: number, commentId: number) => byUrl.delete(`/ccms/workitem/${id}/comment/${commentId}`),
  attachments: (id: number) => byUrl.one<WorkItemAttachment[]>(`/ccms/workitem/${id}/attachment`),
  /** Silent: the caller asks about a duplicate name (409) and shows other failures itself. */
  upload: (id: number, file: File, replace: boolean) => {
    const form = new FormData();
    form.append('file', file);
    return byUrl.post(`/ccms/workitem/${id}/attachment${replace ? '?replace=true' : ''}`, form, {
      silent: true,
      repeatSubmit: false,
      headers: { 'Content-Type': 'multipart/form-data' },
    });
  },
  downloadAttachment: (id: number, a: WorkItemAttachment) => downloadGet(`/ccms/workitem/${id}/attachment/${a.attachmentId}/download`, undefined, a.fileName),
  removeAttachment: (id: number, attachmentId: number) => byUrl.delete(`/ccms/workitem/${id}/attachment/${attachmentId}`),
  filters: (projectId?: number) => byUrl.one<SavedFilter[]>('/ccms/workitem/filter', projectId ? { projectId } : {}),
  saveFilter: (body: SavedFilterBody) => byUrl.post('/ccms/workitem/filter', body),
  removeFilter: (filterId: number) => byUrl.delete(`/ccms/workitem/filter/${filterId}`),
  userOptions: () => byUrl.one<UserOption[]>('/ccms/workitem/userOptions'),
  releaseOptions: (projectId: number) => optionsOf('/ccms/release/list', projectId),
  planOptions: (projectId: number) => optionsOf('/ccms/plan/list', projectId),
  /** Rows of another module's list for a project (the area's read-only tabs); nothing when that list is not open to the caller. */
  areaRows: (url: string, projectId: number) =>
    byUrl
      .get<ApiEnvelope & { rows?: Record<string, unknown>[] }>(url, { projectId, pageNum: 1, pageSize: 200 }, { silent: true })
      .then((r) => r.rows ?? [])
      .catch(() => []),
  /** The library a project works on (the area's library tab); null when it has none or the project is not open to the caller. */
  projectLibrary: (projectId: number) =>
    byUrl
      .get<ApiEnvelope & { data?: { libraryId?: number | null } }>(`/ccms/project/${projectId}`, undefined, { silent: true })
      .then((r) => r.data?.libraryId ?? null)
      .catch(() => null),
};
