import { Code } from '@ccms/contracts/http';
import { UserApi } from '@ccms/contracts/system/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readUploadedFile } from '../../../platform/http/multipart';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { readUpload } from './request-input';
import { userService } from './user.service';

const log = (businessType: BusinessType) => ({ log: { title: 'user', businessType } });
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Users administration (RuoYi's SysUserController). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = userService(app.db, app.sessions);
  acceptFormBodies(app);

  app.route({ ...routeOf(UserApi.list), handler: async (req) => rows(await users.list(caller(req), req.query)) });

  app.route({
    ...routeOf(UserApi.deptTree),
    handler: async (req) => ({
      code: Code.OK,
      msg: 'ok',
      data: await users.deptTree(caller(req)),
    }),
  });

  app.route({
    ...routeOf(UserApi.form),
    handler: async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await users.form(caller(req))),
    }),
  });

  app.route({ ...routeOf(UserApi.get), handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await users.form(caller(req), req.params.userId)) }) });

  app.route({
    ...routeOf(UserApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await users.create(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await users.update(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await users.remove(caller(req), req.params.ids);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.resetPwd, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await users.resetPwd(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.changeStatus, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await users.changeStatus(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.authRole),
    handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await users.authRoleOf(caller(req), req.params.userId)) }),
  });

  app.route({
    ...routeOf(UserApi.saveAuthRole, log(BusinessType.GRANT)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await users.setAuthRole(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(UserApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'user.xlsx', await users.exportXlsx(caller(req), req.body, req.lang)),
  });

  app.route({
    ...routeOf(UserApi.importTemplate, { log: { skip: 'downloads an empty workbook; writes nothing' } }),
    handler: async (req, reply) => sendXlsx(reply, 'user_template.xlsx', await users.importTemplate(req.lang)),
  });

  app.route({
    ...routeOf(UserApi.importData, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const upload = await readUpload(req, 'file', IMPORT_MAX_BYTES, {
        missing: badRequest('user.import.noFile'),
        tooLarge: badRequest('field.tooBig', { field: 'file', max: `${IMPORT_MAX_BYTES / 1024 / 1024} MB` }),
      });
      const updateSupport = req.query.updateSupport || ['true', '1'].includes(upload.fields.updateSupport ?? '');
      const { msg, ...data } = await users.importUsers(caller(req), await readUploadedFile(upload, IMPORT_MAX_BYTES), updateSupport, req.lang);
      // Some rows refused: a warning (601) the user acts on, with every row's outcome.
      return { code: data.failureCount > 0 ? Code.WARN : Code.OK, msg, data };
    },
  });
};
