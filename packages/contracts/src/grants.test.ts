import { describe, expect, it } from 'vitest';
import { abilitiesOf, GRANT_LEVELS, type GrantNeed, LEVEL_FOR_NEED, levelAllows, PLAIN_LEVELS, strongestLevel } from './grants';

describe('levelAllows', () => {
  // Rows: level; columns: read, publish, write, configure, own.
  const table: [string | null, boolean, boolean, boolean, boolean, boolean][] = [
    ['owner', true, true, true, true, true],
    ['admin', true, true, true, true, false],
    ['write', true, true, true, false, false],
    ['publish', true, true, false, false, false],
    ['read', true, false, false, false, false],
    [null, false, false, false, false, false],
  ];
  const needs: GrantNeed[] = ['read', 'publish', 'write', 'configure', 'own'];

  it.each(table)('%s allows exactly its needs', (level, ...expected) => {
    const typed = level === null ? null : GRANT_LEVELS.find((l) => l === level);
    expect(needs.map((need) => levelAllows(typed, need))).toEqual(expected);
  });

  it('allows nothing without a level', () => {
    expect(levelAllows(undefined, 'read')).toBe(false);
  });

  it('names the weakest level that meets each need', () => {
    for (const [need, level] of Object.entries(LEVEL_FOR_NEED)) {
      expect(levelAllows(level, need as GrantNeed), need).toBe(true);
      const weaker = GRANT_LEVELS.filter((l) => !levelAllows(l, need as GrantNeed));
      expect(GRANT_LEVELS.indexOf(level), need).toBe(GRANT_LEVELS.length - weaker.length - 1);
    }
  });
});

describe('strongestLevel', () => {
  it('picks the strongest whatever the order', () => {
    expect(strongestLevel(['read', 'owner', 'write'])).toBe('owner');
    expect(strongestLevel(['write', 'admin', 'read'])).toBe('admin');
    expect(strongestLevel(['read', 'write'])).toBe('write');
    expect(strongestLevel(['read', 'publish'])).toBe('publish');
    expect(strongestLevel(['publish', 'write'])).toBe('write');
  });

  it('is null for none and ignores texts that are no level', () => {
    expect(strongestLevel([])).toBeNull();
    expect(strongestLevel(['root', '', null, undefined, false])).toBeNull();
    expect(strongestLevel(['root', 'read'])).toBe('read');
  });

  it('counts only the allowed levels (publish is a library level)', () => {
    expect(strongestLevel(['publish', 'read'], PLAIN_LEVELS)).toBe('read');
    expect(strongestLevel(['publish'], PLAIN_LEVELS)).toBeNull();
    expect(strongestLevel(['publish', 'read'])).toBe('publish');
  });
});

describe('abilitiesOf', () => {
  it('follows the level', () => {
    expect(abilitiesOf('owner')).toEqual({ read: true, publish: true, write: true, configure: true, remove: true, grantOwner: true });
    expect(abilitiesOf('admin')).toEqual({ read: true, publish: true, write: true, configure: true, remove: true, grantOwner: false });
    expect(abilitiesOf('write')).toEqual({ read: true, publish: true, write: true, configure: false, remove: false, grantOwner: false });
    expect(abilitiesOf('publish')).toEqual({ read: true, publish: true, write: false, configure: false, remove: false, grantOwner: false });
    expect(abilitiesOf('read')).toEqual({ read: true, publish: false, write: false, configure: false, remove: false, grantOwner: false });
    expect(abilitiesOf(null)).toEqual({ read: false, publish: false, write: false, configure: false, remove: false, grantOwner: false });
  });

  it('lets a superuser hand out ownership at any level', () => {
    expect(abilitiesOf('admin', true)).toEqual({ read: true, publish: true, write: true, configure: true, remove: true, grantOwner: true });
  });
});
