// Calendar arithmetic on UTC day numbers (days since 1970-01-01), so no time zone can shift a date.

const MS_PER_DAY = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when s is a real calendar date written YYYY-MM-DD (rejects 2024-02-30): the same rule
 *  the cell-argument parser applies, so a date a cell accepts is a date the sandbox accepts. */
export { isIsoDate } from "../../shared";

/** Shape check only: used to tell "bad format" from "impossible date" like the real service. */
export function looksLikeIsoDate(s: string): boolean {
  return DATE_RE.test(s);
}

export function toDay(iso: string): number {
  const m = DATE_RE.exec(iso);
  if (!m) throw new Error(`not a date: ${iso}`);
  return Math.round(Date.UTC(+m[1], +m[2] - 1, +m[3]) / MS_PER_DAY);
}

/** Days written once each: a price history writes the same few thousand days over and over. The
 *  cache holds the days of 2000 to 2099 only, so it stays bounded whatever dates requests name. */
const WRITTEN = new Map<number, string>();
const CACHED_FROM = 10_957; // 2000-01-01
const CACHED_TO = 47_481; // 2099-12-31

export function fromDay(day: number): string {
  const cached = WRITTEN.get(day);
  if (cached !== undefined) return cached;
  const iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
  if (day >= CACHED_FROM && day <= CACHED_TO) WRITTEN.set(day, iso);
  return iso;
}

export function addDays(iso: string, n: number): string {
  return fromDay(toDay(iso) + n);
}

export function yearOf(iso: string): number {
  return +iso.slice(0, 4);
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** ISO timestamp from a day number plus minutes after midnight. */
export function stamp(day: number, minutes: number, micros?: number): string {
  const iso = new Date(day * MS_PER_DAY + Math.floor(minutes) * 60_000).toISOString();
  if (micros === undefined) return `${iso.slice(0, 19)}Z`;
  const secs = String(Math.floor(micros / 1_000_000) % 60).padStart(2, "0");
  const frac = String(micros % 1_000_000).padStart(6, "0");
  return `${iso.slice(0, 17)}${secs}.${frac}Z`;
}

export const QUARTER_ENDS = ["03-31", "06-30", "09-30", "12-31"] as const;
