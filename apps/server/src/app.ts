import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_BASE } from '@ccms/contracts/constants';
import { HTTP_STATUS_KEY } from '@ccms/contracts/system/config';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { areas } from './modules';
import { configFlag } from './modules/system/config/config.queries';
import { operationLog } from './platform/audit/operation-log';
import { accessGuard } from './platform/auth/guard';
import { sessionCache } from './platform/auth/session-cache';
import { tokenCodec } from './platform/auth/token';
import { cacheStoreFor } from './platform/cache/cache-store-for';
import { type AppConfig, fastifyTrustProxy } from './platform/config';
import { answerSerializer } from './platform/http/answer-serializer';
import { installErrorHandler } from './platform/http/error-handler';
import { multipartUploads } from './platform/http/multipart';
import { openApi } from './platform/http/openapi';
import { installOpsListener } from './platform/http/ops-listener';
import { securityHeaders } from './platform/http/security-headers';
import { validatorCompiler } from './platform/http/validation';
import { registerWireDates } from './platform/http/wire-dates';
import { createJobRunner } from './platform/jobs/runner';
import { openFileStore, STORE_SCOPES } from './platform/storage/file-store';
import type { Secrets } from './platform/types';
import './platform/types';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  secrets: Secrets;
  /** false in tests that want quiet output. */
  logger?: boolean;
  /** Start the pg-boss job runner when ready (main.ts); tests call app.jobs.start() when they need it. */
  jobs?: boolean;
  /** Sees every route as it is added (tests that walk the route table with its schemas). */
  onRoute?: (route: RouteOptions) => void;
  /** Write every answer both ways and refuse a difference (answer-serializer.ts; the API tests). */
  checkAnswers?: boolean;
}

/**
 * The web build's file names under assets/ carry a hash of their content: a browser keeps them for
 * a year without asking again (a reload otherwise revalidated each of the ~100 chunks one request
 * at a time). Anything else (index.html, favicon) is asked again on every load, so a new build is
 * seen at once.
 */
export function setSpaCacheHeaders(reply: FastifyReply, filePath: string) {
  const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.(?:js|css|woff2?|svg|png)$/.test(filePath);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Builds the whole app without listening: main.ts listens, tests use inject. */
export async function buildApp({ config, database, secrets, logger = true, jobs = false, onRoute, checkAnswers = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.secret'], censor: '******' },
        }
      : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from their schema in one pass, zod's encode only where they need it (answer-serializer.ts).
  app.setSerializerCompiler(answerSerializer(serializerCompiler, { check: checkAnswers }));
  if (onRoute) app.addHook('onRoute', onRoute);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('secrets', secrets);
  app.decorate('tokens', tokenCodec(secrets.jwtSecret));
  // Files every node serves: the object store when one is configured, else the data folder.
  const store = openFileStore(config);
  app.decorate('store', store);
  app.decorate('storage', store.scoped(STORE_SCOPES.files));
  app.decorate('cache', await cacheStoreFor(config, database.kind, app.log));
  app.decorate('sessions', sessionCache(app.cache, app.log));
  // This start may have seeded menus and roles (seedIfEmpty): sessions other nodes hold read them afresh.
  await app.sessions.changed();
  app.decorate('jobs', createJobRunner({ database, storage: app.storage, log: app.log, sessions: app.sessions, dataDir: config.dataDir }));
  if (jobs) app.addHook('onReady', () => app.jobs.start());
  app.addHook('onClose', () => app.jobs.stop());
  app.addHook('onClose', () => app.cache.close());
  // Health, readiness and metrics on the administrator's address only; before the routes, so it counts them all.
  if (config.opsListen) installOpsListener(app, config.opsListen);

  // The built web app, when present, owns every non-API path (its router shows its own 404).
  const spaRoot = config.webDir && existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : undefined;
  installErrorHandler(app, { spaRoot, apiBase: API_BASE, httpStatus: () => configFlag(database.db, HTTP_STATUS_KEY, false) });
  registerWireDates(app);
  await app.register(cookie);
  await app.register(securityHeaders, { apiBase: API_BASE });
  await app.register(multipartUploads, { dataDir: config.dataDir });
  await app.register(rateLimit, { global: false });
  await app.register(accessGuard);
  await app.register(operationLog);

  await app.register(openApi);

  await app.register(
    async (api) => {
      for (const area of areas) await api.register(area);
    },
    { prefix: API_BASE },
  );

  if (spaRoot) await app.register(fastifyStatic, { root: spaRoot, wildcard: false, cacheControl: false, setHeaders: setSpaCacheHeaders });
  return app;
}
