import { posix } from 'node:path';
import type { Language } from '@ccms/contracts/constants';
import type { DeliverableBody, DeliverableQuery, DeliverableUpdate, ReceiptQuery } from '@ccms/contracts/publish/deliverable';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDeliverable, ccmsDeliveryReceipt, sysJob } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest, notFound } from '../../../platform/http/errors';
import { checkCron, normaliseCron } from '../../../platform/jobs/cron';
import { decodeJobMessage } from '../../../platform/jobs/registry';
import type { JobRunner } from '../../../platform/jobs/runner';
import { assertLibraryAccess } from '../../content/library/library-access';
import type { ConnectionService } from '../connection/connection.service';
import { findOutput } from '../output/output.queries';
import {
  deliverableNameClash,
  deliverablesById,
  findDeliverable,
  findPublicationAndConfig,
  insertReceipt,
  latestOutput,
  libraryOfPublication,
  listDeliverables,
  listReceipts,
} from './deliverable.queries';

/** The job handler a deliverable's schedule runs (a sys_job row per scheduled deliverable). */
export const DELIVER_JOB = 'deliverable.deliver';

export interface DeliverableServiceDeps {
  db: Db;
  connections: ConnectionService;
  jobs: JobRunner;
  /** Queues the delivery of a receipt (a work-queue job). */
  enqueue(receiptId: number): Promise<void>;
  /** A deliverable started or stopped delivering on new commits: record where its branch stands. */
  onWatchChanged?: (deliverableId: number) => Promise<void>;
}

export function deliverableService({ db, connections, jobs, enqueue, onWatchChanged }: DeliverableServiceDeps) {
  async function load(deliverableId: number) {
    const row = await findDeliverable(db, deliverableId);
    if (!row) throw notFound('deliverable.notFound', { id: deliverableId });
    return row;
  }

  /** Delivering a publication's outputs (and setting that up) needs the publish level on its library; no content change is involved. */
  async function assertMayDeliver(auth: AuthContext, publicationId: number) {
    const libraryId = await libraryOfPublication(db, publicationId);
    if (libraryId !== null) await assertLibraryAccess(db, auth, libraryId, 'publish');
  }

  /** Every rule a saved deliverable must meet; the remote folder is read only when the target changes. */
  async function check(auth: AuthContext, body: DeliverableBody, stored?: { connectionId: number; filePath: string; deliverableId: number }) {
    if (await deliverableNameClash(db, body.name, stored?.deliverableId)) throw badRequest('deliverable.nameExists', { name: body.name });
    const { publication, config } = await findPublicationAndConfig(db, body.publicationId, body.configId);
    if (!publication) throw badRequest('deliverable.publicationMissing', { id: body.publicationId });
    await assertLibraryAccess(db, auth, publication.libraryId, 'publish');
    if (!config) throw badRequest('deliverable.configMissing', { id: body.configId });
    if (config.libraryId !== publication.libraryId) throw badRequest('deliverable.configMismatch');
    if (body.scheduleJob && checkCron(normaliseCron(body.scheduleJob)) !== 'ok') throw badRequest('deliverable.invalidCron');
    const connection = await connections.load(body.connectionId).catch(() => null);
    if (!connection) throw badRequest('connection.notFound', { id: body.connectionId });
    if (connection.validated !== '1') throw badRequest('connection.notValidated', { name: connection.name });
    if (stored && stored.connectionId === body.connectionId && stored.filePath === body.filePath) return;
    // A new target folder must be empty (or not exist yet): a delivery never mixes with files it did not put there.
    const dir = posix.join(connection.remotePath, body.filePath);
    const session = await connections.open(connection).catch(() => null);
    if (!session) return;
    try {
      const names = await session.list(dir).catch(() => [] as string[]);
      if (names.some((n) => n !== '.' && n !== '..')) throw badRequest('deliverable.targetNotEmpty', { path: dir });
    } finally {
      session.close();
    }
  }

  /** Keeps the deliverable's sys_job row (its pg-boss schedule) in step with its cron expression. */
  async function syncSchedule(auth: AuthContext, deliverableId: number) {
    const [row] = await db.select().from(ccmsDeliverable).where(eq(ccmsDeliverable.deliverableId, deliverableId));
    if (!row) return;
    const cron = normaliseCron(row.scheduleJob);
    let jobId = row.scheduleJobId;
    if (!cron && jobId) {
      await db.delete(sysJob).where(eq(sysJob.jobId, jobId));
      await db.update(ccmsDeliverable).set({ scheduleJobId: null }).where(eq(ccmsDeliverable.deliverableId, deliverableId));
    } else if (cron && jobId) {
      await db
        .update(sysJob)
        .set({ jobName: `deliver ${row.name}`.slice(0, 64), cronExpression: cron, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(sysJob.jobId, jobId));
    } else if (cron) {
      const [job] = await db
        .insert(sysJob)
        .values({
          jobName: `deliver ${row.name}`.slice(0, 64),
          jobGroup: 'DELIVERY',
          invokeTarget: DELIVER_JOB,
          invokeParams: { deliverableId },
          cronExpression: cron,
          concurrent: '1',
          status: '0',
          createBy: auth.userName,
        })
        .returning({ jobId: sysJob.jobId });
      jobId = job?.jobId ?? null;
      await db.update(ccmsDeliverable).set({ scheduleJobId: jobId }).where(eq(ccmsDeliverable.deliverableId, deliverableId));
    }
    if (jobId) await jobs.sync(jobId);
  }

  const unique = async <T>(name: string, fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('deliverable.nameExists', { name });
      throw err;
    }
  };

  /** Queues one delivery and answers its receipt id. */
  async function queue(deliverableId: number, trigger: 'now' | 'schedule' | 'sourceChange', userName: string, outputId?: number) {
    const receipt = await insertReceipt(db, { deliverableId, outputId: outputId ?? null, trigger, status: 'queued', createBy: userName });
    await enqueue(receipt.receiptId);
    return receipt.receiptId;
  }

  return {
    list: (q: DeliverableQuery) => listDeliverables(db, q),
    get: load,
    /** The receipts, newest first; a stored message key (an interrupted delivery) in the reader's language. */
    receipts: async (deliverableId: number, q: ReceiptQuery, lang: Language = 'en') => {
      await load(deliverableId);
      const page = await listReceipts(db, deliverableId, q);
      return { ...page, rows: page.rows.map((r) => ({ ...r, error: decodeJobMessage(r.error, lang) })) };
    },

    async create(auth: AuthContext, body: DeliverableBody) {
      await check(auth, body);
      const [row] = await unique(body.name, () =>
        db
          .insert(ccmsDeliverable)
          .values({ ...body, createBy: auth.userName })
          .returning({ deliverableId: ccmsDeliverable.deliverableId }),
      );
      const deliverableId = row?.deliverableId ?? 0;
      await syncSchedule(auth, deliverableId);
      if (body.sourceChangeJob === '1') await onWatchChanged?.(deliverableId);
      return { deliverableId };
    },

    async update(auth: AuthContext, body: DeliverableUpdate) {
      const stored = await load(body.deliverableId);
      await assertMayDeliver(auth, stored.publicationId);
      await check(auth, body, stored);
      const { deliverableId, ...fields } = body;
      await unique(body.name, () =>
        db
          .update(ccmsDeliverable)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsDeliverable.deliverableId, deliverableId)),
      );
      await syncSchedule(auth, deliverableId);
      if (stored.sourceChangeJob !== body.sourceChangeJob || stored.publicationId !== body.publicationId) await onWatchChanged?.(deliverableId);
    },

    async remove(auth: AuthContext, ids: number[]) {
      const rows = await deliverablesById(db, ids);
      for (const id of ids) if (!rows.some((r) => r.deliverableId === id)) throw notFound('deliverable.notFound', { id });
      for (const publicationId of new Set(rows.map((r) => r.publicationId))) await assertMayDeliver(auth, publicationId);
      const jobIds = rows.map((r) => r.scheduleJobId).filter((id): id is number => id !== null);
      await db.transaction(async (tx) => {
        await tx.delete(ccmsDeliveryReceipt).where(inArray(ccmsDeliveryReceipt.deliverableId, ids));
        await tx.delete(ccmsDeliverable).where(inArray(ccmsDeliverable.deliverableId, ids));
        if (jobIds.length > 0) await tx.delete(sysJob).where(inArray(sysJob.jobId, jobIds));
      });
      for (const jobId of jobIds) await jobs.sync(jobId);
    },

    /** Delivers now: the given output, or the latest successful one of the publication and config. */
    async deliver(auth: AuthContext, deliverableId: number, outputId?: number) {
      const row = await load(deliverableId);
      await assertMayDeliver(auth, row.publicationId);
      if (outputId !== undefined) {
        const given = await findOutput(db, outputId);
        if (given) await assertLibraryAccess(db, auth, given.libraryId, 'publish');
      }
      const connection = await connections.load(row.connectionId);
      if (connection.validated !== '1') throw badRequest('connection.notValidated', { name: connection.name });
      const output = outputId ?? (await latestOutput(db, row.publicationId, row.configId))?.outputId;
      if (!output) throw badRequest('deliverable.noOutput');
      return { receiptId: await queue(deliverableId, 'now', auth.userName, output) };
    },

    queue,
  };
}

export type DeliverableService = ReturnType<typeof deliverableService>;
