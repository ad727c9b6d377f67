import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Project,
  ProjectBody,
  ProjectBranch,
  ProjectFilter,
  ProjectGrant,
  ProjectGrantBody,
  ProjectIdQuery,
  ProjectMember,
  ProjectMemberBody,
  ProjectPerm,
  ProjectProgress,
  ProjectQuery,
  ProjectReAdd,
  ProjectRoleOption,
  ProjectScopedQuery,
  ProjectUpdate,
  ProjectUserOption,
  UserStrQuery,
} from '@ccms/contracts/work/project';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { projectService } from './project.service';

const log = (businessType: BusinessType) => ({ title: 'project', businessType });
const KeywordQuery = z.object({ keyword: z.string().trim().max(100).default('') });

/** The project calls of spec section 7, plus grants and members of the detail tabs. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectService(app.db, app.content.git);

  app.get(
    '/ccms/project/list',
    {
      config: { permission: ProjectPerm.list },
      schema: { summary: 'List projects by page', tags: ['work/project'], querystring: ProjectQuery, response: { 200: rowsOf(Project) } },
    },
    async (req) => rows(await projects.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/project/export',
    {
      config: { permission: ProjectPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export projects as an Excel workbook',
        tags: ['work/project'],
        body: ProjectFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'project.xlsx', await projects.export(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/project/listUserForOption',
    {
      config: { permission: ProjectPerm.list },
      schema: { summary: 'List users, for the project member picker', tags: ['work/project'], response: { 200: okOf(z.array(ProjectUserOption)) } },
    },
    async () => ok(await projects.userOptions()),
  );
  app.get(
    '/ccms/project/listUserForOptionByStr',
    {
      config: { permission: ProjectPerm.list },
      schema: {
        summary: 'Find users by name, for the project member picker',
        tags: ['work/project'],
        querystring: UserStrQuery,
        response: { 200: okOf(z.array(ProjectUserOption)) },
      },
    },
    async (req) => ok(await projects.userOptions(req.query.userStr)),
  );
  app.get(
    '/ccms/project/progress',
    {
      config: { permission: ProjectPerm.list },
      schema: { summary: "Get a project's progress figures", tags: ['work/project'], querystring: ProjectIdQuery, response: { 200: okOf(ProjectProgress) } },
    },
    async (req) => ok(await projects.progress(caller(req), req.query.id)),
  );
  // Grantee pickers of the permission tab.
  app.get(
    '/ccms/project/user/list',
    {
      config: { permission: ProjectPerm.edit },
      schema: {
        summary: 'List users that can be granted access to a project',
        tags: ['work/project'],
        querystring: KeywordQuery,
        response: { 200: okOf(z.array(ProjectUserOption)) },
      },
    },
    async (req) => ok(await projects.userOptions(req.query.keyword)),
  );
  app.get(
    '/ccms/project/role/list',
    {
      config: { permission: ProjectPerm.edit },
      schema: { summary: 'List roles that can be granted access to a project', tags: ['work/project'], response: { 200: okOf(z.array(ProjectRoleOption)) } },
    },
    async () => ok(await projects.roleOptions()),
  );
  app.get(
    '/ccms/project/listUser/:id',
    {
      config: { permission: ProjectPerm.query },
      schema: { summary: "List a project's members", tags: ['work/project'], params: IdParam, response: { 200: okOf(z.array(ProjectMember)) } },
    },
    async (req) => ok(await projects.members(caller(req), req.params.id)),
  );
  app.get(
    '/ccms/project/listBranch',
    {
      config: { permission: ProjectPerm.query },
      schema: {
        summary: "List the branches of a project's library",
        tags: ['work/project'],
        querystring: ProjectScopedQuery,
        response: { 200: okOf(z.array(ProjectBranch)) },
      },
    },
    async (req) => ok(await projects.branches(caller(req), req.query.projectId)),
  );
  app.get(
    '/ccms/project/permission/list',
    {
      config: { permission: ProjectPerm.query },
      schema: {
        summary: 'List the grants of a project',
        tags: ['work/project'],
        querystring: ProjectScopedQuery,
        response: { 200: okOf(z.array(ProjectGrant)) },
      },
    },
    async (req) => ok(await projects.grants(caller(req), req.query.projectId)),
  );
  app.post(
    '/ccms/project/permission',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Grant a user, role or everyone a level on a project', tags: ['work/project'], body: ProjectGrantBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.grant(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/project/permission/:ids',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Revoke project grants', tags: ['work/project'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.revoke(caller(req), req.params.ids);
      return done();
    },
  );
  app.post(
    '/ccms/project/member',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Add members to a project', tags: ['work/project'], body: ProjectMemberBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.addMembers(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/project/member/:ids',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Remove project members', tags: ['work/project'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.removeMembers(caller(req), req.params.ids);
      return done();
    },
  );
  app.get(
    '/ccms/project/:id',
    {
      config: { permission: ProjectPerm.query },
      schema: { summary: 'Get a project', tags: ['work/project'], params: IdParam, response: { 200: okOf(Project) } },
    },
    async (req) => ok(await projects.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/project',
    {
      config: { permission: ProjectPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a project', tags: ['work/project'], body: ProjectBody, response: { 200: okOf(z.object({ id: z.number() })) } },
    },
    async (req) => ok({ id: await projects.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/project/reAdd',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.UPDATE) },
      preValidation: queryAsBody,
      schema: { summary: 'Reopen a closed project', tags: ['work/project'], body: ProjectReAdd, response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.reAdd(caller(req), req.body.id);
      return done();
    },
  );
  app.put(
    '/ccms/project',
    {
      config: { permission: ProjectPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a project', tags: ['work/project'], body: ProjectUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/project/:ids',
    {
      config: { permission: ProjectPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete projects', tags: ['work/project'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await projects.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
