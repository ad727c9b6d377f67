/**
 * Puts `value` under `key` as the newest entry of `map` (a Map iterates in insertion order) and
 * drops the oldest beyond `max`: the least recently used go first when every use puts again.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
