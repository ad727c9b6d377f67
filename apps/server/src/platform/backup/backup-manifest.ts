import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { normalizeKey } from '../storage/storage';

/**
 * What a backup folder holds and how it is checked. Layout: `manifest.json` (written last: a
 * folder without one is an unfinished backup), `database/` (one dump), `secrets/` (0600 files),
 * `store/<key>` (each stored file under the key it has in the installation's store).
 */
export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'ccms-backup';
export const BACKUP_VERSION = 1;
export const STORE_DIR = 'store';
export const SECRETS_DIR = 'secrets';

/** Which secret file the server reads when its variable is not set (platform/secrets.ts). */
export const SECRET_FILES = { 'jwt-secret': 'CCMS_JWT_SECRET', 'secret-key': 'CCMS_SECRET_KEY' } as const;

export interface BackupEntry {
  /** Slash-separated, relative to the backup folder. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The CCMS release that wrote the backup (the server migrates an older database at start). */
  appVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string; tool: string };
  secrets: { files: string[]; fromEnvironment: string[]; note: string };
  files: { from: 'object store' | 'data folder'; count: number; bytes: number };
  entries: BackupEntry[];
}

/** A refusal the operator acts on: the scripts print its message alone, without a stack. */
export class BackupRefused extends Error {}

/** The entry's file inside the backup folder; a path that would leave it is refused. */
export function fileInBackup(dir: string, rel: string): string {
  const key = normalizeKey(rel);
  if (!key) throw new BackupRefused(`the manifest names an empty path`);
  return path.join(dir, ...key.split('/'));
}

/** Writes a stream into the backup as a 0600 file, hashing it on the way; answers its entry. */
export async function writeEntry(dir: string, rel: string, data: Readable): Promise<BackupEntry> {
  const file = fileInBackup(dir, rel);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    data,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(file, { mode: 0o600, flags: 'wx' }),
  );
  return { path: rel, size, sha256: hash.digest('hex') };
}

/** The entry of a file already written into the backup (a dump a tool wrote). */
export async function entryOf(dir: string, rel: string): Promise<BackupEntry> {
  const file = fileInBackup(dir, rel);
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { path: rel, size: (await stat(file)).size, sha256: hash.digest('hex') };
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupRefused(`${dir} holds no ${MANIFEST}: it is not a backup, or its backup did not finish`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupRefused(`${path.join(dir, MANIFEST)} is not valid JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries))
    throw new BackupRefused(`${path.join(dir, MANIFEST)} is not a CCMS backup manifest`);
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupRefused(
      `the backup's format version ${manifest.version} is newer than this release reads (${BACKUP_VERSION}): restore it with a newer CCMS`,
    );
  }
  return manifest;
}

/**
 * Every file the manifest lists, checked against its size and sha256 before anything is restored;
 * the first that is missing or differs is named in the refusal.
 */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<void> {
  const seen = new Set<string>();
  for (const entry of manifest.entries) {
    const file = fileInBackup(dir, entry.path);
    if (seen.has(entry.path)) throw new BackupRefused(`the manifest lists ${entry.path} twice`);
    seen.add(entry.path);
    const actual = await entryOf(dir, entry.path).catch(() => null);
    if (!actual) throw new BackupRefused(`${entry.path} is missing from the backup (${file})`);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new BackupRefused(`${entry.path} does not match its checksum in the manifest (the backup is damaged or was changed): nothing was restored`);
    }
  }
  if (!seen.has(manifest.database.file)) throw new BackupRefused(`the manifest lists no database dump (${manifest.database.file})`);
}

/** The release's version, from the repository's package.json. */
export async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../../../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Bytes for people: 1.2 MB. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(1)} ${units[u]}`;
}
