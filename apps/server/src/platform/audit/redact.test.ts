import { describe, expect, it } from 'vitest';
import { clip, redactSecrets, redactUrl } from './redact';

describe('redactSecrets', () => {
  it('masks the value of a config parameter whose key names a secret', () => {
    expect(redactSecrets({ configKey: 'sys.user.initPassword', configValue: 'init123', configName: 'x' })).toEqual({
      configKey: 'sys.user.initPassword',
      configValue: '******',
      configName: 'x',
    });
    expect(redactSecrets({ configKey: 'sys.index.skinName', configValue: 'skin-blue' })).toEqual({ configKey: 'sys.index.skinName', configValue: 'skin-blue' });
  });

  it('replaces every value under a secret-looking key, at any depth, and keeps the rest', () => {
    const input = {
      userName: 'jane',
      password: 'secret123',
      confirmPassword: 'secret123',
      oldPassword: 'old12345',
      newPassword: 'new12345',
      pwd: 'x',
      credential: { type: 'userpass', username: 'git', password: 'hunter2' },
      nested: [{ token: 'abc', apiSecret: 's3', keep: 1 }],
      Authorization: 'Bearer t',
      cookie: 'Admin-Token=t',
      roleIds: [1, 2],
    };
    expect(redactSecrets(input)).toEqual({
      userName: 'jane',
      password: '******',
      confirmPassword: '******',
      oldPassword: '******',
      newPassword: '******',
      pwd: '******',
      credential: '******',
      nested: [{ token: '******', apiSecret: '******', keep: 1 }],
      Authorization: '******',
      cookie: '******',
      roleIds: [1, 2],
    });
    // The input is not touched.
    expect(input.password).toBe('secret123');
  });

  it('passes plain values through and stops at a depth limit', () => {
    expect(redactSecrets('password')).toBe('password');
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets(7)).toBe(7);
    let deep: Record<string, unknown> = { password: 'deep' };
    for (let i = 0; i < 12; i++) deep = { next: deep };
    expect(JSON.stringify(redactSecrets(deep))).toContain('deep');
    expect(JSON.stringify(redactSecrets({ a: { b: { password: 'p' } } }))).not.toContain('"p"');
  });
});

describe('redactUrl', () => {
  it('masks secret query parameters and leaves the path and the others alone', () => {
    expect(redactUrl('/prod-api/system/user/profile/updatePwd?oldPassword=old12345&newPassword=new12345')).toBe(
      '/prod-api/system/user/profile/updatePwd?oldPassword=******&newPassword=******',
    );
    expect(redactUrl('/x?userName=jane&pass%77ord=abc&token=t&pageNum=2')).toBe('/x?userName=jane&pass%77ord=******&token=******&pageNum=2');
    expect(redactUrl('/x/password/1')).toBe('/x/password/1');
    expect(redactUrl('/x?flag&secret')).toBe('/x?flag&secret');
    expect(redactUrl('/x?%E0%A4%A=1&pwd=2')).toBe('/x?%E0%A4%A=1&pwd=******');
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text with an ellipsis at the limit', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('abcdef', 5)).toBe('abcd…');
    expect(clip('x'.repeat(3000))).toHaveLength(2000);
  });
});
