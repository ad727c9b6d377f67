import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../test/harness';
import { ccmsDeliverable, ccmsDeliveryReceipt, ccmsDocumentOutput, sysNotification, sysUser } from '../../db/schema';
import { renderNotification } from '../system/notification/notification.service';

/**
 * Issue 28, item 6, the sweep's side of the publish area: outputs and delivery receipts that say
 * they wait or run while no job owns them at all (their job lost with a node, or failed by pg-boss)
 * are ended when the job runner starts, with a reason in the reader's language; newer rows, whose
 * job may still be on its way, are left alone. The killed-process test is test/crash-recovery.test.ts.
 */
let t: TestApp;
let admin: Caller;
let zh: Caller;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  zh = callerFor(t.app, admin.token, 'zh');
});
afterAll(() => t?.close());

describe('work recovery of publishes and deliveries', () => {
  it('fails an output and a receipt no job owns, saying they were interrupted, and leaves new ones alone', async () => {
    const db = t.database.db;
    const output = (over: Partial<typeof ccmsDocumentOutput.$inferInsert>) =>
      db
        .insert(ccmsDocumentOutput)
        .values({ libraryId: 100, branch: 'main', path: 'g.ditamap', format: 'pdf', configName: 'print', createBy: 'admin', ...over })
        .returning()
        .then((rows) => rows[0]?.outputId ?? 0);
    const cut = await output({ status: 'running', phase: 'engine', startTime: ago(5), createTime: ago(5) });
    const queuedLongAgo = await output({ status: 'notStarted', createTime: ago(5) });
    const justQueued = await output({ status: 'notStarted' });
    const [deliverable] = await db.insert(ccmsDeliverable).values({ name: 'to-drop', publicationId: 1, configId: 1, connectionId: 1 }).returning();
    const deliverableId = deliverable?.deliverableId ?? 0;
    const receipt = async (over: Partial<typeof ccmsDeliveryReceipt.$inferInsert>) =>
      (
        await db
          .insert(ccmsDeliveryReceipt)
          .values({ deliverableId, trigger: 'now', createBy: 'admin', ...over })
          .returning()
      )[0]?.receiptId ?? 0;
    const cutDelivery = await receipt({ status: 'running', startTime: ago(5) });
    const newDelivery = await receipt({ status: 'queued' });

    await t.app.jobs.start();
    await t.app.jobs.recoverNow();

    const get = async (c: Caller, id: number) => (await c.get(`/prod-api/ccms/output/${id}`)).body.data;
    expect(await get(admin, cut)).toMatchObject({ status: 'fail', message: 'The publish was interrupted: the server running it stopped or restarted' });
    expect((await get(zh, cut)).message).toBe('发布已中断：运行它的服务器停止或重启了');
    expect((await get(admin, queuedLongAgo)).status).toBe('fail');
    expect((await get(admin, justQueued)).status).toBe('notStarted');
    const receipts = async (c: Caller) => (await c.get(`/prod-api/ccms/deliverable/${deliverableId}/receipts`)).body.rows;
    expect((await receipts(admin)).find((r: { receiptId: number }) => r.receiptId === cutDelivery)).toMatchObject({
      status: 'fail',
      error: 'The delivery was interrupted: the server running it stopped or restarted',
    });
    expect((await receipts(zh)).find((r: { receiptId: number }) => r.receiptId === cutDelivery).error).toBe('交付已中断：运行它的服务器停止或重启了');
    expect((await receipts(admin)).find((r: { receiptId: number }) => r.receiptId === newDelivery).status).toBe('queued');

    // Whoever started them is told, in their own language.
    const [user] = await db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    const notices = await db
      .select()
      .from(sysNotification)
      .where(eq(sysNotification.userId, user?.userId ?? 0));
    const publishNotice = notices.find((n) => n.event === 'publishFailed');
    const deliveryNotice = notices.find((n) => n.event === 'deliveryFailed');
    expect(renderNotification('en', 'publishFailed', publishNotice?.params ?? {}).body).toContain('the server running it stopped or restarted');
    expect(renderNotification('zh', 'deliveryFailed', deliveryNotice?.params ?? {}).body).toContain('交付已中断：运行它的服务器停止或重启了');

    // A second sweep (another node's, or the next one) changes nothing and tells no one again.
    await t.app.jobs.recoverNow();
    expect(
      await db
        .select()
        .from(sysNotification)
        .where(eq(sysNotification.userId, user?.userId ?? 0)),
    ).toHaveLength(notices.length);
  });
});
