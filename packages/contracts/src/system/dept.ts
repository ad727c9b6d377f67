import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf, Status01, sortBodyOf } from '../http';

export const Dept = z.object({
  deptId: z.number(),
  parentId: z.number(),
  ancestors: z.string().describe('ids from the root down to the parent: "0,100,101"'),
  deptName: z.string(),
  orderNum: z.number(),
  leader: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  parentName: z.string().optional(),
});
export type Dept = z.infer<typeof Dept>;

export const DeptQuery = z.object({
  deptName: z.string().max(50).optional(),
  status: Status01.optional(),
});
export type DeptQuery = z.infer<typeof DeptQuery>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const DeptBody = z.object({
  parentId: z.coerce.number().int().min(0).describe('0 only for the root'),
  deptName: z.string().trim().min(1).max(30).describe('unique among its siblings'),
  orderNum: z.coerce.number().int().min(0).max(9999).describe('display order, ascending'),
  leader: z.string().trim().max(20).default('').describe('name of the department head'),
  phone: z
    .string()
    .trim()
    .max(11)
    .regex(/^[0-9+\- ]*$/, { message: 'field.invalidFormat' })
    .default(''),
  email: z
    .string()
    .trim()
    .max(50)
    .refine((v) => v === '' || EMAIL.test(v), { message: 'field.invalidFormat' })
    .default(''),
  status: Status01.default('0'),
});
export type DeptBody = z.infer<typeof DeptBody>;

export const DeptUpdate = DeptBody.extend({ deptId: z.coerce.number().int().positive().describe('id of a department (GET /system/dept/list)') });
export type DeptUpdate = z.infer<typeof DeptUpdate>;

/** Department permission strings: routes declare them, the seeded menus grant them. */
export const DeptPerm = {
  list: 'system:dept:list',
  query: 'system:dept:query',
  add: 'system:dept:add',
  edit: 'system:dept:edit',
  remove: 'system:dept:remove',
} as const;

/** Saves the display order of several depts at once (RuoYi 3.9's updateSort). */
export const DeptSort = sortBodyOf('deptIds');
export type DeptSort = z.infer<typeof DeptSort>;

const DeptIdParam = z.object({ deptId: z.coerce.number().int().positive() });
const tag = 'system/dept';

/** The departments API (RuoYi's SysDeptController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DeptApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/dept/list',
    access: { permission: DeptPerm.list },
    summary: 'List departments',
    tag,
    query: DeptQuery,
    response: okOf(z.array(Dept)),
  }),
  listExcluding: endpoint({
    method: 'GET',
    url: '/system/dept/list/exclude/:deptId',
    access: { permission: DeptPerm.list },
    summary: 'List departments except one and its descendants (parent picker)',
    tag,
    params: DeptIdParam,
    response: okOf(z.array(Dept)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/dept/:deptId',
    access: { permission: DeptPerm.query },
    summary: 'Get a department',
    tag,
    params: DeptIdParam,
    response: okOf(Dept),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/dept',
    access: { permission: DeptPerm.add },
    summary: 'Create a department',
    tag,
    body: DeptBody,
    response: OkEmpty,
  }),
  sort: endpoint({
    method: 'PUT',
    url: '/system/dept/updateSort',
    access: { permission: DeptPerm.edit },
    summary: 'Save the display order of several depts (RuoYi 3.9)',
    tag,
    body: DeptSort,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/dept',
    access: { permission: DeptPerm.edit },
    summary: 'Update a department',
    tag,
    body: DeptUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/dept/:deptId',
    access: { permission: DeptPerm.remove },
    summary: 'Delete a department',
    tag,
    params: DeptIdParam,
    response: OkEmpty,
  }),
};
