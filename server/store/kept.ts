/** The bounded caches of the read model (class-search.ts, student-search.ts, roster-cache.ts). */

/** A Map that forgets its oldest entry past `limit`, and hands it to `forget`. */
export function remember<K, V>(
  map: Map<K, V>,
  key: K,
  value: V,
  limit: number,
  forget?: (value: V) => void,
): V {
  if (map.size >= limit) {
    const [oldest, old] = map.entries().next().value!;
    map.delete(oldest);
    forget?.(old);
  }
  map.set(key, value);
  return value;
}
