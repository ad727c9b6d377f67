import { LibraryApi } from '@ccms/contracts/content/library';
import { translate } from '@ccms/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { ConnectionCheck } from './library.service';
import { libraryPreparation } from './library-prep';

const log = (businessType: BusinessType) => ({ log: { title: 'library', businessType } });

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

  app.route({ ...routeOf(LibraryApi.list), handler: async (req) => rows(await libraries.list(caller(req), req.query)) });
  app.route({ ...routeOf(LibraryApi.options), handler: async (req) => ok(await libraries.options(caller(req))) });
  app.route({ ...routeOf(LibraryApi.get), handler: async (req) => ok(await libraries.get(caller(req), req.params.libraryId)) });
  app.route({
    ...routeOf(LibraryApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      const libraryId = await libraries.create(caller(req), req.body);
      // Clone and index at once, in the background: the list and detail show the progress.
      await preparation.start(caller(req), libraryId);
      return ok({ libraryId });
    },
  });
  app.route({
    ...routeOf(LibraryApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await libraries.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await libraries.remove(caller(req), req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryApi.validate, { log: { skip: 'checks a connection; writes nothing' } }),
    handler: async (req) => ok(inWords(req, await libraries.validate(caller(req), req.body), req.body.defaultBranch)),
  });
  app.route({
    ...routeOf(LibraryApi.validateSaved, { log: { skip: 'checks a connection; writes nothing' } }),
    handler: async (req) => {
      const auth = caller(req);
      const library = await libraries.get(auth, req.params.libraryId);
      return ok(inWords(req, await libraries.validateSaved(auth, req.params.libraryId), library.defaultBranch));
    },
  });
  app.route({
    ...routeOf(LibraryApi.progress),
    handler: async (req) => {
      await libraries.get(caller(req), req.params.libraryId);
      return ok(await preparation.progress(req.params.libraryId));
    },
  });
  app.route({ ...routeOf(LibraryApi.branches), handler: async (req) => ok(await libraries.branches(caller(req), req.params.libraryId)) });
  app.route({
    ...routeOf(LibraryApi.fetch, log(BusinessType.OTHER)),
    handler: async (req) => {
      const { outcome, lastFetchTime } = await libraries.fetch(caller(req), req.params.libraryId);
      const reason = outcome.ok ? null : outcome.reason;
      return ok({
        state: outcome.ok ? ('success' as const) : ('failure' as const),
        reason,
        message: translate(req.lang, reason ? `scm.${reason}` : 'scm.success', { branch: '' }),
        lastFetchTime,
      });
    },
  });
};
