import { GRANT_LEVELS } from '@ccms/contracts/grants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { ccmsLibraryGrant } from '../../db/schema';
import { AppError } from '../http/errors';
import { assertLevelAllows, type GrantCaller, grantStore, isSystemAdmin } from './grants';

// The store is generic over the grant table; the library grant table stands in for any of them.
const store = grantStore({
  table: ccmsLibraryGrant,
  objectKey: 'libraryId',
  object: 'library',
  levels: GRANT_LEVELS,
  objectId: ccmsLibraryGrant.libraryId,
  row: ({ objectId, ...grant }) => ({ libraryId: objectId, ...grant }),
  setLevel: (level) => ({ level }),
});

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(ccmsLibraryGrant);
});

const caller = (userId: number, roleIds: number[] = []): GrantCaller => ({
  userId,
  isAdmin: false,
  roles: roleIds.map((roleId) => ({ roleId, roleKey: `r${roleId}`, dataScope: '1' })),
});
const seed = (rows: { libraryId: number; granteeType: string; granteeId: number; level: string }[]) => database.db.insert(ccmsLibraryGrant).values(rows);
const stored = () =>
  database.db
    .select({ grantId: ccmsLibraryGrant.grantId, libraryId: ccmsLibraryGrant.libraryId, granteeId: ccmsLibraryGrant.granteeId, level: ccmsLibraryGrant.level })
    .from(ccmsLibraryGrant)
    .orderBy(asc(ccmsLibraryGrant.grantId));

/** The error a call throws, as code and message key. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, key: err.key };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('grant resolver', () => {
  it('takes the strongest of the user, role and all grants that reach the caller, per object', async () => {
    await seed([
      { libraryId: 1, granteeType: 'user', granteeId: 7, level: 'read' },
      { libraryId: 1, granteeType: 'role', granteeId: 30, level: 'write' },
      { libraryId: 2, granteeType: 'all', granteeId: 0, level: 'read' },
      { libraryId: 2, granteeType: 'user', granteeId: 7, level: 'owner' },
      { libraryId: 3, granteeType: 'all', granteeId: 0, level: 'admin' },
      { libraryId: 3, granteeType: 'role', granteeId: 30, level: 'read' },
      // Grants to someone else, another role, or a level text that is none: reach nobody here.
      { libraryId: 4, granteeType: 'user', granteeId: 8, level: 'owner' },
      { libraryId: 4, granteeType: 'role', granteeId: 31, level: 'owner' },
      { libraryId: 4, granteeType: 'user', granteeId: 7, level: 'boss' },
    ]);
    const levels = await store.levels(database.db, caller(7, [30]), [1, 2, 3, 4, 5]);
    expect(Object.fromEntries(levels)).toEqual({ 1: 'write', 2: 'owner', 3: 'admin' });
    // Without the role only the user and all grants count.
    expect(Object.fromEntries(await store.levels(database.db, caller(7), [1, 2, 3]))).toEqual({ 1: 'read', 2: 'owner', 3: 'admin' });
    // A stranger gets only what is granted to all.
    expect(Object.fromEntries(await store.levels(database.db, caller(99), [1, 2, 3, 4]))).toEqual({ 2: 'read', 3: 'admin' });
    expect((await store.levels(database.db, caller(7), [])).size).toBe(0);
  });

  it('checks a level against the need with "No relevant permissions", naming the level needed', () => {
    expect(assertLevelAllows('write', 'write', 'library')).toBe('write');
    expect(assertLevelAllows('publish', 'publish', 'library')).toBe('publish');
    expect(assertLevelAllows('admin', 'configure', 'project')).toBe('admin');
    for (const [level, need, named] of [
      [null, 'read', 'read'],
      ['read', 'publish', 'publish'],
      ['publish', 'write', 'write'],
      ['read', 'write', 'write'],
      ['write', 'configure', 'admin'],
      ['admin', 'own', 'owner'],
    ] as const) {
      expect(() => assertLevelAllows(level, need, 'library')).toThrow(
        expect.objectContaining({ code: 403, key: 'noRelevantPermissions', denied: { level: named, object: 'library' } }),
      );
    }
  });

  it('knows a system admin by the admin role or every permission', () => {
    expect(isSystemAdmin({ ...caller(1), isAdmin: true })).toBe(true);
    expect(isSystemAdmin({ ...caller(1), permissions: new Set(['*:*:*']) })).toBe(true);
    expect(isSystemAdmin({ ...caller(1), permissions: new Set(['ccms:library:edit']) })).toBe(false);
  });
});

describe('grant store: put and revoke', () => {
  const grant = (granteeId: number, level: 'owner' | 'admin' | 'write' | 'read') => ({
    objectId: 1,
    granteeType: 'user' as const,
    granteeId,
    level,
    createBy: 'tester',
  });
  const owner = { grantOwner: true };
  const admin = { grantOwner: false };
  const keep = { keepAnOwner: true };

  it('adds one grant per grantee and changes its level in place', async () => {
    await store.put(database.db, grant(7, 'read'), admin, keep);
    const [first] = await stored();
    await store.put(database.db, grant(7, 'write'), admin, keep);
    expect(await stored()).toEqual([{ grantId: first?.grantId, libraryId: 1, granteeId: 7, level: 'write' }]);
  });

  it('hands out or changes an owner grant only with grantOwner, changing nothing otherwise', async () => {
    await seed([{ libraryId: 1, granteeType: 'user', granteeId: 7, level: 'owner' }]);
    const before = await stored();
    expect(await refusal(store.put(database.db, grant(8, 'owner'), admin, keep))).toEqual({ code: 403, key: 'noRelevantPermissions' });
    expect(await refusal(store.put(database.db, grant(7, 'read'), admin, keep))).toEqual({ code: 403, key: 'noRelevantPermissions' });
    expect(await stored()).toEqual(before);
    await store.put(database.db, grant(8, 'owner'), owner, keep);
    expect((await stored()).map((g) => `${g.granteeId}:${g.level}`)).toEqual(['7:owner', '8:owner']);
  });

  it('keeps an owner when the rules ask for it, and only then', async () => {
    await seed([{ libraryId: 1, granteeType: 'user', granteeId: 7, level: 'owner' }]);
    expect(await refusal(store.put(database.db, grant(7, 'admin'), owner, keep))).toEqual({ code: 400, key: 'grant.lastOwner' });
    const [only] = await stored();
    const rightsOn = async () => owner;
    expect(await refusal(store.revoke(database.db, [only?.grantId ?? 0], rightsOn, keep))).toEqual({ code: 400, key: 'grant.lastOwner' });
    expect(await stored()).toHaveLength(1);
    await store.put(database.db, grant(7, 'admin'), owner, { keepAnOwner: false });
    expect((await stored())[0]?.level).toBe('admin');
  });

  it('revokes after checking each object, refusing owner grants without grantOwner and unknown ids', async () => {
    await seed([
      { libraryId: 1, granteeType: 'user', granteeId: 7, level: 'owner' },
      { libraryId: 1, granteeType: 'user', granteeId: 8, level: 'owner' },
      { libraryId: 2, granteeType: 'role', granteeId: 30, level: 'read' },
    ]);
    const [a, b, c] = (await stored()).map((g) => g.grantId);
    const checked: number[] = [];
    const rights = (r: { grantOwner: boolean }) => async (objectId: number) => {
      checked.push(objectId);
      return r;
    };
    expect(await refusal(store.revoke(database.db, [c ?? 0, 999_999], rights(owner), keep))).toMatchObject({ code: 404 });
    expect(await refusal(store.revoke(database.db, [c ?? 0, a ?? 0], rights(admin), keep))).toEqual({ code: 403, key: 'noRelevantPermissions' });
    expect(await stored()).toHaveLength(3);
    checked.length = 0;
    await store.revoke(database.db, [a ?? 0, c ?? 0], rights(owner), keep);
    expect(checked.sort()).toEqual([1, 2]);
    expect((await stored()).map((g) => g.grantId)).toEqual([b]);
    expect(await database.db.select().from(ccmsLibraryGrant).where(eq(ccmsLibraryGrant.libraryId, 2))).toEqual([]);
  });

  it('lists grants with the grantee names under the API id name, checks grantees exist, and makes the creator owner', async () => {
    await database.db.transaction((tx) => store.grantCreator(tx, 4, { userId: 1, userName: 'admin' }));
    await seed([
      { libraryId: 4, granteeType: 'role', granteeId: 1, level: 'read' },
      { libraryId: 4, granteeType: 'all', granteeId: 0, level: 'write' },
      { libraryId: 5, granteeType: 'user', granteeId: 1, level: 'read' },
    ]);
    const listed = await store.list(database.db, 4);
    expect(
      listed.map(({ libraryId, granteeType, granteeId, granteeName, level, createBy }) => ({
        libraryId,
        granteeType,
        granteeId,
        granteeName,
        level,
        createBy,
      })),
    ).toEqual([
      { libraryId: 4, granteeType: 'user', granteeId: 1, granteeName: 'admin', level: 'owner', createBy: 'admin' },
      { libraryId: 4, granteeType: 'role', granteeId: 1, granteeName: expect.any(String), level: 'read', createBy: '' },
      { libraryId: 4, granteeType: 'all', granteeId: 0, granteeName: '', level: 'write', createBy: '' },
    ]);
    expect(listed[1]?.granteeName).not.toBe('');
    expect(listed[0]?.createTime).toBeInstanceOf(Date);
    await store.assertGrantee(database.db, 'user', 1);
    await store.assertGrantee(database.db, 'role', 1);
    await store.assertGrantee(database.db, 'all', 0);
    expect(await refusal(store.assertGrantee(database.db, 'user', 99_999))).toEqual({ code: 400, key: 'grant.granteeMissing' });
    expect(await refusal(store.assertGrantee(database.db, 'role', 99_999))).toEqual({ code: 400, key: 'grant.granteeMissing' });
  });
});
