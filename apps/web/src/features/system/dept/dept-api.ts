import { type Dept, DeptApi, type DeptBody, type DeptQuery, type DeptUpdate } from '@ccms/contracts/system/dept';
import { api } from '../../../api/client';
import { buildTree, type TreeOption } from '../../../shared/tree/tree';

export type DeptNode = Dept & { children?: DeptNode[] };
export type DeptSave = DeptBody | DeptUpdate;

/** Departments administration (server: modules/system/dept), within the caller's data scope. Screens use `dept-queries.ts`. */
export const deptApi = {
  list: (query: DeptQuery = {}) => api.one(DeptApi.list, { query }),
  /** Every department but this one and those below it: the parents it may move under. */
  listExcluding: (deptId: number) => api.one(DeptApi.listExcluding, { path: { deptId } }),
  get: (deptId: number) => api.one(DeptApi.get, { path: { deptId } }),
  /** Adds when the body has no `deptId`, else updates. */
  save: (body: DeptSave) => ('deptId' in body ? api.call(DeptApi.edit, { body }) : api.call(DeptApi.add, { body })),
  remove: (deptId: number) => api.call(DeptApi.remove, { path: { deptId } }),
};

/** Flat rows (sorted by the server) into the tree table's nodes. */
export const deptTree = (rows: readonly Dept[]): DeptNode[] => buildTree(rows, 'deptId', 'parentId') as DeptNode[];

/** Department nodes as tree-select options ({id, label, children}). */
export function deptOptions(nodes: readonly DeptNode[]): TreeOption[] {
  return nodes.map((n) => {
    const option: TreeOption = { id: n.deptId, label: n.deptName };
    if (n.children && n.children.length > 0) option.children = deptOptions(n.children);
    return option;
  });
}

/** Every id in the tree (expand all). */
export function deptIds(nodes: readonly DeptNode[]): number[] {
  return nodes.flatMap((n) => [n.deptId, ...deptIds(n.children ?? [])]);
}
