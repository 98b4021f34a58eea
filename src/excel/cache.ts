// The in-memory answer cache of the add-in runtime: raw response bodies by the core's cache key,
// each kept for its function's lifetime (catalogue ttl). It lives as long as the shared runtime,
// so it is bounded twice: by entries, and by the characters it holds (a few large answers must
// not hold gigabytes). The oldest insertion goes first; an answer larger than the whole budget
// is not kept at all.
import type { TextCache } from "../../shared";

/** 32 million UTF-16 characters: 64 MB of text. */
export const CACHE_CHARS = 32 * 1_048_576;
export const CACHE_ENTRIES = 500;

export class MemoryCache implements TextCache {
  private readonly entries = new Map<string, { value: string; expires: number }>();
  private chars = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = CACHE_ENTRIES,
    private readonly maxChars = CACHE_CHARS,
  ) {}

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: string, ttlSeconds: number): void {
    this.drop(key);
    if (value.length > this.maxChars) return;
    while (this.entries.size >= this.maxEntries || this.chars + value.length > this.maxChars) {
      this.drop(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, expires: this.now() + ttlSeconds * 1000 });
    this.chars += value.length;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters held now (two bytes each in memory). */
  get heldChars(): number {
    return this.chars;
  }

  private drop(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.chars -= hit.value.length;
    this.entries.delete(key);
  }
}
