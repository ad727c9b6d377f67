import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTPUT_READ_PERMS } from '@ccms/contracts/publish/publication';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccmsDocumentOutput, sysDownload, sysUser } from '../src/db/schema';
import { OUTPUT_ZIP_PRODUCER } from '../src/modules/publish/output/output.routes';
import { DOWNLOAD_QUEUE, downloadService } from '../src/modules/system/download/download.service';
import { STORE_SCOPES } from '../src/platform/storage/file-store';
import { type TestUser, userWith } from './callers';
import { type Caller, callerFor, createTestApp, type TestApp } from './harness';

/**
 * The download center: an output's zip made by a queued job and downloaded, another module's
 * ready file handed over, a failing producer, owners only, delete and expiry. Here beside the
 * app, not in system/download: it drives the publish area's outputs, and system imports no area.
 */
let t: TestApp;
let admin: Caller;
let zh: Caller;
let other: TestUser;
let outsider: TestUser;
let outputId = 0;
const api = (p: string) => `/prod-api${p}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  zh = callerFor(t.app, admin.token, 'zh');
  other = await userWith(t, 'dlother', []);
  outsider = await userWith(t, 'dlout', [...OUTPUT_READ_PERMS]);
  // A successful HTML5 output on disk, as a publish leaves it.
  const db = t.database.db;
  const [out] = await db
    .insert(ccmsDocumentOutput)
    .values({ libraryId: 100, branch: 'main', path: 'maps/guide.ditamap', format: 'html5', status: 'success', entryFile: 'index.html' })
    .returning();
  outputId = out?.outputId ?? 0;
  const dir = path.join(t.dataDir, 'publish', 'outputs', String(outputId));
  await mkdir(path.join(dir, 'topics'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<h1>Guide</h1>');
  await writeFile(path.join(dir, 'topics', 'a.html'), '<p>Topic A</p>');
  await db
    .update(ccmsDocumentOutput)
    .set({ outputDir: `publish/outputs/${outputId}` })
    .where(eq(ccmsDocumentOutput.outputId, outputId));
});
afterAll(async () => {
  await t?.close();
});

/** The caller's items once none is queued or running (the files are made by queued jobs). */
async function settled(caller: Caller) {
  for (let i = 0; i < 400; i++) {
    const r = await caller.get(api('/system/download/list'));
    if (!r.body.rows.some((x: { status: string }) => x.status === 'queued' || x.status === 'running')) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('downloads did not settle');
}

describe('download center', () => {
  let downloadId = 0;

  it("zips an output into the caller's download center and serves it", async () => {
    const queued = await admin.post(api(`/ccms/output/${outputId}/toDownloads`));
    expect(queued.body.code).toBe(200);
    downloadId = queued.body.data.downloadId;
    const list = await settled(admin);
    expect(list.total).toBe(1);
    const [item] = list.rows;
    expect(item).toMatchObject({ downloadId, name: `guide-html5-${outputId}.zip`, kind: 'output', status: 'success', error: '' });
    expect(new Date(item.expireTime).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const file = await admin.get(api(`/system/download/${downloadId}/file`));
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`guide-html5-${outputId}.zip`);
    expect(item.size).toBe(file.bytes.length);
    const zip = await JSZip.loadAsync(file.bytes);
    expect(
      Object.keys(zip.files)
        .filter((n) => !n.endsWith('/'))
        .sort(),
    ).toEqual(['index.html', 'topics/a.html']);
    expect(await zip.file('topics/a.html')?.async('string')).toBe('<p>Topic A</p>');
  });

  it('shows, serves and deletes nothing of another user; an unreadable output is refused', async () => {
    expect((await other.caller.get(api('/system/download/list'))).body.total).toBe(0);
    const foreign = await other.caller.get(api(`/system/download/${downloadId}/file`));
    expect(foreign.body.msg).toBe(`Download ${downloadId} does not exist`);
    expect((await callerFor(t.app, other.caller.token, 'zh').get(api(`/system/download/${downloadId}/file`))).body.msg).toBe(`下载项 ${downloadId} 不存在`);
    expect((await other.caller.delete(api(`/system/download/${downloadId}`))).body.code).toBe(404);
    expect((await admin.get(api('/system/download/list'))).body.total).toBe(1);
    // Without output permissions, and with them but outside the output's library.
    expect((await other.caller.post(api(`/ccms/output/${outputId}/toDownloads`))).body.code).toBe(403);
    expect((await outsider.caller.post(api(`/ccms/output/${outputId}/toDownloads`))).body.code).toBe(403);
    expect((await t.database.db.select().from(sysDownload)).length).toBe(1);
    expect((await t.anonymous.get(api('/system/download/list'))).body.code).toBe(401);
  });

  it('takes a ready file from another module, and records a producer that fails', async () => {
    const made = path.join(t.dataDir, 'tmp', 'report.xlsx');
    await mkdir(path.dirname(made), { recursive: true });
    await writeFile(made, 'report bytes');
    // What another module does: the service's add(), here on its own instance over the same database and data directory.
    const downloads = downloadService({
      db: t.database.db,
      jobs: t.app.jobs,
      dataDir: t.dataDir,
      files: t.app.store.scoped(STORE_SCOPES.downloads),
      log: t.app.log,
    });
    const added = await downloads.add({ userId: other.userId, name: 'report.xlsx', kind: 'export', filePath: made });
    expect(existsSync(made)).toBe(false);
    const mine = await other.caller.get(api('/system/download/list'));
    expect(mine.body.rows).toMatchObject([{ downloadId: added.downloadId, name: 'report.xlsx', kind: 'export', status: 'success', size: 12 }]);
    expect((await other.caller.get(api(`/system/download/${added.downloadId}/file`))).raw).toBe('report bytes');

    // The output is gone by the time its job runs: the item ends in fail with the reason. It is queued
    // after the output's row is deleted: deleting the row after the route's answer raced the job,
    // which starts as soon as it is queued.
    const [gone] = await t.database.db
      .insert(ccmsDocumentOutput)
      .values({ libraryId: 100, branch: 'main', path: 'x.ditamap', format: 'html5', status: 'success', entryFile: 'index.html', outputDir: 'publish/none' })
      .returning();
    const goneId = gone?.outputId ?? 0;
    const [me] = await t.database.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, 'admin'));
    await t.database.db.delete(ccmsDocumentOutput).where(eq(ccmsDocumentOutput.outputId, goneId));
    // As the route's add() queues it (a row, then the job), with the row already gone.
    const [queued] = await t.database.db
      .insert(sysDownload)
      .values({
        userId: me?.userId ?? 0,
        name: `x-html5-${goneId}.zip`,
        kind: 'output',
        status: 'queued',
        producer: OUTPUT_ZIP_PRODUCER,
        params: { outputId: goneId },
        expireTime: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await t.app.jobs.enqueue(DOWNLOAD_QUEUE, { downloadId: queued?.downloadId });
    const after = await settled(admin);
    const failed = after.rows.find((r: { downloadId: number }) => r.downloadId === queued?.downloadId);
    expect(failed).toMatchObject({ status: 'fail', size: 0 });
    expect(failed.error).toBe(`Output ${gone?.outputId} does not exist`);
    expect((await admin.get(api(`/system/download/${failed.downloadId}/file`))).body.msg).toBe(`The file "x-html5-${gone?.outputId}.zip" is not ready yet`);
    expect((await zh.get(api(`/system/download/${failed.downloadId}/file`))).body.msg).toBe(`文件“x-html5-${gone?.outputId}.zip”尚未生成完成`);
    expect((await admin.delete(api(`/system/download/${failed.downloadId}`))).body.code).toBe(200);
  });

  it('filters the list by part of the name and by status, and refuses an unknown status naming the field', async () => {
    const user = await userWith(t, 'dlfilter', []);
    const downloads = downloadService({
      db: t.database.db,
      jobs: t.app.jobs,
      dataDir: t.dataDir,
      files: t.app.store.scoped(STORE_SCOPES.downloads),
      log: t.app.log,
    });
    const ready = async (name: string) => {
      const file = path.join(t.dataDir, 'tmp', `filter-${name}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, name);
      return (await downloads.add({ userId: user.userId, name, kind: 'export', filePath: file })).downloadId;
    };
    const guide = await ready('Guide-manual.zip');
    const report = await ready('report_2026.xlsx');
    const percent = await ready('100%-done.xlsx');
    const [failed] = await t.database.db
      .insert(sysDownload)
      .values({
        userId: user.userId,
        name: 'report-failed.xlsx',
        kind: 'export',
        status: 'fail',
        error: 'broken',
        expireTime: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const ids = async (query: Record<string, string>) => {
      const res = await user.caller.get(api('/system/download/list'), query);
      expect(res.body.code).toBe(200);
      expect(res.body.total).toBe(res.body.rows.length);
      return res.body.rows.map((r: { downloadId: number }) => r.downloadId);
    };
    expect(await ids({})).toEqual([failed?.downloadId, percent, report, guide]);
    // Part of the name, any case; % and _ are plain characters.
    expect(await ids({ name: 'REPORT' })).toEqual([failed?.downloadId, report]);
    expect(await ids({ name: '%' })).toEqual([percent]);
    expect(await ids({ name: 't_2' })).toEqual([report]);
    expect(await ids({ status: 'fail' })).toEqual([failed?.downloadId]);
    expect(await ids({ status: 'success', name: 'report' })).toEqual([report]);
    expect(await ids({ status: 'queued' })).toEqual([]);
    // Another user's filter never shows this user's files.
    expect((await admin.get(api('/system/download/list'), { name: 'report_2026' })).body.rows).toEqual([]);
    const bad = await user.caller.get(api('/system/download/list'), { status: 'done' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('Status');
  });

  it('deletes an item with its file, and removes expired ones', async () => {
    const [row] = await t.database.db.select().from(sysDownload).where(eq(sysDownload.downloadId, downloadId));
    const file = path.join(t.dataDir, row?.filePath ?? 'x');
    expect(existsSync(file)).toBe(true);
    expect((await admin.delete(api(`/system/download/${downloadId}`))).body.code).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await admin.get(api('/system/download/list'))).body.rows).toEqual([]);

    const [mine] = (await other.caller.get(api('/system/download/list'))).body.rows;
    const [kept] = await t.database.db.select().from(sysDownload).where(eq(sysDownload.downloadId, mine.downloadId));
    await t.database.db
      .update(sysDownload)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(sysDownload.downloadId, mine.downloadId));
    expect((await other.caller.get(api('/system/download/list'))).body.total).toBe(0);
    expect(existsSync(path.join(t.dataDir, kept?.filePath ?? 'x'))).toBe(false);
  });
});
