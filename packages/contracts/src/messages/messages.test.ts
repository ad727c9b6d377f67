import { describe, expect, it } from 'vitest';
import { messageAreas, messageCatalog } from './index';

describe('server messages', () => {
  it('have every key in both zh and en, none empty', () => {
    const zh = Object.keys(messageCatalog.zh).sort();
    const en = Object.keys(messageCatalog.en).sort();
    expect(zh).toEqual(en);
    for (const [k, v] of Object.entries({ ...messageCatalog.zh, ...messageCatalog.en })) expect(v, k).not.toBe('');
  });

  it('keep each key in one area (a second definition would silently replace the first)', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, messages] of Object.entries(messageAreas)) {
      for (const key of Object.keys(messages.en)) {
        const first = owner.get(key);
        if (first) twice.push(`${key}: ${first} and ${area}`);
        owner.set(key, area);
      }
    }
    expect(twice).toEqual([]);
  });
});
