import { catalogRowsOf, TextDiff } from '@ccms/contracts/content/catalog';
import {
  CompareQuery,
  CompareTopicQuery,
  DocumentCompare,
  DocumentConnections,
  DocumentDetail,
  DocumentIdParam,
  DocumentOutput,
  DocumentPageQuery,
  DocumentPerm,
  DocumentProps,
  DocumentQuery,
  DocumentRow,
  DocumentToc,
  FastCreateBody,
  FastCreateResult,
  ImportFields,
  ImportInspect,
  ImportResult,
  RevisionBody,
  RevisionRow,
} from '@ccms/contracts/content/document';
import { DocumentStatusBody, StatusChange, TocNodeStatusBody } from '@ccms/contracts/content/status';
import { Code, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { templateService } from '../template/template.service';
import { documentService } from './document.service';
import { revisionService } from './document-revision';
import { documentWriteService } from './document-write';

const log = (businessType: BusinessType) => ({ title: 'document', businessType });
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

  app.get(
    '/ccms/document/list',
    {
      config: { permission: DocumentPerm.list },
      schema: {
        summary: 'List documents (DITA maps) by page',
        tags: ['content/document'],
        querystring: DocumentQuery,
        response: { 200: catalogRowsOf(DocumentRow) },
      },
    },
    async (req) => list(await documents.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/document/:id',
    {
      config: { permission: DocumentPerm.query },
      schema: { summary: "Get a document's properties", tags: ['content/document'], params: DocumentIdParam, response: { 200: okOf(DocumentDetail) } },
    },
    async (req) => ok(await documents.get(caller(req), req.params.id)),
  );
  app.get(
    '/ccms/document/:id/toc',
    {
      config: { permission: DocumentPerm.query },
      schema: { summary: "Get a document's table of contents", tags: ['content/document'], params: DocumentIdParam, response: { 200: okOf(DocumentToc) } },
    },
    async (req) => ok(await documents.toc(caller(req), req.params.id)),
  );
  app.put(
    '/ccms/document',
    {
      config: { permission: DocumentPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: "Update a document's properties", tags: ['content/document'], body: DocumentProps, response: { 200: OkEmpty } },
    },
    async (req) => {
      await documents.update(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/document/:id/status',
    {
      config: { permission: DocumentPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: "Change a document's status",
        tags: ['content/document'],
        params: DocumentIdParam,
        body: DocumentStatusBody,
        response: { 200: okOf(StatusChange) },
      },
    },
    async (req) => ok(await documents.setStatus(caller(req), req.params.id, req.body.status)),
  );
  app.put(
    '/ccms/document/:id/node/status',
    {
      config: { permission: DocumentPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: "Change the status of one node in a document's table of contents",
        tags: ['content/document'],
        params: DocumentIdParam,
        body: TocNodeStatusBody,
        response: { 200: okOf(StatusChange) },
      },
    },
    async (req) => ok(await documents.setNodeStatus(caller(req), req.params.id, req.body)),
  );
  app.get(
    '/ccms/document/:id/connections',
    {
      config: { permission: DocumentPerm.query },
      schema: {
        summary: 'List the files a document uses and the maps and topics that use it',
        tags: ['content/document'],
        params: DocumentIdParam,
        response: { 200: okOf(DocumentConnections) },
      },
    },
    async (req) => ok(await documents.connections(caller(req), req.params.id)),
  );
  app.get(
    '/ccms/document/:id/outputs',
    {
      config: { permission: DocumentPerm.query },
      schema: {
        summary: "List a document's published outputs by page",
        tags: ['content/document'],
        params: DocumentIdParam,
        querystring: DocumentPageQuery,
        response: { 200: catalogRowsOf(DocumentOutput) },
      },
    },
    async (req) => list(await documents.outputs(caller(req), req.params.id, req.query)),
  );
  app.get(
    '/ccms/document/:id/revisions',
    {
      config: { permission: DocumentPerm.query },
      schema: {
        summary: "List a document's revisions by page",
        tags: ['content/document'],
        params: DocumentIdParam,
        querystring: DocumentPageQuery,
        response: { 200: rowsOf(RevisionRow) },
      },
    },
    async (req) => rows(await revisions.list(caller(req), req.params.id, req.query)),
  );
  app.post(
    '/ccms/document/:id/revision',
    {
      config: { permission: DocumentPerm.edit, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Record a new revision of a document',
        tags: ['content/document'],
        params: DocumentIdParam,
        body: RevisionBody,
        response: { 200: okOf(RevisionRow) },
      },
    },
    async (req) => ok(await revisions.create(caller(req), req.params.id, req.body)),
  );
  app.get(
    '/ccms/document/:id/compare',
    {
      config: { permission: DocumentPerm.query },
      schema: {
        summary: "Compare two versions of a document's table of contents",
        tags: ['content/document'],
        params: DocumentIdParam,
        querystring: CompareQuery,
        response: { 200: okOf(DocumentCompare) },
      },
    },
    async (req) => ok(await revisions.compare(caller(req), req.params.id, req.query)),
  );
  app.get(
    '/ccms/document/:id/compare/topic',
    {
      config: { permission: DocumentPerm.query },
      schema: {
        summary: 'Compare one topic between two versions of a document',
        tags: ['content/document'],
        params: DocumentIdParam,
        querystring: CompareTopicQuery,
        response: { 200: okOf(TextDiff) },
      },
    },
    async (req) => ok(await revisions.compareTopic(caller(req), req.params.id, req.query)),
  );
  app.post(
    '/ccms/document/import',
    {
      config: { permission: DocumentPerm.import, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Import a document package (multipart) into a library', tags: ['content/document'], response: { 200: okOf(ImportResult) } },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => writes.assertWritable(auth, importFields(raw).libraryId) });
      return ok(await writes.importPackage(auth, importFields(form.fields), form.files));
    },
  );
  app.post(
    '/ccms/document/import/inspect',
    {
      config: { permission: DocumentPerm.import, log: { skip: 'reads the uploaded package only, writes nothing' } },
      schema: { summary: 'Inspect a document package (multipart) before importing it', tags: ['content/document'], response: { 200: okOf(ImportInspect) } },
    },
    async (req) => {
      // Only someone who may import into the library unpacks a package on the server.
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => writes.assertWritable(auth, inspectLibrary(raw)) });
      return ok(await writes.inspect(form.files));
    },
  );
  app.post(
    '/ccms/document/fastCreate',
    {
      config: { permission: DocumentPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a document with its map file in one step',
        tags: ['content/document'],
        body: FastCreateBody,
        response: { 200: okOf(FastCreateResult) },
      },
    },
    async (req) => ok(await writes.fastCreate(caller(req), req.body)),
  );
};
