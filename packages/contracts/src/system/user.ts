import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, PageQuery, qInt, rowsOf, Status01 } from '../http';
import { Post } from './post';
import { DateParam, IdArray, Role, TreeSelectNode } from './role';

/** Permission strings of the user screens (RuoYi names). */
export const UserPerm = {
  list: 'system:user:list',
  query: 'system:user:query',
  add: 'system:user:add',
  edit: 'system:user:edit',
  remove: 'system:user:remove',
  resetPwd: 'system:user:resetPwd',
  export: 'system:user:export',
  import: 'system:user:import',
} as const;

/** 0 male, 1 female, 2 unknown (dict sys_user_sex). */
export const Sex = z.enum(['0', '1', '2']);

const PHONE = /^\d{0,11}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const UserName = z.string().trim().min(USERNAME_MIN).max(USERNAME_MAX).describe('sign-in name, unique');
export const NickName = z.string().trim().min(1).max(30).describe('display name');
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const Email = z
  .string()
  .trim()
  .max(50)
  .refine((v) => v === '' || EMAIL.test(v), { message: 'field.invalidFormat' });
export const Phone = z.string().trim().regex(PHONE, { message: 'field.invalidFormat' }).describe('up to 11 digits');

export const UserDept = z.object({ deptId: z.number(), deptName: z.string(), leader: z.string() });

/** A user as lists and forms show it; never the password hash. */
export const User = z.object({
  userId: z.number(),
  deptId: z.number().nullable(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  sex: z.string(),
  avatar: z.string(),
  status: z.string(),
  loginIp: z.string(),
  loginDate: DateTime,
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  remark: z.string(),
  /** Send it back on PUT: a stale one answers 409. */
  version: z.number(),
  dept: UserDept.nullable(),
  /** The super administrator (user 1): the web hides its edit buttons. */
  admin: z.boolean(),
});
export type User = z.infer<typeof User>;

export const UserQuery = PageQuery.extend({
  userName: z.string().max(30).optional().describe('sign-in name'),
  phonenumber: z.string().max(11).optional(),
  status: Status01.optional(),
  deptId: qInt.positive().optional().describe('this department and every department below it'),
  'params[beginTime]': DateParam.optional().describe('start of the range, yyyy-MM-dd'),
  'params[endTime]': DateParam.optional().describe('end of the range, yyyy-MM-dd'),
});
export type UserQuery = z.infer<typeof UserQuery>;

/** Filters of an export: the list filters without paging. */
export const UserExportQuery = UserQuery.omit({ pageNum: true, pageSize: true });
export type UserExportQuery = z.infer<typeof UserExportQuery>;

const userFields = {
  deptId: z.number().int().positive().nullable().optional().describe('id of a department (GET /system/dept/list)'),
  nickName: NickName,
  phonenumber: Phone.default(''),
  email: Email.default(''),
  sex: Sex.default('2'),
  status: Status01.default('0'),
  postIds: IdArray.default([]).describe('ids of posts (GET /system/post/list)'),
  roleIds: IdArray.default([]).describe('ids of roles (GET /system/role/list)'),
  remark: z.string().max(500).optional(),
};

export const UserBody = z.object({ userName: UserName.describe('sign-in name'), password: Password, ...userFields });
export type UserBody = z.infer<typeof UserBody>;

/** Fields left out stay as they are. */
export const UserUpdate = z.object({
  userId: z.number().int().positive().describe('id of a user (GET /system/user/list)'),
  userName: UserName.optional().describe('sign-in name'),
  deptId: userFields.deptId.describe('id of a department (GET /system/dept/list)'),
  nickName: NickName.optional(),
  phonenumber: Phone.optional(),
  email: Email.optional(),
  sex: Sex.optional().describe("'0' male, '1' female, '2' unknown"),
  status: Status01.optional(),
  postIds: IdArray.optional().describe('ids of posts (GET /system/post/list)'),
  roleIds: IdArray.optional().describe('ids of roles (GET /system/role/list)'),
  remark: z.string().max(500).optional(),
  version: z.number().int().min(0).optional().describe('the version read; a stale one answers 409'),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

/** Strict: a reset carries nothing else (no status, roles or other fields riding along). */
export const ResetPwdBody = z.object({ userId: z.number().int().positive().describe('id of a user (GET /system/user/list)'), password: Password }).strict();
export type ResetPwdBody = z.infer<typeof ResetPwdBody>;

export const UserStatusBody = z.object({
  userId: z.number().int().positive().describe('id of a user (GET /system/user/list)'),
  status: Status01,
  version: z.number().int().min(0).optional(),
});
export type UserStatusBody = z.infer<typeof UserStatusBody>;

/** userId plus roleIds, as query parameters (RuoYi's web) or a JSON body. */
export const AuthRoleBody = z.object({
  userId: z.coerce.number().int().positive().describe('id of a user (GET /system/user/list)'),
  roleIds: IdArray.default([]).describe('ids of roles (GET /system/role/list)'),
});
export type AuthRoleBody = z.infer<typeof AuthRoleBody>;

/** GET /system/user/ and /system/user/{id}: the form's choices, and the user when an id is given. */
export const UserFormResult = z.object({
  code: z.number(),
  msg: z.string(),
  data: User.optional(),
  posts: z.array(Post),
  roles: z.array(Role),
  postIds: z.array(z.number()).optional(),
  roleIds: z.array(z.number()).optional(),
});

export const AuthRoleResult = z.object({ code: z.number(), msg: z.string(), user: User, roles: z.array(Role) });

export const DeptTreeResult = z.object({ code: z.number(), msg: z.string(), data: z.array(TreeSelectNode) });

/** One spreadsheet row of a user import, after labels ("Male", "正常") became codes. */
export const UserImportRow = z.object({
  deptId: z.coerce.number().int().positive().optional(),
  userName: UserName,
  nickName: NickName,
  email: Email.default(''),
  phonenumber: Phone.default(''),
  sex: Sex.default('2'),
  status: Status01.default('0'),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

export const ImportRowResult = z.object({
  /** Spreadsheet row number (the heading is row 1). */
  row: z.number(),
  userName: z.string(),
  ok: z.boolean(),
  msg: z.string(),
});

export const ImportResult = z.object({
  code: z.number(),
  /** RuoYi's: the outcome and the rows (only the failed ones when some failed), one per `<br/>`, HTML-escaped. */
  msg: z.string(),
  data: z.object({
    /** The outcome in one plain sentence (counts), for a page that lists `rows` itself. */
    summary: z.string(),
    successCount: z.number(),
    failureCount: z.number(),
    rows: z.array(ImportRowResult),
  }),
});

export const ImportQuery = z.object({
  updateSupport: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('update users that already exist instead of refusing them'),
});

const UserIdParam = z.object({ userId: z.coerce.number().int().positive() });
/** Exports and the import template answer a workbook, not an envelope. */
const Xlsx = z.unknown().describe('an .xlsx workbook');
const tag = 'system/user';

/** The users API (RuoYi's SysUserController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const UserApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/user/list',
    access: { permission: UserPerm.list },
    summary: 'List users by page',
    tag,
    query: UserQuery,
    response: rowsOf(User),
  }),
  deptTree: endpoint({
    method: 'GET',
    url: '/system/user/deptTree',
    access: { permission: UserPerm.list },
    summary: "Get the department tree, for the user list's filter",
    tag,
    response: DeptTreeResult,
  }),
  form: endpoint({
    method: 'GET',
    url: '/system/user/',
    access: { permission: UserPerm.query },
    summary: 'Get the role and post options for a new user',
    tag,
    response: UserFormResult,
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/user/:userId',
    access: { permission: UserPerm.query },
    summary: 'Get a user with their roles and posts',
    tag,
    params: UserIdParam,
    response: UserFormResult,
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/user',
    access: { permission: UserPerm.add },
    summary: 'Create a user',
    tag,
    body: UserBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/user',
    access: { permission: UserPerm.edit },
    summary: 'Update a user',
    tag,
    body: UserUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/user/:ids',
    access: { permission: UserPerm.remove },
    summary: 'Delete users',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  resetPwd: endpoint({
    method: 'PUT',
    url: '/system/user/resetPwd',
    access: { permission: UserPerm.resetPwd },
    summary: "Reset a user's password",
    tag,
    body: ResetPwdBody,
    response: OkEmpty,
  }),
  changeStatus: endpoint({
    method: 'PUT',
    url: '/system/user/changeStatus',
    access: { permission: UserPerm.edit },
    summary: 'Enable or disable a user',
    tag,
    body: UserStatusBody,
    response: OkEmpty,
  }),
  authRole: endpoint({
    method: 'GET',
    url: '/system/user/authRole/:userId',
    access: { permission: UserPerm.query },
    summary: 'Get a user with all roles, the ones they hold marked',
    tag,
    params: UserIdParam,
    response: AuthRoleResult,
  }),
  saveAuthRole: endpoint({
    method: 'PUT',
    url: '/system/user/authRole',
    access: { permission: UserPerm.edit },
    summary: 'Set the roles a user holds',
    tag,
    body: AuthRoleBody,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/system/user/export',
    access: { permission: UserPerm.export },
    summary: 'Export users as an Excel workbook',
    tag,
    body: UserExportQuery,
    response: Xlsx,
  }),
  importTemplate: endpoint({
    method: 'POST',
    url: '/system/user/importTemplate',
    access: { permission: UserPerm.import },
    summary: 'Download the Excel template for importing users',
    tag,
    response: Xlsx,
  }),
  importData: endpoint({
    method: 'POST',
    url: '/system/user/importData',
    access: { permission: UserPerm.import },
    summary: 'Import users from an Excel workbook (multipart)',
    tag,
    query: ImportQuery,
    response: ImportResult,
  }),
};
