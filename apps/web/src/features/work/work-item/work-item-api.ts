import type { UserOption } from '@ccms/contracts/work/common';
import type { Dashboard } from '@ccms/contracts/work/dashboard';
import type { ReleaseLog, ReleaseLogBody, ReleaseLogFilter, ReleaseLogUpdate } from '@ccms/contracts/work/release-log';
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
import { type ApiEnvelope, api } from '../../../api/client';
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

const data = <T>(r: ApiEnvelope & { data: T }) => r.data;

/** The title of each row of a list answered by another module; nothing when that call is not open to the caller. */
async function optionsOf(url: string, projectId: number): Promise<RefOption[]> {
  try {
    const res = await api.get<ApiEnvelope & { rows?: unknown[] }>(url, { projectId, pageNum: 1, pageSize: 1000 }, { silent: true });
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

/** Work items (server: modules/work/work-item). */
export const workItemApi = {
  query: (q: ConditionFilters & PageParams) => api.post<ApiEnvelope & PageResult<WorkItemListRow>>('/ccms/workitem/query', q, { repeatSubmit: false }),
  children: (projectId: number, parentId: number) =>
    api.get<ApiEnvelope & PageResult<WorkItemListRow>>('/ccms/workitem/list', { projectId, parentId, pageNum: 1, pageSize: 200 }).then((r) => r.rows),
  get: (id: number) => api.get<ApiEnvelope & { data: WorkItem }>(`/ccms/workitem/${id}`).then(data),
  add: (body: WorkItemBody) => api.post<ApiEnvelope & { data: { workItemId: number } }>('/ccms/workitem', body).then(data),
  update: (body: WorkItemUpdate) => api.put('/ccms/workitem', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/workitem/${ids.join(',')}`),
  export: (q: ConditionFilters & Partial<PageParams>) => {
    const { pageNum: _n, pageSize: _s, conditions, ...rest } = q;
    return download('/ccms/workitem/export', { ...rest, conditions: JSON.stringify(conditions) }, `workitem_${Date.now()}.xlsx`);
  },
  transition: (id: number, body: TransitionBody) => api.post(`/ccms/workitem/${id}/transition`, body),
  history: (id: number) => api.get<ApiEnvelope & { data: WorkItemHistory[] }>(`/ccms/workitem/${id}/history`).then(data),
  comments: (id: number) => api.get<ApiEnvelope & { data: WorkItemComment[] }>(`/ccms/workitem/${id}/comment`).then(data),
  comment: (id: number, body: CommentBody) => api.post(`/ccms/workitem/${id}/comment`, body),
  removeComment: (id: number, commentId: number) => api.delete(`/ccms/workitem/${id}/comment/${commentId}`),
  attachments: (id: number) => api.get<ApiEnvelope & { data: WorkItemAttachment[] }>(`/ccms/workitem/${id}/attachment`).then(data),
  /** Silent: the caller asks about a duplicate name (409) and shows other failures itself. */
  upload: (id: number, file: File, replace: boolean) => {
    const form = new FormData();
    form.append('file', file);
    return api.post(`/ccms/workitem/${id}/attachment${replace ? '?replace=true' : ''}`, form, {
      silent: true,
      repeatSubmit: false,
      headers: { 'Content-Type': 'multipart/form-data' },
    });
  },
  downloadAttachment: (id: number, a: WorkItemAttachment) => downloadGet(`/ccms/workitem/${id}/attachment/${a.attachmentId}/download`, undefined, a.fileName),
  removeAttachment: (id: number, attachmentId: number) => api.delete(`/ccms/workitem/${id}/attachment/${attachmentId}`),
  filters: (projectId?: number) => api.get<ApiEnvelope & { data: SavedFilter[] }>('/ccms/workitem/filter', projectId ? { projectId } : {}).then(data),
  saveFilter: (body: SavedFilterBody) => api.post('/ccms/workitem/filter', body),
  removeFilter: (filterId: number) => api.delete(`/ccms/workitem/filter/${filterId}`),
  userOptions: () => api.get<ApiEnvelope & { data: UserOption[] }>('/ccms/workitem/userOptions').then(data),
  releaseOptions: (projectId: number) => optionsOf('/ccms/release/list', projectId),
  planOptions: (projectId: number) => optionsOf('/ccms/plan/list', projectId),
};

export type ReleaseLogFilters = Pick<ReleaseLogFilter, 'projectId' | 'planTitle' | 'version' | 'status'>;

/** The release log (server: modules/work/release-log). */
export const releaseLogApi = {
  list: (q: ReleaseLogFilters & PageParams) => api.get<ApiEnvelope & PageResult<ReleaseLog>>('/ccms/releaseLog/list', q),
  get: (id: number) => api.get<ApiEnvelope & { data: ReleaseLog }>(`/ccms/releaseLog/${id}`).then(data),
  add: (body: ReleaseLogBody) => api.post('/ccms/releaseLog', body),
  update: (body: ReleaseLogUpdate) => api.put('/ccms/releaseLog', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/releaseLog/${ids.join(',')}`),
  export: (q: object) => {
    const { pageNum: _n, pageSize: _s, ...filters } = q as Record<string, unknown>;
    return download('/ccms/releaseLog/export', filters, `releaseLog_${Date.now()}.xlsx`);
  },
};

/** The home dashboard (server: modules/work/dashboard). */
export const dashboardApi = {
  get: () => api.get<ApiEnvelope & { data: Dashboard }>('/ccms/dashboard').then(data),
};
