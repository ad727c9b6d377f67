import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openFileStore, STORE_SCOPES } from '../storage/file-store';
import { type Storage, StoredObjectMissing } from '../storage/storage';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupEntry,
  type BackupManifest,
  BackupRefused,
  MANIFEST,
  SECRET_FILES,
  SECRETS_DIR,
  STORE_DIR,
  sizeText,
  writeEntry,
} from './backup-manifest';
import { DUMP_FILES, dumpPglite, dumpPostgres } from './database-backup';

/** What of the configuration a backup or restore reads: where the database, secrets and files are. */
export type Installation = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'objectStore' | 'jwtSecret' | 'secretKey'>;

/**
 * The data folder's scopes that hold what people made (uploads, avatars, attachments, grammar
 * packages; published outputs; download-center files). Never the database, secrets, git clones,
 * temporary uploads, caches or publish build folders: those are backed up otherwise or rebuilt.
 */
export const DATA_FOLDER_SCOPES = Object.values(STORE_SCOPES);

/** Every stored object to back up: the whole bucket of an object store, or the data folder's scopes. */
export async function* storedObjects(installation: Installation, store: Storage): AsyncIterable<string> {
  const prefixes = installation.objectStore ? [''] : DATA_FOLDER_SCOPES;
  for (const prefix of prefixes) for await (const o of store.list(prefix)) yield o.key;
}

/** The secret files of a data folder (names only). */
export async function secretFilesIn(dataDir: string): Promise<string[]> {
  const names = await readdir(path.join(dataDir, SECRETS_DIR), { withFileTypes: true }).catch(() => []);
  return names
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

/** The secrets the environment gives (CCMS_JWT_SECRET, CCMS_SECRET_KEY): their files, if any, are not the ones in use. */
function secretsFromEnvironment(installation: Installation): string[] {
  const given = { 'jwt-secret': installation.jwtSecret, 'secret-key': installation.secretKey };
  return Object.entries(SECRET_FILES)
    .filter(([file]) => Boolean(given[file as keyof typeof given]))
    .map(([, name]) => name);
}

/** An empty folder to write the backup into (made, 0700, when missing); a folder with anything in it is refused. */
async function emptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const inside = await readdir(dir);
  if (inside.length > 0) throw new BackupRefused(`${dir} is not empty: give a new or empty folder for the backup`);
  await chmod(dir, 0o700);
}

/**
 * Writes a backup of the installation into `dir`: the database first, then the secrets and the
 * files, then the manifest. Database first: an output's row turns ready only after its last file
 * is stored, so every output the dump calls ready finds its files when they are copied after it.
 * On a failure, what was written is removed (the folder was empty, or made here).
 */
export async function backupInstallation(installation: Installation, dir: string, log: (line: string) => void = () => {}): Promise<BackupManifest> {
  const target = path.resolve(dir);
  const dataDir = path.resolve(installation.dataDir);
  if (target === dataDir || target.startsWith(dataDir + path.sep))
    throw new BackupRefused(`the backup folder ${target} is inside the data folder: choose one outside it`);
  const existed = existsSync(target);
  await emptyFolder(target);
  try {
    return await writeBackup(installation, target, log);
  } catch (err) {
    if (!existed) await rm(target, { recursive: true, force: true });
    else for (const name of await readdir(target).catch(() => [])) await rm(path.join(target, name), { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(installation: Installation, dir: string, log: (line: string) => void): Promise<BackupManifest> {
  const entries: BackupEntry[] = [];

  let database: BackupManifest['database'];
  if (installation.databaseUrl) {
    const dumped = await dumpPostgres(installation.databaseUrl, dir);
    entries.push(dumped.entry);
    database = { kind: 'postgres', file: DUMP_FILES.postgres, tool: dumped.tool };
    log(`database: PostgreSQL dumped with ${dumped.tool} (${sizeText(dumped.entry.size)})`);
  } else {
    const entry = await dumpPglite(installation.dataDir, dir);
    entries.push(entry);
    database = { kind: 'pglite', file: DUMP_FILES.pglite, tool: 'PGlite dumpDataDir' };
    log(`database: embedded PGlite dumped (${sizeText(entry.size)})`);
  }

  const fromEnvironment = secretsFromEnvironment(installation);
  const inUse = (await secretFilesIn(installation.dataDir)).filter((name) => {
    const variable = SECRET_FILES[name as keyof typeof SECRET_FILES];
    return !variable || !fromEnvironment.includes(variable);
  });
  for (const name of inUse) {
    entries.push(await writeEntry(dir, `${SECRETS_DIR}/${name}`, createReadStream(path.join(installation.dataDir, SECRETS_DIR, name))));
  }
  const secrets = {
    files: inUse,
    fromEnvironment,
    note:
      fromEnvironment.length > 0
        ? `${fromEnvironment.join(' and ')} come from the environment and are not in this backup: keep them with it, and set the same values where it is restored`
        : 'every secret the server uses is in this backup',
  };
  log(`secrets: ${inUse.length} file(s)${fromEnvironment.length > 0 ? `; ${fromEnvironment.join(', ')} from the environment, not backed up` : ''}`);

  const store = openFileStore(installation);
  let count = 0;
  let bytes = 0;
  for await (const key of storedObjects(installation, store)) {
    // An object deleted since it was listed (the server runs on while PostgreSQL is backed up) is left out.
    const data = await store.read(key).catch((err: unknown) => {
      if (err instanceof StoredObjectMissing) return null;
      throw err;
    });
    if (!data) continue;
    const entry = await writeEntry(dir, `${STORE_DIR}/${key}`, data);
    entries.push(entry);
    count++;
    bytes += entry.size;
  }
  const from = installation.objectStore ? 'object store' : 'data folder';
  log(`files: ${count} from ${store.where} (${sizeText(bytes)})`);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    appVersion: await appVersion(),
    createdAt: new Date().toISOString(),
    database,
    secrets,
    files: { from, count, bytes },
    entries,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return manifest;
}
