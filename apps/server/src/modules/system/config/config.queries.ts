import { ALLOW_PRIVATE_URLS_KEY, type ConfigFilter, type ConfigQuery } from '@ccms/contracts/system/config';
import { and, asc, count, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import { sysConfig } from '../../../db/schema';
import { containing, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

/** The value of a config key, or undefined when the key is not set. */
const valueStatement = (db: Db) =>
  db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, sql.placeholder('key')))
    .prepare('sys_config_value');

export async function configValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await preparedOn(db, valueStatement).execute({ key });
  return row?.value;
}

export const configFlag = async (db: Db, key: string, fallback: boolean) => {
  const value = await configValue(db, key);
  return value === undefined ? fallback : value === 'true';
};

/** The administrator's allowance of private hosts (platform/net/host-check's `allowed`): empty allows none. */
export const allowedPrivateHosts = async (db: Db) => (await configValue(db, ALLOW_PRIVATE_URLS_KEY)) ?? '';

const sortable = { configName: sysConfig.configName, configKey: sysConfig.configKey, createTime: sysConfig.createTime, configId: sysConfig.configId };

function filters(q: ConfigFilter): SQL | undefined {
  return and(
    q.configName ? or(like(sysConfig.configName, containing(q.configName)), like(sysConfig.configNameEn, containing(q.configName))) : undefined,
    q.configKey ? like(sysConfig.configKey, containing(q.configKey)) : undefined,
    q.configType ? eq(sysConfig.configType, q.configType) : undefined,
    withinRange(sysConfig.createTime, q),
  );
}

export async function listConfigs(db: Db, q: ConfigQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysConfig)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(sysConfig.configId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysConfig).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every row matching the filters, for the export. */
export const allConfigs = (db: Db, q: ConfigFilter) => db.select().from(sysConfig).where(filters(q)).orderBy(asc(sysConfig.configId));

export async function findConfig(db: Db, configId: number) {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configId, configId));
  return row;
}

export async function findKeyClash(db: Db, configKey: string, exceptId?: number) {
  const [row] = await db
    .select({ configId: sysConfig.configId })
    .from(sysConfig)
    .where(and(eq(sysConfig.configKey, configKey), exceptId ? ne(sysConfig.configId, exceptId) : undefined));
  return row;
}

export const configsByIds = (db: Db, configIds: number[]) => db.select().from(sysConfig).where(inArray(sysConfig.configId, configIds));
