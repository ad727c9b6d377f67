import { Code, IdList, OkEmpty, rowsOf } from '@ccms/contracts/http';
import {
  AuthRoleBody,
  AuthRoleResult,
  DeptTreeResult,
  ImportQuery,
  ImportResult,
  ResetPwdBody,
  User,
  UserBody,
  UserExportQuery,
  UserFormResult,
  UserPerm,
  UserQuery,
  UserStatusBody,
  UserUpdate,
} from '@ccms/contracts/system/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readUploadedFile } from '../../../platform/http/multipart';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { readUpload } from './request-input';
import { userService } from './user.service';

const log = (businessType: BusinessType) => ({ title: 'user', businessType });
const UserIdParam = z.object({ userId: z.coerce.number().int().positive() });
const Xlsx = z.unknown().describe('an .xlsx workbook');
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Users administration (RuoYi's SysUserController). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = userService(app.db, app.sessions);
  acceptFormBodies(app);

  app.get(
    '/system/user/list',
    {
      config: { permission: UserPerm.list },
      schema: { summary: 'List users by page', tags: ['system/user'], querystring: UserQuery, response: { 200: rowsOf(User) } },
    },
    async (req) => rows(await users.list(caller(req), req.query)),
  );

  app.get(
    '/system/user/deptTree',
    {
      config: { permission: UserPerm.list },
      schema: { summary: "Get the department tree, for the user list's filter", tags: ['system/user'], response: { 200: DeptTreeResult } },
    },
    async (req) => ({
      code: Code.OK,
      msg: 'ok',
      data: await users.deptTree(caller(req)),
    }),
  );

  app.get(
    '/system/user/',
    {
      config: { permission: UserPerm.query },
      schema: { summary: 'Get the role and post options for a new user', tags: ['system/user'], response: { 200: UserFormResult } },
    },
    async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await users.form(caller(req))),
    }),
  );

  app.get(
    '/system/user/:userId',
    {
      config: { permission: UserPerm.query },
      schema: { summary: 'Get a user with their roles and posts', tags: ['system/user'], params: UserIdParam, response: { 200: UserFormResult } },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await users.form(caller(req), req.params.userId)) }),
  );

  app.post(
    '/system/user',
    {
      config: { permission: UserPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a user', tags: ['system/user'], body: UserBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.create(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/user',
    {
      config: { permission: UserPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a user', tags: ['system/user'], body: UserUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.update(caller(req), req.body);
      return done();
    },
  );

  app.delete(
    '/system/user/:ids',
    {
      config: { permission: UserPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete users', tags: ['system/user'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.remove(caller(req), req.params.ids);
      return done();
    },
  );

  app.put(
    '/system/user/resetPwd',
    {
      config: { permission: UserPerm.resetPwd, log: log(BusinessType.UPDATE) },
      schema: { summary: "Reset a user's password", tags: ['system/user'], body: ResetPwdBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.resetPwd(caller(req), req.body);
      return done();
    },
  );

  app.put(
    '/system/user/changeStatus',
    {
      config: { permission: UserPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Enable or disable a user', tags: ['system/user'], body: UserStatusBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.changeStatus(caller(req), req.body);
      return done();
    },
  );

  app.get(
    '/system/user/authRole/:userId',
    {
      config: { permission: UserPerm.query },
      schema: {
        summary: 'Get a user with all roles, the ones they hold marked',
        tags: ['system/user'],
        params: UserIdParam,
        response: { 200: AuthRoleResult },
      },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await users.authRoleOf(caller(req), req.params.userId)) }),
  );

  app.put(
    '/system/user/authRole',
    {
      config: { permission: UserPerm.edit, log: log(BusinessType.GRANT) },
      preValidation: queryAsBody,
      schema: { summary: 'Set the roles a user holds', tags: ['system/user'], body: AuthRoleBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await users.setAuthRole(caller(req), req.body);
      return done();
    },
  );

  app.post(
    '/system/user/export',
    {
      config: { permission: UserPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: { summary: 'Export users as an Excel workbook', tags: ['system/user'], body: UserExportQuery, response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'user.xlsx', await users.exportXlsx(caller(req), req.body, req.lang)),
  );

  app.post(
    '/system/user/importTemplate',
    {
      config: { permission: UserPerm.import, log: { skip: 'downloads an empty workbook; writes nothing' } },
      schema: { summary: 'Download the Excel template for importing users', tags: ['system/user'], response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'user_template.xlsx', await users.importTemplate(req.lang)),
  );

  app.post(
    '/system/user/importData',
    {
      config: { permission: UserPerm.import, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Import users from an Excel workbook (multipart)', tags: ['system/user'], querystring: ImportQuery, response: { 200: ImportResult } },
    },
    async (req) => {
      const upload = await readUpload(req, 'file', IMPORT_MAX_BYTES, {
        missing: badRequest('user.import.noFile'),
        tooLarge: badRequest('field.tooBig', { field: 'file', max: `${IMPORT_MAX_BYTES / 1024 / 1024} MB` }),
      });
      const updateSupport = req.query.updateSupport || ['true', '1'].includes(upload.fields.updateSupport ?? '');
      const { msg, ...data } = await users.importUsers(caller(req), await readUploadedFile(upload, IMPORT_MAX_BYTES), updateSupport, req.lang);
      // Some rows refused: a warning (601) the user acts on, with every row's outcome.
      return { code: data.failureCount > 0 ? Code.WARN : Code.OK, msg, data };
    },
  );
};
