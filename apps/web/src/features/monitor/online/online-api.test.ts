import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './online-api';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('sessionIdOf', () => {
  it('reads the sid of a JWT payload', () => {
    expect(sessionIdOf(`h.${encode({ sid: '30c63c75-335e-4f47', iat: 1 })}.s`)).toBe('30c63c75-335e-4f47');
  });

  it('is null for no token, a payload without sid, or garbage', () => {
    expect(sessionIdOf(undefined)).toBeNull();
    expect(sessionIdOf(`h.${encode({ iat: 1 })}.s`)).toBeNull();
    expect(sessionIdOf('not-a-jwt')).toBeNull();
    expect(sessionIdOf('a.%%%.b')).toBeNull();
  });
});
