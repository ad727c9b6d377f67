import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { Task, TaskBody, TaskFilter, TaskPerm, TaskProgressBody, TaskQuery, TaskUpdate } from '@ccms/contracts/work/task';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { taskService } from './task.service';

const log = (businessType: BusinessType) => ({ title: 'task', businessType });

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = taskService(app.db, app.notification);

  // The project detail's project-list tab and the plan detail read them too.
  app.get(
    '/ccms/task/list',
    {
      config: { permission: [TaskPerm.list, 'ccms:project:query', 'ccms:plan:query'] },
      schema: { summary: 'List tasks by page', tags: ['work/task'], querystring: TaskQuery, response: { 200: rowsOf(Task) } },
    },
    async (req) => rows(await tasks.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/task/mine',
    {
      config: { permission: TaskPerm.mine },
      schema: { summary: "List the caller's own tasks by page", tags: ['work/task'], querystring: TaskQuery, response: { 200: rowsOf(Task) } },
    },
    async (req) => rows(await tasks.mine(caller(req), req.query)),
  );
  app.post(
    '/ccms/task/export',
    {
      config: { permission: TaskPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export tasks as an Excel workbook',
        tags: ['work/task'],
        body: TaskFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'task.xlsx', await tasks.export(caller(req), req.body, req.lang)),
  );
  app.put(
    '/ccms/task/progress',
    {
      config: { permission: [TaskPerm.edit, TaskPerm.mine], log: log(BusinessType.UPDATE) },
      schema: { summary: 'Report progress on a task', tags: ['work/task'], body: TaskProgressBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await tasks.progress(caller(req), req.body);
      return done();
    },
  );
  app.get(
    '/ccms/task/:id',
    {
      config: { permission: [TaskPerm.query, TaskPerm.mine] },
      schema: { summary: 'Get a task', tags: ['work/task'], params: IdParam, response: { 200: okOf(Task) } },
    },
    async (req) => ok(await tasks.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/task',
    {
      config: { permission: TaskPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a task', tags: ['work/task'], body: TaskBody, response: { 200: okOf(z.object({ id: z.number() })) } },
    },
    async (req) => ok({ id: await tasks.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/task',
    {
      config: { permission: TaskPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a task', tags: ['work/task'], body: TaskUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await tasks.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/task/:ids',
    {
      config: { permission: TaskPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete tasks', tags: ['work/task'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await tasks.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
