import { describe, expect, it } from 'vitest';
import { messageCatalog } from './index';

describe('server messages', () => {
  it('have every key in both zh and en, none empty', () => {
    const zh = Object.keys(messageCatalog.zh).sort();
    const en = Object.keys(messageCatalog.en).sort();
    expect(zh).toEqual(en);
    for (const [k, v] of Object.entries({ ...messageCatalog.zh, ...messageCatalog.en })) expect(v, k).not.toBe('');
  });
});
