// Data sets depend on `today` (nothing after it exists yet). Generating them is cheap but not free,
// so each generator is memoised per (today, key); the cache is bounded so a long-running server
// that rolls over midnight does not grow without end.

const MAX_ENTRIES = 256;

export function memo<T>(build: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key: string) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = build(key);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}
