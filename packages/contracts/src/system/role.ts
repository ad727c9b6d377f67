import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';

/** A day in a range filter ("2024-05-01", optionally with a time); anything else is a 400 naming the field. */
export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { message: 'field.invalidFormat' })
  .refine((s) => !Number.isNaN(Date.parse(s.slice(0, 10))), { message: 'field.invalidFormat' });

/** Ids as a JSON array or as RuoYi's comma-separated query text ("1,2,3"); empty text is none. */
export const IdArray = z.union([
  z.array(z.coerce.number().int().positive()),
  z
    .string()
    .regex(/^(\d+(,\d+)*)?$/, { message: 'invalid.idList' })
    .transform((s) => (s ? s.split(',').map(Number) : [])),
]);

/** RuoYi's TreeSelect: a department tree for pickers. */
export interface TreeSelect {
  id: number;
  label: string;
  disabled?: boolean;
  children?: TreeSelect[];
}
export const TreeSelectNode: z.ZodType<TreeSelect> = z.lazy(() =>
  z.object({ id: z.number(), label: z.string(), disabled: z.boolean().optional(), children: z.array(TreeSelectNode).optional() }),
);

/** Permission strings of the role screens (RuoYi names). */
export const RolePerm = {
  list: 'system:role:list',
  query: 'system:role:query',
  add: 'system:role:add',
  edit: 'system:role:edit',
  remove: 'system:role:remove',
  export: 'system:role:export',
} as const;

/** 1 all, 2 custom departments, 3 own department, 4 department and below, 5 self. */
export const DataScopeValue = z.enum(['1', '2', '3', '4', '5']);
export type DataScopeValue = z.infer<typeof DataScopeValue>;

export const Role = z.object({
  roleId: z.number(),
  roleName: z.string(),
  roleKey: z.string(),
  roleSort: z.number(),
  dataScope: z.string(),
  menuCheckStrictly: z.boolean(),
  deptCheckStrictly: z.boolean(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  /** The super administrator role (roleKey admin): the web hides its edit buttons. */
  admin: z.boolean(),
  /** In a user's role list: whether the user holds this role. */
  flag: z.boolean().optional(),
});
export type Role = z.infer<typeof Role>;

export const RoleDetail = Role.extend({
  menuIds: z.array(z.number()).describe('menus granted through sys_role_menu'),
  deptIds: z.array(z.number()).describe('departments of a custom data scope'),
});

export const RoleQuery = PageQuery.extend({
  roleName: z.string().max(30).optional(),
  roleKey: z.string().max(100).optional().describe('role key used in permission checks, e.g. admin'),
  status: Status01.optional(),
  'params[beginTime]': DateParam.optional().describe('start of the range, yyyy-MM-dd'),
  'params[endTime]': DateParam.optional().describe('end of the range, yyyy-MM-dd'),
});
export type RoleQuery = z.infer<typeof RoleQuery>;

/** Filters of an export: the list filters without paging. */
export const RoleExportQuery = RoleQuery.omit({ pageNum: true, pageSize: true });
export type RoleExportQuery = z.infer<typeof RoleExportQuery>;

export const RoleBody = z.object({
  roleName: z.string().trim().min(1).max(30).describe('unique role name'),
  roleKey: z.string().trim().min(1).max(100).describe('unique permission key, e.g. "common"'),
  roleSort: z.coerce.number().int().min(0).max(9999).describe('display order, ascending'),
  status: Status01.default('0'),
  menuIds: IdArray.default([]).describe('menus granted to the role'),
  menuCheckStrictly: z.boolean().default(true).describe('true: checking a menu does not check its children in the tree'),
  deptCheckStrictly: z.boolean().default(true).describe('true: checking a department does not check its children in the tree'),
  remark: z.string().max(500).optional(),
});
export type RoleBody = z.infer<typeof RoleBody>;

export const RoleUpdate = RoleBody.extend({ roleId: z.number().int().positive().describe('id of a role (GET /system/role/list)') });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

export const RoleDataScopeBody = z.object({
  roleId: z.number().int().positive().describe('id of a role (GET /system/role/list)'),
  dataScope: DataScopeValue.describe("'1' all, '2' custom departments, '3' own department, '4' own department and below, '5' own data only"),
  deptIds: IdArray.default([]).describe('departments, used when dataScope is 2 (custom)'),
  deptCheckStrictly: z.boolean().optional().describe('true: checking a department does not check its children in the tree'),
});
export type RoleDataScopeBody = z.infer<typeof RoleDataScopeBody>;

export const RoleStatusBody = z.object({ roleId: z.number().int().positive().describe('id of a role (GET /system/role/list)'), status: Status01 });
export type RoleStatusBody = z.infer<typeof RoleStatusBody>;

/** Users holding (allocated) or not holding (unallocated) a role. */
export const AuthUserQuery = PageQuery.extend({
  roleId: z.coerce.number().int().positive().describe('id of a role (GET /system/role/list)'),
  userName: z.string().max(30).optional().describe('sign-in name'),
  phonenumber: z.string().max(11).optional(),
});
export type AuthUserQuery = z.infer<typeof AuthUserQuery>;

export const AuthUserRow = z.object({
  userId: z.number(),
  deptId: z.number().nullable(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  status: z.string(),
  createTime: DateTime,
});

export const AuthUserCancelBody = z.object({
  userId: z.coerce.number().int().positive().describe('id of a user (GET /system/user/list)'),
  roleId: z.coerce.number().int().positive().describe('id of a role (GET /system/role/list)'),
});
export type AuthUserCancelBody = z.infer<typeof AuthUserCancelBody>;

/** roleId plus userIds, as query parameters (RuoYi's web) or a JSON body; userIds "1,2,3" or an array. */
export const AuthUserBatchBody = z.object({
  roleId: z.coerce.number().int().positive().describe('id of a role (GET /system/role/list)'),
  userIds: IdArray.refine((a) => a.length > 0, { message: 'field.required' }).describe('ids of users (GET /system/user/list)'),
});
export type AuthUserBatchBody = z.infer<typeof AuthUserBatchBody>;

export const RoleDeptTreeResult = z.object({
  code: z.number(),
  msg: z.string(),
  checkedKeys: z.array(z.number()),
  depts: z.array(TreeSelectNode),
});

const RoleIdParam = z.object({ roleId: z.coerce.number().int().positive() });
const tag = 'system/role';

/** The roles API (RuoYi's SysRoleController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const RoleApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/role/list',
    access: { permission: RolePerm.list },
    summary: 'List roles by page',
    tag,
    query: RoleQuery,
    response: rowsOf(Role),
  }),
  options: endpoint({
    method: 'GET',
    url: '/system/role/optionselect',
    access: { permission: RolePerm.query },
    summary: 'List all roles, for pickers',
    tag,
    response: okOf(z.array(Role)),
  }),
  allocatedUsers: endpoint({
    method: 'GET',
    url: '/system/role/authUser/allocatedList',
    access: { permission: RolePerm.list },
    summary: 'List the users that hold a role',
    tag,
    query: AuthUserQuery,
    response: rowsOf(AuthUserRow),
  }),
  unallocatedUsers: endpoint({
    method: 'GET',
    url: '/system/role/authUser/unallocatedList',
    access: { permission: RolePerm.list },
    summary: 'List the users that do not hold a role',
    tag,
    query: AuthUserQuery,
    response: rowsOf(AuthUserRow),
  }),
  deptTree: endpoint({
    method: 'GET',
    url: '/system/role/deptTree/:roleId',
    access: { permission: RolePerm.query },
    summary: "Get the department tree with a role's data-scope departments checked",
    tag,
    params: RoleIdParam,
    response: RoleDeptTreeResult,
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/role/:roleId',
    access: { permission: RolePerm.query },
    summary: 'Get a role',
    tag,
    params: RoleIdParam,
    response: okOf(RoleDetail),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/role',
    access: { permission: RolePerm.add },
    summary: 'Create a role with its menus',
    tag,
    body: RoleBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/role',
    access: { permission: RolePerm.edit },
    summary: 'Update a role and its menus',
    tag,
    body: RoleUpdate,
    response: OkEmpty,
  }),
  dataScope: endpoint({
    method: 'PUT',
    url: '/system/role/dataScope',
    access: { permission: RolePerm.edit },
    summary: "Set a role's data scope",
    tag,
    body: RoleDataScopeBody,
    response: OkEmpty,
  }),
  changeStatus: endpoint({
    method: 'PUT',
    url: '/system/role/changeStatus',
    access: { permission: RolePerm.edit },
    summary: 'Enable or disable a role',
    tag,
    body: RoleStatusBody,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/role/:ids',
    access: { permission: RolePerm.remove },
    summary: 'Delete roles',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  cancelAuthUser: endpoint({
    method: 'PUT',
    url: '/system/role/authUser/cancel',
    access: { permission: RolePerm.edit },
    summary: 'Take a role away from one user',
    tag,
    body: AuthUserCancelBody,
    response: OkEmpty,
  }),
  cancelAuthUsers: endpoint({
    method: 'PUT',
    url: '/system/role/authUser/cancelAll',
    access: { permission: RolePerm.edit },
    summary: 'Take a role away from several users',
    tag,
    body: AuthUserBatchBody,
    response: OkEmpty,
  }),
  selectAuthUsers: endpoint({
    method: 'PUT',
    url: '/system/role/authUser/selectAll',
    access: { permission: RolePerm.edit },
    summary: 'Give a role to several users',
    tag,
    body: AuthUserBatchBody,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/system/role/export',
    access: { permission: RolePerm.export },
    summary: 'Export roles as an Excel workbook',
    tag,
    body: RoleExportQuery,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
};
