import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { ccmsDeliverable, ccmsDeliveryReceipt, ccmsDocumentOutput, ccmsLibrary, ccmsPublication, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { decodeJobMessage } from '../../../platform/jobs/registry';
import type { LibraryGit } from '../../content/library/library-git';
import { insertReceipt } from '../deliverable/deliverable.queries';
import type { OutputService } from '../output/output.service';

export interface SourceWatchDeps {
  db: Db;
  git: LibraryGit;
  outputs: OutputService;
  /** Queues the delivery of a receipt (the delivery work queue). */
  enqueue(receiptId: number): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Deliver on a new commit: deliverables with sourceChangeJob '1' remember the head of their
 * publication's branch (lastCommit). Whenever a library was fetched (by anyone, by the scheduled
 * library fetch, or by a publish) the heads are compared; a new one publishes the publication
 * with the deliverable's config and leaves a receipt waiting for that output, which is queued
 * for delivery when the publish succeeds (and fails with it otherwise).
 */
export function sourceWatch({ db, git, outputs, enqueue, log }: SourceWatchDeps) {
  /** The deliverable's creator as the publisher, with the rights the deliverable was approved with. */
  async function publisherOf(userName: string): Promise<AuthContext> {
    const [user] = userName ? await db.select().from(sysUser).where(eq(sysUser.userName, userName)) : [];
    return {
      tokenId: '',
      sessionHash: '',
      userId: user?.userId ?? 0,
      userName: user?.userName ?? 'sourceChange',
      nickName: user?.nickName ?? '',
      deptId: user?.deptId ?? null,
      deptName: '',
      roles: [],
      roleKeys: [],
      permissions: new Set(),
      isAdmin: true,
      pwdChangeRequired: false,
    };
  }

  /** The watched deliverables (of one library, or all) with their publication's library and branch. */
  const watched = (libraryId?: number) =>
    db
      .select({ deliverable: ccmsDeliverable, libraryId: ccmsPublication.libraryId, branch: ccmsPublication.branch })
      .from(ccmsDeliverable)
      .innerJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDeliverable.publicationId))
      .where(and(eq(ccmsDeliverable.sourceChangeJob, '1'), libraryId === undefined ? undefined : eq(ccmsPublication.libraryId, libraryId)));

  /** The branch head in the library's clone (fetched when older than the freshness window). */
  async function headOf(libraryId: number, branch: string): Promise<string | null> {
    const [library] = await db.select().from(ccmsLibrary).where(eq(ccmsLibrary.libraryId, libraryId));
    if (library?.delFlag !== '0') return null;
    const { repo } = await git.ready(library);
    return repo.resolve(branch);
  }

  /** A finished output: its waiting receipts are queued for delivery, or fail with the publish. */
  async function settle(outputId: number) {
    const [output] = await db
      .select({ status: ccmsDocumentOutput.status, message: ccmsDocumentOutput.message })
      .from(ccmsDocumentOutput)
      .where(eq(ccmsDocumentOutput.outputId, outputId));
    const waiting = and(eq(ccmsDeliveryReceipt.outputId, outputId), eq(ccmsDeliveryReceipt.status, 'waiting'));
    if (!output || output.status === 'fail' || output.status === 'canceled') {
      const message = output ? decodeJobMessage(output.message, 'en') : '';
      const error = output ? `publish ${output.status}${message ? `: ${message}` : ''}` : 'output deleted';
      await db
        .update(ccmsDeliveryReceipt)
        .set({ status: 'fail', error: error.slice(0, 1000), endTime: new Date() })
        .where(waiting);
      return;
    }
    if (output.status !== 'success') return;
    const queued = await db.update(ccmsDeliveryReceipt).set({ status: 'queued' }).where(waiting).returning({ receiptId: ccmsDeliveryReceipt.receiptId });
    for (const r of queued) await enqueue(r.receiptId);
  }

  /** Publishes for a deliverable whose branch moved to `head`, and leaves its receipt waiting for the output. */
  async function trigger(deliverable: typeof ccmsDeliverable.$inferSelect, head: string) {
    const publisher = await publisherOf(deliverable.createBy);
    const [output] = await outputs.publish(publisher, { publicationId: deliverable.publicationId, configIds: [deliverable.configId] });
    if (!output) return;
    await insertReceipt(db, {
      deliverableId: deliverable.deliverableId,
      outputId: output.outputId,
      trigger: 'sourceChange',
      status: 'waiting',
      createBy: publisher.userName,
    });
    log.info({ deliverableId: deliverable.deliverableId, head, outputId: output.outputId }, 'new commit: publishing to deliver');
    // The publish may have ended already (it runs in its own job).
    await settle(output.outputId);
  }

  /** Compares the heads of the watched deliverables (of one library, or all) with what they last delivered. */
  async function check(libraryId?: number): Promise<number> {
    let started = 0;
    for (const { deliverable: d, libraryId: lib, branch } of await watched(libraryId)) {
      try {
        const head = await headOf(lib, branch);
        if (!head || head === d.lastCommit) continue;
        // Claim the commit: of several nodes (or fetches), one moves lastCommit and publishes.
        const claimed = await db
          .update(ccmsDeliverable)
          .set({ lastCommit: head })
          .where(and(eq(ccmsDeliverable.deliverableId, d.deliverableId), eq(ccmsDeliverable.lastCommit, d.lastCommit)))
          .returning({ id: ccmsDeliverable.deliverableId });
        // The first look only records where the branch stands: a delivery follows the next commit.
        if (claimed.length === 0 || d.lastCommit === '') continue;
        await trigger(d, head);
        started++;
      } catch (err) {
        log.warn({ err, deliverableId: d.deliverableId }, 'source change check failed');
      }
    }
    return started;
  }

  /** Records where the branch stands now for a deliverable that starts (or stops) watching it. */
  async function baseline(deliverableId: number) {
    const [row] = await db
      .select({ deliverable: ccmsDeliverable, libraryId: ccmsPublication.libraryId, branch: ccmsPublication.branch })
      .from(ccmsDeliverable)
      .innerJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDeliverable.publicationId))
      .where(eq(ccmsDeliverable.deliverableId, deliverableId));
    if (!row) return;
    const head = row.deliverable.sourceChangeJob === '1' ? await headOf(row.libraryId, row.branch).catch(() => null) : null;
    await db
      .update(ccmsDeliverable)
      .set({ lastCommit: head ?? '' })
      .where(eq(ccmsDeliverable.deliverableId, deliverableId));
  }

  /** The libraries of watched deliverables (for the scheduled check, which fetches them). */
  async function watchedLibraries() {
    const ids = [...new Set((await watched()).map((w) => w.libraryId))];
    return ids.length === 0 ? [] : db.select().from(ccmsLibrary).where(inArray(ccmsLibrary.libraryId, ids));
  }

  return { check, settle, baseline, watchedLibraries };
}

export type SourceWatch = ReturnType<typeof sourceWatch>;
