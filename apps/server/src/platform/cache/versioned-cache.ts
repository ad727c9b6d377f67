import { keepNewest } from '../lru';
/**
 * A cache of computed values keyed by what they are of and checked against a version stamp read
 * from the database on every use. An entry is served only while the stamp it was computed under
 * is still the current one, so a change made through any node (or straight in the database) is
 * seen by every node at its next request: nothing depends on telling a process to forget.
 *
 * The values live in this process (most recently used first, a bounded number of entries). Each
 * node computes a value once per stamp; requests that arrive while it is being computed wait for
 * that one computation.
 */
export interface VersionedCache<T> {
  /** The value of `key` at `stamp`: the stored one when its stamp matches, else computed and kept. */
  get(key: string, stamp: string, compute: () => Promise<T>): Promise<{ value: T; hit: boolean }>;
  /** Whether the value of `key` at `stamp` is held (computed or being computed). */
  has(key: string, stamp: string): boolean;
  /** Entries held now (the cache monitor page shows it). */
  size(): number;
  clear(): void;
}

interface Entry<T> {
  stamp: string;
  value: Promise<T>;
}

export function versionedCache<T>(maxEntries: number): VersionedCache<T> {
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, Entry<T>>();
  return {
    async get(key, stamp, compute) {
      const held = entries.get(key);
      if (held && held.stamp === stamp) {
        entries.delete(key);
        entries.set(key, held);
        return { value: await held.value, hit: true };
      }
      const value = compute();
      const entry = { stamp, value };
      keepNewest(entries, key, entry, maxEntries);
      try {
        return { value: await value, hit: false };
      } catch (err) {
        // A failed computation is not kept: the next request tries again.
        if (entries.get(key) === entry) entries.delete(key);
        throw err;
      }
    },
    has: (key, stamp) => entries.get(key)?.stamp === stamp,
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
