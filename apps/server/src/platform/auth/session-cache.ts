import { randomUUID } from 'node:crypto';
import { SESSION_CACHE_PREFIX, SESSION_ENDED_PREFIX, SESSION_STAMP_KEY } from '../cache/keys';
import type { CacheStore } from '../cache/store';
import type { RoleGrant } from './access';

/**
 * How long a resolved session is kept in Redis. Changes made through the server are seen by the
 * next request (the stamp, the end marks); a change made straight in the database is seen once
 * the copy expires, so this bounds how long such a change can go unseen.
 */
export const SESSION_CACHE_TTL_SECONDS = 300;
/** An end mark outlives any copy that a request racing the end could still write (see `keep`). */
const ENDED_TTL_SECONDS = 2 * SESSION_CACHE_TTL_SECONDS;
/** A request slower than this from its lookup to its write does not write: its copy could outlive an end mark. */
const WRITE_WITHIN_MS = (SESSION_CACHE_TTL_SECONDS * 1000) / 2;

/** What a resolved session holds, as kept in Redis: everything `resolveSession` answers from, times in ms. */
export interface CachedSession {
  /** The access stamp read before the database was: the copy is good only while the stamp is still this. */
  stamp: string;
  /** When the database was read for it (ms): a copy is served for SESSION_CACHE_TTL_SECONDS from then, however often it is refreshed. */
  readAt: number;
  secretHash: string;
  expireTime: number;
  lastAccessTime: number;
  loginTime: number;
  ipaddr: string;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  pwdChangeRequired: boolean;
  roles: RoleGrant[];
  perms: (string | null)[];
}

/** One round trip's answer: the copy (if any), the current stamp (null: none yet) and whether the session was ended. */
export interface SessionLookup {
  entry: CachedSession | null;
  stamp: string | null;
  ended: boolean;
  /** When the lookup was made (ms): `keep` refuses to write a copy read too long ago. */
  at: number;
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * The sessions' fast path: resolved sessions kept in the cache store when it is Redis (shared by
 * every node), so a signed-in request needs no PostgreSQL query. PostgreSQL stays the truth; a copy
 * is served only while
 * - the access stamp it was read under is still current: whatever changes what a resolved session
 *   holds (users, their roles, roles, menus, departments) sets a new stamp after its commit, so every
 *   node's next request reads the database again. The stamp is a random value, never a counter: a
 *   stamp Redis lost (evicted, expired) and set again can never match a copy made before;
 * - the session has no end mark: ending a session marks it (after the delete commits) and drops its
 *   copy, and a request that read the row just before the delete cannot bring the copy back.
 * Without Redis (`enabled` false) every call does nothing and the database answers each request.
 * Redis failing never fails a request: the lookup reads past it, writes are logged.
 */
export interface SessionCache {
  readonly enabled: boolean;
  /** The copy, the stamp and the end mark of `tokenId`, in one MGET; null when disabled or Redis fails. */
  lookup(tokenId: string): Promise<SessionLookup | null>;
  /** Keeps a copy read under `lookup` (skipped when the lookup is too old) until `readAt` + the TTL. */
  keep(tokenId: string, entry: CachedSession, lookup: SessionLookup): Promise<void>;
  /** Whether a looked-up copy may answer: under the current stamp, read less than the TTL ago, not expired. */
  current(entry: CachedSession, lookup: SessionLookup): boolean;
  /** Starts a stamp when Redis has none (first use, or lost): copies are kept from the next request. */
  startStamp(): Promise<void>;
  /** After a commit that changed what resolved sessions hold: every copy is stale from now on. */
  changed(): Promise<void>;
  /** After the delete of these sessions committed: marked ended and their copies dropped. */
  ended(tokenIds: string[]): Promise<void>;
  /** Drops copies only (expired sessions, a clear of the cache list): the next request reads the database. */
  forget(tokenIds: string[]): Promise<void>;
}

export function sessionCache(store: CacheStore, log: Logger): SessionCache {
  const enabled = store.kind === 'redis';
  const entryKey = (tokenId: string) => SESSION_CACHE_PREFIX + tokenId;
  const failed = (what: string) => (err: unknown) => {
    log.error({ err: { message: (err as Error).message } }, `session cache: ${what} failed (copies expire within ${SESSION_CACHE_TTL_SECONDS} s)`);
  };
  const newStamp = () => store.set(SESSION_STAMP_KEY, randomUUID());

  return {
    enabled,

    async lookup(tokenId) {
      if (!enabled) return null;
      const at = Date.now();
      try {
        const [entry, stamp, ended] = await store.mget([entryKey(tokenId), SESSION_STAMP_KEY, SESSION_ENDED_PREFIX + tokenId]);
        return { entry: entry ? (JSON.parse(entry) as CachedSession) : null, stamp: stamp ?? null, ended: ended !== null, at };
      } catch {
        // Redis is away (the store logs the loss once): the database answers.
        return null;
      }
    },

    async keep(tokenId, entry, lookup) {
      const now = Date.now();
      // A refreshed copy (the idle deadline) keeps the expiry of the first: what the database changed
      // behind the server's back is read again within the TTL, even for a session in constant use.
      const ttlSeconds = Math.ceil((entry.readAt + SESSION_CACHE_TTL_SECONDS * 1000 - now) / 1000);
      if (!enabled || now - lookup.at > WRITE_WITHIN_MS || ttlSeconds <= 0) return;
      await store.set(entryKey(tokenId), JSON.stringify(entry), ttlSeconds).catch(failed('keeping a session'));
    },

    current(entry, lookup) {
      const now = Date.now();
      return lookup.stamp !== null && entry.stamp === lookup.stamp && now - entry.readAt < SESSION_CACHE_TTL_SECONDS * 1000 && entry.expireTime > now;
    },

    async startStamp() {
      if (enabled) await newStamp().catch(failed('starting the access stamp'));
    },

    async changed() {
      if (enabled) await newStamp().catch(failed('changing the access stamp'));
    },

    async ended(tokenIds) {
      if (!enabled || tokenIds.length === 0) return;
      try {
        for (const tokenId of tokenIds) await store.set(SESSION_ENDED_PREFIX + tokenId, '1', ENDED_TTL_SECONDS);
        await store.del(tokenIds.map(entryKey));
      } catch (err) {
        failed('ending sessions')(err);
      }
    },

    async forget(tokenIds) {
      if (enabled && tokenIds.length > 0) await store.del(tokenIds.map(entryKey)).catch(failed('dropping sessions'));
    },
  };
}
