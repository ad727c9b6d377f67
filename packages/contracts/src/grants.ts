import { z } from 'zod';

/**
 * One grant model for everything granted to a user, a role or all (libraries, projects, and
 * later publications and regulations): one ranking of levels, one `levelAllows`, one set of
 * abilities the responses carry so the web never re-derives rules from level strings.
 */

/**
 * Object-level rights, strongest first: owner and admin configure, write changes content, publish
 * publishes and delivers it (and manages its outputs) without changing it, read sees it.
 */
export const GRANT_LEVELS = ['owner', 'admin', 'write', 'publish', 'read'] as const;
export const GrantLevel = z.enum(GRANT_LEVELS);
export type GrantLevel = z.infer<typeof GrantLevel>;

/** The levels of objects with nothing to publish (projects, regulations): publish is a library level only. */
export const PLAIN_LEVELS = ['owner', 'admin', 'write', 'read'] as const satisfies readonly GrantLevel[];
export const PlainLevel = z.enum(PLAIN_LEVELS);

/** Who a grant is for: one user, one role, or everyone signed in (grantee id 0). */
export const GRANTEE_TYPES = ['user', 'role', 'all'] as const;
export const GranteeType = z.enum(GRANTEE_TYPES).describe('who is granted: a user, a role, or all (everyone)');
export type GranteeType = z.infer<typeof GranteeType>;

/**
 * What an action on a granted object needs: `read` its content, `publish` it (publish, deliver,
 * manage its outputs; no content change), `write` (change) it, `configure` it (settings, members,
 * grants, delete), or `own` it (hand out or take away the owner level).
 */
export const GRANT_NEEDS = ['read', 'publish', 'write', 'configure', 'own'] as const;
export type GrantNeed = (typeof GRANT_NEEDS)[number];

const LEVEL_RANK: Record<GrantLevel, number> = { owner: 5, admin: 4, write: 3, publish: 2, read: 1 };
const NEED_RANK: Record<GrantNeed, number> = { read: 1, publish: 2, write: 3, configure: 4, own: 5 };

/** The weakest level that meets a need (what a refusal names). */
export const LEVEL_FOR_NEED: Record<GrantNeed, GrantLevel> = { read: 'read', publish: 'publish', write: 'write', configure: 'admin', own: 'owner' };

export const isGrantLevel = (value: unknown): value is GrantLevel => typeof value === 'string' && value in LEVEL_RANK;

/** Whether a level (null: none) is enough for the need. */
export function levelAllows(level: GrantLevel | null | undefined, need: GrantNeed): boolean {
  return !!level && LEVEL_RANK[level] >= NEED_RANK[need];
}

/**
 * The strongest of the given levels among `allowed` (stored texts that are no such level are
 * ignored: a publish grant counts on a library only); null when there is none.
 */
export function strongestLevel<L extends GrantLevel = GrantLevel>(
  levels: Iterable<string | null | undefined | false>,
  allowed: readonly L[] = GRANT_LEVELS as unknown as readonly L[],
): L | null {
  let best: L | null = null;
  for (const level of levels) {
    const known = allowed.find((l) => l === level);
    if (known !== undefined && (best === null || LEVEL_RANK[known] > LEVEL_RANK[best])) best = known;
  }
  return best;
}

/** What the caller may do on one object, as responses carry it (outline's policy presenter). */
export const Abilities = z.object({
  read: z.boolean().describe('see the content'),
  publish: z.boolean().describe('publish and deliver the content, manage its outputs'),
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
    publish: levelAllows(level, 'publish'),
    write: levelAllows(level, 'write'),
    configure: levelAllows(level, 'configure'),
    remove: levelAllows(level, 'configure'),
    grantOwner: superuser || levelAllows(level, 'own'),
  };
}
