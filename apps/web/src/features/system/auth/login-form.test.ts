import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './login-form';

describe('validateNewPassword', () => {
  it('wants 6 to 15 characters, typed twice, different from the password someone else set', () => {
    expect(validateNewPassword({ newPassword: '', confirmPassword: '' }, 'init123')).toEqual({
      newPassword: 'passwordRequired',
      confirmPassword: 'passwordRequired',
    });
    expect(validateNewPassword({ newPassword: '12345', confirmPassword: '12345' }, 'init123').newPassword).toBe('passwordLength');
    expect(validateNewPassword({ newPassword: 'init123', confirmPassword: 'init123' }, 'init123').newPassword).toBe('passwordSame');
    expect(validateNewPassword({ newPassword: 'mine12345', confirmPassword: 'mine1234' }, 'init123')).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(validateNewPassword({ newPassword: 'mine12345', confirmPassword: 'mine12345' }, 'init123')).toEqual({});
  });
});
