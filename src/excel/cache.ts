// The in-memory answer cache of the add-in runtime: each entry's text by the core's cache key,
// kept for its function's lifetime (catalogue ttl) and the stale window, and beside it the memo
// the core fills with the answer parsed and decoded, so that the formulas over one answer share
// that work (shared/run/session.ts, load.ts). It lives as long as the shared runtime, so it is
// bounded by bytes: what an entry holds is estimated from its text's length (below), and the
// least recently used entry goes first once the bound is reached; an answer larger than the
// whole bound is not kept at all. The number of entries has no bound of its own: a workbook of
// 2,000 small distinct requests fits, as it should.
import type { AnswerMemo, CachedAnswer, TextCache } from "../../shared";

/** 64 MB of answers as the runtime holds them (text, parsed and decoded). */
export const CACHE_BYTES = 64 * 1_048_576;

/** Bytes an entry holds per character of its text: the text (one or two bytes a character in
 *  V8), its parsed JSON (about one byte per character of the text, measured on statement-like
 *  answers with `--expose-gc`) and the decoded table copied out of it (about as much again). */
export const BYTES_PER_CHAR = 4;

interface Held {
  value: string;
  expires: number;
  bytes: number;
  memo: AnswerMemo;
}

export class MemoryCache implements TextCache {
  // A Map iterates in insertion order: re-inserting on each read keeps the least recently used first.
  private readonly entries = new Map<string, Held>();
  private bytes = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxBytes = CACHE_BYTES,
    /** Told of each entry kept (the runtime writes it through to its store). */
    private readonly onSet?: (key: string, value: string, expires: number) => void,
  ) {}

  get(key: string): string | undefined {
    return this.entry(key)?.text;
  }

  entry(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expires <= this.now()) {
      this.bytes -= hit.bytes;
      return undefined;
    }
    this.entries.set(key, hit);
    return { text: hit.value, memo: hit.memo };
  }

  set(key: string, value: string, ttlSeconds: number, memo?: AnswerMemo): void {
    const expires = this.now() + ttlSeconds * 1000;
    if (this.keep(key, value, expires, memo)) this.onSet?.(key, value, expires);
  }

  /** An entry read back from the store; one already here is newer and stays. */
  restore(key: string, value: string, expires: number): void {
    if (!this.entries.has(key) && expires > this.now()) this.keep(key, value, expires);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now, as estimated. */
  get heldBytes(): number {
    return this.bytes;
  }

  private keep(key: string, value: string, expires: number, memo?: AnswerMemo): boolean {
    this.drop(key);
    const bytes = value.length * BYTES_PER_CHAR;
    if (bytes > this.maxBytes) return false;
    for (const [oldest] of this.entries) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, expires, bytes, memo: memo ?? new Map() });
    this.bytes += bytes;
    return true;
  }

  private drop(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.bytes -= hit.bytes;
    this.entries.delete(key);
  }
}
