import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from './errors';

/** One uploaded file, streamed to a temp file that is removed when the request ends. */
export interface UploadedFile {
  fieldName: string;
  filename: string;
  mimetype: string;
  /** Temp file under `<dataDir>/tmp/uploads`, mode 0600; gone once the response is sent. */
  path: string;
  size: number;
  /** The first bytes of the file (up to HEAD_BYTES), kept while it streams, for sniffing its type. */
  head: Buffer;
}

/** Bytes of each file kept in `head`. */
export const HEAD_BYTES = 64;

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface ReadMultipartOptions {
  /** Bytes one file may hold; past it the request is refused with `fileTooLarge`. */
  maxFileBytes?: number;
  /** Files one request may carry; past it the request is refused with `tooManyFiles`. */
  maxFiles?: number;
  /** Only files of this field are kept; the others are read past and dropped. */
  field?: string;
  /** Runs once with the text fields read so far, before the first file is written (or at the end). */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
  /** The error when it is not a multipart request. */
  notMultipart?: () => AppError;
  fileTooLarge?: (maxBytes: number) => AppError;
  tooManyFiles?: (max: number) => AppError;
}

export interface UploadLimits {
  /** Bytes of all files of one request together (answered 413). */
  maxRequestBytes: number;
  /** Bytes one user (or, signed out, one address) may be uploading at once over all requests (answered 429). */
  maxUserBytes: number;
  /** Largest single file the multipart parser accepts at all. */
  maxFileBytes: number;
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxRequestBytes: 512 * 1024 * 1024,
  maxUserBytes: 1024 * 1024 * 1024,
  maxFileBytes: 200 * 1024 * 1024,
  maxFiles: 20,
};

const MB = 1024 * 1024;
const mbOf = (bytes: number) => Math.max(1, Math.floor(bytes / MB));

interface UploadState {
  dir: string;
  limits: UploadLimits;
  inFlight: Map<string, number>;
}

interface RequestUploads {
  paths: string[];
  userKey: string;
  bytes: number;
}

const STATE = Symbol('ccms.uploads.state');
const PER_REQUEST = new WeakMap<FastifyRequest, RequestUploads>();

type WithState = FastifyInstance & { [STATE]?: UploadState };

const codeOf = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? err.code : undefined);

async function release(state: UploadState, req: FastifyRequest): Promise<void> {
  const mine = PER_REQUEST.get(req);
  if (!mine) return;
  PER_REQUEST.delete(req);
  const left = (state.inFlight.get(mine.userKey) ?? 0) - mine.bytes;
  if (left > 0) state.inFlight.set(mine.userKey, left);
  else state.inFlight.delete(mine.userKey);
  await Promise.all(mine.paths.map((p) => rm(p, { force: true })));
}

/**
 * Registers the multipart parser with the upload limits and the cleanup: every temp file a
 * request wrote is removed and its bytes leave the user's in-flight count when the response is
 * sent, the request is aborted or the reader fails.
 */
export const multipartUploads = fp(async (app: FastifyInstance, opts: { dataDir: string; limits?: Partial<UploadLimits> }) => {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...opts.limits };
  const state: UploadState = { dir: path.join(opts.dataDir, 'tmp', 'uploads'), limits, inFlight: new Map() };
  await app.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles } });
  (app as WithState)[STATE] = state;
  // Leftovers of a crash: nothing under the folder outlives its request.
  await rm(state.dir, { recursive: true, force: true });
  app.addHook('onResponse', async (req) => release(state, req));
  app.addHook('onRequestAbort', async (req) => release(state, req));
});

/** Bytes a user is uploading right now (tests and monitoring). */
export const uploadsInFlight = (app: FastifyInstance, userKey: string) => (app as WithState)[STATE]?.inFlight.get(userKey) ?? 0;

function stateOf(req: FastifyRequest): UploadState {
  const state = (req.server as WithState)[STATE];
  if (!state) throw new Error('multipartUploads is not registered');
  return state;
}

/**
 * The one multipart reader: text fields into memory, files streamed to temp files (never held
 * in memory), with per-file, per-request and per-user byte caps. Temp files are removed when
 * the request ends, on error as well.
 */
export async function readMultipart(req: FastifyRequest, opts: ReadMultipartOptions = {}): Promise<MultipartForm> {
  const state = stateOf(req);
  if (!req.isMultipart()) throw (opts.notMultipart ?? (() => badRequest('upload.required', { field: opts.field ?? 'file' })))();
  const maxFileBytes = Math.min(opts.maxFileBytes ?? state.limits.maxFileBytes, state.limits.maxFileBytes);
  const maxFiles = opts.maxFiles ?? state.limits.maxFiles;
  const fileTooLarge = opts.fileTooLarge ?? ((max: number) => badRequest('field.tooBig', { field: opts.field ?? 'file', max: `${mbOf(max)} MB` }));
  const tooManyFiles = opts.tooManyFiles ?? ((max: number) => badRequest('field.tooBig', { field: opts.field ?? 'file', max }));
  const userKey = req.auth ? `user:${req.auth.userId}` : `ip:${req.ip}`;
  let mine = PER_REQUEST.get(req);
  if (!mine) {
    mine = { paths: [], userKey, bytes: 0 };
    PER_REQUEST.set(req, mine);
  }
  const own = mine;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await opts.beforeFiles?.({ ...fields });
  };
  let requestBytes = 0;
  const count = (n: number): AppError | undefined => {
    requestBytes += n;
    own.bytes += n;
    const user = (state.inFlight.get(userKey) ?? 0) + n;
    state.inFlight.set(userKey, user);
    if (requestBytes > state.limits.maxRequestBytes) return new AppError(413, 'upload.requestTooLarge', { max: mbOf(state.limits.maxRequestBytes) });
    if (user > state.limits.maxUserBytes) return new AppError(429, 'upload.userBusy', { max: mbOf(state.limits.maxUserBytes) });
    return undefined;
  };
  try {
    await mkdir(state.dir, { recursive: true, mode: 0o700 });
    // One file over the count is enough to know there are too many.
    for await (const part of req.parts({ limits: { fileSize: maxFileBytes, files: maxFiles + 1 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      try {
        await check();
      } catch (err) {
        // Not a byte more of the body is parsed: the request ends with the error.
        part.file.destroy();
        throw err;
      }
      const keep = !opts.field || part.fieldname === opts.field;
      if (keep && files.length >= maxFiles) {
        part.file.destroy();
        throw tooManyFiles(maxFiles);
      }
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          done(count(chunk.length), chunk);
        },
      });
      if (!keep) {
        // Other fields are read past (still counted against the caps) and dropped.
        await pipeline(part.file, counter, async (source: AsyncIterable<Buffer>) => {
          for await (const _ of source);
        });
        continue;
      }
      const file = path.join(state.dir, randomUUID());
      // Created 0600 and exclusively, before any byte is written.
      await (await open(file, 'wx', 0o600)).close();
      own.paths.push(file);
      let size = 0;
      let head = Buffer.alloc(0);
      const sizer = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, sizer, createWriteStream(file, { flags: 'r+', mode: 0o600 }));
      if (part.file.truncated) throw fileTooLarge(maxFileBytes);
      files.push({ fieldName: part.fieldname, filename: part.filename, mimetype: part.mimetype, path: file, size, head });
    }
    await check();
  } catch (err) {
    await release(state, req);
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxFileBytes);
    if (codeOf(err) === 'FST_FILES_LIMIT') throw tooManyFiles(maxFiles);
    throw err;
  }
  return { fields, files };
}

/** The bytes of a small uploaded file, for callers that truly need them (an Excel sheet); past `maxBytes` a 400. */
export async function readUploadedFile(file: UploadedFile, maxBytes: number): Promise<Buffer> {
  if (file.size > maxBytes) throw badRequest('field.tooBig', { field: file.fieldName, max: `${mbOf(maxBytes)} MB` });
  const handle = await open(file.path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
