import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { mediaTickets } from '../../platform/auth/media-ticket';
import { STORE_SCOPES } from '../../platform/storage/file-store';
import { type EnginePool, enginePool } from './engine/engine-pool';
import { OUTPUT_ZIP_PRODUCER, outputRoutes } from './output/output.routes';
import { type OutputService, outputService } from './output/output.service';
import { PUBLISH_QUEUE, publishRunner } from './output/publish-runner';
import { portalRoutes } from './portal/portal.routes';
import { portalService } from './portal/portal.service';
import { outputPages } from './portal/portal-pages';
import { publicationRoutes } from './publication/publication.routes';
import { publicationService } from './publication/publication.service';
import { publishLogRoutes } from './publish-log/publish-log.routes';
import { viewerRoutes } from './viewer/viewer.routes';

/** What the publish area shares with its routes and with the areas after it (delivery). */
export interface PublishServices {
  pool: EnginePool;
  publications: ReturnType<typeof publicationService>;
  outputs: OutputService;
  /** Calls `listener` after each publish job ended (success, fail or canceled; it reads the output itself). */
  onFinished(listener: (outputId: number) => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The publish area's shared services (see publish.area.ts). */
    publish: PublishServices;
  }
}

const routes: FastifyPluginAsync[] = [publicationRoutes, outputRoutes, publishLogRoutes, viewerRoutes];

/** Publishes at most this many outputs at once per node (the publish process builds one at a time). */
const PUBLISH_WORKERS = 1;
/** pg-boss's limit on one publish (a dead node's publish is found within a minute, not by this). */
const PUBLISH_EXPIRE_SECONDS = 30 * 60;

/**
 * The publish area: publications, publishing (a pg-boss job per output, the engine in its own
 * process), outputs, the publish log and the document-center viewer. Uses the content area's
 * libraries and clones.
 */
export const publishArea = fp(
  async (app) => {
    const pool = enginePool();
    const tickets = mediaTickets(app.secrets.secretKey);
    const { git, libraries, indexer } = app.content;
    const publications = publicationService(app.db, git, libraries, indexer);
    const outputFiles = app.store.scoped(STORE_SCOPES.outputs);
    const outputs = outputService({ db: app.db, jobs: app.jobs, pool, libraries, tickets, outputs: outputFiles, git });
    const runner = publishRunner({
      db: app.db,
      git,
      pool,
      dataDir: app.config.dataDir,
      outputs: outputFiles,
      log: app.log,
      notify: (input) => app.notification.notify(input),
    });
    const finishedListeners: ((outputId: number) => Promise<void>)[] = [];
    const onFinished = (listener: (outputId: number) => Promise<void>) => {
      finishedListeners.push(listener);
    };
    app.decorate('publish', { pool, publications, outputs, onFinished });
    app.downloads.defineProducer(OUTPUT_ZIP_PRODUCER, async (params, file) => outputs.writeZip(Number(params.outputId), file));
    const finished = async (outputId: number) => {
      for (const listener of finishedListeners) await listener(outputId).catch((err) => app.log.error({ err, outputId }, 'after-publish step failed'));
    };
    app.jobs.defineQueue({
      name: PUBLISH_QUEUE,
      workers: PUBLISH_WORKERS,
      expireInSeconds: PUBLISH_EXPIRE_SECONDS,
      exclusive: true,
      work: async (data: { outputId?: unknown }) => {
        const outputId = Number(data.outputId);
        await runner.run(outputId);
        await finished(outputId);
      },
      // A publish its node left behind ends as failed (the reason says so) and what waited for it hears.
      recovery: {
        pending: runner.pending,
        interrupted: async (data, retrying) => {
          const outputId = Number(data.outputId);
          if (await runner.interrupted(outputId, retrying)) await finished(outputId);
        },
      },
    });
    // After the job runner stopped (hooks run in reverse order of registration): no build is waiting.
    app.addHook('onClose', () => pool.close());
    for (const plugin of routes) await app.register(plugin);
    await app.register(portalRoutes(portalService({ db: app.db, tickets, outputs: outputFiles, pages: outputPages() })));
  },
  { name: 'publish', dependencies: ['content', 'downloads'] },
);
