import { authMessages } from '@ccms/contracts/messages/auth';

const m = authMessages.zh;

/** Sign-in and register screens; the validation texts are the server's (spec section 5). */
export default {
  title: 'CCMS 内容管理系统',
  subtitle: '结构化文档内容管理与协作平台',
  username: '账号',
  password: '密码',
  captcha: '验证码',
  captchaAlt: '验证码图片，点击刷新',
  rememberMe: '记住账号',
  login: '登 录',
  loggingIn: '登 录 中…',
  register: '立即注册',
  usernameRequired: m['login.username.required'],
  usernameLength: m['login.username.length'],
  passwordRequired: m['login.password.required'],
  passwordLength: m['login.password.length'],
  captchaRequired: m['login.code.required'],
  loginFail: m['login.fail'],
  registerTitle: '注册账号',
  registerNotice: '暂不开放自助注册，请联系服务提供商开通账号。',
  backToLogin: '返回登录',
  changeTitle: '修改初始密码',
  changeNotice: m['password.changeRequired'],
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  passwordMismatch: m['register.passwordMismatch'],
  passwordSame: m['profile.samePassword'],
  changeSubmit: '修改并进入',
  changing: '提 交 中…',
  changeCancel: '退出登录',
  copyright: 'Copyright © CCMS. All Rights Reserved.',
} as const;
