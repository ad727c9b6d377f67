import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { type BackupEntry, BackupRefused, entryOf, fileInBackup, writeEntry } from './backup-manifest';
import { packFolder, unpackInto } from './folder-archive';

/** The database's file in a backup, by kind. */
export const DUMP_FILES = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;

/** The embedded database's folder in a data folder. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Processes holding a file of the folder open (Linux /proc), or null where that cannot be seen.
 * The embedded PGlite keeps its table files open while it runs, so a server on the folder is found.
 */
async function holdersOf(dir: string): Promise<number[] | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const holders: number[] = [];
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target === dir || target.startsWith(dir + path.sep)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}

/**
 * Refuses while a process has the embedded database open. PGlite writes `postmaster.pid` when it
 * opens the folder and removes it when it closes; the file left alone (no process holding the
 * folder) is a server that was killed, which opening recovers as the server's next start would.
 */
export async function pgliteNotInUse(dataDir: string): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const holders = await holdersOf(dir);
  if (holders === null) {
    throw new BackupRefused(
      `${pidFile} exists: a server is running on this data folder, or the last one did not stop cleanly. ` +
        'Stop the server and run the backup again (if none runs, start it once and stop it, so the database is closed cleanly).',
    );
  }
  if (holders.length > 0) {
    throw new BackupRefused(
      `the embedded database ${dir} is open in process ${holders.join(', ')} (the server): stop the server, then run the backup again ` +
        '(a backup of the embedded database needs the server stopped; with PostgreSQL it does not)',
    );
  }
}

/** A stream through gzip (or gunzip) that ends with the source's error when the source fails. */
function through(source: Readable, zip: Transform): Readable {
  pipeline(source, zip).catch((err: Error) => zip.destroy(err));
  return zip;
}

/**
 * Copies the embedded database's folder into the backup as a tar archive, one file at a time (in
 * constant memory, whatever its size). The server must be stopped; the folder is opened and closed
 * here once first, alone: a server that was killed left its last writes in the write-ahead log,
 * which opening replays, and closing writes a checkpoint, so the folder copied is whole at rest.
 */
export async function dumpPglite(dataDir: string, backupDir: string): Promise<BackupEntry> {
  const dir = pgliteDirOf(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupRefused(`no embedded database in ${dir}: is CCMS_DATA_DIR the installation's data folder? (with PostgreSQL, set DATABASE_URL)`);
  }
  await pgliteNotInUse(dataDir);
  await (await openDatabase({ dataDir })).close();
  const entry = await writeEntry(backupDir, DUMP_FILES.pglite, through(packFolder(dir), createGzip()));
  // A server started while the folder was copied may have changed it under the copy.
  await pgliteNotInUse(dataDir);
  return entry;
}

export async function pgliteIsEmpty(dataDir: string): Promise<boolean> {
  return !existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'));
}

/**
 * Makes the embedded database from the backup's archive (the data folder must have none), one file
 * at a time, then opens it once to prove it whole. The archive is this backup's folder copy or an
 * older backup's PGlite data folder dump: both hold the folder's files under the same names.
 */
export async function loadPglite(dataDir: string, backupDir: string): Promise<void> {
  await unpackInto(pgliteDirOf(dataDir), through(createReadStream(fileInBackup(backupDir, DUMP_FILES.pglite)), createGunzip()));
  await (await openDatabase({ dataDir })).close();
}

/**
 * libpq's arguments for a connection string: the password goes in PGPASSWORD, not on the command
 * line, where any user of the machine could read it in the process list.
 */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a PostgreSQL client tool; rejects with its own error output (which carries no password). */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupRefused(`${tool} was not found: install the PostgreSQL client tools of the server's major version (Debian: postgresql-client-<version>)`)
          : e,
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new BackupRefused(`${tool} failed (exit ${code}): ${err.trim()}`))));
  });
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.20 ...` → 15). */
function majorOf(versionLine: string): number {
  const m = /\)\s*(\d+)/.exec(versionLine) ?? /(\d+)\./.exec(versionLine);
  return Number(m?.[1] ?? 0);
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg_dump of the whole database (every schema: the app's tables, drizzle's journal, pg-boss's
 * queues) in the custom format, one consistent snapshot while the server keeps running. pg_dump
 * refuses a server newer than itself, so that is checked first with a message saying what to install.
 */
export async function dumpPostgres(databaseUrl: string, backupDir: string): Promise<{ entry: BackupEntry; tool: string }> {
  const { dbname, env } = libpq(databaseUrl);
  const tool = (await run('pg_dump', ['--version'], env)).trim();
  const server = await withClient(databaseUrl, async (c) => Number((await c.query<{ v: string }>('SHOW server_version_num')).rows[0]?.v ?? 0));
  const serverMajor = Math.floor(server / 10000);
  if (majorOf(tool) < serverMajor) {
    throw new BackupRefused(
      `${tool} cannot dump a PostgreSQL ${serverMajor} server: install the client tools of PostgreSQL ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}) and put them first in PATH`,
    );
  }
  const file = fileInBackup(backupDir, DUMP_FILES.postgres);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await run('pg_dump', ['--format=custom', '--file', file, '--dbname', dbname], env);
  await chmod(file, 0o600);
  return { entry: await entryOf(backupDir, DUMP_FILES.postgres), tool };
}

/** The tables the target database already has (any schema but PostgreSQL's own). */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'`,
    );
    return rows[0]?.n ?? 0;
  });
}

/** pg_restore into the (empty) database, all or nothing: one transaction, stopping at the first error. */
export async function restorePostgres(databaseUrl: string, backupDir: string): Promise<void> {
  const { dbname, env } = libpq(databaseUrl);
  const file = fileInBackup(backupDir, DUMP_FILES.postgres);
  await run('pg_restore', ['--dbname', dbname, '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], env);
}
