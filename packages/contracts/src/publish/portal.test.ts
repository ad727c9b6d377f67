import { describe, expect, it } from 'vitest';
import { JOB_ROLES, jobRolePerms } from '../system/job-roles';
import { isPortalReader } from './portal';

const perms = (key: string) => {
  const role = JOB_ROLES.find((r) => r.roleKey === key);
  if (!role) throw new Error(`no job role ${key}`);
  return jobRolePerms(role);
};

describe('who lives in the portal', () => {
  it('is the reader job role, and no other job role nor the administrator', () => {
    expect(isPortalReader(perms('reader'))).toBe(true);
    for (const key of ['author', 'reviewer', 'translator', 'publisher', 'teamLead']) expect(isPortalReader(perms(key)), key).toBe(false);
    expect(isPortalReader(['*:*:*'])).toBe(false);
  });

  it('needs a permission that opens outputs: a user with none has nothing to read there', () => {
    expect(isPortalReader(['ccms:library:list'])).toBe(false);
    expect(isPortalReader([])).toBe(false);
    expect(isPortalReader(['ccms:publication:list', 'system:user:list'])).toBe(false);
  });
});
