import type { ProjectBody, ProjectMemberBody, ProjectUpdate } from '@ccms/contracts/work/project';
import type { ProjectConfigBody } from '@ccms/contracts/work/project-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { libraryApi } from '../../content/library/library-api';
import { type ProjectFilters, projectApi, projectFieldsOf } from './project-api';

export type ProjectListParams = ProjectFilters & PageParams;

const keys = entityKeys<ProjectListParams>('work', 'project');
/** The project data layer (see shared/form/README.md): everything a project shows sits under `projectKeys.all`. */
export const projectKeys = {
  ...keys,
  options: (status: '0' | undefined) => [...keys.all, 'options', status] as const,
  users: () => [...keys.all, 'users'] as const,
  progress: (id: number) => [...keys.all, 'progress', id] as const,
  branches: (id: number) => [...keys.all, 'branches', id] as const,
  members: (id: number) => [...keys.all, 'members', id] as const,
  config: (id: number) => [...keys.all, 'config', id] as const,
  grants: (id: number) => [...keys.all, 'grants', id] as const,
  granteeUsers: (search: string | undefined) => [...keys.all, 'grantee', 'users', search] as const,
  granteeRoles: () => [...keys.all, 'grantee', 'roles'] as const,
  /** The libraries a project (or plan) may start from, and a library's branches. */
  libraryOptions: () => [...keys.all, 'libraries'] as const,
  libraryBranches: (libraryId: number) => [...keys.all, 'libraries', 'branches', libraryId] as const,
};

export const projectQueries = {
  list: (params: ProjectListParams) => ({ queryKey: projectKeys.list(params), queryFn: () => projectApi.list(params) }),
  detail: (id: number) => ({ queryKey: projectKeys.detail(id), queryFn: () => projectApi.get(id) }),
  /** Projects the caller may see (open ones with status '0', all without). */
  options: (status: '0' | undefined) => ({ queryKey: projectKeys.options(status), queryFn: () => projectApi.options(status) }),
};

export const useProject = (id: number, enabled = true) => useQuery({ ...projectQueries.detail(id), enabled });

/** Open projects the caller may see. */
export const useProjectOptions = (status: '0' | undefined = '0') => useQuery(projectQueries.options(status));

/** Active users for owner, assignee and member pickers. */
export const useUserOptions = () => useQuery({ queryKey: projectKeys.users(), queryFn: projectApi.users, staleTime: 60_000 });

export const useProjectProgress = (id: number) => useQuery({ queryKey: projectKeys.progress(id), queryFn: () => projectApi.progress(id) });

export const useProjectBranches = (id: number, enabled: boolean) =>
  useQuery({ queryKey: projectKeys.branches(id), queryFn: () => projectApi.branches(id), enabled });

export const useProjectMembers = (id: number) => useQuery({ queryKey: projectKeys.members(id), queryFn: () => projectApi.members(id) });

export const useProjectConfig = (id: number) => useQuery({ queryKey: projectKeys.config(id), queryFn: () => projectApi.config(id) });

export const useLibraryOptions = (enabled = true) => useQuery({ queryKey: projectKeys.libraryOptions(), queryFn: libraryApi.options, enabled });

export const useLibraryBranches = (libraryId: number | null | undefined, enabled = true) =>
  useQuery({ queryKey: projectKeys.libraryBranches(libraryId ?? 0), queryFn: () => libraryApi.branches(libraryId ?? 0), enabled: enabled && !!libraryId });

/** Refreshes everything a project shows. */
function useInvalidateProjects() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: projectKeys.all });
}

/** Adds (no `id`) or updates a project; answers its id. */
export function useSaveProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async (body: ProjectBody | ProjectUpdate) => {
      if (!('id' in body)) return (await projectApi.add(body)).data.id;
      await projectApi.update(body);
      return body.id;
    },
    onSuccess: invalidate,
  });
}

/** Reopens a closed project (`open`), or closes one: saves what the server has with status 1. */
export function useSetProjectOpen() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async ({ id, open }: { id: number; open: boolean }) => {
      if (open) return projectApi.reopen(id);
      const d = await projectApi.get(id);
      return projectApi.update({ ...projectFieldsOf(d), status: '1', id: d.id, rowVersion: d.rowVersion });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteProjects() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (ids: readonly number[]) => projectApi.remove(ids), onSuccess: invalidate });
}

export function useAddProjectMembers() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (body: ProjectMemberBody) => projectApi.addMembers(body), onSuccess: invalidate });
}

export function useRemoveProjectMember() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (memberId: number) => projectApi.removeMember(memberId), onSuccess: invalidate });
}

export function useSaveProjectConfig() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (body: ProjectConfigBody) => projectApi.saveConfig(body), onSuccess: invalidate });
}
