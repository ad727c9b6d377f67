import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibraryDataProperty, ccmsLibrarySetting, ccmsProduct, ccmsPublishConfig, sysRole, sysUser } from '../../../db/schema';

export type SettingKind = 'variable' | 'filter';

const settingColumns = {
  settingId: ccmsLibrarySetting.settingId,
  libraryId: ccmsLibrarySetting.libraryId,
  group: ccmsLibrarySetting.groupName,
  name: ccmsLibrarySetting.name,
  type: ccmsLibrarySetting.type,
  value: ccmsLibrarySetting.value,
  product: ccmsLibrarySetting.product,
  createBy: ccmsLibrarySetting.createBy,
  createTime: ccmsLibrarySetting.createTime,
};

export function listSettings(db: Db, kind: SettingKind, q: { libraryId: number; group?: string; product?: string }) {
  return db
    .select(settingColumns)
    .from(ccmsLibrarySetting)
    .where(
      and(
        eq(ccmsLibrarySetting.libraryId, q.libraryId),
        eq(ccmsLibrarySetting.kind, kind),
        q.group ? eq(ccmsLibrarySetting.groupName, q.group) : undefined,
        q.product ? eq(ccmsLibrarySetting.product, q.product) : undefined,
      ),
    )
    .orderBy(asc(ccmsLibrarySetting.groupName), asc(ccmsLibrarySetting.name), asc(ccmsLibrarySetting.settingId));
}

export async function findSetting(db: Db, kind: SettingKind, settingId: number) {
  const [row] = await db
    .select()
    .from(ccmsLibrarySetting)
    .where(and(eq(ccmsLibrarySetting.settingId, settingId), eq(ccmsLibrarySetting.kind, kind)));
  return row;
}

export const settingsByIds = (db: Db, kind: SettingKind, ids: number[]) =>
  db
    .select()
    .from(ccmsLibrarySetting)
    .where(and(inArray(ccmsLibrarySetting.settingId, ids), eq(ccmsLibrarySetting.kind, kind)));

/** The same entry in the same group: variables by name and product, filters also by value. */
export async function findSettingClash(
  db: Db,
  kind: SettingKind,
  s: { libraryId: number; group: string; name: string; value: string; product: string },
  exceptId?: number,
) {
  const [row] = await db
    .select({ settingId: ccmsLibrarySetting.settingId })
    .from(ccmsLibrarySetting)
    .where(
      and(
        eq(ccmsLibrarySetting.libraryId, s.libraryId),
        eq(ccmsLibrarySetting.kind, kind),
        eq(ccmsLibrarySetting.groupName, s.group),
        eq(ccmsLibrarySetting.name, s.name),
        eq(ccmsLibrarySetting.product, s.product),
        kind === 'filter' ? eq(ccmsLibrarySetting.value, s.value) : undefined,
        exceptId ? ne(ccmsLibrarySetting.settingId, exceptId) : undefined,
      ),
    );
  return row;
}

export async function productExists(db: Db, productName: string) {
  const [row] = await db.select({ id: ccmsProduct.productId }).from(ccmsProduct).where(eq(ccmsProduct.productName, productName));
  return !!row;
}

export async function filterGroupExists(db: Db, libraryId: number, group: string) {
  const [row] = await db
    .select({ id: ccmsLibrarySetting.settingId })
    .from(ccmsLibrarySetting)
    .where(and(eq(ccmsLibrarySetting.libraryId, libraryId), eq(ccmsLibrarySetting.kind, 'filter'), eq(ccmsLibrarySetting.groupName, group)))
    .limit(1);
  return !!row;
}

/** The names of a library's filter groups, in order. */
export async function filterGroupNames(db: Db, libraryId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ group: ccmsLibrarySetting.groupName })
    .from(ccmsLibrarySetting)
    .where(and(eq(ccmsLibrarySetting.libraryId, libraryId), eq(ccmsLibrarySetting.kind, 'filter')))
    .orderBy(asc(ccmsLibrarySetting.groupName));
  return rows.map((r) => r.group).filter((g): g is string => !!g);
}

export const listDataProperties = (db: Db, libraryId: number, product?: string) =>
  db
    .select()
    .from(ccmsLibraryDataProperty)
    .where(and(eq(ccmsLibraryDataProperty.libraryId, libraryId), product ? eq(ccmsLibraryDataProperty.product, product) : undefined))
    .orderBy(asc(ccmsLibraryDataProperty.product));

export async function findDataProperty(db: Db, where: SQL) {
  const [row] = await db.select().from(ccmsLibraryDataProperty).where(where);
  return row;
}

export const listPublishConfigs = (db: Db, libraryId: number) =>
  db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.libraryId, libraryId)).orderBy(asc(ccmsPublishConfig.configName));

export async function findPublishConfig(db: Db, where: SQL) {
  const [row] = await db.select().from(ccmsPublishConfig).where(where);
  return row;
}

/** The first of `ids` that is not a live user (or role), if any. */
export async function firstMissing(db: Db, kind: 'user' | 'role', ids: number[]): Promise<number | undefined> {
  if (ids.length === 0) return undefined;
  const found =
    kind === 'user'
      ? await db
          .select({ id: sysUser.userId })
          .from(sysUser)
          .where(and(inArray(sysUser.userId, ids), eq(sysUser.delFlag, '0')))
      : await db
          .select({ id: sysRole.roleId })
          .from(sysRole)
          .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0')));
  const have = new Set(found.map((r) => r.id));
  return ids.find((id) => !have.has(id));
}
