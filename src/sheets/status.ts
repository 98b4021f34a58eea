// The calls answered with stale data, for the MDQ > Status dialog. A custom function can neither
// colour its cell nor write to the sheet, so the list lives in CacheService (one item, under the
// cache's generation: "Clear cache" empties it too), written by the formulas themselves and read
// by the menu.
//   - one entry per call (the core's label, without the refresh value): a later stale answer of
//     the same call replaces it, a fresh answer removes it;
//   - at most STATUS_SIZE entries, newest first, kept 6 h after the last change (the most
//     CacheService keeps anything);
//   - executions run side by side and each rewrites the whole list: they do it under the script
//     lock (lock.ts), so that one's write never drops another's entry.
import type { Staleness } from "../../shared";
import type { SheetsCache } from "./cache";
import { underScriptLock } from "./lock";

export const STATUS_KEY = "mdq-status";
export const STATUS_SIZE = 50;
const STATUS_TTL_SECONDS = 6 * 3600;

export interface StaleCall extends Staleness {
  /** QUARTERLY(symbol=BBCA, n=4) */
  call: string;
  /** When the stale answer was last served (ms since the epoch). */
  servedAt: number;
}

export function readStatus(cache: SheetsCache): StaleCall[] {
  try {
    const list = JSON.parse(cache.get(STATUS_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.call === "string") : [];
  } catch {
    return [];
  }
}

const write = (cache: SheetsCache, list: StaleCall[]) =>
  cache.put(STATUS_KEY, JSON.stringify(list.slice(0, STATUS_SIZE)), STATUS_TTL_SECONDS);

/** A call was answered stale: list it (first). */
export function recordStale(cache: SheetsCache, entry: StaleCall): void {
  underScriptLock(() => write(cache, [entry, ...readStatus(cache).filter((e) => e.call !== entry.call)]));
}

/** A call was answered fresh: it is no longer stale. Most never were: the lock is taken only
 *  for a call the list names. */
export function clearStale(cache: SheetsCache, call: string): void {
  if (!readStatus(cache).some((e) => e.call === call)) return;
  underScriptLock(() => {
    const list = readStatus(cache);
    if (list.some((e) => e.call === call))
      write(
        cache,
        list.filter((e) => e.call !== call),
      );
  });
}

// What the formulas spent, for MDQ > Status: requests and credits since the first one recorded,
// one item under the cache's generation (Clear cache starts it again), kept 6 h after the last
// change like the list above.
export const SPENT_KEY = "mdq-spent";

export interface Spent {
  /** When the first request counted was answered (ms since the epoch). */
  since: number;
  requests: number;
  /** Credits the provider bills for the answers (the core's count: estimated in the spec edition). */
  credits: number;
}

export function readSpent(cache: SheetsCache): Spent | undefined {
  try {
    const spent = JSON.parse(cache.get(SPENT_KEY) ?? "null");
    const counts = [spent?.since, spent?.requests, spent?.credits];
    return counts.every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0) ? spent : undefined;
  } catch {
    return undefined;
  }
}

/** A call sent `requests` and was billed `credits`: add them (a call answered from the cache sent none). */
export function recordSpent(cache: SheetsCache, requests: number, credits: number, now: number): void {
  if (requests === 0 && credits === 0) return;
  // Without the script lock: the claims of the requests need it, and each hold costs the cells
  // queued on it a read and a write of CacheService. Two executions adding at the same moment may
  // lose one's count: the figure is at least what it shows.
  const before = readSpent(cache) ?? { since: now, requests: 0, credits: 0 };
  const spent: Spent = { since: before.since, requests: before.requests + requests, credits: before.credits + credits };
  cache.put(SPENT_KEY, JSON.stringify(spent), STATUS_TTL_SECONDS);
}
