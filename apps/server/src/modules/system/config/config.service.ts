import type { Language } from '@ccms/contracts/constants';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import {
  ADMIN_ONLY_CONFIG_KEYS,
  type ConfigBody,
  type ConfigFilter,
  type ConfigQuery,
  type ConfigUpdate,
  ENDPOINT_BOUND_SECRETS,
  isSecretConfigKey,
  PUBLIC_CONFIG_KEYS,
  SECRET_MASK,
} from '@ccms/contracts/system/config';
import { MAIL_CONFIG_KEYS } from '@ccms/contracts/system/notification';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { secretWouldMove } from '../../../platform/crypto/kept-secret';
import { AppError, badRequest, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { checkHost } from '../../../platform/net/host-check';
import { configColumns } from './config.excel';
import { allConfigs, allowedPrivateHosts, configsByIds, configValue, findConfig, findKeyClash, listConfigs } from './config.queries';

/** Keys that name a server the server connects to: checked like a git remote's host when they change. */
const HOST_KEYS: ReadonlySet<string> = new Set([MAIL_CONFIG_KEYS.host]);

/** A secret value shows as the mask (an unset one as empty, so the screen tells the two apart). */
export const masked = <T extends { configKey: string; configValue: string }>(row: T): T =>
  isSecretConfigKey(row.configKey) && row.configValue !== '' ? { ...row, configValue: SECRET_MASK } : row;

export function configService(db: Db) {
  async function assertUnique(body: Pick<ConfigBody, 'configName' | 'configKey'>, exceptId?: number) {
    if (await findKeyClash(db, body.configKey, exceptId)) throw badRequest('config.keyExists', { name: body.configName, key: body.configKey });
  }

  /** The keys that widen where the server may connect are the administrator's alone, whatever permissions the caller holds. */
  function assertMayTouch(auth: AuthContext, keys: string[]) {
    if (auth.isAdmin) return;
    const key = keys.find((k) => ADMIN_ONLY_CONFIG_KEYS.has(k));
    if (key) throw new AppError(Code.FORBIDDEN, 'config.adminOnly', { key });
  }

  /** A new server host must be one the server may reach (no loopback or private address unless allowed). */
  async function assertHostAllowed(key: string, value: string) {
    if (!HOST_KEYS.has(key) || value.trim() === '') return;
    if (!(await checkHost(value, await allowedPrivateHosts(db))).ok) throw badRequest('notification.mail.hostRefused', { key });
  }

  /** Where each endpoint-bound secret would be sent now: its endpoint keys' values. */
  async function endpoints(tx: Db) {
    const where = new Map<string, string>();
    for (const bound of ENDPOINT_BOUND_SECRETS) {
      const values = await Promise.all(bound.endpoint.map(async (key) => ((await configValue(tx, key)) ?? '').trim().toLowerCase()));
      where.set(bound.secret, values.join('|'));
    }
    return where;
  }

  /**
   * Runs one write in a transaction. A stored secret whose server the write changed (host, port,
   * security, also by renaming or deleting a row) is cleared unless the write entered it: a
   * secret only ever goes to the server it was entered for. Answers the keys it cleared.
   */
  async function writing(auth: AuthContext, entered: string | null, write: (tx: Db) => Promise<unknown>): Promise<string[]> {
    return db.transaction(async (tx) => {
      const before = await endpoints(tx);
      await write(tx);
      const after = await endpoints(tx);
      const cleared: string[] = [];
      for (const { secret } of ENDPOINT_BOUND_SECRETS) {
        const stored = ((await configValue(tx, secret)) ?? '') !== '';
        if (!secretWouldMove({ stored, kept: entered !== secret, from: before.get(secret) ?? '', to: after.get(secret) ?? '' })) continue;
        await tx.update(sysConfig).set({ configValue: '', updateBy: auth.userName, updateTime: new Date() }).where(eq(sysConfig.configKey, secret));
        cleared.push(secret);
      }
      return cleared;
    });
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

    /** Answers the stored secrets the save cleared (see `writing`). */
    async create(auth: AuthContext, body: ConfigBody): Promise<string[]> {
      assertMayTouch(auth, [body.configKey]);
      await assertUnique(body);
      await assertHostAllowed(body.configKey, body.configValue);
      return writing(auth, body.configKey, (tx) => tx.insert(sysConfig).values({ ...body, remark: body.remark ?? '', createBy: auth.userName }));
    },

    async update(auth: AuthContext, body: ConfigUpdate): Promise<string[]> {
      const { configId, configNameEn, ...rest } = body;
      const fields = { ...rest, ...(configNameEn === undefined ? {} : { configNameEn }) };
      const before = await findConfig(db, configId);
      if (!before) throw notFound('notFound.row', { what: `config ${configId}` });
      assertMayTouch(auth, [before.configKey, fields.configKey]);
      await assertUnique(fields, configId);
      // The form shows a secret as the mask: sending the mask back leaves the secret as it was.
      const keeps = fields.configValue === SECRET_MASK && isSecretConfigKey(before.configKey) && before.configKey === fields.configKey;
      if (keeps) fields.configValue = before.configValue;
      if (fields.configKey !== before.configKey || fields.configValue !== before.configValue) await assertHostAllowed(fields.configKey, fields.configValue);
      return writing(auth, keeps ? null : fields.configKey, (tx) =>
        tx
          .update(sysConfig)
          .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
          .where(eq(sysConfig.configId, configId)),
      );
    },

    /** Built-in parameters (type Y) are refused before anything is deleted. */
    async remove(auth: AuthContext, configIds: number[]): Promise<string[]> {
      const rows = await configsByIds(db, configIds);
      assertMayTouch(
        auth,
        rows.map((r) => r.configKey),
      );
      const builtIn = rows.find((r) => r.configType === 'Y');
      if (builtIn) throw badRequest('config.builtIn', { key: builtIn.configKey });
      return writing(auth, null, (tx) => tx.delete(sysConfig).where(inArray(sysConfig.configId, configIds)));
    },

    /** Nothing to do: config values are read from the database on every use, never cached. */
    refreshCache: async () => {},

    export: async (q: ConfigFilter, lang: Language) =>
      toXlsx(translate(lang, 'config.excel.sheet'), configColumns(lang), (await allConfigs(db, q)).map(masked), lang),
  };
}
