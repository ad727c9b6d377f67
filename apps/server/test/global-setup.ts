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

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template && url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // The template, and the files' databases made from it whose drop had not ended (harness.ts).
      const left = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}\\_t\\_%`]);
      for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
