import { TagPerm } from '@ccms/contracts/content/tag';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsLibraryGrant, ccmsLibrarySetting } from '../../../db/schema';
import { allowLoopbackRemotes, CONTENT_PERMS, libraryBody, type TestUser, userWith } from '../content-test-kit';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let writer: TestUser;
let reader: TestUser;
let everyone: TestUser;
let libraryId = 0;
const URL = 'http://127.0.0.1:9/perm.git';

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  owner = await userWith(t, 'pown', CONTENT_PERMS);
  admin = await userWith(t, 'padmin', CONTENT_PERMS);
  writer = await userWith(t, 'pwrite', CONTENT_PERMS);
  reader = await userWith(t, 'pread', CONTENT_PERMS);
  everyone = await userWith(t, 'pall', CONTENT_PERMS);
  libraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('perm', URL))).body.data.libraryId;
  await t.database.db
    .insert(ccmsLibrarySetting)
    .values({ libraryId, kind: 'filter', groupName: 'g', name: 'audience', type: 'include', value: 'x', product: 'p' });
});
afterAll(async () => {
  await t?.close();
});

const grants = () => t.database.db.select().from(ccmsLibraryGrant).where(eq(ccmsLibraryGrant.libraryId, libraryId));
const grantVia = (by: TestUser, granteeType: string, granteeId: number, level: string) =>
  by.caller.post('/prod-api/ccms/library/permission', { libraryId, granteeType, granteeId, level });

describe('library grants', () => {
  it('lets the owner grant admin to a user, write to a role and read to everyone', async () => {
    expect((await grantVia(owner, 'user', admin.userId, 'admin')).body.code).toBe(200);
    expect((await grantVia(owner, 'role', writer.roleId, 'write')).body.code).toBe(200);
    expect((await grantVia(owner, 'user', reader.userId, 'read')).body.code).toBe(200);
    const list = await owner.caller.get('/prod-api/ccms/library/permission/list', { libraryId });
    expect(list.body.data.map((g: { granteeType: string; granteeName: string; level: string }) => `${g.granteeType}:${g.granteeName}:${g.level}`)).toEqual([
      'user:pown:owner',
      'user:padmin:admin',
      'role:pwrite:write',
      'user:pread:read',
    ]);
  });

  it('refuses a missing grantee or a bad level, writing nothing', async () => {
    const before = (await grants()).length;
    expect((await grantVia(owner, 'user', 99999, 'read')).body.msg).toBe('Grantee: 99999 does not exist');
    expect((await grantVia(owner, 'user', reader.userId, 'boss')).body.msg).toBe('Level must be one of: admin, owner, write, publish, read');
    expect((await grantVia(owner, 'role', 0, 'read')).body.msg).toBe('Grantee is required');
    expect((await grants()).length).toBe(before);
  });

  it('checks each level: read sees, write changes content only, admin configures but cannot hand out ownership', async () => {
    const detail = (u: TestUser) => u.caller.get(`/prod-api/ccms/library/${libraryId}`);
    const configure = (u: TestUser) =>
      u.caller.post('/prod-api/ccms/library/filter', { libraryId, group: 'g2', name: 'platform', type: 'exclude', value: 'v', product: 'none' });
    for (const u of [owner, admin, writer, reader]) expect((await detail(u)).status, u.caller.token ?? '').toBe(200);
    expect((await detail(everyone)).body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    expect((await detail(writer)).body.data.myLevel).toBe('write');
    // Configuring passes the access check for admin and owner (then fails on the unknown product), and stops read and write.
    expect((await configure(admin)).body.msg).toBe('Product "none" does not exist');
    expect((await configure(owner)).body.msg).toBe('Product "none" does not exist');
    for (const u of [writer, reader, everyone]) expect((await configure(u)).body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    for (const u of [writer, reader]) expect((await u.caller.get('/prod-api/ccms/library/permission/list', { libraryId })).status).toBe(403);
    expect((await grantVia(admin, 'user', everyone.userId, 'read')).body.code).toBe(200);
    expect((await grantVia(admin, 'user', everyone.userId, 'owner')).status).toBe(403);
    expect((await grantVia(writer, 'user', everyone.userId, 'write')).status).toBe(403);
    expect((await detail(everyone)).status).toBe(200);
  });

  it('lets a library admin or owner without system permissions pick users and roles, and nobody else', async () => {
    const users = (u: TestUser, keyword?: string) =>
      u.caller.get(`/prod-api/ccms/library/${libraryId}/grantee/users`, keyword === undefined ? undefined : { keyword });
    const roles = (u: TestUser) => u.caller.get(`/prod-api/ccms/library/${libraryId}/grantee/roles`);
    // The system pickers stay closed to them.
    expect((await admin.caller.get('/prod-api/system/user/list')).status).toBe(403);
    expect((await admin.caller.get('/prod-api/system/role/optionselect')).status).toBe(403);

    for (const u of [owner, admin]) {
      const found = await users(u, 'PREA');
      expect(found.body.data).toEqual([{ userId: reader.userId, userName: 'pread', nickName: 'pread nick' }]);
      const all = await users(u);
      expect(all.body.data.map((r: { userName: string }) => r.userName)).toEqual(expect.arrayContaining(['admin', 'pown', 'padmin', 'pwrite', 'pread']));
      for (const row of all.body.data) expect(Object.keys(row).sort()).toEqual(['nickName', 'userId', 'userName']);
      const list = await roles(u);
      expect(list.body.data).toContainEqual({ roleId: writer.roleId, roleName: 'pwrite', roleKey: 'role_pwrite' });
      for (const row of list.body.data) expect(Object.keys(row).sort()).toEqual(['roleId', 'roleKey', 'roleName']);
    }
    expect((await users(owner, 'nobody-like-this')).body.data).toEqual([]);
    expect((await users(owner, '%')).body.data).toEqual([]);
    expect((await users(owner, 'x'.repeat(101))).body.msg).toContain('Keyword');

    // Write and read levels, no grant, or no library edit permission: refused.
    for (const u of [writer, reader]) {
      expect((await users(u)).body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
      expect((await roles(u)).body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    }
    const outsider = await userWith(t, 'pout', CONTENT_PERMS);
    expect((await users(outsider)).status).toBe(403);
    const viewer = await userWith(t, 'pview', ['ccms:library:query']);
    await t.database.db.insert(ccmsLibraryGrant).values({ libraryId, granteeType: 'user', granteeId: viewer.userId, level: 'admin' });
    expect((await users(viewer)).body).toMatchObject({ code: 403, msg: 'The current operation has no permission' });
    expect((await roles(viewer)).status).toBe(403);
  });

  it('reaches everyone with an "all" grant, and keeps the last owner', async () => {
    const stranger = await userWith(t, 'pnew', CONTENT_PERMS);
    expect((await stranger.caller.get('/prod-api/ccms/library/list')).body.total).toBe(0);
    await grantVia(owner, 'all', 0, 'read');
    expect((await stranger.caller.get('/prod-api/ccms/library/list')).body.total).toBe(1);
    const ownerGrant = (await grants()).find((g) => g.level === 'owner');
    const last = await owner.caller.delete(`/prod-api/ccms/library/permission/${ownerGrant?.grantId}`);
    expect(last.body.msg).toBe('The last owner of a library cannot be removed');
    const adminGrant = (await grants()).find((g) => g.granteeId === admin.userId);
    expect((await writer.caller.delete(`/prod-api/ccms/library/permission/${adminGrant?.grantId}`)).status).toBe(403);
    expect((await owner.caller.delete(`/prod-api/ccms/library/permission/${adminGrant?.grantId}`)).body.code).toBe(200);
    expect((await admin.caller.get(`/prod-api/ccms/library/${libraryId}`)).body.data.myLevel).toBe('read');
  });
});

describe('abilities in library responses', () => {
  const none = { read: false, publish: false, write: false, configure: false, remove: false, grantOwner: false };
  const readOnly = { ...none, read: true };
  const writes = { ...readOnly, publish: true, write: true };
  const configures = { ...writes, configure: true, remove: true };
  const owns = { ...configures, grantOwner: true };

  it('answer the grants (user, role, all, none) on detail and list rows, and match what the server allows', async () => {
    const perms = [...CONTENT_PERMS, TagPerm.add];
    const lead = await userWith(t, 'aown', perms);
    const byUser = await userWith(t, 'auser', perms);
    const byRole = await userWith(t, 'arole', perms);
    const byAll = await userWith(t, 'aall', perms);
    const id = (await lead.caller.post('/prod-api/ccms/library', libraryBody('abilities', 'http://127.0.0.1:9/abilities.git'))).body.data.libraryId;
    const grant = (by: TestUser, granteeType: string, granteeId: number, level: string) =>
      by.caller.post('/prod-api/ccms/library/permission', { libraryId: id, granteeType, granteeId, level });
    expect((await grant(lead, 'user', byUser.userId, 'admin')).body.code).toBe(200);
    expect((await grant(lead, 'role', byRole.roleId, 'write')).body.code).toBe(200);

    const detail = async (who: Caller) => (await who.get(`/prod-api/ccms/library/${id}`)).body;
    const row = async (who: Caller) =>
      (await who.get('/prod-api/ccms/library/list', { pageSize: 100 })).body.rows.find((r: { libraryId: number }) => r.libraryId === id) ?? null;
    let tags = 0;
    /** What the server lets the caller do, tried route by route. */
    const allowed = async (who: Caller) => ({
      read: (await who.get(`/prod-api/ccms/library/${id}`)).status === 200,
      write: (await who.post('/prod-api/ccms/tag', { libraryId: id, tagName: `ability ${++tags}`, color: 'blue' })).body.code === 200,
      configure: (await who.get('/prod-api/ccms/library/permission/list', { libraryId: id })).status === 200,
    });

    const expected: [string, Caller, typeof none][] = [
      ['owner', lead.caller, owns],
      ['system admin', await t.login(), owns],
      ['user grant admin', byUser.caller, configures],
      ['role grant write', byRole.caller, writes],
    ];
    for (const [who, caller, abilities] of expected) {
      expect((await detail(caller)).data.abilities, who).toEqual(abilities);
      expect((await row(caller)).abilities, who).toEqual(abilities);
      expect(await allowed(caller), who).toEqual({ read: abilities.read, write: abilities.write, configure: abilities.configure });
    }
    // Denied beyond the abilities: an admin grant hands out no ownership; a writer deletes nothing.
    expect((await grant(byUser, 'user', byAll.userId, 'owner')).body).toEqual({
      code: 403,
      msg: 'No relevant permissions',
      denied: { level: 'owner', object: 'library' },
    });
    expect((await byRole.caller.delete(`/prod-api/ccms/library/${id}`)).body).toEqual({
      code: 403,
      msg: 'No relevant permissions',
      denied: { level: 'admin', object: 'library' },
    });

    // No grant: neither in the list nor readable.
    expect(await row(byAll.caller)).toBeNull();
    expect(await detail(byAll.caller)).toEqual({ code: 403, msg: 'No relevant permissions', denied: { level: 'read', object: 'library' } });
    expect(await allowed(byAll.caller)).toEqual({ read: false, write: false, configure: false });

    // A grant to all reaches everyone signed in; the strongest grant wins for the others.
    expect((await grant(lead, 'all', 0, 'read')).body.code).toBe(200);
    expect((await detail(byAll.caller)).data).toMatchObject({ myLevel: 'read', abilities: readOnly });
    expect((await row(byAll.caller)).abilities).toEqual(readOnly);
    expect(await allowed(byAll.caller)).toEqual({ read: true, write: false, configure: false });
    expect((await detail(byRole.caller)).data.abilities).toEqual(writes);
  });
});
