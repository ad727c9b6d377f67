import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openFileStore } from '../storage/file-store';
import { normalizeKey } from '../storage/storage';
import { DATA_FOLDER_SCOPES, type Installation, secretFilesIn, storedObjects } from './backup';
import {
  type BackupManifest,
  BackupRefused,
  fileInBackup,
  readManifest,
  SECRET_FILES,
  SECRETS_DIR,
  STORE_DIR,
  sizeText,
  verifyBackup,
} from './backup-manifest';
import { loadPglite, pgliteDirOf, pgliteIsEmpty, postgresTableCount, restorePostgres } from './database-backup';

const storePrefix = `${STORE_DIR}/`;

/**
 * The backup's names, checked before anything is written: a secret is a plain file name, and into
 * a data folder a stored file goes only under the scopes files are kept in (never pglite/, secrets/).
 */
function namesAreSafe(installation: Installation, manifest: BackupManifest): void {
  const badSecret = manifest.secrets.files.find((name) => !/^[\w][\w.-]*$/.test(name));
  if (badSecret !== undefined) throw new BackupRefused(`the manifest names a secret "${badSecret}" that is not a plain file name`);
  if (installation.objectStore) return;
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith(storePrefix)) continue;
    const key = normalizeKey(entry.path.slice(storePrefix.length));
    if (!DATA_FOLDER_SCOPES.some((scope) => key.startsWith(`${scope}/`))) {
      throw new BackupRefused(`${entry.path} is not under a folder the data folder keeps files in (${DATA_FOLDER_SCOPES.join(', ')}): nothing was restored`);
    }
  }
}

/**
 * Refuses unless the installation is empty: no tables in its database (or no embedded database in
 * its data folder), no secret files the backup would replace, and no stored files. A restore never
 * merges into or overwrites a running installation.
 */
async function installationIsEmpty(installation: Installation, manifest: BackupManifest): Promise<void> {
  if (installation.databaseUrl) {
    if (manifest.database.kind !== 'postgres') {
      throw new BackupRefused(
        'this backup holds an embedded (PGlite) database, but DATABASE_URL is set: restore it with DATABASE_URL unset, into a data folder',
      );
    }
    const tables = await postgresTableCount(installation.databaseUrl);
    if (tables > 0) {
      throw new BackupRefused(
        `the database at DATABASE_URL already has ${tables} table(s): restore into a new, empty database (e.g. createdb), never over an installation`,
      );
    }
  } else {
    if (manifest.database.kind !== 'pglite') {
      throw new BackupRefused('this backup holds a PostgreSQL database: set DATABASE_URL to a new, empty PostgreSQL database and restore again');
    }
    if (!(await pgliteIsEmpty(installation.dataDir))) {
      throw new BackupRefused(
        `the data folder ${installation.dataDir} already has a database (pglite/): restore into a new, empty data folder (CCMS_DATA_DIR), never over an installation`,
      );
    }
  }
  const existing = (await secretFilesIn(installation.dataDir)).filter((name) => manifest.secrets.files.includes(name));
  if (existing.length > 0) {
    throw new BackupRefused(`the data folder ${installation.dataDir} already has secrets (${existing.join(', ')}): restore into a new, empty data folder`);
  }
  const store = openFileStore(installation);
  for await (const key of storedObjects(installation, store)) {
    throw new BackupRefused(`${store.where} already holds files (${key}): restore into an empty ${installation.objectStore ? 'bucket' : 'data folder'}`);
  }
}

/** Secrets the environment sets differently from the backup's: the server would use the environment's, and what the old ones sealed would not open. */
async function secretsOverridden(installation: Installation, dir: string, manifest: BackupManifest): Promise<string[]> {
  const given: Record<string, string | undefined> = { 'jwt-secret': installation.jwtSecret, 'secret-key': installation.secretKey };
  const differing: string[] = [];
  for (const [file, variable] of Object.entries(SECRET_FILES)) {
    const value = given[file];
    if (!value || !manifest.secrets.files.includes(file)) continue;
    // Compared here, never printed.
    if ((await readFile(fileInBackup(dir, `${SECRETS_DIR}/${file}`), 'utf8')).trim() !== value.trim()) differing.push(variable);
  }
  return differing;
}

/** What a restore wrote so far, to take back when a later step fails. */
interface Written {
  keys: string[];
  secrets: string[];
  pgliteDir?: string;
  /** The data folder held nothing before: everything in it now is this restore's. */
  emptyDataDir: boolean;
}

/** Takes back what a failed restore wrote, so the installation is as empty as it was found. */
async function undo(installation: Installation, written: Written, log: (line: string) => void): Promise<void> {
  const store = openFileStore(installation);
  for (const key of written.keys) await store.remove(key).catch(() => undefined);
  for (const name of written.secrets) await rm(path.join(installation.dataDir, SECRETS_DIR, name), { force: true });
  if (written.pgliteDir) await rm(written.pgliteDir, { recursive: true, force: true });
  if (written.emptyDataDir) {
    for (const name of await readdir(installation.dataDir).catch(() => [] as string[])) {
      await rm(path.join(installation.dataDir, name), { recursive: true, force: true });
    }
  }
  log(`restore failed: ${written.keys.length} file(s), ${written.secrets.length} secret(s)${written.pgliteDir ? ' and the embedded database' : ''} taken back`);
}

/**
 * Restores a backup into an empty installation: every checksum is verified first (a damaged backup
 * restores nothing), then the files, into the store the installation is configured with (the object
 * store or the data folder: either backup goes into either), the secrets (0600), and the database
 * last: PostgreSQL's in one transaction. A step that fails takes back what the others wrote, so a
 * failed restore leaves the installation empty and can be run again.
 */
export async function restoreInstallation(installation: Installation, dir: string, log: (line: string) => void = () => {}): Promise<BackupManifest> {
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  await verifyBackup(source, manifest);
  log(`backup of ${manifest.createdAt} (CCMS ${manifest.appVersion}): ${manifest.entries.length} files verified`);
  namesAreSafe(installation, manifest);
  await installationIsEmpty(installation, manifest);

  const emptyDataDir = (await readdir(installation.dataDir).catch(() => [] as string[])).length === 0;
  await mkdir(installation.dataDir, { recursive: true, mode: 0o700 });
  const written: Written = { keys: [], secrets: [], emptyDataDir };
  try {
    const store = openFileStore(installation);
    let bytes = 0;
    for (const entry of manifest.entries) {
      if (!entry.path.startsWith(storePrefix)) continue;
      const key = entry.path.slice(storePrefix.length);
      written.keys.push(key);
      await store.put(key, createReadStream(fileInBackup(source, entry.path)));
      bytes += entry.size;
    }
    log(`files: ${written.keys.length} into ${store.where} (${sizeText(bytes)})`);

    const secretsDir = path.join(installation.dataDir, SECRETS_DIR);
    await mkdir(secretsDir, { recursive: true, mode: 0o700 });
    for (const name of manifest.secrets.files) {
      // 'wx': never over a file (the emptiness check found none); only what this restore made is taken back.
      await writeFile(path.join(secretsDir, name), await readFile(fileInBackup(source, `${SECRETS_DIR}/${name}`)), { mode: 0o600, flag: 'wx' });
      written.secrets.push(name);
    }
    log(`secrets: ${manifest.secrets.files.length} file(s)`);
    if (manifest.secrets.fromEnvironment.length > 0) log(`secrets: ${manifest.secrets.note}`);

    if (installation.databaseUrl) {
      await restorePostgres(installation.databaseUrl, source);
      log('database: restored into the PostgreSQL database at DATABASE_URL');
    } else {
      written.pgliteDir = pgliteDirOf(installation.dataDir);
      await loadPglite(installation.dataDir, source);
      log(`database: restored into ${written.pgliteDir}`);
    }
  } catch (err) {
    await undo(installation, written, log);
    throw err;
  }

  const overridden = await secretsOverridden(installation, source, manifest);
  if (overridden.length > 0) {
    log(
      `secrets: ${overridden.join(' and ')} set in the environment differ from the backup's: the server uses the environment's, ` +
        'so sessions and stored credentials of the backup will not open; unset them or set the backed-up values',
    );
  }
  return manifest;
}
