import {
  BranchList,
  FetchResult,
  Library,
  LibraryBody,
  LibraryIdParam,
  LibraryOption,
  LibraryPerm,
  LibraryProgress,
  LibraryQuery,
  LibraryUpdate,
  ValidateBody,
  ValidateResult,
} from '@ccms/contracts/content/library';
import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { ConnectionCheck } from './library.service';
import { libraryPreparation } from './library-prep';

const log = (businessType: BusinessType) => ({ title: 'library', businessType });

/** A connection check with its reason in the caller's words. */
function inWords(req: FastifyRequest, check: ConnectionCheck, branch: string) {
  const key = check.reason ? `scm.${check.reason}` : 'scm.success';
  return { ...check, message: translate(req.lang, key, { branch }) };
}

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { libraries, git, catalog } = app.content;
  const preparation = libraryPreparation({ db: app.db, git, libraries, catalog });
  await preparation.failInterrupted();
  // Closing waits for running clones and indexes: the database must outlive them.
  app.addHook('onClose', () => preparation.settled());

  app.get(
    '/ccms/library/list',
    {
      config: { permission: LibraryPerm.list },
      schema: { summary: 'List libraries by page', tags: ['content/library'], querystring: LibraryQuery, response: { 200: rowsOf(Library) } },
    },
    async (req) => rows(await libraries.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/library/optionselect',
    {
      config: { authenticated: true },
      schema: { summary: 'List the libraries the caller can read, for pickers', tags: ['content/library'], response: { 200: okOf(z.array(LibraryOption)) } },
    },
    async (req) => ok(await libraries.options(caller(req))),
  );
  app.get(
    '/ccms/library/:libraryId',
    {
      // Object grants decide (the service asks for read): a writer without the Libraries admin menu works in the library.
      config: { authenticated: true },
      schema: { summary: 'Get a library', tags: ['content/library'], params: LibraryIdParam, response: { 200: okOf(Library) } },
    },
    async (req) => ok(await libraries.get(caller(req), req.params.libraryId)),
  );
  app.post(
    '/ccms/library',
    {
      config: { permission: LibraryPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a library connected to a git remote',
        tags: ['content/library'],
        body: LibraryBody,
        response: { 200: okOf(z.object({ libraryId: z.number() })) },
      },
    },
    async (req) => {
      const libraryId = await libraries.create(caller(req), req.body);
      // Clone and index at once, in the background: the list and detail show the progress.
      await preparation.start(caller(req), libraryId);
      return ok({ libraryId });
    },
  );
  app.put(
    '/ccms/library',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a library', tags: ['content/library'], body: LibraryUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await libraries.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/library/:ids',
    {
      config: { permission: LibraryPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete libraries', tags: ['content/library'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await libraries.remove(caller(req), req.params.ids);
      return done();
    },
  );
  app.post(
    '/ccms/library/validate',
    {
      config: { permission: [LibraryPerm.add, LibraryPerm.edit], log: { skip: 'checks a connection; writes nothing' } },
      schema: {
        summary: 'Check that a git remote and branch can be reached before saving',
        tags: ['content/library'],
        body: ValidateBody,
        response: { 200: okOf(ValidateResult) },
      },
    },
    async (req) => ok(inWords(req, await libraries.validate(caller(req), req.body), req.body.defaultBranch)),
  );
  app.post(
    '/ccms/library/:libraryId/validate',
    {
      config: { permission: [LibraryPerm.query], log: { skip: 'checks a connection; writes nothing' } },
      schema: {
        summary: "Check that a saved library's git remote can be reached",
        tags: ['content/library'],
        params: LibraryIdParam,
        response: { 200: okOf(ValidateResult) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const library = await libraries.get(auth, req.params.libraryId);
      return ok(inWords(req, await libraries.validateSaved(auth, req.params.libraryId), library.defaultBranch));
    },
  );
  app.get(
    '/ccms/library/:libraryId/progress',
    {
      config: { authenticated: true },
      schema: {
        summary: "A new library's clone and index: phase and counts",
        tags: ['content/library'],
        params: LibraryIdParam,
        response: { 200: okOf(LibraryProgress) },
      },
    },
    async (req) => {
      await libraries.get(caller(req), req.params.libraryId);
      return ok(await preparation.progress(req.params.libraryId));
    },
  );
  app.get(
    '/ccms/library/:libraryId/branches',
    {
      config: { authenticated: true },
      schema: {
        summary: "List the branches of a library's git remote",
        tags: ['content/library'],
        params: LibraryIdParam,
        response: { 200: okOf(BranchList) },
      },
    },
    async (req) => ok(await libraries.branches(caller(req), req.params.libraryId)),
  );
  app.post(
    '/ccms/library/:libraryId/fetch',
    {
      config: { authenticated: true, log: log(BusinessType.OTHER) },
      schema: {
        summary: 'Fetch the latest commits of a library from its git remote',
        tags: ['content/library'],
        params: LibraryIdParam,
        response: { 200: okOf(FetchResult) },
      },
    },
    async (req) => {
      const { outcome, lastFetchTime } = await libraries.fetch(caller(req), req.params.libraryId);
      const reason = outcome.ok ? null : outcome.reason;
      return ok({
        state: outcome.ok ? 'success' : 'failure',
        reason,
        message: translate(req.lang, reason ? `scm.${reason}` : 'scm.success', { branch: '' }),
        lastFetchTime,
      });
    },
  );
};
