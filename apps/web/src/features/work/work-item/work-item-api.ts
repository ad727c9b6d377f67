import { urlOf } from '@ccms/contracts/endpoint';
import { PlanApi } from '@ccms/contracts/work/plan';
import { ProjectApi } from '@ccms/contracts/work/project';
import { ReleaseApi } from '@ccms/contracts/work/release';
import type { TaskApi } from '@ccms/contracts/work/task';
import { type TransitionBody, WorkItemApi, type WorkItemBody, type WorkItemListRow, type WorkItemUpdate } from '@ccms/contracts/work/work-item';
import { type CommentBody, type WorkItemAttachment, WorkItemCollabApi } from '@ccms/contracts/work/work-item-collab';
import { type Condition, type SavedFilterBody, WorkItemFilterApi } from '@ccms/contracts/work/work-item-conditions';
import type { WorkItemType } from '@ccms/contracts/work/work-item-states';
import { api } from '../../../api/client';
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
async function optionsOf(list: typeof ReleaseApi.list | typeof PlanApi.list, projectId: number): Promise<RefOption[]> {
  try {
    const { rows } = await api.list(list, { query: { projectId, pageNum: 1, pageSize: 1000 } }, { silent: true });
    return rows.map(({ id, title }) => ({ id, title }));
  } catch {
    return [];
  }
}

/** Another module's list that a project's area shows read-only (its plans, its tasks). */
export type AreaList = typeof PlanApi.list | typeof TaskApi.list;

/** What the condition query posts: conditions, paging, sort. */
export type WorkItemQueryParams = ConditionFilters & PageParams;

/** Work items (server: modules/work/work-item). Screens use `work-item-queries.ts`. */
export const workItemApi = {
  query: (q: WorkItemQueryParams): Promise<PageResult<WorkItemListRow>> =>
    api.call(WorkItemFilterApi.query, { body: q }, { repeatSubmit: false }).then(({ rows, total }) => ({ rows, total })),
  children: (projectId: number, parentId: number) =>
    api.list(WorkItemApi.list, { query: { projectId, parentId, pageNum: 1, pageSize: 200 } }).then((r) => r.rows),
  /** The requirements of a project, for the parent picker. */
  requirements: (projectId: number) =>
    workItemApi.query({ projectId, workItemType: 'requirement', conditions: [], logic: 'and', pageNum: 1, pageSize: 500 }).then((r) => r.rows),
  get: (id: number) => api.one(WorkItemApi.get, { path: { id } }),
  add: (body: WorkItemBody) => api.one(WorkItemApi.add, { body }).then((d) => d.workItemId),
  update: (body: WorkItemUpdate) => api.call(WorkItemApi.edit, { body }),
  remove: (ids: readonly number[]) => api.call(WorkItemApi.remove, { path: { ids } }),
  export: (q: ConditionFilters & Partial<PageParams>) => {
    const { pageNum: _n, pageSize: _s, conditions, ...rest } = q;
    return download(urlOf(WorkItemFilterApi.export), { ...rest, conditions: JSON.stringify(conditions) }, `workitem_${Date.now()}.xlsx`);
  },
  transition: (id: number, body: TransitionBody) => api.call(WorkItemApi.transition, { path: { id }, body }),
  history: (id: number) => api.one(WorkItemCollabApi.history, { path: { id } }),
  comments: (id: number) => api.one(WorkItemCollabApi.comments, { path: { id } }),
  comment: (id: number, body: CommentBody) => api.call(WorkItemCollabApi.comment, { path: { id }, body }),
  removeComment: (id: number, commentId: number) => api.call(WorkItemCollabApi.removeComment, { path: { id, commentId } }),
  attachments: (id: number) => api.one(WorkItemCollabApi.attachments, { path: { id } }),
  /** Silent: the caller asks about a duplicate name (409) and shows other failures itself. */
  upload: (id: number, file: File, replace: boolean) => {
    const form = new FormData();
    form.append('file', file);
    return api.call(
      WorkItemCollabApi.attach,
      { path: { id }, query: replace ? { replace: 'true' } : undefined, body: form },
      { silent: true, repeatSubmit: false, headers: { 'Content-Type': 'multipart/form-data' } },
    );
  },
  downloadAttachment: (id: number, a: WorkItemAttachment) =>
    downloadGet(urlOf(WorkItemCollabApi.downloadAttachment, { id, attachmentId: a.attachmentId }), undefined, a.fileName),
  removeAttachment: (id: number, attachmentId: number) => api.call(WorkItemCollabApi.removeAttachment, { path: { id, attachmentId } }),
  filters: (projectId?: number) => api.one(WorkItemFilterApi.filters, { query: projectId ? { projectId } : {} }),
  saveFilter: (body: SavedFilterBody) => api.call(WorkItemFilterApi.saveFilter, { body }),
  removeFilter: (filterId: number) => api.call(WorkItemFilterApi.removeFilters, { path: { ids: filterId } }),
  userOptions: () => api.one(WorkItemApi.userOptions),
  releaseOptions: (projectId: number) => optionsOf(ReleaseApi.list, projectId),
  planOptions: (projectId: number) => optionsOf(PlanApi.list, projectId),
  /** Rows of another module's list for a project (the area's read-only tabs); nothing when that list is not open to the caller. */
  areaRows: (list: AreaList, projectId: number): Promise<Record<string, unknown>[]> =>
    api
      .list(list, { query: { projectId, pageNum: 1, pageSize: 200 } }, { silent: true })
      .then((r) => r.rows)
      .catch(() => []),
  /** The library a project works on (the area's library tab); null when it has none or the project is not open to the caller. */
  projectLibrary: (projectId: number) =>
    api
      .one(ProjectApi.get, { path: { id: projectId } }, { silent: true })
      .then((p) => p.libraryId ?? null)
      .catch(() => null),
};
