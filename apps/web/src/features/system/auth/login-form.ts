import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@ccms/contracts/constants';

export interface LoginValues {
  username: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

export type LoginField = 'username' | 'password' | 'code';

/** Message keys of the auth namespace. */
type MessageKey = 'usernameRequired' | 'usernameLength' | 'passwordRequired' | 'passwordLength' | 'captchaRequired';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}
export type NewPasswordField = keyof NewPasswordValues;

/** The forced change after signing in with a password someone else set: 6 to 15 characters, typed twice, not the old one. */
export function validateNewPassword(values: NewPasswordValues, oldPassword: string) {
  const errors: Partial<Record<NewPasswordField, 'passwordRequired' | 'passwordLength' | 'passwordMismatch' | 'passwordSame'>> = {};
  const { newPassword, confirmPassword } = values;
  if (!newPassword) errors.newPassword = 'passwordRequired';
  else if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) errors.newPassword = 'passwordLength';
  else if (newPassword === oldPassword) errors.newPassword = 'passwordSame';
  if (!confirmPassword) errors.confirmPassword = 'passwordRequired';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** The sign-in rules of spec section 5: user name required, 3 to 10; password required, 6 to 15; captcha when enabled. */
export function validateLogin(values: LoginValues, captchaEnabled: boolean): Partial<Record<LoginField, MessageKey>> {
  const errors: Partial<Record<LoginField, MessageKey>> = {};
  const username = values.username.trim();
  if (!username) errors.username = 'usernameRequired';
  else if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) errors.username = 'usernameLength';
  if (!values.password) errors.password = 'passwordRequired';
  else if (values.password.length < PASSWORD_MIN || values.password.length > PASSWORD_MAX) errors.password = 'passwordLength';
  if (captchaEnabled && !values.code.trim()) errors.code = 'captchaRequired';
  return errors;
}
