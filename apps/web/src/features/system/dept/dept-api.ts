import type { Dept, DeptBody, DeptQuery, DeptUpdate } from '@ccms/contracts/system/dept';
import { byUrl } from '../../../api/client';
import { buildTree, type TreeOption } from '../../../shared/tree/tree';

export type DeptNode = Dept & { children?: DeptNode[] };
export type DeptSave = DeptBody | DeptUpdate;

/** Departments administration (server: modules/system/dept), within the caller's data scope. Screens use `dept-queries.ts`. */
export const deptApi = {
  list: (query: DeptQuery = {}) => byUrl.one<Dept[]>('/system/dept/list', query),
  /** Every department but this one and those below it: the parents it may move under. */
  listExcluding: (deptId: number) => byUrl.one<Dept[]>(`/system/dept/list/exclude/${deptId}`),
  get: (deptId: number) => byUrl.one<Dept>(`/system/dept/${deptId}`),
  /** Adds when the body has no `deptId`, else updates. */
  save: (body: DeptSave) => ('deptId' in body ? byUrl.put('/system/dept', body) : byUrl.post('/system/dept', body)),
  remove: (deptId: number) => byUrl.delete(`/system/dept/${deptId}`),
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
