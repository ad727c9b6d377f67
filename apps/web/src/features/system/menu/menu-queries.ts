import type { MenuQuery } from '@ccms/contracts/system/menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type MenuSave, menuApi, menuIds, menuTree } from './menu-api';

const keys = entityKeys<MenuQuery>('system', 'menu');
/** The menu data layer (see shared/form/README.md). */
export const menuKeys = { ...keys, tree: () => [...keys.all, 'tree'] as const };

export const menuQueries = {
  /** The tree table's rows (unpaged: the total counts every node). */
  list: (params: MenuQuery) => ({
    queryKey: menuKeys.list(params),
    queryFn: async () => {
      const rows = menuTree(await menuApi.list({ menuName: params.menuName || undefined, status: params.status }));
      return { rows, total: menuIds(rows).length };
    },
  }),
  detail: (menuId: number) => ({ queryKey: menuKeys.detail(menuId), queryFn: () => menuApi.get(menuId) }),
  /** The whole tree, for the parent picker. */
  tree: () => ({ queryKey: menuKeys.tree(), queryFn: async () => menuTree(await menuApi.list()) }),
};

export const useMenuTree = (enabled: boolean) => useQuery({ ...menuQueries.tree(), enabled });

export function useSaveMenu() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: MenuSave) => menuApi.save(body), onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }) });
}

export function useDeleteMenu() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (menuId: number) => menuApi.remove(menuId), onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }) });
}
