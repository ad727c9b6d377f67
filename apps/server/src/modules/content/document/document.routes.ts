import { DocumentApi, ImportFields } from '@ccms/contracts/content/document';
import { DocumentRevisionApi } from '@ccms/contracts/content/document-revision';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { templateService } from '../template/template.service';
import { documentService } from './document.service';
import { revisionService } from './document-revision';
import { documentWriteService } from './document-write';

const log = (businessType: BusinessType) => ({ log: { title: 'document', businessType } });
const list = <T extends object>(data: T) => ({ code: Code.OK, msg: 'ok', ...data });

/** Import form fields checked like a body: the first problem names its field. */
/** The library an inspect is for: its write level is checked before the package is read. */
function inspectLibrary(raw: Record<string, string>): number {
  const id = Number(raw.libraryId);
  if (!raw.libraryId) throw badRequest('field.required', { field: 'libraryId' });
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw badRequest('field.invalid', { field: 'libraryId' });
  return id;
}

function importFields(raw: Record<string, string>) {
  const parsed = ImportFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    if (field === 'rootMap' && !raw.rootMap) throw badRequest('import.rootRequired');
    throw badRequest(raw[field] === undefined || raw[field] === '' ? 'field.required' : 'field.invalid', { field });
  }
  return parsed.data;
}

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const runtime = app.content;
  const git = app.content.git;
  const documents = documentService(app.db, runtime);
  const revisions = revisionService(app.db, git, documents);
  const writes = documentWriteService(app.db, git, runtime, templateService(app.db, app.content.grammar));

  app.route({ ...routeOf(DocumentApi.list), handler: async (req) => list(await documents.list(caller(req), req.query)) });
  app.route({ ...routeOf(DocumentApi.get), handler: async (req) => ok(await documents.get(caller(req), req.params.id)) });
  app.route({ ...routeOf(DocumentApi.toc), handler: async (req) => ok(await documents.toc(caller(req), req.params.id)) });
  app.route({
    ...routeOf(DocumentApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await documents.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DocumentApi.setStatus, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await documents.setStatus(caller(req), req.params.id, req.body.status)),
  });
  app.route({
    ...routeOf(DocumentApi.setNodeStatus, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await documents.setNodeStatus(caller(req), req.params.id, req.body)),
  });
  app.route({ ...routeOf(DocumentApi.connections), handler: async (req) => ok(await documents.connections(caller(req), req.params.id)) });
  app.route({ ...routeOf(DocumentApi.outputs), handler: async (req) => list(await documents.outputs(caller(req), req.params.id, req.query)) });
  app.route({ ...routeOf(DocumentRevisionApi.revisions), handler: async (req) => rows(await revisions.list(caller(req), req.params.id, req.query)) });
  app.route({
    ...routeOf(DocumentRevisionApi.addRevision, log(BusinessType.INSERT)),
    handler: async (req) => ok(await revisions.create(caller(req), req.params.id, req.body)),
  });
  app.route({ ...routeOf(DocumentRevisionApi.compare), handler: async (req) => ok(await revisions.compare(caller(req), req.params.id, req.query)) });
  app.route({ ...routeOf(DocumentRevisionApi.compareTopic), handler: async (req) => ok(await revisions.compareTopic(caller(req), req.params.id, req.query)) });
  app.route({
    ...routeOf(DocumentApi.import, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => writes.assertWritable(auth, importFields(raw).libraryId) });
      return ok(await writes.importPackage(auth, importFields(form.fields), form.files));
    },
  });
  app.route({
    ...routeOf(DocumentApi.inspect, { log: { skip: 'reads the uploaded package only, writes nothing' } }),
    handler: async (req) => {
      // Only someone who may import into the library unpacks a package on the server.
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => writes.assertWritable(auth, inspectLibrary(raw)) });
      return ok(await writes.inspect(form.files));
    },
  });
  app.route({ ...routeOf(DocumentApi.fastCreate, log(BusinessType.INSERT)), handler: async (req) => ok(await writes.fastCreate(caller(req), req.body)) });
};
