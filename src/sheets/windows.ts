// How long each function answers a failed refresh with its last good answer here, computed from
// the constants the code runs on: the functions' lifetimes (catalogue ttl), Sheets' stale window
// (STALE_SECONDS past the lifetime, answers.ts), the copies' limits (copies.ts) and CacheService's
// 6 h. MDQ > Status shows these sentences; docs/sheets.md states the same numbers (a test compares).
import { ageText, CATALOGUE, keepSeconds } from "../../shared";
import { STALE_SECONDS } from "./answers";
import { MAX_TTL_SECONDS } from "./cache";
import { COPY_MAX_CHARS } from "./copies";

export interface StaleWindow {
  /** The functions' lifetime, in seconds. */
  freshSeconds: number;
  functions: string[];
  /** With its copy: how long past its lifetime a failed refresh shows the last good answer. */
  staleSeconds: number;
  /** With no copy (too large for one, or no document store), CacheService alone: how long it stays
   *  fresh and then stale, at most. */
  cacheOnly: { freshSeconds: number; staleSeconds: number };
}

/** One window per lifetime in the catalogue, shortest first. */
export function staleWindows(): StaleWindow[] {
  const byTtl = new Map<number, string[]>();
  for (const fn of CATALOGUE) byTtl.set(fn.ttl, [...(byTtl.get(fn.ttl) ?? []), fn.name]);
  return [...byTtl]
    .sort(([a], [b]) => a - b)
    .map(([ttl, functions]) => {
      const cached = Math.min(keepSeconds(ttl, STALE_SECONDS), MAX_TTL_SECONDS);
      return {
        freshSeconds: ttl,
        functions,
        staleSeconds: STALE_SECONDS,
        cacheOnly: { freshSeconds: Math.min(ttl, cached), staleSeconds: Math.max(0, cached - ttl) },
      };
    });
}

const DAY = 24 * 3600;

/** "6 h", "15 min", "4 days 6 h": a duration in whole units, days from two days on. */
export function duration(seconds: number): string {
  if (seconds === 0) return "none";
  if (seconds < 2 * DAY) return ageText(seconds * 1000);
  const rest = seconds % DAY;
  return `${Math.floor(seconds / DAY)} days${rest ? ` ${ageText(rest * 1000)}` : ""}`;
}

/** 32000 → "32,000" (no Intl needed). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The paragraph MDQ > Status ends with. */
export function windowsText(): string {
  const windows = staleWindows();
  const lines = windows.map(
    (w) =>
      `• ${w.functions.join(", ")}: fresh for ${duration(w.freshSeconds)}, then shown stale for up to ${duration(w.staleSeconds)} (until ${duration(w.freshSeconds + w.staleSeconds)} after it was fetched).`,
  );
  const cacheOnly = windows.map(
    (w) =>
      `${duration(w.freshSeconds)} functions ${w.cacheOnly.staleSeconds ? `stale for up to ${duration(w.cacheOnly.staleSeconds)}` : "never stale"}${w.cacheOnly.freshSeconds < w.freshSeconds ? ` and fresh for ${duration(w.cacheOnly.freshSeconds)} only` : ""}`,
  );
  return [
    "How long each answer is kept, and shown when a refresh fails:",
    ...lines,
    `MDQ keeps each answer in CacheService (6 h at most, and Google may drop it sooner) and as a copy in this spreadsheet, which lasts these whole windows. An answer whose copy would take more than ${thousands(COPY_MAX_CHARS)} characters compressed gets none, and CacheService alone keeps it: ${cacheOnly.join("; ")}.`,
  ].join("\n");
}
