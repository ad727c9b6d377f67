import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import type { ObjectStoreConfig } from '../src/platform/storage/s3-storage';

/**
 * Several server nodes on one fresh PostgreSQL database (copied from the run's template): each
 * node is an app on its own connection pool and data directory, all with the same secrets, as
 * separate processes would run, and optionally one object store. `close()` ends the apps and
 * drops the database.
 */
export class TwoNodes {
  readonly databases: Database[] = [];
  readonly apps: FastifyInstance[] = [];
  private readonly dirs: string[] = [];
  private readonly secrets = { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
  private dbName = '';
  private target = '';

  /** `objectStore`: the S3-compatible store every node keeps its files in (else each keeps them in its own data folder). */
  constructor(
    private readonly url: string,
    private readonly options: { objectStore?: ObjectStoreConfig } = {},
  ) {}

  /** Creates the database the nodes share. */
  async open(): Promise<void> {
    this.dbName = `ccms_2n_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${this.dbName} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const target = new URL(this.url);
    target.pathname = `/${this.dbName}`;
    this.target = target.toString();
  }

  /** Starts one more node (ready for `inject`; call `listen` on it for real sockets). */
  async node(): Promise<FastifyInstance> {
    const database = await openDatabase({ databaseUrl: this.target });
    this.databases.push(database);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-node-'));
    this.dirs.push(dataDir);
    const app = await buildApp({
      config: { ...loadConfig({ CCMS_DATA_DIR: dataDir }), webDir: undefined, objectStore: this.options.objectStore },
      database,
      secrets: this.secrets,
      logger: false,
    });
    this.apps.push(app);
    await app.ready();
    return app;
  }

  async close(): Promise<void> {
    for (const app of this.apps) await app.close();
    for (const database of this.databases) await database.close();
    for (const dir of this.dirs) await rm(dir, { recursive: true, force: true });
    if (!this.dbName) return;
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    await admin.end();
  }
}
