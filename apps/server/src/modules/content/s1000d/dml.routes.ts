import { S1000dPerm } from '@ccms/contracts/content/s1000d';
import { DmlCoverage, DmlCoverageQuery } from '@ccms/contracts/content/s1000d-dml';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { dmlService } from './dml.service';

export const dmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const dml = dmlService(app.db, app.content.git, app.content);
  app.get(
    '/ccms/s1000d/dml-coverage',
    {
      config: { permission: S1000dPerm.query },
      schema: {
        summary: "A data module list's coverage: each entry's module missing, in work, issued or deleted at the branch's indexed commit",
        tags: ['content/s1000d'],
        querystring: DmlCoverageQuery,
        response: { 200: okOf(DmlCoverage) },
      },
    },
    async (req) => ok(await dml.coverage(caller(req), req.query)),
  );
};
