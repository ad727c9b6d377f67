import { FlightopsApi, RevisionLoadFields } from '@ccms/contracts/content/flightops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { revisionService } from './revision.service';

export const flightopsRoutes: FastifyPluginAsyncZod = async (app) => {
  const revisions = revisionService(app.db, app.content.git, app.content);
  app.route({
    ...routeOf(FlightopsApi.loadRevision, { log: { title: 'flightops revision', businessType: BusinessType.IMPORT } }),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => revisions.assertWritable(auth, formFields(RevisionLoadFields, raw).libraryId) });
      return ok(await revisions.load(auth, formFields(RevisionLoadFields, form.fields), form.files));
    },
  });
  app.route({
    ...routeOf(FlightopsApi.resolveRevision, { log: { title: 'flightops revision', businessType: BusinessType.UPDATE } }),
    handler: async (req) => ok(await revisions.resolve(caller(req), req.body)),
  });
};
