import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/db/seed';
import { ADMIN_PASSWORD } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, seeded PGlite database that each test file opens a copy of. */
    pgliteImage: string;
    /** PostgreSQL database each test file's database is created from (CCMS_TEST_DB=postgres). */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds once per run instead of once per test file: a PGlite image, and on
 * PostgreSQL a template database. Each file then starts from an exact copy.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ccms-image-'));
  const image = await openDatabase({});
  await image.migrate();
  await seedIfEmpty(image.db, { adminPassword: ADMIN_PASSWORD, captchaEnabled: false });
  const file = path.join(dir, 'pglite.tar');
  const blob = await image.dump?.();
  if (!blob) throw new Error('PGlite cannot dump its data directory');
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await image.close();
  project.provide('pgliteImage', file);

  let template = '';
  const url = process.env.DATABASE_URL;
  if (process.env.CCMS_TEST_DB === 'postgres' && url) {
    template = `ccms_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const db = await openDatabase({ databaseUrl: target.toString() });
    await db.migrate();
    await seedIfEmpty(db.db, { adminPassword: ADMIN_PASSWORD, captchaEnabled: false });
    await db.close();
  }
  project.provide('pgTemplate', template);
  const pool = template && url ? keepDatabasesReady(url, template) : null;

  return async () => {
    await pool?.stop();
    await rm(dir, { recursive: true, force: true });
    if (template && url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // The template, the copies still waiting ready, and the files' databases whose drop had not ended (harness.ts).
      const left = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}\\__\\_%`]);
      for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}

/** How many databases made from the template wait ready for a test file (harness.ts freshDatabase). */
const READY = 2;

/**
 * Keeps a few copies of the template made ahead, named `<template>_p_<n>`, so that a test file
 * takes one by renaming it instead of waiting for CREATE DATABASE (about a second, most of it PostgreSQL
 * writing files while the runner's cores have tests to run). Each copy is made under another name
 * and renamed when complete, so a file never takes one half made.
 */
function keepDatabasesReady(url: string, template: string) {
  let stopped = false;
  let made = 0;
  const admin = new pg.Client({ connectionString: url });
  const loop = (async () => {
    await admin.connect();
    while (!stopped) {
      const ready = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE $1', [`${template}\\_p\\_%`]);
      if ((ready.rows[0]?.n ?? 0) >= READY) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const n = made++;
      await admin.query(`CREATE DATABASE ${template}_m_${n} TEMPLATE ${template}`);
      // A throwaway database: commits need not wait for the WAL to reach the disk (same answers, no fsync wait).
      if (process.env.CCMS_TEST_SYNC !== 'on') await admin.query(`ALTER DATABASE ${template}_m_${n} SET synchronous_commit = off`);
      await admin.query(`ALTER DATABASE ${template}_m_${n} RENAME TO ${template}_p_${n}`);
    }
  })();
  return {
    async stop() {
      stopped = true;
      // A refusal while stopping (the run's end dropped something) changes nothing: the teardown drops what is left.
      await loop.catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}
