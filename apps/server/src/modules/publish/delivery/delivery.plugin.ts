import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { connectionRoutes } from '../connection/connection.routes';
import { type ConnectionService, connectionService } from '../connection/connection.service';
import { deliverableRoutes } from '../deliverable/deliverable.routes';
import { DELIVER_JOB, type DeliverableService, deliverableService } from '../deliverable/deliverable.service';
import { type DeliveryRunner, deliveryRunner } from './delivery-runner';

/** What the delivery part of the publish area shares with its routes and jobs. */
export interface DeliveryServices {
  connections: ConnectionService;
  deliverables: DeliverableService;
  runner: DeliveryRunner;
  /** Resolves when the deliveries started on this node have ended (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Connections, deliverables and the delivery runner (see delivery.plugin.ts). */
    delivery: DeliveryServices;
  }
}

/**
 * Connections, deliverables and deliveries: builds their services once, registers the
 * scheduled-delivery job handler and the routes. Deliveries run in the background of the node
 * that queued them (their receipt records how each ended).
 */
export const deliveryPlugin = fp(
  async (app) => {
    const dataDir = app.config.dataDir;
    const connections = connectionService({ db: app.db, secretKey: app.secrets.secretKey, tmpDir: path.join(dataDir, 'tmp', 'delivery') });
    const runner = deliveryRunner({ db: app.db, dataDir, connections, log: app.log, notify: (input) => app.notification.notify(input) });
    const inflight = new Set<Promise<void>>();
    const enqueue = async (receiptId: number) => {
      const run = runner.run(receiptId).catch((err) => app.log.error({ err, receiptId }, 'delivery crashed'));
      inflight.add(run);
      void run.finally(() => inflight.delete(run));
    };
    const deliverables = deliverableService({ db: app.db, connections, jobs: app.jobs, enqueue });
    const settled = async () => {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    };
    app.decorate('delivery', { connections, deliverables, runner, settled });
    app.addHook('onClose', settled);
    app.jobs.register({
      name: DELIVER_JOB,
      description: { zh: '交付：把出版物最新的输出发送到交付物的连接', en: "Deliver: send the publication's latest output to the deliverable's connection" },
      schema: z.object({ deliverableId: z.number().int().positive() }).strict(),
      example: { deliverableId: 1 },
      async run({ deliverableId }) {
        const receiptId = await deliverables.queue(deliverableId, 'schedule', 'schedule');
        await settled();
        return { key: 'delivery.queued', params: { id: receiptId } };
      },
    });
    await app.register(connectionRoutes);
    await app.register(deliverableRoutes);
  },
  { name: 'delivery' },
);
