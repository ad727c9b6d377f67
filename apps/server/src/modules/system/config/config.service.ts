import type { Language } from '@ccms/contracts/constants';
import type { ConfigBody, ConfigFilter, ConfigQuery, ConfigUpdate } from '@ccms/contracts/system/config';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { configColumns } from './config.excel';
import { allConfigs, configsByIds, configValue, findConfig, findKeyClash, listConfigs } from './config.queries';

export function configService(db: Db) {
  async function assertUnique(body: ConfigBody, exceptId?: number) {
    if (await findKeyClash(db, body.configKey, exceptId)) throw badRequest('config.keyExists', { name: body.configName, key: body.configKey });
  }

  return {
    list: (q: ConfigQuery) => listConfigs(db, q),

    async get(configId: number) {
      const row = await findConfig(db, configId);
      if (!row) throw notFound('notFound.row', { what: `config ${configId}` });
      return row;
    },

    /** An unset key reads as empty text, as in RuoYi. */
    valueOf: async (configKey: string) => (await configValue(db, configKey)) ?? '',

    async create(auth: AuthContext, body: ConfigBody) {
      await assertUnique(body);
      await db.insert(sysConfig).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },

    async update(auth: AuthContext, body: ConfigUpdate) {
      const { configId, ...fields } = body;
      if (!(await findConfig(db, configId))) throw notFound('notFound.row', { what: `config ${configId}` });
      await assertUnique(fields, configId);
      await db
        .update(sysConfig)
        .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
        .where(eq(sysConfig.configId, configId));
    },

    /** Built-in parameters (type Y) are refused before anything is deleted. */
    async remove(configIds: number[]) {
      const rows = await configsByIds(db, configIds);
      const builtIn = rows.find((r) => r.configType === 'Y');
      if (builtIn) throw badRequest('config.builtIn', { key: builtIn.configKey });
      await db.delete(sysConfig).where(inArray(sysConfig.configId, configIds));
    },

    /** Nothing to do: config values are read from the database on every use, never cached. */
    refreshCache: async () => {},

    export: async (q: ConfigFilter, lang: Language) => toXlsx(lang === 'en' ? 'Parameters' : '参数', configColumns(lang), await allConfigs(db, q), lang),
  };
}
