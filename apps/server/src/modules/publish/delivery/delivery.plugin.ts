import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { STORE_SCOPES } from '../../../platform/storage/file-store';
import { connectionRoutes } from '../connection/connection.routes';
import { type ConnectionService, connectionService } from '../connection/connection.service';
import { deliverableRoutes } from '../deliverable/deliverable.routes';
import { DELIVER_JOB, type DeliverableService, deliverableService } from '../deliverable/deliverable.service';
import { type DeliveryRunner, deliveryRunner } from './delivery-runner';
import { type SourceWatch, sourceWatch } from './source-watch';

/** What the delivery part of the publish area shares with its routes and jobs. */
export interface DeliveryServices {
  connections: ConnectionService;
  deliverables: DeliverableService;
  runner: DeliveryRunner;
  /** Deliver on a new commit (see source-watch.ts). */
  watch: SourceWatch;
}

/** The scheduled check of deliverables that deliver on a new commit. */
export const CHECK_SOURCES_JOB = 'deliverable.checkSources';

/** The work queue of deliveries: one job per receipt. */
export const DELIVERY_QUEUE = 'ccms-delivery';
/** Tries after the first failed upload (the wait doubles each time, from config.deliveryRetrySeconds). */
const DELIVERY_RETRIES = 3;
/** Deliveries this node runs at once. */
const DELIVERY_WORKERS = 2;
/** pg-boss's limit on one try (a dead node's delivery is found within a minute, not by this). */
const DELIVERY_EXPIRE_SECONDS = 30 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** Connections, deliverables and the delivery runner (see delivery.plugin.ts). */
    delivery: DeliveryServices;
  }
}

/**
 * Connections, deliverables and deliveries: builds their services once, registers the
 * scheduled-delivery job handler, the delivery work queue and the routes. A delivery is a
 * work-queue job (pg-boss when the runner is started): it survives a restart and a failed
 * upload is retried by the queue's policy; its receipt records how it ended.
 */
export const deliveryPlugin = fp(
  async (app) => {
    const dataDir = app.config.dataDir;
    const connections = connectionService({
      db: app.db,
      secretKey: app.secrets.secretKey,
      tmpDir: path.join(dataDir, 'tmp', 'delivery'),
      timeoutMs: app.config.deliveryTimeoutSeconds * 1000,
      log: app.log,
    });
    const runner = deliveryRunner({
      db: app.db,
      dataDir,
      outputs: app.store.scoped(STORE_SCOPES.outputs),
      connections,
      log: app.log,
      notify: (input) => app.notification.notify(input),
    });
    app.jobs.defineQueue({
      name: DELIVERY_QUEUE,
      workers: DELIVERY_WORKERS,
      retryLimit: DELIVERY_RETRIES,
      retryDelaySeconds: app.config.deliveryRetrySeconds,
      expireInSeconds: DELIVERY_EXPIRE_SECONDS,
      exclusive: true,
      work: (data: { receiptId?: unknown }, attempt) => runner.run(Number(data.receiptId), attempt),
      // A delivery its node left behind is tried again by the queue (or failed after its last try).
      recovery: {
        pending: runner.pending,
        interrupted: (data, retrying) => runner.interrupted(Number(data.receiptId), retrying),
      },
    });
    const enqueue = (receiptId: number) => app.jobs.enqueue(DELIVERY_QUEUE, { receiptId });
    const { git } = app.content;
    const watch = sourceWatch({ db: app.db, git, outputs: app.publish.outputs, enqueue, log: app.log });
    const deliverables = deliverableService({ db: app.db, connections, jobs: app.jobs, enqueue, onWatchChanged: watch.baseline });
    app.decorate('delivery', { connections, deliverables, runner, watch });
    // Deliver on a new commit: every successful fetch of a library compares the watched branch heads,
    // and a source-change delivery waits for its publish to end.
    git.onFetched(async (libraryId) => {
      await watch.check(libraryId).catch((err) => app.log.warn({ err, libraryId }, 'source change check failed'));
    });
    app.publish.onFinished((outputId) => watch.settle(outputId));
    app.jobs.register({
      name: CHECK_SOURCES_JOB,
      description: {
        zh: '交付：获取“源更新时交付”的交付物所在的库，有新提交则发布并交付',
        en: 'Deliver on source change: fetch the libraries of such deliverables; a new commit is published and delivered',
      },
      schema: z.object({}).strict(),
      async run() {
        let fetched = 0;
        for (const library of await watch.watchedLibraries()) {
          git.forget(library.libraryId);
          if ((await git.fetchNow(library)).ok) fetched++;
        }
        // The fetches above already checked their libraries; this catches a clone fetched earlier.
        const started = await watch.check();
        return `${fetched} fetched, ${started} started`;
      },
    });
    app.jobs.register({
      name: DELIVER_JOB,
      description: { zh: '交付：把出版物最新的输出发送到交付物的连接', en: "Deliver: send the publication's latest output to the deliverable's connection" },
      schema: z.object({ deliverableId: z.number().int().positive() }).strict(),
      example: { deliverableId: 1 },
      async run({ deliverableId }) {
        const receiptId = await deliverables.queue(deliverableId, 'schedule', 'schedule');
        return { key: 'delivery.queued', params: { id: receiptId } };
      },
    });
    await app.register(connectionRoutes);
    await app.register(deliverableRoutes);
  },
  { name: 'delivery', dependencies: ['content', 'publish'] },
);
