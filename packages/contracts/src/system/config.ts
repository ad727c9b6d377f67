import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf, TimeRangeQuery } from '../http';
import { MAIL_CONFIG_KEYS } from './notification';

export const Config = z.object({
  configId: z.number(),
  configName: z.string(),
  configNameEn: z.string().describe('the name in English; empty: the name shows in every language'),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.string().describe('Y built in (cannot be deleted), N user defined'),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Config = z.infer<typeof Config>;

export const ConfigFilter = z
  .object({
    configName: z.string().max(100).optional().describe('part of the name, in either language'),
    configKey: z.string().max(100).optional().describe('parameter key, e.g. sys.account.captchaEnabled'),
    configType: z.enum(['Y', 'N']).optional().describe('Y: built in (cannot be deleted), N: user defined'),
  })
  .extend(TimeRangeQuery.shape);
export type ConfigFilter = z.infer<typeof ConfigFilter>;

export const ConfigQuery = PageQuery.extend(ConfigFilter.shape);
export type ConfigQuery = z.infer<typeof ConfigQuery>;

export const ConfigBody = z.object({
  configName: z.string().trim().min(1).max(100),
  configNameEn: z.string().trim().max(100).default('').describe('the name in English; empty: the name shows in every language'),
  configKey: z.string().trim().min(1).max(100).describe('unique key such as sys.account.captchaEnabled'),
  configValue: z.string().max(500).default(''),
  configType: z.enum(['Y', 'N']).default('N').describe('Y: built in (cannot be deleted), N: user defined'),
  remark: z.string().max(500).optional(),
});
export type ConfigBody = z.infer<typeof ConfigBody>;

export const ConfigUpdate = ConfigBody.extend({
  configId: z.coerce.number().int().positive().describe('id of a system parameter'),
  // Left out (a client that does not know it): the English name stays as it is.
  configNameEn: z.string().trim().max(100).optional().describe('the name in English; left out: unchanged; empty: the name shows in every language'),
});
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;

/**
 * Keys any signed-in user may read by key: what the web needs without administration rights.
 * Every other key needs system:config:query.
 */
export const PUBLIC_CONFIG_KEYS: ReadonlySet<string> = new Set([
  'sys.account.captchaEnabled',
  'sys.account.registerUser',
  'sys.account.passwordValidateDays',
  'sys.index.skinName',
  'sys.index.sideTheme',
  'sys.version.code',
  'sys.version.url',
]);

/** What a secret value reads as; writing it back keeps the stored value. */
export const SECRET_MASK = '******';

/** Keys whose values are secrets (the initial password, SMTP or connection passwords, tokens): never answered, masked in lists and logs. */
export const isSecretConfigKey = (key: string) => /pass(word)?|pwd|secret|token|credential|private.?key/i.test(key);

/**
 * The administrator's allowance of hosts or addresses (comma separated, or "true") the server may
 * reach although loopback, private or link-local: git remotes, the single sign-on issuer, the SMTP
 * server and delivery connections obey it.
 */
export const ALLOW_PRIVATE_URLS_KEY = 'ccms.library.allowPrivateUrls';

/** "true": /prod-api refusals keep their HTTP status; otherwise (RuoYi's way) they answer 200 with the code in the body. */
export const HTTP_STATUS_KEY = 'sys.api.httpStatus';

/** Keys only an administrator may add, change, rename or delete: system:config:edit alone is not enough. */
export const ADMIN_ONLY_CONFIG_KEYS: ReadonlySet<string> = new Set([ALLOW_PRIVATE_URLS_KEY]);

/**
 * Config secrets that only ever go to the server they were entered for: a save that changes any
 * of the `endpoint` keys clears the stored secret (the user enters it again for the new server).
 */
export const ENDPOINT_BOUND_SECRETS: readonly { secret: string; endpoint: readonly string[] }[] = [
  { secret: MAIL_CONFIG_KEYS.password, endpoint: [MAIL_CONFIG_KEYS.host, MAIL_CONFIG_KEYS.port, MAIL_CONFIG_KEYS.secure] },
];

/** What a save answers: the secrets it cleared because the server they belong to changed. */
export const ConfigSaveResult = z.object({
  clearedSecrets: z.array(z.string()).describe('keys of stored secrets cleared by this save (enter them again)'),
});
export type ConfigSaveResult = z.infer<typeof ConfigSaveResult>;

/** GET /system/config/configKey/{key}: RuoYi's web reads the value from msg; data carries it too. */
export const ConfigValueResult = z.object({ code: z.number(), msg: z.string(), data: z.string() });

/** Parameter permission strings: routes declare them, the seeded menus grant them. */
export const ConfigPerm = {
  list: 'system:config:list',
  query: 'system:config:query',
  add: 'system:config:add',
  edit: 'system:config:edit',
  remove: 'system:config:remove',
  export: 'system:config:export',
} as const;

/** Exports answer a workbook, not an envelope. */
const Xlsx = z.unknown().describe('an .xlsx workbook');
const ConfigIdParam = z.object({ configId: z.coerce.number().int().positive() });
const tag = 'system/config';

/** The system parameters API (RuoYi's SysConfigController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ConfigApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/config/list',
    access: { permission: ConfigPerm.list },
    summary: 'List system parameters by page',
    tag,
    query: ConfigQuery,
    response: rowsOf(Config),
  }),
  export: endpoint({
    method: 'POST',
    url: '/system/config/export',
    access: { permission: ConfigPerm.export },
    summary: 'Export system parameters as an Excel workbook',
    tag,
    body: ConfigFilter,
    response: Xlsx,
  }),
  byKey: endpoint({
    method: 'GET',
    url: '/system/config/configKey/:configKey',
    access: { authenticated: true },
    summary: "Get a system parameter's value by its key",
    tag,
    params: z.object({ configKey: z.string().min(1).max(100) }),
    response: ConfigValueResult,
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/config/:configId',
    access: { permission: ConfigPerm.query },
    summary: 'Get a system parameter',
    tag,
    params: ConfigIdParam,
    response: okOf(Config),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/config',
    access: { permission: ConfigPerm.add },
    summary: 'Create a system parameter',
    tag,
    body: ConfigBody,
    response: okOf(ConfigSaveResult),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/config',
    access: { permission: ConfigPerm.edit },
    summary: 'Update a system parameter',
    tag,
    body: ConfigUpdate,
    response: okOf(ConfigSaveResult),
  }),
  refreshCache: endpoint({
    method: 'DELETE',
    url: '/system/config/refreshCache',
    access: { permission: ConfigPerm.remove },
    summary: 'Reload the system parameter cache',
    tag,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/config/:ids',
    access: { permission: ConfigPerm.remove },
    summary: 'Delete system parameters',
    tag,
    params: z.object({ ids: IdList }),
    response: okOf(ConfigSaveResult),
  }),
};
