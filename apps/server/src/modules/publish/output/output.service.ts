import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@ccms/contracts/constants';
import type { ArchiveBody, OutputQuery, PublishBody, PublishOutput, PublishOutputDetail, ViewerEntry, ViewerQuery } from '@ccms/contracts/publish/publication';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDocumentOutput, ccmsPublication, ccmsPublishConfig } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import { parseRange, type RangeAnswer } from '../../../platform/http/byte-range';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import { decodeJobMessage, encodeJobMessage } from '../../../platform/jobs/registry';
import type { JobRunner } from '../../../platform/jobs/runner';
import { type Storage, StoredObjectMissing, UnsafePathError } from '../../../platform/storage/storage';
import { zipOfStore } from '../../../platform/storage/zip-store';
import { findDocument } from '../../content/document/document.queries';
import { checkFrozenDispatch } from '../../content/flightops/freeze-tag';
import type { LibraryService } from '../../content/library/library.service';
import { allows, levelOf, levelsOf } from '../../content/library/library-access';
import { isFrozenBranch, type LibraryGit } from '../../content/library/library-git';
import { releaseLogService } from '../../work/release-log/release-log.service';
import type { EnginePool } from '../engine/engine-pool';
import { latestOutputs } from '../portal/portal.queries';
import {
  deleteOutputs,
  findOutput,
  insertOutputs,
  insertPublishLog,
  listOutputRows,
  type OutputRow,
  outputsOfMap,
  outputsOfPublication,
  presentOutput,
  updateOutputIf,
  updatePublishLog,
} from './output.queries';
import { buildKeyOf, PUBLISH_QUEUE } from './publish-runner';

const API = '/prod-api';

/**
 * Who may read an output: "public" outputs every signed-in user; with readers, the readers and the
 * library's publishers (and up), or with `readersOnly` the readers and the library's owners and admins only;
 * else the library's readers.
 */
export function mayRead(
  auth: AuthContext,
  row: Pick<OutputRow, 'publishPath' | 'readerUserIds' | 'readerRoleIds' | 'readersOnly'>,
  level: Parameters<typeof allows>[0],
) {
  if (auth.isAdmin || row.publishPath === 'public') return true;
  const restricted = row.readerUserIds.length > 0 || row.readerRoleIds.length > 0;
  if (!restricted) return allows(level, 'read');
  if (row.readerUserIds.includes(auth.userId)) return true;
  if (auth.roles.some((r) => row.readerRoleIds.includes(r.roleId))) return true;
  return allows(level, row.readersOnly ? 'configure' : 'publish');
}

/** A file of an output as the view serves it: whole, one byte range, or a range past its end (no stream). */
export interface OutputFile {
  name: string;
  size: number;
  range: RangeAnswer;
  stream?: Readable;
}

export interface OutputServiceDeps {
  db: Db;
  jobs: JobRunner;
  pool: EnginePool;
  libraries: LibraryService;
  tickets: MediaTickets;
  /** Where finished outputs are kept (publish/outputs of the data folder or the object store). */
  outputs: Storage;
  /** The library clones: a dispatch of a frozen flight-ops revision is checked against its tag. */
  git: LibraryGit;
}

/** Publishing (start, cancel), the outputs (list, open, download, delete), archiving to a release, and the viewer. */
export function outputService({ db, jobs, pool, libraries, tickets, outputs, git }: OutputServiceDeps) {
  /** One output's files: keys relative to the output, none reaching another output. */
  const filesOf = (row: Pick<OutputRow, 'outputId'>) => outputs.scoped(String(row.outputId));
  const releaseLogs = releaseLogService(db);

  const viewUrlOf = (auth: AuthContext, row: OutputRow) =>
    row.status === 'success' && row.entryFile ? `${API}/ccms/output/view/${row.outputId}/${tickets.mint(auth, row.libraryId)}/${row.entryFile}` : '';

  const progressUrlOf = (auth: AuthContext, row: OutputRow) =>
    `${API}/ccms/output/progress/${row.outputId}?ticket=${encodeURIComponent(tickets.mint(auth, row.libraryId))}`;
  const present = (auth: AuthContext, row: OutputRow, lang?: Language) => presentOutput(row, viewUrlOf(auth, row), progressUrlOf(auth, row), lang);

  async function readable(auth: AuthContext, outputId: number): Promise<OutputRow> {
    const row = await findOutput(db, outputId);
    if (!row) throw notFound('output.notFound', { id: outputId });
    if (!mayRead(auth, row, await levelOf(db, auth, row.libraryId))) throw forbidden('noRelevantPermissions');
    return row;
  }

  function zipNameOf(row: OutputRow): string {
    if (row.status !== 'success' || !row.outputDir) throw badRequest('output.notReady', { id: row.outputId });
    const base = path.basename(row.path).replace(/\.[^.]+$/, '') || 'output';
    return `${base}-${row.format}-${row.outputId}.zip`;
  }

  async function zipStream(row: OutputRow): Promise<Readable> {
    if (row.status !== 'success' || !row.outputDir) throw badRequest('output.notReady', { id: row.outputId });
    return zipOfStore(filesOf(row));
  }

  async function publishable(auth: AuthContext, outputId: number): Promise<OutputRow> {
    const row = await findOutput(db, outputId);
    if (!row) throw notFound('output.notFound', { id: outputId });
    await libraries.forCall(auth, row.libraryId, 'publish');
    return row;
  }

  /** The map to publish: a publication's, or a document's (its library, branch and path). */
  async function target(auth: AuthContext, body: PublishBody) {
    if (body.publicationId) {
      const [p] = await db.select().from(ccmsPublication).where(eq(ccmsPublication.publicationId, body.publicationId));
      if (!p) throw notFound('publication.notFound', { id: body.publicationId });
      const library = await libraries.forCall(auth, p.libraryId, 'publish');
      return { library, branch: p.branch, path: p.ditaMap, publicationId: p.publicationId, publicationName: p.name, filter: p.ditaVal };
    }
    const doc = await findDocument(db, body.documentId ?? 0);
    if (!doc) throw notFound('notFound.row', { what: `document ${body.documentId}` });
    const library = await libraries.forCall(auth, doc.libraryId, 'publish');
    return { library, branch: doc.branch, path: doc.path, publicationId: null, publicationName: '', filter: '' };
  }

  async function presentList(auth: AuthContext, rows: OutputRow[], lang?: Language): Promise<PublishOutput[]> {
    const levels = await levelsOf(db, auth, [...new Set(rows.map((r) => r.libraryId))]);
    return rows.filter((r) => mayRead(auth, r, levels.get(r.libraryId) ?? null)).map((r) => present(auth, r, lang));
  }

  return {
    /** Queues one output per publish config; answers at once with the outputs (status notStarted). */
    async publish(auth: AuthContext, body: PublishBody): Promise<PublishOutput[]> {
      const t = await target(auth, body);
      // A frozen revision's dispatch publishes exactly its tagged commit: refused when the branch left its tag.
      if (isFrozenBranch(t.branch)) await checkFrozenDispatch(git, t.library, t.branch);
      const configs = await db
        .select()
        .from(ccmsPublishConfig)
        .where(and(eq(ccmsPublishConfig.libraryId, t.library.libraryId), inArray(ccmsPublishConfig.configId, body.configIds)));
      const missing = body.configIds.find((id) => !configs.some((c) => c.configId === id));
      if (missing !== undefined) throw badRequest('output.configMissing', { id: missing });
      const rows = await insertOutputs(
        db,
        body.configIds.map((id) => {
          const c = configs.find((x) => x.configId === id) ?? configs[0];
          if (!c) throw badRequest('output.configMissing', { id });
          return {
            libraryId: t.library.libraryId,
            branch: t.branch,
            path: t.path,
            format: c.format,
            status: 'notStarted',
            publicationId: t.publicationId,
            configId: c.configId,
            configName: c.configName,
            lang: c.lang,
            publishPath: c.publishPath,
            filter: [t.filter, c.filterGroup].filter(Boolean).join(' + '),
            readerUserIds: c.readerUserIds,
            readerRoleIds: c.readerRoleIds,
            readersOnly: c.readersOnly,
            createBy: auth.userName,
          };
        }),
      );
      for (const row of rows) {
        await insertPublishLog(db, {
          outputId: row.outputId,
          publicationId: t.publicationId,
          publicationName: t.publicationName,
          libraryId: t.library.libraryId,
          libraryName: t.library.name,
          branch: t.branch,
          ditaMap: t.path,
          configName: row.configName,
          format: row.format,
          status: 'running',
          operName: auth.userName,
        });
        await jobs.enqueue(PUBLISH_QUEUE, { outputId: row.outputId });
      }
      // Most likely this node runs the job: its publish process loads the engine while the job is picked up.
      pool.warm();
      return rows.map((r) => present(auth, r));
    },

    async list(auth: AuthContext, q: OutputQuery, lang?: Language) {
      let where: ReturnType<typeof outputsOfMap>;
      if (q.publicationId) {
        const [p] = await db.select().from(ccmsPublication).where(eq(ccmsPublication.publicationId, q.publicationId));
        if (!p) throw notFound('publication.notFound', { id: q.publicationId });
        await libraries.forCall(auth, p.libraryId, 'read');
        where = outputsOfPublication(p.publicationId);
      } else {
        const doc = await findDocument(db, q.documentId ?? 0);
        if (!doc) throw notFound('notFound.row', { what: `document ${q.documentId}` });
        await libraries.forCall(auth, doc.libraryId, 'read');
        where = outputsOfMap(doc.libraryId, doc.branch, doc.path);
      }
      // Reader rules filter rows the caller may not read (a page may then hold fewer rows).
      const page = await listOutputRows(db, where, q);
      const rows = await presentList(auth, page.rows, lang);
      return { rows, total: page.total - (page.rows.length - rows.length) };
    },

    async get(auth: AuthContext, outputId: number, lang?: Language): Promise<PublishOutputDetail> {
      const row = await readable(auth, outputId);
      // A problem a standard's engine wrote as a message key (ATA Spec 2300's) reads in the caller's language.
      return { ...present(auth, row, lang), problems: row.problems.map((p) => ({ ...p, message: decodeJobMessage(p.message, lang ?? 'en') })) };
    },

    /** The progress fields of an output the caller may read (the SSE stream polls this). */
    async progress(auth: AuthContext, outputId: number) {
      const row = await readable(auth, outputId);
      return { outputId, status: row.status as PublishOutput['status'], phase: row.phase, done: row.done, total: row.total };
    },

    progressOf: async (outputId: number) => findOutput(db, outputId),

    async cancel(auth: AuthContext, outputId: number) {
      const row = await publishable(auth, outputId);
      const stopped = await updateOutputIf(db, outputId, ['notStarted', 'running'], {
        status: 'canceled',
        phase: 'done',
        message: encodeJobMessage({ key: 'publishJob.canceled' }),
        endTime: new Date(),
      });
      if (!stopped) throw badRequest('output.notRunning', { id: outputId });
      await updatePublishLog(db, outputId, { status: 'canceled', endTime: new Date() });
      pool.cancel(buildKeyOf(row));
    },

    async remove(auth: AuthContext, ids: number[]) {
      const rows = await db.select().from(ccmsDocumentOutput).where(inArray(ccmsDocumentOutput.outputId, ids));
      if (rows.length !== ids.length) throw notFound('output.notFound', { id: ids.find((id) => !rows.some((r) => r.outputId === id)) ?? 0 });
      for (const libraryId of new Set(rows.map((r) => r.libraryId))) await libraries.forCall(auth, libraryId, 'publish');
      const running = rows.find((r) => r.status === 'running' || r.status === 'notStarted');
      if (running) throw badRequest('output.running', { id: running.outputId });
      await deleteOutputs(db, ids);
      for (const id of ids) await outputs.removeAll(String(id));
    },

    /**
     * A file of a successful output, for the in-app view (the caller comes from the token or the
     * URL's ticket): whole, or the one byte range of a Range header (a video or audio file of the
     * output, which browsers read in ranges to seek; `stream` is absent when the range is past the end).
     */
    async file(auth: AuthContext, outputId: number, rel: string, rangeHeader?: string): Promise<OutputFile> {
      const row = await readable(auth, outputId);
      if (row.status !== 'success' || !row.outputDir) throw badRequest('output.notReady', { id: outputId });
      const name = rel || row.entryFile;
      const files = filesOf(row);
      // A name that climbs out of the output, or (on the data folder) a link leading out of it, is as missing as an absent file.
      const missing = (err: unknown): never => {
        if (err instanceof UnsafePathError || err instanceof StoredObjectMissing) throw notFound('output.fileMissing', { path: rel });
        throw err;
      };
      if (!rangeHeader) return { name, range: { kind: 'full' }, ...(await files.open(name).catch(missing)) };
      const size = await files.size(name).catch(missing);
      if (size === null) return missing(new StoredObjectMissing('output', name));
      const range = parseRange(rangeHeader, size);
      if (range.kind === 'unsatisfiable') return { name, size, range };
      return { name, size, range, stream: await files.read(name, range.kind === 'partial' ? range : undefined).catch(missing) };
    },

    verifyTicket: (ticket: string, libraryId: number) => tickets.verify(ticket, libraryId),
    libraryOf: async (outputId: number) => (await findOutput(db, outputId))?.libraryId ?? 0,

    /** The output's files as one zip, streamed. */
    async zip(auth: AuthContext, outputId: number): Promise<{ name: string; stream: Readable }> {
      const row = await readable(auth, outputId);
      return { name: zipNameOf(row), stream: await zipStream(row) };
    },

    /** Checks the caller may read the ready output, and answers the name of its zip (for the download center). */
    async zipName(auth: AuthContext, outputId: number): Promise<string> {
      return zipNameOf(await readable(auth, outputId));
    },

    /** Writes the output's zip to a file (the download center's producer; the caller was checked when it was queued). */
    async writeZip(outputId: number, file: string): Promise<void> {
      const row = await findOutput(db, outputId);
      if (!row) throw notFound('output.notFound', { id: outputId });
      await pipeline(await zipStream(row), createWriteStream(file, { mode: 0o600 }));
    },

    /** Archives a successful output to a project release: the release log row the work tracking shows. */
    async archive(auth: AuthContext, body: ArchiveBody) {
      const row = await readable(auth, body.outputId);
      if (row.status !== 'success') throw badRequest('output.notReady', { id: body.outputId });
      const logId = await releaseLogs.create(
        auth,
        {
          projectId: body.projectId,
          version: body.version,
          commitComment: body.commitComment,
          archive: `${row.path} · ${row.configName} · ${row.format} · output ${row.outputId} · ${row.commit.slice(0, 12)}`.slice(0, 500),
          status: 'success',
        },
        row.outputId,
      );
      return { logId };
    },

    /** The latest successful output of each publication (and each map published without one) the caller may read. */
    async viewer(auth: AuthContext, q: ViewerQuery): Promise<{ rows: ViewerEntry[]; total: number }> {
      const latest = await latestOutputs(db);
      const levels = await levelsOf(db, auth, [...new Set(latest.map((l) => l.output.libraryId))]);
      const keyword = q.keyword?.toLowerCase();
      const entries: ViewerEntry[] = [];
      for (const { output: o, title, libraryName } of latest) {
        if (!mayRead(auth, o, levels.get(o.libraryId) ?? null)) continue;
        if (keyword && ![title, libraryName, o.path, o.configName].some((s) => s.toLowerCase().includes(keyword))) continue;
        entries.push({ ...present(auth, o), title, libraryName });
      }
      const start = (q.pageNum - 1) * q.pageSize;
      return { rows: entries.slice(start, start + q.pageSize), total: entries.length };
    },
  };
}

export type OutputService = ReturnType<typeof outputService>;
