import { OkEmpty, okOf } from '@ccms/contracts/http';
import { Dept, DeptBody, DeptQuery, DeptSort, DeptUpdate } from '@ccms/contracts/system/dept';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { deptService } from './dept.service';

const log = (businessType: BusinessType) => ({ title: 'dept', businessType });
const DeptIdParam = z.object({ deptId: z.coerce.number().int().positive() });

/** Department administration (RuoYi's SysDeptController; the spec's "Organization"), within the caller's data scope. */
export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  const depts = deptService(app.db, app.sessions);

  app.get(
    '/system/dept/list',
    {
      config: { permission: 'system:dept:list' },
      schema: { summary: 'List departments', tags: ['system/dept'], querystring: DeptQuery, response: { 200: okOf(z.array(Dept)) } },
    },
    async (req) => ok(await depts.list(caller(req), req.query)),
  );
  app.get(
    '/system/dept/list/exclude/:deptId',
    {
      config: { permission: 'system:dept:list' },
      schema: {
        summary: 'List departments except one and its descendants (parent picker)',
        tags: ['system/dept'],
        params: DeptIdParam,
        response: { 200: okOf(z.array(Dept)) },
      },
    },
    async (req) => ok(await depts.listExcluding(caller(req), req.params.deptId)),
  );
  app.get(
    '/system/dept/:deptId',
    {
      config: { permission: 'system:dept:query' },
      schema: { summary: 'Get a department', tags: ['system/dept'], params: DeptIdParam, response: { 200: okOf(Dept) } },
    },
    async (req) => ok(await depts.get(caller(req), req.params.deptId)),
  );
  app.post(
    '/system/dept',
    {
      config: { permission: 'system:dept:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a department', tags: ['system/dept'], body: DeptBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await depts.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/dept/updateSort',
    {
      config: { permission: 'system:dept:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Save the display order of several depts (RuoYi 3.9)', tags: ['system/dept'], body: DeptSort, response: { 200: OkEmpty } },
    },
    async (req) => {
      await depts.sort(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/dept',
    {
      config: { permission: 'system:dept:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a department', tags: ['system/dept'], body: DeptUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await depts.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/dept/:deptId',
    {
      config: { permission: 'system:dept:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete a department', tags: ['system/dept'], params: DeptIdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await depts.remove(caller(req), req.params.deptId);
      return done();
    },
  );
};
