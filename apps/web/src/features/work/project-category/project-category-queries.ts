import type { ProjectCategoryBody, ProjectCategoryUpdate } from '@ccms/contracts/work/project-category';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { type CategoryFilters, categoryApi } from '../project/project-api';

export type CategoryListParams = CategoryFilters & PageParams;

/** The project category dictionary (server: modules/work/project-category). */
const catKeys = entityKeys<CategoryListParams>('work', 'project-category');
export const categoryKeys = { ...catKeys, options: () => [...catKeys.all, 'options'] as const };

export const categoryQueries = {
  list: (params: CategoryListParams) => ({ queryKey: categoryKeys.list(params), queryFn: () => categoryApi.list(params) }),
  detail: (id: number) => ({ queryKey: categoryKeys.detail(id), queryFn: () => categoryApi.get(id) }),
};

/** Enabled categories for the project form and filters. */
export const useCategoryOptions = (enabled = true) => useQuery({ queryKey: categoryKeys.options(), queryFn: categoryApi.options, enabled });

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCategoryBody | ProjectCategoryUpdate) => ('id' in body ? categoryApi.update(body) : categoryApi.add(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => categoryApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
