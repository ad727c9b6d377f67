import {
  CommitResult,
  CommitRow,
  DeleteBody,
  DownloadQuery,
  ExplorerPerm,
  FileContent,
  FileList,
  FileQuery,
  FilesQuery,
  FolderTree,
  HistoryQuery,
  MoveBody,
  NewFolderBody,
  RenameBody,
  SaveFileBody,
  SaveFileResult,
  TreeQuery,
  UploadFields,
} from '@ccms/contracts/content/explorer';
import { Code, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { explorerService } from './explorer.service';

const log = (businessType: BusinessType) => ({ title: 'explorer', businessType });
const Binary = z.unknown().describe('file content, or a zip of a folder');

export const explorerRoutes: FastifyPluginAsyncZod = async (app) => {
  const explorer = explorerService(app.content.git, app.content.libraries, app.content.grammar);

  app.get(
    '/ccms/explorer/tree',
    {
      config: { permission: ExplorerPerm.list },
      schema: { summary: 'List the folder tree of a library branch', tags: ['content/explorer'], querystring: TreeQuery, response: { 200: okOf(FolderTree) } },
    },
    async (req) => ok(await explorer.tree(caller(req), req.query)),
  );
  app.get(
    '/ccms/explorer/list',
    {
      config: { permission: ExplorerPerm.list },
      schema: { summary: 'List the files of a folder in a library branch', tags: ['content/explorer'], querystring: FilesQuery, response: { 200: FileList } },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await explorer.list(caller(req), req.query)) }),
  );
  app.get(
    '/ccms/explorer/file',
    {
      config: { permission: ExplorerPerm.query },
      schema: {
        summary: "Read a file's content from a library branch",
        tags: ['content/explorer'],
        querystring: FileQuery,
        response: { 200: okOf(FileContent) },
      },
    },
    async (req) => ok(await explorer.read(caller(req), req.query)),
  );
  app.get(
    '/ccms/explorer/history',
    {
      config: { permission: ExplorerPerm.query },
      schema: {
        summary: 'List the commit history of a file or folder',
        tags: ['content/explorer'],
        querystring: HistoryQuery,
        response: { 200: okOf(z.array(CommitRow)) },
      },
    },
    async (req) => ok(await explorer.history(caller(req), req.query)),
  );
  app.get(
    '/ccms/explorer/download',
    {
      config: { permission: ExplorerPerm.query },
      schema: {
        summary: 'Download a file or a folder (as zip) from a library branch',
        tags: ['content/explorer'],
        querystring: DownloadQuery,
        response: { 200: Binary },
      },
    },
    async (req, reply) => {
      const file = await explorer.download(caller(req), req.query);
      const encoded = encodeURIComponent(file.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${req.query.inline === 'true' ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
  app.post(
    '/ccms/explorer/folder',
    {
      config: { permission: ExplorerPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a folder in a library branch', tags: ['content/explorer'], body: NewFolderBody, response: { 200: okOf(CommitResult) } },
    },
    async (req) => ok(await explorer.newFolder(caller(req), req.body)),
  );
  app.put(
    '/ccms/explorer/file',
    {
      config: { permission: ExplorerPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary:
          "Save a file's content (commits to the library branch; DITA and XML files are validated first: only errors the edit brings refuse it, those already in the file come back as warnings)",
        tags: ['content/explorer'],
        body: SaveFileBody,
        response: { 200: okOf(SaveFileResult) },
      },
    },
    async (req) => ok(await explorer.save(caller(req), req.body, req.lang)),
  );
  app.put(
    '/ccms/explorer/rename',
    {
      config: { permission: ExplorerPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Rename a file or folder', tags: ['content/explorer'], body: RenameBody, response: { 200: okOf(CommitResult) } },
    },
    async (req) => ok(await explorer.rename(caller(req), req.body)),
  );
  app.put(
    '/ccms/explorer/move',
    {
      config: { permission: ExplorerPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Move files or folders to another folder', tags: ['content/explorer'], body: MoveBody, response: { 200: okOf(CommitResult) } },
    },
    async (req) => ok(await explorer.move(caller(req), req.body)),
  );
  app.delete(
    '/ccms/explorer',
    {
      config: { permission: ExplorerPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete files or folders', tags: ['content/explorer'], body: DeleteBody, response: { 200: okOf(CommitResult) } },
    },
    async (req) => ok(await explorer.remove(caller(req), req.body)),
  );
  app.post(
    '/ccms/explorer/upload',
    {
      config: { permission: ExplorerPerm.upload, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Upload files (multipart) into a folder', tags: ['content/explorer'], response: { 200: okOf(CommitResult) } },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => explorer.assertWritable(auth, formFields(UploadFields, raw).libraryId) });
      const fields = formFields(UploadFields, form.fields);
      if (form.files.length === 0) throw badRequest('explorer.noFile');
      return ok(await explorer.upload(auth, fields, form.files));
    },
  );
  app.post(
    '/ccms/explorer/uploadPackage',
    {
      config: { permission: ExplorerPerm.upload, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Upload a zip package (multipart) and unpack it into a folder', tags: ['content/explorer'], response: { 200: okOf(CommitResult) } },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => explorer.assertWritable(auth, formFields(UploadFields, raw).libraryId) });
      const fields = formFields(UploadFields, form.fields);
      const [file] = form.files;
      if (!file || form.files.length > 1) throw badRequest('explorer.noFile');
      return ok(await explorer.uploadPackage(auth, fields, file));
    },
  );
};
