import { z } from 'zod';

/**
 * One grant model for everything granted to a user, a role or all (libraries, projects, and
 * later publications and regulations): one ranking of levels, one `levelAllows`, one set of
 * abilities the responses carry so the web never re-derives rules from level strings.
 */

/** Object-level rights, strongest first: owner and admin configure, write changes content, read sees it. */
export const GRANT_LEVELS = ['owner', 'admin', 'write', 'read'] as const;
export const GrantLevel = z.enum(GRANT_LEVELS);
export type GrantLevel = z.infer<typeof GrantLevel>;

/** Who a grant is for: one user, one role, or everyone signed in (grantee id 0). */
export const GRANTEE_TYPES = ['user', 'role', 'all'] as const;
export const GranteeType = z.enum(GRANTEE_TYPES).describe('who is granted: a user, a role, or all (everyone)');
export type GranteeType = z.infer<typeof GranteeType>;

/**
 * What an action on a granted object needs: `read` its content, `write` (change) it, `configure`
 * it (settings, members, grants, delete), or `own` it (hand out or take away the owner level).
 */
export type GrantNeed = 'read' | 'write' | 'configure' | 'own';

const LEVEL_RANK: Record<GrantLevel, number> = { owner: 4, admin: 3, write: 2, read: 1 };
const NEED_RANK: Record<GrantNeed, number> = { read: 1, write: 2, configure: 3, own: 4 };

export const isGrantLevel = (value: unknown): value is GrantLevel => typeof value === 'string' && value in LEVEL_RANK;

/** Whether a level (null: none) is enough for the need. */
export function levelAllows(level: GrantLevel | null | undefined, need: GrantNeed): boolean {
  return !!level && LEVEL_RANK[level] >= NEED_RANK[need];
}

/** The strongest of the given levels (stored texts that are no level are ignored); null when there is none. */
export function strongestLevel(levels: Iterable<string | null | undefined | false>): GrantLevel | null {
  let best: GrantLevel | null = null;
  for (const level of levels) if (isGrantLevel(level) && (best === null || LEVEL_RANK[level] > LEVEL_RANK[best])) best = level;
  return best;
}

/** What the caller may do on one object, as responses carry it (outline's policy presenter). */
export const Abilities = z.object({
  read: z.boolean().describe('see the content'),
  write: z.boolean().describe('change the content'),
  configure: z.boolean().describe('edit the object, its settings, members and grants'),
  remove: z.boolean().describe('delete the object'),
  grantOwner: z.boolean().describe('hand out or take away the owner level'),
});
export type Abilities = z.infer<typeof Abilities>;

/**
 * The abilities a level gives; `superuser` (a system admin, whatever level it resolves to)
 * may also hand out ownership.
 */
export function abilitiesOf(level: GrantLevel | null | undefined, superuser = false): Abilities {
  return {
    read: levelAllows(level, 'read'),
    write: levelAllows(level, 'write'),
    configure: levelAllows(level, 'configure'),
    remove: levelAllows(level, 'configure'),
    grantOwner: superuser || levelAllows(level, 'own'),
  };
}
