/** The cache store's key prefixes, named as RuoYi names its Redis keys: one per thing cached. */

/** Enabled dictionary items of a type: sys_dict:<dict type>. */
export const DICT_CACHE_PREFIX = 'sys_dict:';
