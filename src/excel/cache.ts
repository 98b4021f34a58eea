// The in-memory answer cache of the add-in runtime: raw response bodies by the core's cache key,
// each kept for its function's lifetime (catalogue ttl). It lives as long as the shared runtime.
import type { TextCache } from "../../shared/fetch-transport";

export class MemoryCache implements TextCache {
  private readonly entries = new Map<string, { value: string; expires: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: string, ttlSeconds: number): void {
    this.entries.delete(key);
    // Bounded: the oldest insertion goes first (Map keeps insertion order).
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expires: this.now() + ttlSeconds * 1000 });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
