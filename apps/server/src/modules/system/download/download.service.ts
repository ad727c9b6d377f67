import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
import { STORE_SCOPES } from '../../../platform/storage/file-store';
import { type Storage, StoredObjectMissing, UnsafePathError } from '../../../platform/storage/storage';

/** The folder an item's row names its file under (the data folder's downloads/, the store's downloads scope). */
const FOLDER = STORE_SCOPES.downloads;

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
  /** A file made already (absolute, under the data directory): moved into the download center (the store takes it, the file is removed). */
  filePath?: string;
  /** Or the name of a producer (defineProducer) that makes it in a work-queue job, with its parameters. */
  producer?: string;
  params?: Record<string, unknown>;
  expireDays?: number;
}

export interface DownloadServiceDeps {
  db: Db;
  jobs: JobRunner;
  /** The data folder: files are made under its tmp/downloads before the store takes them. */
  dataDir: string;
  /** The store's downloads scope: where every node finds the items' files. */
  files: Storage;
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
export function downloadService({ db, jobs, dataDir, files, log }: DownloadServiceDeps) {
  const producers = new Map<string, DownloadProducer>();
  /** Files are made here on this node, then handed to the store. */
  const work = path.join(dataDir, 'tmp', 'downloads');
  /** An item's file as its row names it (under "downloads/", as the data folder has always kept them), and its key in the store's scope. */
  const fileOf = (row: Pick<Row, 'userId' | 'downloadId' | 'name'>) => `${FOLDER}/${row.userId}/${row.downloadId}-${safeName(row.name)}`;
  const keyOf = (filePath: string) => {
    if (!filePath.startsWith(`${FOLDER}/`)) throw new UnsafePathError(filePath);
    return filePath.slice(FOLDER.length + 1);
  };
  const removeFile = (filePath: string) => files.remove(keyOf(filePath)).catch((err: unknown) => log.warn({ err, filePath }, 'download file not removed'));

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
    const part = path.join(work, `${downloadId}-${randomBytes(6).toString('hex')}.part`);
    try {
      await mkdir(work, { recursive: true, mode: 0o700 });
      await producer(row.params, part);
      const size = await files.moveIn(keyOf(rel), part);
      const kept = await update(downloadId, { status: 'success', filePath: rel, size, finishTime: new Date() }).returning({ id: sysDownload.downloadId });
      // Deleted while it was being made: the file has no row any more.
      if (kept.length === 0) await removeFile(rel);
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
    for (const row of expired) if (row.filePath) await removeFile(row.filePath);
    return expired.length;
  }

  return {
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
        const size = await files.moveIn(keyOf(rel), from);
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
    async file(auth: AuthContext, downloadId: number): Promise<{ name: string; stream: Readable; size: number }> {
      const row = await own(auth, downloadId);
      if (row.status !== 'success' || !row.filePath) throw badRequest('downloadCenter.notReady', { name: row.name });
      const { stream, size } = await files.open(keyOf(row.filePath)).catch((err: unknown) => {
        throw err instanceof StoredObjectMissing ? notFound('downloadCenter.fileMissing', { name: row.name }) : err;
      });
      return { name: row.name, stream, size };
    },

    /** Deletes the caller's items and their files (an item still being made is removed too; its job then finds no row). */
    async remove(auth: AuthContext, ids: number[]) {
      const rows = await db
        .select()
        .from(sysDownload)
        .where(and(inArray(sysDownload.downloadId, ids), eq(sysDownload.userId, auth.userId)));
      for (const id of ids) if (!rows.some((r) => r.downloadId === id)) throw notFound('downloadCenter.notFound', { id });
      await db.delete(sysDownload).where(inArray(sysDownload.downloadId, ids));
      for (const row of rows) await removeFile(row.filePath || fileOf(row));
    },
  };
}

export type DownloadService = ReturnType<typeof downloadService>;
