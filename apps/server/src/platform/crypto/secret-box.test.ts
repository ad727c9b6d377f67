import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  it('round-trips, never stores the clear text, and differs on every seal', () => {
    const a = sealSecret('key-1', 'hunter2');
    const b = sealSecret('key-1', 'hunter2');
    expect(a).not.toContain('hunter2');
    expect(a).not.toBe(b);
    expect(openSecret('key-1', a)).toBe('hunter2');
  });

  it('refuses a wrong key or a tampered value', () => {
    const sealed = sealSecret('key-1', 'hunter2');
    expect(() => openSecret('key-2', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => openSecret('key-1', parts.join('.'))).toThrow();
    expect(() => openSecret('key-1', 'plain')).toThrow();
  });
});
