// CacheService as the executor's cache. Its limits shape this file: a value holds at most
// 100 KB, a key 250 characters, a lifetime 6 h, and it can neither list nor clear its keys.
//   - big answers are split into chunks stored under `<key>#<i>`, with a small manifest under
//     the key itself, written last, so a reader never sees a manifest whose chunks are not there;
//   - a manifest carries the length and a hash of the whole, so a chunk evicted or replaced on its
//     own reads as a miss, never as a spliced answer;
//   - answers beyond MAX_CHUNKS are not cached at all (fetched again next time, never an error);
//   - "Clear cache" bumps a generation that prefixes every key: old entries are simply not read
//     again and expire on their own.
// Any failure of the service itself (quota, outage) is a miss or a skipped store: caching must
// never be the reason a formula shows an error.
import { hash53, utf8Bytes } from "../../shared";
import type { ScriptCache } from "./apps-script";

export const VALUE_LIMIT_BYTES = 100 * 1024;
/** Headroom under the limit, in case Google counts a little differently from UTF-8 length. */
export const CHUNK_BYTES = 90 * 1024;
export const MAX_CHUNKS = 20;
export const MAX_TTL_SECONDS = 6 * 3600;

// JSON text never starts with a letter, so a stored body can never be mistaken for a manifest.
const MANIFEST = "mdq-chunks:";

/** Split into pieces of at most `maxBytes` UTF-8 bytes, never between the halves of a surrogate pair. */
export function chunk(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  pieces.push(text.slice(start));
  return pieces;
}

export class SheetsCache {
  constructor(
    private readonly cache: ScriptCache | null,
    private readonly generation: string,
  ) {}

  private full(key: string): string {
    return `g${this.generation}:${key}`;
  }

  get(key: string): string | null {
    if (!this.cache) return null;
    try {
      const head = this.cache.get(this.full(key));
      if (head === null || !head.startsWith(MANIFEST)) return head;
      const [count, length, hash] = head.slice(MANIFEST.length).split(":");
      const keys = Array.from({ length: Number(count) }, (_, i) => `${this.full(key)}#${i}`);
      const found = this.cache.getAll(keys);
      const parts = keys.map((k) => found[k]);
      if (parts.some((p) => typeof p !== "string")) return null;
      const whole = parts.join("");
      return whole.length === Number(length) && hash53(whole) === hash ? whole : null;
    } catch {
      return null;
    }
  }

  /** Small items (never chunked: the flights' claims, the reaches), read in one call. */
  getMany(keys: string[]): Record<string, string> {
    if (!this.cache || keys.length === 0) return {};
    try {
      const found = this.cache.getAll(keys.map((k) => this.full(k)));
      return Object.fromEntries(keys.flatMap((k) => (typeof found[this.full(k)] === "string" ? [[k, found[this.full(k)]]] : [])));
    } catch {
      return {};
    }
  }

  /** Small items written in one call. */
  putMany(values: Record<string, string>, ttlSeconds: number): void {
    if (!this.cache) return;
    const ttl = Math.max(1, Math.min(MAX_TTL_SECONDS, Math.ceil(ttlSeconds)));
    try {
      this.cache.putAll(Object.fromEntries(Object.entries(values).map(([k, v]) => [this.full(k), v])), ttl);
    } catch {
      // A claim or a reach not written costs a duplicate fetch, nothing more.
    }
  }

  remove(key: string): void {
    try {
      this.cache?.remove(this.full(key));
    } catch {
      // It expires on its own.
    }
  }

  /** Whether the value is now in the cache (too large, or a failing service: not). */
  put(key: string, value: string, ttlSeconds: number): boolean {
    if (!this.cache) return false;
    const ttl = Math.max(1, Math.min(MAX_TTL_SECONDS, Math.floor(ttlSeconds)));
    try {
      if (utf8Bytes(value) <= CHUNK_BYTES) {
        this.cache.put(this.full(key), value, ttl);
        return true;
      }
      const pieces = chunk(value, CHUNK_BYTES);
      if (pieces.length > MAX_CHUNKS) return false;
      const entries: Record<string, string> = {};
      pieces.forEach((p, i) => {
        entries[`${this.full(key)}#${i}`] = p;
      });
      this.cache.putAll(entries, ttl);
      this.cache.put(this.full(key), `${MANIFEST}${pieces.length}:${value.length}:${hash53(value)}`, ttl);
      return true;
    } catch {
      // A full or failing cache costs a refetch next time, nothing more.
      return false;
    }
  }
}
