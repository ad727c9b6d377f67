import { FileResponse } from '@ccms/contracts/common';
import { OkEmpty, rowsOf } from '@ccms/contracts/http';
import { InfoIdsParam, LoginInfo, LoginInfoQuery, UnlockParam } from '@ccms/contracts/monitor/logininfor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { done, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { BusinessType } from '../../../platform/types';
import { acceptFormBodies } from '../operlog/form-body';
import { loginInfoService } from './logininfor.service';

const log = (businessType: BusinessType) => ({ title: 'logininfor', businessType });

/** Sign-in log (RuoYi SysLogininforController); rows are written by the sign-in service. */
export const loginInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginInfos = loginInfoService(app.db);
  acceptFormBodies(app);

  app.get(
    '/monitor/logininfor/list',
    {
      config: { permission: 'monitor:logininfor:list' },
      schema: { summary: 'List sign-in records by page', tags: ['monitor/logininfor'], querystring: LoginInfoQuery, response: { 200: rowsOf(LoginInfo) } },
    },
    async (req) => rows(await loginInfos.list(req.query)),
  );
  app.delete(
    '/monitor/logininfor/clean',
    {
      config: { permission: 'monitor:logininfor:remove', log: log(BusinessType.CLEAN) },
      schema: { summary: 'Delete all sign-in records', tags: ['monitor/logininfor'], response: { 200: OkEmpty } },
    },
    async () => {
      await loginInfos.clean();
      return done();
    },
  );
  app.delete(
    '/monitor/logininfor/:ids',
    {
      config: { permission: 'monitor:logininfor:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete sign-in records', tags: ['monitor/logininfor'], params: InfoIdsParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await loginInfos.remove(req.params.ids);
      return done();
    },
  );
  app.get(
    '/monitor/logininfor/unlock/:userName',
    {
      config: { permission: 'monitor:logininfor:unlock', log: log(BusinessType.OTHER) },
      schema: { summary: 'Unlock a user locked out after failed sign-ins', tags: ['monitor/logininfor'], params: UnlockParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await loginInfos.unlock(caller(req), req.params.userName);
      return done();
    },
  );
  app.post(
    '/monitor/logininfor/export',
    {
      config: { permission: 'monitor:logininfor:export', log: log(BusinessType.EXPORT) },
      schema: {
        summary: 'Export sign-in records as an Excel workbook',
        tags: ['monitor/logininfor'],
        body: LoginInfoQuery.optional(),
        response: { 200: FileResponse },
      },
    },
    async (req, reply) => sendXlsx(reply, 'logininfor.xlsx', await loginInfos.exportXlsx(req.body ?? LoginInfoQuery.parse({}), req.lang)),
  );
};
