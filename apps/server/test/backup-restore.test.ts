import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { ccmsDocumentOutput } from '../src/db/schema';
import { createProject } from '../src/modules/work/project/project-test-kit';
import { backupInstallation, type Installation } from '../src/platform/backup/backup';
import { BackupRefused, readManifest } from '../src/platform/backup/backup-manifest';
import { restoreInstallation } from '../src/platform/backup/restore';
import { loadConfig } from '../src/platform/config';
import { loadOrCreateSecret } from '../src/platform/secrets';
import { openFileStore } from '../src/platform/storage/file-store';
import type { ObjectStoreConfig } from '../src/platform/storage/s3-storage';
import { startObjectStore, type TestObjectStore } from '../src/platform/storage/s3-test-kit';
import { ADMIN_PASSWORD, type Caller, callerFor, testDbKind } from './harness';

/**
 * Backup and restore (issue 33): an installation with a user of a known password, a project, an
 * operation-log row, a published output's files and an upload is backed up, restored into a new
 * data folder and a new database, and a server on the copy finds all of it. On the run's database
 * (PGlite; PostgreSQL with CCMS_TEST_DB=postgres), with files in the data folder or an object store.
 */
const api = (p: string) => `/prod-api${p}`;
const KEEPER_PASSWORD = 'Keep-pass-42';
const pgUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

/**
 * An installation: a data folder and, on PostgreSQL, a database (named after the run's template, so
 * the run's teardown drops one a failed file left). `seeded`: the run's migrated, seeded database.
 */
async function installation(seeded: boolean, objectStore?: ObjectStoreConfig): Promise<Installation> {
  const dataDir = await tempDir('ccms-bk-');
  if (testDbKind === 'pglite') {
    if (seeded) await (await openDatabase({ dataDir, pgliteImage: new Blob([await readFile(inject('pgliteImage'))]) })).close();
    return { dataDir, databaseUrl: undefined, objectStore, jwtSecret: undefined, secretKey: undefined };
  }
  const name = `${inject('pgTemplate')}_${seeded ? 's' : 'r'}_${randomBytes(5).toString('hex')}`;
  await adminQuery(seeded ? `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}` : `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(pgUrl ?? '');
  url.pathname = `/${name}`;
  // Nodes on PostgreSQL take their secrets from the environment (README): the backup says they are not in it.
  return { dataDir, databaseUrl: url.toString(), objectStore, jwtSecret: 'jwt-secret-of-the-cluster', secretKey: 'secret-key-of-the-cluster' };
}

interface Server {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A server on an installation, as main.ts starts one (its secrets from the environment or the data folder). */
async function serve(inst: Installation): Promise<Server> {
  const database = await openDatabase({ databaseUrl: inst.databaseUrl, dataDir: inst.dataDir });
  await database.migrate();
  const app = await buildApp({
    config: { ...loadConfig({ CCMS_DATA_DIR: inst.dataDir }), ...inst, webDir: undefined },
    database,
    secrets: {
      jwtSecret: await loadOrCreateSecret(inst.dataDir, 'jwt-secret', inst.jwtSecret),
      secretKey: await loadOrCreateSecret(inst.dataDir, 'secret-key', inst.secretKey),
    },
    logger: false,
  });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await database.close();
  };
  cleanups.push(close);
  return { app, database, close };
}

async function login(app: FastifyInstance, username: string, password: string): Promise<Caller> {
  const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username, password } });
  expect(res.json().code, res.body).toBe(200);
  return callerFor(app, res.json().token);
}

async function upload(app: FastifyInstance, caller: Caller, content: string): Promise<string> {
  const boundary = 'ccmsbackup';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wiring.pdf"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const res = await app.inject({
    method: 'POST',
    url: api('/common/upload'),
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileName as string;
}

/** What the source installation holds, to be found again after the restore. */
interface Made {
  adminToken: string;
  outputId: number;
  upload: string;
}

/** Fills a running installation: a user, a project (logged in the operation log), an output's files, an upload. */
async function fill(server: Server): Promise<Made> {
  const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  const user = await admin.post(api('/system/user'), { userName: 'keeper', nickName: 'Keeper', password: KEEPER_PASSWORD });
  expect(user.body.code, user.raw).toBe(200);
  await createProject(admin, 'Backup manual');
  const [out] = await server.database.db
    .insert(ccmsDocumentOutput)
    .values({ libraryId: 100, branch: 'main', path: 'maps/guide.ditamap', format: 'html5', status: 'success', entryFile: 'index.html' })
    .returning();
  const outputId = out?.outputId ?? 0;
  const outputs = server.app.store.scoped('publish/outputs');
  await outputs.put(`${outputId}/index.html`, Buffer.from('<h1>Restored guide</h1><a href="topics/a.html">A</a>'));
  await outputs.put(`${outputId}/topics/a.html`, Buffer.from('<p>Topic A</p>'));
  await server.database.db
    .update(ccmsDocumentOutput)
    .set({ outputDir: `publish/outputs/${outputId}` })
    .where(eq(ccmsDocumentOutput.outputId, outputId));
  const fileName = await upload(server.app, admin, '%PDF-1.4 wiring');
  expect(await projectLogged(admin)).toBe(true);
  return { adminToken: admin.token ?? '', outputId, upload: fileName };
}

/** Whether the operation log holds the project's creation (written after the answer: waited for). */
async function projectLogged(caller: Caller): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const rows = (await caller.get(api('/monitor/operlog/list'), { title: 'project', businessType: 1 })).body.rows as { operName: string }[] | undefined;
    if (rows?.some((r) => r.operName === 'admin')) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Everything `fill` made, found on a server on the restored installation. */
async function findAll(server: Server, made: Made): Promise<void> {
  const keeper = await login(server.app, 'keeper', KEEPER_PASSWORD);
  expect((await keeper.get(api('/getInfo'))).body.user.userName).toBe('keeper');
  // The session signed before the backup is still good: the restored secret signs the same tokens.
  const admin = callerFor(server.app, made.adminToken);
  expect((await admin.get(api('/getInfo'))).body.code).toBe(200);
  const projects = (await admin.get(api('/ccms/project/list'))).body.rows as { title: string }[];
  expect(projects.map((p) => p.title)).toContain('Backup manual');
  const output = await admin.get(api(`/ccms/output/${made.outputId}`));
  expect(output.body.data.viewUrl).toMatch(/^\/prod-api\/ccms\/output\/view\//);
  const view = await server.app.inject({ method: 'GET', url: output.body.data.viewUrl });
  expect(view.statusCode).toBe(200);
  expect(view.body).toContain('Restored guide');
  const topic = await server.app.inject({ method: 'GET', url: output.body.data.viewUrl.replace(/index\.html$/, 'topics/a.html') });
  expect(topic.body).toContain('Topic A');
  const file = await admin.get(api('/common/download/resource'), { resource: made.upload });
  expect(file.status).toBe(200);
  expect(file.raw).toBe('%PDF-1.4 wiring');
  expect(await projectLogged(admin)).toBe(true);
}

async function modeOf(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777;
}

const storeModes = [
  { name: 'files in the data folder', objectStore: false },
  { name: 'files in an object store', objectStore: true },
] as const;

describe.runIf(testDbKind === 'pglite' || pgUrl).each(storeModes)(`backup and restore on ${testDbKind}, $name`, ({ objectStore }) => {
  let stores: TestObjectStore[] = [];
  let source: Installation;
  let made: Made;
  let backupDir = '';

  beforeAll(async () => {
    stores = objectStore ? [await startObjectStore('ccms-a'), await startObjectStore('ccms-b')] : [];
    for (const s of stores) cleanups.push(() => s.stop());
    source = await installation(true, stores[0]?.config);
    const server = await serve(source);
    made = await fill(server);
    if (testDbKind === 'pglite') {
      // The embedded database is open in this process: the backup is refused, naming it, and leaves nothing.
      const refusedDir = path.join(await tempDir('ccms-bk-out-'), 'refused');
      await expect(backupInstallation(source, refusedDir)).rejects.toThrow(new RegExp(`open in process [0-9, ]*${process.pid}.*stop the server`));
      await expect(stat(refusedDir)).rejects.toThrow();
    }
    await server.close();
    backupDir = path.join(await tempDir('ccms-bk-out-'), 'backup');
    await backupInstallation(source, backupDir);
  }, 120_000);

  it('writes a manifest of every file with its size and sha256, and secrets mode 0600', async () => {
    const manifest = await readManifest(backupDir);
    expect(manifest).toMatchObject({ format: 'ccms-backup', version: 1, database: { kind: testDbKind } });
    expect(manifest.files.from).toBe(objectStore ? 'object store' : 'data folder');
    const paths = manifest.entries.map((e) => e.path);
    expect(paths).toContain(manifest.database.file);
    expect(paths).toContain(`store/publish/outputs/${made.outputId}/index.html`);
    expect(paths).toContain(`store/publish/outputs/${made.outputId}/topics/a.html`);
    expect(paths.filter((p) => p.startsWith('store/files/'))).toHaveLength(1);
    for (const e of manifest.entries) expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await modeOf(backupDir)).toBe(0o700);
    if (testDbKind === 'pglite') {
      // Secrets generated into the data folder are in the backup, readable by the owner only.
      expect(manifest.secrets).toMatchObject({ files: ['jwt-secret', 'secret-key'], fromEnvironment: [] });
      for (const name of manifest.secrets.files) expect(await modeOf(path.join(backupDir, 'secrets', name))).toBe(0o600);
    } else {
      expect(manifest.secrets).toMatchObject({ files: [], fromEnvironment: ['CCMS_JWT_SECRET', 'CCMS_SECRET_KEY'] });
      expect(manifest.secrets.note).toContain('not in this backup');
    }
    // Nothing but what people made: no database folder, clones or caches among the stored files.
    expect(paths.filter((p) => p.startsWith('store/') && !/^store\/(files|publish\/outputs|downloads)\//.test(p))).toEqual([]);
  });

  it('refuses a folder that is not empty', async () => {
    const dir = await tempDir('ccms-bk-full-');
    await writeFile(path.join(dir, 'note.txt'), 'keep');
    await expect(backupInstallation(source, dir)).rejects.toThrow(/is not empty/);
    expect(await readdir(dir)).toEqual(['note.txt']);
  });

  it('restores into a new installation where a new server finds everything; a second restore is refused', async () => {
    const target = await installation(false, stores[1]?.config);
    await restoreInstallation(target, backupDir);
    if (target.objectStore) {
      const keys: string[] = [];
      for await (const o of openFileStore(target).list('')) keys.push(o.key);
      expect(keys).toContain(`publish/outputs/${made.outputId}/index.html`);
      expect(await readdir(target.dataDir)).not.toContain('publish');
    }
    const server = await serve(target);
    await findAll(server, made);
    await server.close();
    await expect(restoreInstallation(target, backupDir)).rejects.toThrow(BackupRefused);
    await expect(restoreInstallation(target, backupDir)).rejects.toThrow(testDbKind === 'pglite' ? /already has a database/ : /already has \d+ table/);
  }, 120_000);

  it('takes back what it wrote when its last step fails, so the installation stays empty and the restore can run again', async () => {
    // A database file cut short, its checksum written anew: verified, then refused by the database at the restore's last step.
    const broken = path.join(await tempDir('ccms-bk-cut-'), 'backup');
    await cp(backupDir, broken, { recursive: true });
    const manifestFile = path.join(broken, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { entries: { path: string; size: number; sha256: string }[] };
    const database = manifest.entries.find((e) => e.path.startsWith('database/'));
    if (!database) throw new Error('no database entry in the backup');
    const cut = (await readFile(path.join(broken, database.path))).subarray(0, 2000);
    await writeFile(path.join(broken, database.path), cut);
    Object.assign(database, { size: cut.length, sha256: createHash('sha256').update(cut).digest('hex') });
    await writeFile(manifestFile, JSON.stringify(manifest));
    const emptyStore = objectStore ? await startObjectStore('ccms-d') : undefined;
    if (emptyStore) cleanups.push(() => emptyStore.stop());
    const target = await installation(false, emptyStore?.config);
    const lines: string[] = [];
    await expect(restoreInstallation(target, broken, (line) => lines.push(line))).rejects.toThrow();
    expect(lines.at(-1)).toMatch(/^restore failed: \d+ file\(s\), \d+ secret\(s\).* taken back$/);
    expect(await readdir(target.dataDir)).toEqual([]);
    const left: string[] = [];
    for await (const o of openFileStore(target).list('')) left.push(o.key);
    expect(left).toEqual([]);
    // The same installation then takes the whole backup.
    await restoreInstallation(target, backupDir);
    const server = await serve(target);
    await findAll(server, made);
    await server.close();
  }, 120_000);

  it('refuses a damaged backup, naming the file, before restoring anything', async () => {
    const damaged = path.join(await tempDir('ccms-bk-bad-'), 'backup');
    await cp(backupDir, damaged, { recursive: true });
    const victim = path.join(damaged, 'store', 'publish', 'outputs', String(made.outputId), 'index.html');
    await writeFile(victim, '<h1>Changed</h1>');
    const emptyStore = objectStore ? await startObjectStore('ccms-c') : undefined;
    if (emptyStore) cleanups.push(() => emptyStore.stop());
    const target = await installation(false, emptyStore?.config);
    await expect(restoreInstallation(target, damaged)).rejects.toThrow(`store/publish/outputs/${made.outputId}/index.html does not match its checksum`);
    expect(await readdir(target.dataDir)).toEqual([]);
    await rm(victim);
    await expect(restoreInstallation(target, damaged)).rejects.toThrow(`store/publish/outputs/${made.outputId}/index.html is missing`);
  });
});
