import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, testDbKind } from '../../../../test/harness';
import { buildApp } from '../../../app';
import { type Database, openDatabase } from '../../../db/client';
import { ccmsLibrary, ccmsLibraryGrant, sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';
import { loadConfig } from '../../../platform/config';
import { presenceStream } from './presence-test-kit';

/**
 * Presence across two nodes on one PostgreSQL: a user on node A and a user on node B open the
 * same topic; each sees the other (through the presence table), and B sees A leave.
 */
const url = process.env.DATABASE_URL;

describe.runIf(testDbKind === 'postgres' && url)('editor presence on two nodes', () => {
  let dbName = '';
  const dirs: string[] = [];
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
  let libraryId = 0;

  async function node(databaseUrl: string) {
    const database = await openDatabase({ databaseUrl });
    databases.push(database);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-presence-'));
    dirs.push(dataDir);
    const app = await buildApp({ config: { ...loadConfig({ CCMS_DATA_DIR: dataDir }), webDir: undefined }, database, secrets, logger: false });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  async function tokenOf(base: string, username: string, password: string): Promise<string> {
    const res = await fetch(`${base}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return ((await res.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    if (!url) return;
    dbName = `ccms_pr_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    await node(target.toString());
    await node(target.toString());
    const db = databases[0]?.db;
    if (!db) throw new Error('no database');
    // Presence needs the library row and a grant only: no git remote is reached.
    const [library] = await db
      .insert(ccmsLibrary)
      .values({ name: 'docs', libraryType: 'DITA', url: 'http://127.0.0.1:9/docs.git', defaultBranch: 'main' })
      .returning();
    const [user] = await db
      .insert(sysUser)
      .values({ userName: 'roamer', nickName: 'Roamer', password: await hashPassword('secret123') })
      .returning();
    if (!library || !user) throw new Error('fixture rows not created');
    libraryId = library.libraryId;
    // The seeded common role (2) holds ccms:topic:query; the grant gives read on the library.
    await db.insert(sysUserRole).values({ userId: user.userId, roleId: 2 });
    await db.insert(ccmsLibraryGrant).values({ libraryId, granteeType: 'user', granteeId: user.userId, level: 'read' });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    if (url && dbName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('lists a user of the other node, and drops them when their stream closes', async () => {
    const [baseA, baseB] = apps.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`) as [string, string];
    const target = { libraryId, path: 'topics/intro.dita' };
    const onA = presenceStream(baseA, target, await tokenOf(baseA, 'admin', ADMIN_PASSWORD));
    await onA.until((list) => list.length === 1);
    const onB = presenceStream(baseB, target, await tokenOf(baseB, 'roamer', 'secret123'));
    const both = await onA.until((list) => list.length === 2);
    expect(both.map((p) => p.userName).sort()).toEqual(['admin', 'roamer']);
    await onB.until((list) => list.length === 2);
    onA.close();
    const left = await onB.until((list) => list.length === 1);
    expect(left.map((p) => p.userName)).toEqual(['roamer']);
    onB.close();
  });
});
