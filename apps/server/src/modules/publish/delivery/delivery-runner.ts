import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { ccmsDeliverable, ccmsDocumentOutput, sysUser } from '../../../db/schema';
import { clip } from '../../../platform/audit/redact';
import { encodeJobMessage } from '../../../platform/jobs/registry';
import type { Storage } from '../../../platform/storage/storage';
import type { NotifyInput } from '../../system/notification/notification.service';
import type { ConnectionService } from '../connection/connection.service';
import { findReceipt, latestOutput, pendingReceipts, updateReceipt, updateReceiptIf } from '../deliverable/deliverable.queries';
import { DeliveryError, deliverFile } from './deliver-file';
import { artifactOf, type OutputFiles } from './output-artifact';
import { HostKeyChangedError } from './remote-session';

export interface DeliveryRunnerDeps {
  db: Db;
  /** The data folder: a delivery's file is built under its tmp/delivery. */
  dataDir: string;
  /** Where outputs are kept (the store's publish/outputs scope). */
  outputs: Storage;
  connections: ConnectionService;
  log: FastifyBaseLogger;
  /** Tells whoever started the delivery that it finished or failed (the notices of the system area). */
  notify?: (input: NotifyInput) => Promise<void>;
}

/** A failed try the work queue should run again (its retry policy sets when and how often). */
export class DeliveryRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRetry';
  }
}

/** Which try of a delivery this is: the work queue's count (0 first) and its limit. */
export interface DeliveryTry {
  retryCount: number;
  retryLimit: number;
}

/** A file-system-safe name: the publication and config when the deliverable names no file. */
const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'output';

/**
 * Runs one try of a receipt's delivery (a work-queue job): picks the output, builds its file,
 * uploads it, and fills the receipt. A failed upload throws DeliveryRetry while the queue has
 * tries left (the receipt waits as queued), so the queue's retries and backoff apply and a
 * restart loses nothing; the last try, and anything retrying cannot fix, end the receipt in fail.
 */
export function deliveryRunner({ db, dataDir, outputs, connections, log, notify }: DeliveryRunnerDeps) {
  const tmpDir = path.join(dataDir, 'tmp', 'delivery');

  /**
   * The notice to the user who started the delivery (by the receipt's createBy; scheduled runs have
   * no user and tell no one). A failing notice never fails the delivery.
   */
  async function tell(
    receipt: { receiptId: number; deliverableId: number; createBy: string },
    name: string,
    event: 'deliveryFinished' | 'deliveryFailed',
    reason = '',
  ) {
    if (!notify || !receipt.createBy) return;
    try {
      const [user] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, receipt.createBy));
      if (!user) return;
      await notify({
        event,
        recipients: [user.userId],
        params: { name: name || `#${receipt.deliverableId}`, reason },
        link: `/content/deliverable?deliverableId=${receipt.deliverableId}`,
      });
    } catch (err) {
      log.warn({ receiptId: receipt.receiptId, err: err instanceof Error ? err.message : String(err) }, 'delivery notice failed');
    }
  }

  /** The output's files as stored by the publish (outputFiles(outputId) → {dir, files}). */
  async function outputFiles(outputId: number): Promise<OutputFiles | null> {
    const [row] = await db.select().from(ccmsDocumentOutput).where(eq(ccmsDocumentOutput.outputId, outputId));
    if (row?.status !== 'success' || !row.outputDir) return null;
    return { outputId, format: row.format, files: outputs.scoped(String(outputId)), entryFile: row.entryFile };
  }

  async function run(receiptId: number, attempt: DeliveryTry = { retryCount: 0, retryLimit: 0 }): Promise<void> {
    const receipt = await findReceipt(db, receiptId);
    // Gone, or ended already (a job delivered twice after a restart): nothing to do.
    if (!receipt || receipt.status === 'success' || receipt.status === 'fail') return;
    const started = Date.now();
    let name = '';
    const fail = async (error: string, extra: { attempts?: number } = {}) => {
      await updateReceipt(db, receiptId, { status: 'fail', error: clip(error, 1000), endTime: new Date(), durationMs: Date.now() - started, ...extra });
      await tell(receipt, name, 'deliveryFailed', clip(error, 200));
    };
    const [deliverable] = await db.select().from(ccmsDeliverable).where(eq(ccmsDeliverable.deliverableId, receipt.deliverableId));
    name = deliverable?.name ?? '';
    if (!deliverable) return fail('deliverable deleted');
    const connection = await connections.load(deliverable.connectionId).catch(() => null);
    if (!connection) return fail('connection deleted');
    if (connection.validated !== '1') return fail(`connection "${connection.name}" is not validated`);
    const outputId = receipt.outputId ?? (await latestOutput(db, deliverable.publicationId, deliverable.configId))?.outputId;
    const output = outputId ? await outputFiles(outputId) : null;
    if (!output) return fail('no successful output to deliver');
    const tries = attempt.retryCount + 1;
    await updateReceipt(db, receiptId, { status: 'running', outputId: output.outputId, attempts: tries });
    const artifact = await artifactOf(output, tmpDir, `r${receiptId}`);
    try {
      const fileName = deliverable.fileName || `${safe(deliverable.name)}.${artifact.extension}`;
      const remoteDir = path.posix.join(connection.remotePath, deliverable.filePath);
      const result = await deliverFile({
        target: await connections.targetOf(connection),
        timeoutMs: connections.timeoutMs,
        localFile: artifact.file,
        remoteDir,
        fileName,
        tempTag: `r${receiptId}`,
        attempts: 1,
      });
      await updateReceipt(db, receiptId, { status: 'success', ...result, attempts: tries, durationMs: Date.now() - started, endTime: new Date(), error: '' });
      await tell(receipt, name, 'deliveryFinished');
    } catch (err) {
      const cause = err instanceof DeliveryError ? err.cause : err;
      const message = err instanceof Error ? err.message : String(err);
      const final = cause instanceof HostKeyChangedError || attempt.retryCount >= attempt.retryLimit;
      log.warn({ receiptId, deliverableId: deliverable.deliverableId, attempt: tries, final, err: message }, 'delivery failed');
      if (final) {
        await fail(message, { attempts: tries });
        return;
      }
      await updateReceipt(db, receiptId, { status: 'queued', error: clip(message, 1000) });
      throw new DeliveryRetry(message);
    } finally {
      await artifact.dispose();
    }
  }

  /**
   * The try of this delivery stopped with the node that ran it (work recovery): waiting again when
   * the queue retries it (the next try starts over, its leftover part file removed first),
   * otherwise failed, and whoever started it is told.
   */
  async function interrupted(receiptId: number, retrying: boolean): Promise<void> {
    const reason = encodeJobMessage({ key: 'delivery.interrupted' });
    if (retrying) {
      await updateReceiptIf(db, receiptId, ['queued', 'running'], { status: 'queued', error: reason });
      return;
    }
    const ended = await updateReceiptIf(db, receiptId, ['queued', 'running'], { status: 'fail', error: reason, endTime: new Date() });
    if (!ended) return;
    const [deliverable] = await db.select({ name: ccmsDeliverable.name }).from(ccmsDeliverable).where(eq(ccmsDeliverable.deliverableId, ended.deliverableId));
    await tell(ended, deliverable?.name ?? '', 'deliveryFailed', reason);
  }

  /** Deliveries that should have a job (queued or running), as their job data. */
  const pending = async (before: Date) => (await pendingReceipts(db, before)).map((r) => ({ receiptId: r.receiptId }));

  return { run, outputFiles, interrupted, pending };
}

export type DeliveryRunner = ReturnType<typeof deliveryRunner>;
