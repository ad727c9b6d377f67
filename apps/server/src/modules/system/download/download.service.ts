import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@ccms/contracts/constants';
import type { DownloadItem, DownloadKind, DownloadQuery, DownloadStatus } from '@ccms/contracts/system/download';
import { and, count, desc, eq, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { sysDownload } from '../../../db/schema';
import { clip } from '../../../platform/audit/redact';
import type { AuthContext } from '../../../platform/auth/access';
import { containing } from '../../../platform/db/filters';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import { pageWindow } from '../../../platform/http/paging';
import { decodeJobMessage, encodeJobMessage } from '../../../platform/jobs/registry';
import type { JobRunner } from '../../../platform/jobs/runner';

/** The work queue that makes the files of the download center (one job per item). */
export const DOWNLOAD_QUEUE = 'ccms-download';
/** How long a file stays in the download center. */
export const DEFAULT_EXPIRE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = typeof sysDownload.$inferSelect;

/** Makes a file: writes it to `file` (a fresh path under the data directory). Throwing fails the item (the queue retries it). */
export type DownloadProducer = (params: Record<string, unknown>, file: string) => Promise<void>;

export interface AddDownload {
  userId: number;
  /** The file name the user downloads. */
  name: string;
  kind: DownloadKind;
  /** A file made already (absolute, under the data directory): moved into the download center. */
  filePath?: string;
  /** Or the name of a producer (defineProducer) that makes it in a work-queue job, with its parameters. */
  producer?: string;
  params?: Record<string, unknown>;
  expireDays?: number;
}

export interface DownloadServiceDeps {
  db: Db;
  jobs: JobRunner;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** A name safe on every file system, keeping the extension. */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[.-]+/, '') || 'file';

const present = (r: Row, lang: Language): DownloadItem => ({
  downloadId: r.downloadId,
  name: r.name,
  kind: r.kind as DownloadKind,
  status: r.status as DownloadStatus,
  size: r.size,
  error: decodeJobMessage(r.error, lang),
  createTime: r.createTime,
  finishTime: r.finishTime,
  expireTime: r.expireTime,
});

/**
 * The download center: any module adds a file for a user (`add`), made now or by a named
 * producer in a work-queue job (so it survives a restart and is retried); the user lists,
 * downloads and deletes their own; expired files are removed.
 */
export function downloadService({ db, jobs, dataDir, log }: DownloadServiceDeps) {
  const root = path.join(dataDir, 'downloads');
  const producers = new Map<string, DownloadProducer>();
  const fileOf = (row: Pick<Row, 'userId' | 'downloadId' | 'name'>) => path.join('downloads', String(row.userId), `${row.downloadId}-${safeName(row.name)}`);

  async function own(auth: AuthContext, downloadId: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(sysDownload)
      .where(and(eq(sysDownload.downloadId, downloadId), eq(sysDownload.userId, auth.userId)));
    if (!row) throw notFound('downloadCenter.notFound', { id: downloadId });
    return row;
  }

  const update = (downloadId: number, set: Partial<Row>) => db.update(sysDownload).set(set).where(eq(sysDownload.downloadId, downloadId));

  /** Runs the producer of one item (the work queue's handler); throws so the queue retries. */
  async function produce(downloadId: number): Promise<void> {
    const [row] = await db.select().from(sysDownload).where(eq(sysDownload.downloadId, downloadId));
    if (!row || row.status === 'success') return;
    const producer = producers.get(row.producer);
    if (!producer) {
      await update(downloadId, { status: 'fail', error: `no producer "${row.producer}"`, finishTime: new Date() });
      return;
    }
    await update(downloadId, { status: 'running', error: '' });
    const rel = fileOf(row);
    const file = path.join(dataDir, rel);
    const part = `${file}.part`;
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await producer(row.params, part);
      await rename(part, file);
      const { size } = await stat(file);
      const kept = await update(downloadId, { status: 'success', filePath: rel, size, finishTime: new Date() }).returning({ id: sysDownload.downloadId });
      // Deleted while it was being made: the file has no row any more.
      if (kept.length === 0) await rm(file, { force: true });
    } catch (err) {
      await rm(part, { force: true });
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ downloadId, err: message }, 'download file not made');
      // A message key is kept as such and read in the user's language when listed.
      const stored = err instanceof AppError ? encodeJobMessage({ key: err.key, params: err.params as Record<string, string | number> }) : message;
      await update(downloadId, { status: 'fail', error: clip(stored, 1000), finishTime: new Date() });
      throw err;
    }
  }

  /** Removes expired items and their files (every user's). */
  async function cleanup(now = new Date()): Promise<number> {
    const expired = await db.delete(sysDownload).where(lt(sysDownload.expireTime, now)).returning();
    for (const row of expired) if (row.filePath) await rm(path.join(dataDir, row.filePath), { force: true });
    return expired.length;
  }

  return {
    root,
    produce,
    cleanup,

    /** Registers a producer under a name add() can use; a name is registered once. */
    defineProducer(name: string, producer: DownloadProducer) {
      if (producers.has(name)) throw new Error(`download producer "${name}" is defined twice`);
      producers.set(name, producer);
    },

    /** Adds a file to a user's download center: handed over now, or made by a producer in a queued job. */
    async add(input: AddDownload): Promise<{ downloadId: number }> {
      if (!input.filePath && !input.producer) throw new Error('addDownload needs a filePath or a producer');
      if (input.producer && !producers.has(input.producer)) throw badRequest('downloadCenter.noProducer', { name: input.producer });
      const expireTime = new Date(Date.now() + (input.expireDays ?? DEFAULT_EXPIRE_DAYS) * DAY_MS);
      const [row] = await db
        .insert(sysDownload)
        .values({
          userId: input.userId,
          name: clip(input.name, 200),
          kind: input.kind,
          status: input.filePath ? 'running' : 'queued',
          producer: input.producer ?? '',
          params: input.params ?? {},
          expireTime,
        })
        .returning();
      if (!row) throw new Error('download row not written');
      if (input.filePath) {
        const from = path.resolve(input.filePath);
        if (!from.startsWith(`${path.resolve(dataDir)}${path.sep}`)) throw new Error('addDownload: the file must be under the data directory');
        const rel = fileOf(row);
        await mkdir(path.dirname(path.join(dataDir, rel)), { recursive: true, mode: 0o700 });
        await rename(from, path.join(dataDir, rel));
        const { size } = await stat(path.join(dataDir, rel));
        await update(row.downloadId, { status: 'success', filePath: rel, size, finishTime: new Date() });
      } else {
        await jobs.enqueue(DOWNLOAD_QUEUE, { downloadId: row.downloadId });
      }
      return { downloadId: row.downloadId };
    },

    /** The caller's items, newest first (expired ones are removed first). */
    async list(auth: AuthContext, q: DownloadQuery, lang: Language): Promise<{ rows: DownloadItem[]; total: number }> {
      await cleanup();
      const where: SQL | undefined = and(
        eq(sysDownload.userId, auth.userId),
        q.name ? ilike(sysDownload.name, containing(q.name)) : undefined,
        q.status ? eq(sysDownload.status, q.status) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(sysDownload).where(where).orderBy(desc(sysDownload.downloadId)).limit(limit).offset(offset),
        db.select({ n: count() }).from(sysDownload).where(where),
      ]);
      return { rows: rows.map((r) => present(r, lang)), total: total?.n ?? 0 };
    },

    /** The file of one of the caller's ready items. */
    async file(auth: AuthContext, downloadId: number): Promise<{ name: string; file: string; size: number }> {
      const row = await own(auth, downloadId);
      if (row.status !== 'success' || !row.filePath) throw badRequest('downloadCenter.notReady', { name: row.name });
      const file = path.join(dataDir, row.filePath);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound('downloadCenter.fileMissing', { name: row.name });
      return { name: row.name, file, size: info.size };
    },

    /** Deletes the caller's items and their files (an item still being made is removed too; its job then finds no row). */
    async remove(auth: AuthContext, ids: number[]) {
      const rows = await db
        .select()
        .from(sysDownload)
        .where(and(inArray(sysDownload.downloadId, ids), eq(sysDownload.userId, auth.userId)));
      for (const id of ids) if (!rows.some((r) => r.downloadId === id)) throw notFound('downloadCenter.notFound', { id });
      await db.delete(sysDownload).where(inArray(sysDownload.downloadId, ids));
      for (const row of rows) await rm(path.join(dataDir, row.filePath || fileOf(row)), { force: true });
    },
  };
}

export type DownloadService = ReturnType<typeof downloadService>;
