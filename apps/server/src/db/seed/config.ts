import type { Db, Tx } from '../client';
import { sysConfig } from '../schema';

/**
 * The English names of the seeded parameters (System → Parameters in English). Migration
 * 0014_config_name_en gives them to the parameters of a database made before.
 */
export const CONFIG_NAMES_EN: Record<string, string> = {
  'sys.account.captchaEnabled': 'Account self-service - captcha',
  'sys.account.registerUser': 'Account self-service - self registration',
  'sys.user.initPassword': 'User management - initial password',
  'sys.index.skinName': 'Main frame - default skin',
  'sys.index.sideTheme': 'Main frame - side bar theme',
  'sys.account.passwordValidateDays': 'User management - password change interval',
  'sys.version.code': 'Version check - latest version',
  'sys.version.url': 'Version check - update address',
  'sys.api.docsPublic': 'System API - public docs',
  'sys.api.httpStatus': 'System API - refusals with HTTP status',
  'ccms.library.allowPrivateUrls': 'Private addresses allowed',
  'tool.gen.writeToWorkTree': 'Code generation - write into the project',
  'mail.smtp.host': 'Mail notices - SMTP server',
  'mail.smtp.port': 'Mail notices - SMTP port',
  'mail.smtp.secure': 'Mail notices - encryption',
  'mail.smtp.from': 'Mail notices - sender',
  'mail.smtp.user': 'Mail notices - account',
  'mail.smtp.password': 'Mail notices - password',
  'mail.site.url': 'Mail notices - site address',
};

/** Parameters added after databases were first seeded: a new database gets them with the rest, an older one on its next start (seedLaterConfig). */
const LATER_CONFIG = [
  {
    configName: '系统接口-错误使用 HTTP 状态码',
    configNameEn: CONFIG_NAMES_EN['sys.api.httpStatus'],
    configKey: 'sys.api.httpStatus',
    configValue: 'false',
    configType: 'Y',
    createBy: 'admin',
    remark:
      "false (RuoYi's way, for RuoYi clients): /prod-api refusals answer HTTP 200 with the code in the body (401, 403, 500 with the message; the refusal's own status as status). true: they answer with their HTTP status (400, 401, 403, 404, 409...), for API clients that read statuses",
  },
] satisfies (typeof sysConfig.$inferInsert)[];

/** Keys seedLaterConfig adds to an older database (their English names come with them). */
export const LATER_CONFIG_KEYS: ReadonlySet<string> = new Set(LATER_CONFIG.map((c) => c.configKey));

/** Adds the later parameters an older database lacks, with their defaults; an existing row is left as the administrator set it. */
export async function seedLaterConfig(db: Db) {
  await db.insert(sysConfig).values(LATER_CONFIG).onConflictDoNothing({ target: sysConfig.configKey });
}

export async function seedConfig(tx: Tx, opts: { captchaEnabled: boolean }) {
  await tx.insert(sysConfig).values([
    {
      configName: '账号自助-验证码开关',
      configNameEn: CONFIG_NAMES_EN['sys.account.captchaEnabled'],
      configKey: 'sys.account.captchaEnabled',
      configValue: String(opts.captchaEnabled),
      configType: 'Y',
      createBy: 'admin',
      remark: 'Captcha on the sign-in page (true/false)',
    },
    {
      configName: '账号自助-是否开启用户注册功能',
      configNameEn: CONFIG_NAMES_EN['sys.account.registerUser'],
      configKey: 'sys.account.registerUser',
      configValue: 'false',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Self registration (true/false)',
    },
    {
      configName: '用户管理-账号初始密码',
      configNameEn: CONFIG_NAMES_EN['sys.user.initPassword'],
      configKey: 'sys.user.initPassword',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Initial password for new users; empty means the administrator types one',
    },
    {
      configName: '主框架页-默认皮肤样式名称',
      configNameEn: CONFIG_NAMES_EN['sys.index.skinName'],
      configKey: 'sys.index.skinName',
      configValue: 'skin-blue',
      configType: 'Y',
      createBy: 'admin',
      remark: '',
    },
    {
      configName: '主框架页-侧边栏主题',
      configNameEn: CONFIG_NAMES_EN['sys.index.sideTheme'],
      configKey: 'sys.index.sideTheme',
      configValue: 'theme-light',
      configType: 'Y',
      createBy: 'admin',
      remark: 'theme-dark or theme-light',
    },
    {
      configName: '用户管理-密码更新周期',
      configNameEn: CONFIG_NAMES_EN['sys.account.passwordValidateDays'],
      configKey: 'sys.account.passwordValidateDays',
      configValue: '0',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Days before a password must change; 0 never',
    },
    {
      configName: '版本检查-最新版本号',
      configNameEn: CONFIG_NAMES_EN['sys.version.code'],
      configKey: 'sys.version.code',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'The latest released version (e.g. V2.3.0); newer than the running one shows the version notice',
    },
    {
      configName: '版本检查-更新地址',
      configNameEn: CONFIG_NAMES_EN['sys.version.url'],
      configKey: 'sys.version.url',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Where the version notice button points',
    },
    {
      configName: '系统接口-文档公开',
      configNameEn: CONFIG_NAMES_EN['sys.api.docsPublic'],
      configKey: 'sys.api.docsPublic',
      configValue: 'false',
      configType: 'Y',
      createBy: 'admin',
      remark: 'true serves the OpenAPI docs (/prod-api/swagger) without sign-in',
    },
    {
      configName: '允许访问的内网地址',
      configNameEn: CONFIG_NAMES_EN['ccms.library.allowPrivateUrls'],
      configKey: 'ccms.library.allowPrivateUrls',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark:
        'Hosts or addresses (comma separated, or true) the server may reach although loopback, private or link-local: library URLs, the SSO issuer, the SMTP host, delivery connections. Administrator only',
    },
    {
      configName: '代码生成-生成到项目',
      configNameEn: CONFIG_NAMES_EN['tool.gen.writeToWorkTree'],
      configKey: 'tool.gen.writeToWorkTree',
      configValue: 'false',
      configType: 'Y',
      createBy: 'admin',
      remark: "true lets the code generator write into the server's source tree (CCMS_PROJECT_ROOT); never in production",
    },
    // Mail notices (issue 16): an empty host sends no mail; the password is masked like every secret-like key.
    {
      configName: '邮件通知-SMTP 服务器',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.host'],
      configKey: 'mail.smtp.host',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'SMTP server host; empty sends no mail',
    },
    {
      configName: '邮件通知-SMTP 端口',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.port'],
      configKey: 'mail.smtp.port',
      configValue: '587',
      configType: 'Y',
      createBy: 'admin',
      remark: 'SMTP port (465 ssl, 587 starttls, 25 none)',
    },
    {
      configName: '邮件通知-加密方式',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.secure'],
      configKey: 'mail.smtp.secure',
      configValue: 'starttls',
      configType: 'Y',
      createBy: 'admin',
      remark: 'ssl, starttls or none',
    },
    {
      configName: '邮件通知-发件人',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.from'],
      configKey: 'mail.smtp.from',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Sender address, e.g. CCMS <ccms@example.com>',
    },
    {
      configName: '邮件通知-账号',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.user'],
      configKey: 'mail.smtp.user',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'SMTP user; empty sends without signing in',
    },
    {
      configName: '邮件通知-密码',
      configNameEn: CONFIG_NAMES_EN['mail.smtp.password'],
      configKey: 'mail.smtp.password',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'SMTP password (masked)',
    },
    {
      configName: '邮件通知-站点地址',
      configNameEn: CONFIG_NAMES_EN['mail.site.url'],
      configKey: 'mail.site.url',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Web address for links in mails, e.g. https://ccms.example.com',
    },
    ...LATER_CONFIG,
  ]);
}
