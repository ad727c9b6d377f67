import type { DictDataFilter, DictDataQuery, DictTypeFilter, DictTypeQuery } from '@ccms/contracts/system/dict';
import { and, asc, count, eq, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDictData, sysDictType } from '../../../db/schema';
import { containing, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const typeSortable = { dictId: sysDictType.dictId, dictName: sysDictType.dictName, dictType: sysDictType.dictType, createTime: sysDictType.createTime };

function typeFilters(q: DictTypeFilter): SQL | undefined {
  return and(
    q.dictName ? like(sysDictType.dictName, containing(q.dictName)) : undefined,
    q.dictType ? like(sysDictType.dictType, containing(q.dictType)) : undefined,
    q.status ? eq(sysDictType.status, q.status) : undefined,
    withinRange(sysDictType.createTime, q),
  );
}

export async function listDictTypes(db: Db, q: DictTypeQuery) {
  const where = typeFilters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysDictType)
      .where(where)
      .orderBy(...orderBy(q, typeSortable, asc(sysDictType.dictId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysDictType).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allDictTypes = (db: Db, q: DictTypeFilter = {}) => db.select().from(sysDictType).where(typeFilters(q)).orderBy(asc(sysDictType.dictId));

export async function findDictType(db: Db, dictId: number) {
  const [row] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId));
  return row;
}

export async function findDictTypeByKey(db: Db, dictType: string) {
  const [row] = await db.select().from(sysDictType).where(eq(sysDictType.dictType, dictType));
  return row;
}

export async function findTypeClash(db: Db, dictType: string, exceptId?: number) {
  const [row] = await db
    .select({ dictId: sysDictType.dictId })
    .from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), exceptId ? ne(sysDictType.dictId, exceptId) : undefined));
  return row;
}

export const dictTypesByIds = (db: Db, dictIds: number[]) => db.select().from(sysDictType).where(inArray(sysDictType.dictId, dictIds));

/** The first of these types that still has data rows, if any. */
export async function firstTypeWithData(db: Db, dictTypes: string[]) {
  if (dictTypes.length === 0) return undefined;
  const [row] = await db.selectDistinct({ dictType: sysDictData.dictType }).from(sysDictData).where(inArray(sysDictData.dictType, dictTypes)).limit(1);
  return row?.dictType;
}

const dataSortable = {
  dictSort: sysDictData.dictSort,
  dictCode: sysDictData.dictCode,
  dictLabel: sysDictData.dictLabel,
  dictValue: sysDictData.dictValue,
  createTime: sysDictData.createTime,
};

function dataFilters(q: DictDataFilter): SQL | undefined {
  return and(
    q.dictType ? eq(sysDictData.dictType, q.dictType) : undefined,
    q.dictLabel ? or(like(sysDictData.dictLabel, containing(q.dictLabel)), like(sysDictData.dictLabelEn, containing(q.dictLabel))) : undefined,
    q.status ? eq(sysDictData.status, q.status) : undefined,
  );
}

export async function listDictData(db: Db, q: DictDataQuery) {
  const where = dataFilters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysDictData)
      .where(where)
      .orderBy(...orderBy(q, dataSortable, asc(sysDictData.dictSort)), asc(sysDictData.dictCode))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysDictData).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allDictData = (db: Db, q: DictDataFilter) =>
  db.select().from(sysDictData).where(dataFilters(q)).orderBy(asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode));

/** The enabled items of one type in display order: what every dictionary-driven widget shows. */
export const enabledItemsOf = (db: Db, dictType: string) =>
  db
    .select()
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));

export async function findDictData(db: Db, dictCode: number) {
  const [row] = await db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode));
  return row;
}

export async function findValueClash(db: Db, dictType: string, dictValue: string, exceptCode?: number) {
  const [row] = await db
    .select({ dictCode: sysDictData.dictCode })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, dictValue), exceptCode ? ne(sysDictData.dictCode, exceptCode) : undefined));
  return row;
}
