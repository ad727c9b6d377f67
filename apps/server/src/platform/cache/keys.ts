/** The cache store's key prefixes, named as RuoYi names its Redis keys: one per thing cached. */

/** Enabled dictionary items of a type: sys_dict:<dict type>. */
export const DICT_CACHE_PREFIX = 'sys_dict:';

/** A resolved session, the sessions' fast path (with REDIS_URL only): session:<token id>. */
export const SESSION_CACHE_PREFIX = 'session:';
/** The access stamp the fast path's copies are checked against (outside `session:`, so clearing the copies keeps it). */
export const SESSION_STAMP_KEY = 'session_stamp';
/** A session ended lately: session_ended:<token id> (outside `session:`, so clearing the copies keeps the marks). */
export const SESSION_ENDED_PREFIX = 'session_ended:';
