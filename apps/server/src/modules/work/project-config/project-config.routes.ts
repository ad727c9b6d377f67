import { OkEmpty, okOf } from '@ccms/contracts/http';
import { ProjectConfig, ProjectConfigBody, ProjectPerm } from '@ccms/contracts/work/project';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { projectConfigService } from './project-config.service';

const ProjectIdParam = z.object({ projectId: z.coerce.number().int().positive() });

export const projectConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const configs = projectConfigService(app.db);

  app.get(
    '/ccms/project/config/:projectId',
    {
      config: { permission: ProjectPerm.query },
      schema: {
        summary: "Get a project's configuration (work item types, states, fields)",
        tags: ['work/project-config'],
        params: ProjectIdParam,
        response: { 200: okOf(ProjectConfig) },
      },
    },
    async (req) => ok(await configs.get(caller(req), req.params.projectId)),
  );
  app.put(
    '/ccms/project/config',
    {
      config: { permission: ProjectPerm.edit, log: { title: 'project config', businessType: BusinessType.UPDATE } },
      schema: { summary: "Save a project's configuration", tags: ['work/project-config'], body: ProjectConfigBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await configs.save(caller(req), req.body);
      return done();
    },
  );
};
