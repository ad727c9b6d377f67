import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { GitAuth } from './git-env';
import type { ObjectType } from './loose-objects';
import type { RemotePin } from './remote-url';

/**
 * The git smart-HTTP push protocol (receive-pack, protocol v0, report-status), spoken by this
 * process: the ref advertisement (GET info/refs) and one POST carrying the ref update and a pack
 * of the commit's new objects. `git push` does the same two requests, but from four processes
 * (push, remote-http, send-pack, pack-objects), the first started from the server's own large
 * process. Only the plain case is spoken here (see GitRepo.pushCommit); anything else is left to
 * `git push`.
 */

const USER_AGENT = 'git/2-ccms';
/** git's http.lowSpeedTime: a transfer idle this long is abandoned. */
const IDLE_MS = 30_000;

/** The two smart-HTTP services: receive-pack takes a push, upload-pack serves a fetch. */
export type Service = 'git-receive-pack' | 'git-upload-pack';

/** The remote's refs and capabilities as a service advertised them. */
export interface Advertisement {
  refs: Map<string, string>;
  caps: Set<string>;
}

/** What came of speaking to the remote: leave the push to git on `unsure` (git says why, or does it). */
export type PushAnswer = { kind: 'ok' } | { kind: 'rejected'; reason: string } | { kind: 'unsure'; why: string };

/** The connection stalled or ran out of time: not worth a second try by git. */
export class RemoteTimeout extends Error {
  constructor(what: string) {
    super(`git remote: ${what}: operation timed out`);
    this.name = 'RemoteTimeout';
  }
}

/** One pkt-line (text with its 4-hex-digit length). */
export function pktLine(text: string | Buffer): Buffer {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0'), 'ascii'), body]);
}

/** The pkt-lines of a buffer, a flush packet as null; throws on a malformed length. */
export function readPktLines(data: Buffer): (Buffer | null)[] {
  const out: (Buffer | null)[] = [];
  let at = 0;
  while (at + 4 <= data.length) {
    const size = Number.parseInt(data.subarray(at, at + 4).toString('ascii'), 16);
    if (!Number.isInteger(size) || (size > 0 && size < 4)) throw new Error('malformed pkt-line');
    if (size === 0) {
      out.push(null);
      at += 4;
      continue;
    }
    if (at + size > data.length) throw new Error('truncated pkt-line');
    out.push(data.subarray(at + 4, at + size));
    at += size;
  }
  return out;
}

/** receive-pack's advertisement: `# service=` line, flush, then `<oid> <ref>` lines (capabilities after a NUL on the first). */
export function parseAdvertisement(data: Buffer, service: Service = 'git-receive-pack'): Advertisement | null {
  const lines = readPktLines(data);
  if (lines[0]?.toString('utf8').trimEnd() !== `# service=${service}` || lines[1] !== null) return null;
  const refs = new Map<string, string>();
  let caps = new Set<string>();
  for (const [i, line] of lines.slice(2).entries()) {
    if (line === null) break;
    let text = line.toString('utf8').replace(/\n$/, '');
    const nul = text.indexOf('\0');
    if (nul >= 0) {
      if (i === 0)
        caps = new Set(
          text
            .slice(nul + 1)
            .split(' ')
            .filter(Boolean),
        );
      text = text.slice(0, nul);
    }
    const [oid = '', ref = ''] = text.split(' ');
    if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(oid)) return null;
    if (ref !== 'capabilities^{}') refs.set(ref, oid);
  }
  return { refs, caps };
}

const TYPE_CODE: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 };

const deflating = promisify(deflate);

/**
 * A version-2 pack of whole objects (no deltas): header, each object's type-and-size header and
 * deflated body (compressed on libuv's thread pool, not the request loop), SHA-1 trailer.
 */
export async function packOf(objects: readonly { type: ObjectType; body: Buffer }[]): Promise<Buffer> {
  const bodies = await Promise.all(objects.map(({ body }) => deflating(body)));
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'ascii');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [head];
  objects.forEach(({ type, body }, i) => {
    let size = body.length;
    const bytes = [(TYPE_CODE[type] << 4) | (size & 0x0f)];
    size = Math.floor(size / 16);
    while (size > 0) {
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) | 0x80;
      bytes.push(size & 0x7f);
      size = Math.floor(size / 128);
    }
    parts.push(Buffer.from(bytes), bodies[i] as Buffer);
  });
  const pack = Buffer.concat(parts);
  return Buffer.concat([pack, createHash('sha1').update(pack).digest()]);
}

interface Request {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  auth: GitAuth | null;
  pin: RemotePin | null;
  timeoutMs: number;
  /** Told once the request is written out (the answer is then the remote's work). */
  onSent?: () => void;
}

/** One request: its status, content type and body (no redirect followed, as git's http.followRedirects=false). */
function send(req: Request): Promise<{ status: number; type: string; body: Buffer }> {
  const { url, pin } = req;
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT, Pragma: 'no-cache', ...req.headers };
  if (req.auth && (req.auth.username || req.auth.password))
    headers.Authorization = `Basic ${Buffer.from(`${req.auth.username}:${req.auth.password}`, 'utf8').toString('base64')}`;
  if (req.body) headers['Content-Length'] = String(req.body.length);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // The address the URL check approved, as git's curloptResolve pins it.
  const lookup: LookupFunction | undefined =
    pin && pin.host === host
      ? (_name, options, callback) => {
          const family = pin.address.includes(':') ? 6 : 4;
          if ((options as { all?: boolean }).all)
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: pin.address, family }]);
          else callback(null, pin.address, family);
        }
      : undefined;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = lib.request(url, { method: req.method, headers, agent: false, ...(lookup ? { lookup } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    const overall = setTimeout(() => request.destroy(new RemoteTimeout(req.method)), req.timeoutMs);
    request.setTimeout(IDLE_MS, () => request.destroy(new RemoteTimeout(req.method)));
    request.on('error', reject);
    request.on('close', () => clearTimeout(overall));
    request.end(req.body, () => req.onSent?.());
  });
}

const serviceUrl = (remote: string, suffix: string) => new URL(`${remote.replace(/\/+$/, '')}/${suffix}`);

/**
 * A service's ref advertisement (protocol v0): receive-pack's for a push, upload-pack's for what a
 * fetch would get; null when the remote did not answer as that smart-HTTP service (git is then
 * left to say why).
 */
export async function advertisement(
  remote: string,
  auth: GitAuth | null,
  pin: RemotePin | null,
  timeoutMs: number,
  service: Service = 'git-receive-pack',
): Promise<Advertisement | null> {
  const res = await send({
    url: serviceUrl(remote, `info/refs?service=${service}`),
    method: 'GET',
    headers: { Accept: '*/*' },
    auth,
    pin,
    timeoutMs,
  });
  if (res.status !== 200 || res.type !== `application/x-${service}-advertisement`) return null;
  try {
    return parseAdvertisement(res.body, service);
  } catch {
    return null;
  }
}

/** One ref moved from `oldOid` to `newOid` with `pack`, as receive-pack reports it. */
export async function receivePack(
  remote: string,
  update: { ref: string; oldOid: string; newOid: string },
  pack: Buffer,
  auth: GitAuth | null,
  pin: RemotePin | null,
  timeoutMs: number,
  onSent?: () => void,
): Promise<PushAnswer> {
  const body = Buffer.concat([pktLine(`${update.oldOid} ${update.newOid} ${update.ref}\0report-status agent=${USER_AGENT}\n`), Buffer.from('0000'), pack]);
  const res = await send({
    url: serviceUrl(remote, 'git-receive-pack'),
    method: 'POST',
    headers: { 'Content-Type': 'application/x-git-receive-pack-request', Accept: 'application/x-git-receive-pack-result' },
    body,
    auth,
    pin,
    timeoutMs,
    onSent,
  });
  if (res.status !== 200 || res.type !== 'application/x-git-receive-pack-result') return { kind: 'unsure', why: `answer ${res.status} ${res.type}` };
  let lines: (Buffer | null)[];
  try {
    lines = readPktLines(res.body);
  } catch {
    return { kind: 'unsure', why: 'malformed report' };
  }
  const report = lines.filter((l): l is Buffer => l !== null).map((l) => l.toString('utf8').replace(/\n$/, ''));
  if (report[0] !== 'unpack ok') return { kind: 'unsure', why: report[0] ?? 'no report' };
  for (const line of report.slice(1)) {
    if (line === `ok ${update.ref}`) return { kind: 'ok' };
    if (line.startsWith(`ng ${update.ref} `)) return { kind: 'rejected', reason: line.slice(`ng ${update.ref} `.length) };
  }
  return { kind: 'unsure', why: 'no status for the ref' };
}
