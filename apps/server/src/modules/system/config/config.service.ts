import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import {
  type ConfigBody,
  type ConfigFilter,
  type ConfigQuery,
  type ConfigUpdate,
  isSecretConfigKey,
  PUBLIC_CONFIG_KEYS,
  SECRET_MASK,
} from '@ccms/contracts/system/config';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { configColumns } from './config.excel';
import { allConfigs, configsByIds, configValue, findConfig, findKeyClash, listConfigs } from './config.queries';

/** A secret value shows as the mask (an unset one as empty, so the screen tells the two apart). */
export const masked = <T extends { configKey: string; configValue: string }>(row: T): T =>
  isSecretConfigKey(row.configKey) && row.configValue !== '' ? { ...row, configValue: SECRET_MASK } : row;

export function configService(db: Db) {
  async function assertUnique(body: ConfigBody, exceptId?: number) {
    if (await findKeyClash(db, body.configKey, exceptId)) throw badRequest('config.keyExists', { name: body.configName, key: body.configKey });
  }

  return {
    async list(q: ConfigQuery) {
      const { rows, total } = await listConfigs(db, q);
      return { rows: rows.map(masked), total };
    },

    async get(configId: number) {
      const row = await findConfig(db, configId);
      if (!row) throw notFound('notFound.row', { what: `config ${configId}` });
      return masked(row);
    },

    /**
     * An unset key reads as empty text, as in RuoYi. Anyone signed in reads the public keys; the
     * others need system:config:query, and a secret's value is never answered.
     */
    async valueOf(auth: AuthContext, configKey: string) {
      if (!PUBLIC_CONFIG_KEYS.has(configKey) && !hasPermission(auth, 'system:config:query')) throw forbidden();
      return masked({ configKey, configValue: (await configValue(db, configKey)) ?? '' }).configValue;
    },

    async create(auth: AuthContext, body: ConfigBody) {
      await assertUnique(body);
      await db.insert(sysConfig).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },

    async update(auth: AuthContext, body: ConfigUpdate) {
      const { configId, ...fields } = body;
      const before = await findConfig(db, configId);
      if (!before) throw notFound('notFound.row', { what: `config ${configId}` });
      await assertUnique(fields, configId);
      // The form shows a secret as the mask: sending the mask back leaves the secret as it was.
      if (fields.configValue === SECRET_MASK && isSecretConfigKey(before.configKey) && before.configKey === fields.configKey)
        fields.configValue = before.configValue;
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

    export: async (q: ConfigFilter, lang: Language) =>
      toXlsx(translate(lang, 'config.excel.sheet'), configColumns(lang), (await allConfigs(db, q)).map(masked), lang),
  };
}
