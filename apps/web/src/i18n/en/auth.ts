import { authMessages } from '@ccms/contracts/messages/auth';
import type { Messages } from '../types';
import type zh from '../zh/auth';

const m = authMessages.en;

const auth: Messages<typeof zh> = {
  title: 'CCMS Content Management System',
  subtitle: 'Structured documentation and collaboration',
  username: 'User name',
  password: 'Password',
  captcha: 'Captcha',
  captchaAlt: 'Captcha image, click to refresh',
  rememberMe: 'Remember me',
  login: 'Log in',
  loggingIn: 'Logging in…',
  register: 'Register',
  usernameRequired: m['login.username.required'],
  usernameLength: m['login.username.length'],
  passwordRequired: m['login.password.required'],
  passwordLength: m['login.password.length'],
  captchaRequired: m['login.code.required'],
  loginFail: m['login.fail'],
  registerTitle: 'Register',
  registerNotice: 'Self-registration is not available. Please contact the provider to open an account.',
  backToLogin: 'Back to login',
  changeTitle: 'Change your initial password',
  changeNotice: m['password.changeRequired'],
  newPassword: 'New password',
  confirmPassword: 'Confirm the new password',
  passwordMismatch: m['register.passwordMismatch'],
  passwordSame: m['profile.samePassword'],
  changeSubmit: 'Change and continue',
  changing: 'Submitting…',
  changeCancel: 'Sign out',
  copyright: 'Copyright © CCMS. All Rights Reserved.',
};
export default auth;
