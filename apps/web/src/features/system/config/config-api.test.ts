import { describe, expect, it } from 'vitest';
import { configTitle } from './config-api';

describe('configTitle', () => {
  const row = { configName: '账号自助-验证码开关', configNameEn: 'Account self-service - captcha' };

  it('shows the English name on English screens and the name on Chinese ones', () => {
    expect(configTitle(row, 'en')).toBe('Account self-service - captcha');
    expect(configTitle(row, 'en-US')).toBe('Account self-service - captcha');
    expect(configTitle(row, 'zh')).toBe('账号自助-验证码开关');
  });

  it('shows the name in every language when there is no English name', () => {
    expect(configTitle({ ...row, configNameEn: '' }, 'en')).toBe('账号自助-验证码开关');
  });
});
