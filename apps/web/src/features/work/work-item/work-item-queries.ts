import type { TransitionBody, WorkItemBody, WorkItemUpdate } from '@ccms/contracts/work/work-item';
import type { CommentBody } from '@ccms/contracts/work/work-item-collab';
import type { SavedFilterBody } from '@ccms/contracts/work/work-item-conditions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type AreaList, type WorkItemQueryParams, workItemApi } from './work-item-api';

/**
 * The work item data layer (see shared/form/README.md): every key a work item screen uses comes
 * from `workItemKeys`, and a change invalidates `workItemKeys.all` (lists, details, children,
 * history, comments, attachments, saved filters and pickers).
 */
const keys = entityKeys<WorkItemQueryParams>('work', 'work-item');
export const workItemKeys = {
  ...keys,
  children: (parentId: number) => [...keys.all, 'children', parentId] as const,
  requirements: (projectId: number) => [...keys.all, 'requirements', projectId] as const,
  history: (id: number) => [...keys.all, 'history', id] as const,
  comments: (id: number) => [...keys.all, 'comments', id] as const,
  attachments: (id: number) => [...keys.all, 'attachments', id] as const,
  filters: (projectId: number | undefined) => [...keys.all, 'filters', projectId ?? 0] as const,
  users: () => [...keys.all, 'users'] as const,
  releases: (projectId: number) => [...keys.all, 'releases', projectId] as const,
  plans: (projectId: number) => [...keys.all, 'plans', projectId] as const,
  areaRows: (url: string, projectId: number) => [...keys.all, 'area', url, projectId] as const,
  projectLibrary: (projectId: number) => [...keys.all, 'area', 'library', projectId] as const,
};

/** Query definitions, for `<ListPage listQuery>` and `useEntityForm({ load })`. */
export const workItemQueries = {
  list: (params: WorkItemQueryParams) => ({ queryKey: workItemKeys.list(params), queryFn: () => workItemApi.query(params) }),
  detail: (id: number) => ({ queryKey: workItemKeys.detail(id), queryFn: () => workItemApi.get(id) }),
};

export const useWorkItemList = (params: WorkItemQueryParams) => useQuery({ ...workItemQueries.list(params), placeholderData: keepPreviousData });

export const useWorkItem = (id: number | undefined, enabled = true) => useQuery({ ...workItemQueries.detail(id ?? 0), enabled: enabled && id !== undefined });

export const useWorkItemChildren = (projectId: number, parentId: number) =>
  useQuery({ queryKey: workItemKeys.children(parentId), queryFn: () => workItemApi.children(projectId, parentId) });

/** The requirements of a project, for the parent picker. */
export const useRequirementOptions = (projectId: number | undefined, enabled: boolean) =>
  useQuery({ queryKey: workItemKeys.requirements(projectId ?? 0), queryFn: () => workItemApi.requirements(projectId ?? 0), enabled: enabled && !!projectId });

export const useWorkItemHistory = (id: number) => useQuery({ queryKey: workItemKeys.history(id), queryFn: () => workItemApi.history(id) });

export const useWorkItemComments = (id: number) => useQuery({ queryKey: workItemKeys.comments(id), queryFn: () => workItemApi.comments(id) });

export const useWorkItemAttachments = (id: number) => useQuery({ queryKey: workItemKeys.attachments(id), queryFn: () => workItemApi.attachments(id) });

/** The caller's saved condition sets (of a project, or all). */
export const useSavedFilters = (projectId: number | undefined) =>
  useQuery({ queryKey: workItemKeys.filters(projectId), queryFn: () => workItemApi.filters(projectId) });

/** Active users for the people pickers of the area. */
export const useWorkItemUsers = () => useQuery({ queryKey: workItemKeys.users(), queryFn: workItemApi.userOptions, staleTime: 60_000 });

/** The releases and plans of a project for the pickers (empty when those lists are not open to the caller). */
export const useReleaseRefs = (projectId: number | undefined, enabled = true) =>
  useQuery({ queryKey: workItemKeys.releases(projectId ?? 0), queryFn: () => workItemApi.releaseOptions(projectId ?? 0), enabled: enabled && !!projectId });

export const usePlanRefs = (projectId: number | undefined, enabled = true) =>
  useQuery({ queryKey: workItemKeys.plans(projectId ?? 0), queryFn: () => workItemApi.planOptions(projectId ?? 0), enabled: enabled && !!projectId });

export const useAreaRows = (list: AreaList, projectId: number | undefined) =>
  useQuery({
    queryKey: workItemKeys.areaRows(list.url, projectId ?? 0),
    queryFn: () => workItemApi.areaRows(list, projectId ?? 0),
    enabled: projectId !== undefined,
  });

export const useProjectLibrary = (projectId: number | undefined) =>
  useQuery({
    queryKey: workItemKeys.projectLibrary(projectId ?? 0),
    queryFn: () => workItemApi.projectLibrary(projectId ?? 0),
    enabled: projectId !== undefined,
  });

/** Everything about work items is stale after a change (lists, the detail, its history, comments, attachments). */
function useInvalidateWorkItems() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: workItemKeys.all });
}

/** Adds (a body without `workItemId`) or updates a work item; answers its id. */
export function useSaveWorkItem() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: async (body: WorkItemBody | WorkItemUpdate) => {
      if (!('workItemId' in body)) return workItemApi.add(body);
      await workItemApi.update(body);
      return body.workItemId;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteWorkItems() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: (ids: readonly number[]) => workItemApi.remove(ids), onSuccess: invalidate });
}

export function useTransitionWorkItem() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: TransitionBody }) => workItemApi.transition(id, body), onSuccess: invalidate });
}

export function useCommentWorkItem() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: CommentBody }) => workItemApi.comment(id, body), onSuccess: invalidate });
}

export function useRemoveComment() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: ({ id, commentId }: { id: number; commentId: number }) => workItemApi.removeComment(id, commentId), onSuccess: invalidate });
}

/** Uploads a file (`replace` overwrites one of the same name; without it a duplicate answers 409). */
export function useUploadAttachment() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: ({ id, file, replace }: { id: number; file: File; replace: boolean }) => workItemApi.upload(id, file, replace),
    onSuccess: invalidate,
  });
}

export function useRemoveAttachment() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: ({ id, attachmentId }: { id: number; attachmentId: number }) => workItemApi.removeAttachment(id, attachmentId),
    onSuccess: invalidate,
  });
}

export function useSaveFilter() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: (body: SavedFilterBody) => workItemApi.saveFilter(body), onSuccess: invalidate });
}

export function useRemoveFilter() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({ mutationFn: (filterId: number) => workItemApi.removeFilter(filterId), onSuccess: invalidate });
}
