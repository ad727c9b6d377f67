import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, testDbKind } from '../../../../test/harness';
import { TwoNodes } from '../../../../test/two-nodes-kit';
import { ccmsLibrary, ccmsLibraryGrant, sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';
import { presenceStream } from './presence-test-kit';

/**
 * Presence across two nodes on one PostgreSQL: a user on node A and a user on node B open the
 * same topic; each sees the other (through the presence table), and B sees A leave.
 */
const url = process.env.DATABASE_URL;

describe.runIf(testDbKind === 'postgres' && url)('editor presence on two nodes', () => {
  const cluster = new TwoNodes(url ?? '');
  const databases = cluster.databases;
  const apps = cluster.apps;
  let libraryId = 0;

  async function node() {
    const app = await cluster.node();
    await app.listen({ port: 0, host: '127.0.0.1' });
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
    await cluster.open();
    await node();
    await node();
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

  afterAll(() => cluster.close());

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
