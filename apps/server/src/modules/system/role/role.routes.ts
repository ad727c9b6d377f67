import { Code, IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  AuthUserBatchBody,
  AuthUserCancelBody,
  AuthUserQuery,
  AuthUserRow,
  Role,
  RoleBody,
  RoleDataScopeBody,
  RoleDeptTreeResult,
  RoleDetail,
  RoleExportQuery,
  RolePerm,
  RoleQuery,
  RoleStatusBody,
  RoleUpdate,
} from '@ccms/contracts/system/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { roleService } from './role.service';

const log = (businessType: BusinessType) => ({ title: 'role', businessType });
const RoleIdParam = z.object({ roleId: z.coerce.number().int().positive() });

/** Roles administration (RuoYi's SysRoleController). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = roleService(app.db, app.sessions);
  acceptFormBodies(app);

  app.get(
    '/system/role/list',
    {
      config: { permission: RolePerm.list },
      schema: { summary: 'List roles by page', tags: ['system/role'], querystring: RoleQuery, response: { 200: rowsOf(Role) } },
    },
    async (req) => rows(await roles.list(req.query)),
  );

  app.get(
    '/system/role/optionselect',
    {
      config: { permission: RolePerm.query },
      schema: { summary: 'List all roles, for pickers', tags: ['system/role'], response: { 200: okOf(z.array(Role)) } },
    },
    async () => ok(await roles.options()),
  );

  app.get(
    '/system/role/authUser/allocatedList',
    {
      config: { permission: RolePerm.list },
      schema: { summary: 'List the users that hold a role', tags: ['system/role'], querystring: AuthUserQuery, response: { 200: rowsOf(AuthUserRow) } },
    },
    async (req) => rows(await roles.allocated(caller(req), req.query, true)),
  );

  app.get(
    '/system/role/authUser/unallocatedList',
    {
      config: { permission: RolePerm.list },
      schema: { summary: 'List the users that do not hold a role', tags: ['system/role'], querystring: AuthUserQuery, response: { 200: rowsOf(AuthUserRow) } },
    },
    async (req) => rows(await roles.allocated(caller(req), req.query, false)),
  );

  app.get(
    '/system/role/deptTree/:roleId',
    {
      config: { permission: RolePerm.query },
      schema: {
        summary: "Get the department tree with a role's data-scope departments checked",
        tags: ['system/role'],
        params: RoleIdParam,
        response: { 200: RoleDeptTreeResult },
      },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await roles.deptTreeOf(caller(req), req.params.roleId)) }),
  );

  app.get(
    '/system/role/:roleId',
    {
      config: { permission: RolePerm.query },
      schema: { summary: 'Get a role', tags: ['system/role'], params: RoleIdParam, response: { 200: okOf(RoleDetail) } },
    },
    async (req) => ok(await roles.get(req.params.roleId)),
  );

  app.post(
    '/system/role',
    {
      config: { permission: RolePerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a role with its menus', tags: ['system/role'], body: RoleBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.create(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/role',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a role and its menus', tags: ['system/role'], body: RoleUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.update(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/role/dataScope',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: "Set a role's data scope", tags: ['system/role'], body: RoleDataScopeBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.setDataScope(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/role/changeStatus',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Enable or disable a role', tags: ['system/role'], body: RoleStatusBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.changeStatus(caller(req), req.body);
      return done();
    },
  );

  app.delete(
    '/system/role/:ids',
    {
      config: { permission: RolePerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete roles', tags: ['system/role'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.remove(caller(req), req.params.ids);
      return done();
    },
  );

  app.put(
    '/system/role/authUser/cancel',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.GRANT) },
      preValidation: queryAsBody,
      schema: { summary: 'Take a role away from one user', tags: ['system/role'], body: AuthUserCancelBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.cancel(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/role/authUser/cancelAll',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.GRANT) },
      preValidation: queryAsBody,
      schema: { summary: 'Take a role away from several users', tags: ['system/role'], body: AuthUserBatchBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.cancelAll(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/role/authUser/selectAll',
    {
      config: { permission: RolePerm.edit, log: log(BusinessType.GRANT) },
      preValidation: queryAsBody,
      schema: { summary: 'Give a role to several users', tags: ['system/role'], body: AuthUserBatchBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await roles.selectAll(caller(req), req.body);
      return done();
    },
  );

  app.post(
    '/system/role/export',
    {
      config: { permission: RolePerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export roles as an Excel workbook',
        tags: ['system/role'],
        body: RoleExportQuery,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'role.xlsx', await roles.exportXlsx(req.body, req.lang)),
  );
};
