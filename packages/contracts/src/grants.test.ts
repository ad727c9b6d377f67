import { describe, expect, it } from 'vitest';
import { abilitiesOf, GRANT_LEVELS, type GrantNeed, levelAllows, strongestLevel } from './grants';

describe('levelAllows', () => {
  // Rows: level; columns: read, write, configure, own.
  const table: [string | null, boolean, boolean, boolean, boolean][] = [
    ['owner', true, true, true, true],
    ['admin', true, true, true, false],
    ['write', true, true, false, false],
    ['read', true, false, false, false],
    [null, false, false, false, false],
  ];
  const needs: GrantNeed[] = ['read', 'write', 'configure', 'own'];

  it.each(table)('%s allows exactly its needs', (level, ...expected) => {
    const typed = level === null ? null : GRANT_LEVELS.find((l) => l === level);
    expect(needs.map((need) => levelAllows(typed, need))).toEqual(expected);
  });

  it('allows nothing without a level', () => {
    expect(levelAllows(undefined, 'read')).toBe(false);
  });
});

describe('strongestLevel', () => {
  it('picks the strongest whatever the order', () => {
    expect(strongestLevel(['read', 'owner', 'write'])).toBe('owner');
    expect(strongestLevel(['write', 'admin', 'read'])).toBe('admin');
    expect(strongestLevel(['read', 'write'])).toBe('write');
  });

  it('is null for none and ignores texts that are no level', () => {
    expect(strongestLevel([])).toBeNull();
    expect(strongestLevel(['root', '', null, undefined, false])).toBeNull();
    expect(strongestLevel(['root', 'read'])).toBe('read');
  });
});

describe('abilitiesOf', () => {
  it('follows the level', () => {
    expect(abilitiesOf('owner')).toEqual({ read: true, write: true, configure: true, remove: true, grantOwner: true });
    expect(abilitiesOf('admin')).toEqual({ read: true, write: true, configure: true, remove: true, grantOwner: false });
    expect(abilitiesOf('write')).toEqual({ read: true, write: true, configure: false, remove: false, grantOwner: false });
    expect(abilitiesOf('read')).toEqual({ read: true, write: false, configure: false, remove: false, grantOwner: false });
    expect(abilitiesOf(null)).toEqual({ read: false, write: false, configure: false, remove: false, grantOwner: false });
  });

  it('lets a superuser hand out ownership at any level', () => {
    expect(abilitiesOf('admin', true)).toEqual({ read: true, write: true, configure: true, remove: true, grantOwner: true });
  });
});
