import { DocumentPerm } from '@ccms/contracts/content/document';
import { RevisionLoadFields, RevisionLoadResult, RevisionResolveBody, RevisionResolveResult } from '@ccms/contracts/content/flightops';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { revisionService } from './revision.service';

export const flightopsRoutes: FastifyPluginAsyncZod = async (app) => {
  const revisions = revisionService(app.db, app.content.git, app.content);
  app.post(
    '/ccms/flightops/revision',
    {
      config: { permission: DocumentPerm.import, log: { title: 'flightops revision', businessType: BusinessType.IMPORT } },
      schema: {
        summary: "Load a manufacturer revision (multipart: fields and one zip) onto the airline's branch: merged per DU into revision/<name>, conflicts listed",
        tags: ['content/flightops'],
        response: { 200: okOf(RevisionLoadResult) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => revisions.assertWritable(auth, formFields(RevisionLoadFields, raw).libraryId) });
      return ok(await revisions.load(auth, formFields(RevisionLoadFields, form.fields), form.files));
    },
  );
  app.post(
    '/ccms/flightops/revision/resolve',
    {
      config: { permission: DocumentPerm.import, log: { title: 'flightops revision', businessType: BusinessType.UPDATE } },
      schema: {
        summary: 'Resolve a conflict of a revision branch: the chosen or written text (or the removal) as one commit',
        tags: ['content/flightops'],
        body: RevisionResolveBody,
        response: { 200: okOf(RevisionResolveResult) },
      },
    },
    async (req) => ok(await revisions.resolve(caller(req), req.body)),
  );
};
