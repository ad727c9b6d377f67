import type { Tx } from '../client';
import { sysConfig } from '../schema';

export async function seedConfig(tx: Tx, opts: { captchaEnabled: boolean }) {
  await tx.insert(sysConfig).values([
    {
      configName: '账号自助-验证码开关',
      configKey: 'sys.account.captchaEnabled',
      configValue: String(opts.captchaEnabled),
      configType: 'Y',
      createBy: 'admin',
      remark: 'Captcha on the sign-in page (true/false)',
    },
    {
      configName: '账号自助-是否开启用户注册功能',
      configKey: 'sys.account.registerUser',
      configValue: 'false',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Self registration (true/false)',
    },
    {
      configName: '用户管理-账号初始密码',
      configKey: 'sys.user.initPassword',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Initial password for new users; empty means the administrator types one',
    },
    { configName: '主框架页-默认皮肤样式名称', configKey: 'sys.index.skinName', configValue: 'skin-blue', configType: 'Y', createBy: 'admin', remark: '' },
    {
      configName: '主框架页-侧边栏主题',
      configKey: 'sys.index.sideTheme',
      configValue: 'theme-light',
      configType: 'Y',
      createBy: 'admin',
      remark: 'theme-dark or theme-light',
    },
    {
      configName: '用户管理-密码更新周期',
      configKey: 'sys.account.passwordValidateDays',
      configValue: '0',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Days before a password must change; 0 never',
    },
    {
      configName: '版本检查-更新地址',
      configKey: 'sys.version.url',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Where the version notice button points',
    },
    {
      configName: '系统接口-文档公开',
      configKey: 'sys.api.docsPublic',
      configValue: 'false',
      configType: 'Y',
      createBy: 'admin',
      remark: 'true serves the OpenAPI docs (/prod-api/swagger) without sign-in',
    },
    {
      configName: '库管理-允许的内网仓库地址',
      configKey: 'ccms.library.allowPrivateUrls',
      configValue: '',
      configType: 'Y',
      createBy: 'admin',
      remark: 'Hosts or addresses (comma separated, or true) a library URL may use although loopback or link-local',
    },
  ]);
}
