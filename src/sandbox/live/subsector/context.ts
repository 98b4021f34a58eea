// What every section of the sub-sector report reads: the members' facts, every sub-sector's (for
// ranks), `today`, the full years, the last trading day, and market caps on any trading day from
// the same bars as /v2/daily/.
import { dailyBar } from "../../data/idx-daily";
import { fullYears } from "../../data/idx-financials";
import { isListedOn } from "../../data/idx-listing";
import { lastTradingDay } from "../../data/idx-prices";
import type { Facts } from "../company-facts";

export interface SubsectorCtx {
  members: Facts[];
  /** Every sub-sector's members, by slug, the report's own included. */
  groups: ReadonlyMap<string, Facts[]>;
  today: string;
  years: number[];
  latest: number;
}

export function subsectorCtx(slug: string, all: Iterable<Facts>, today: string): SubsectorCtx {
  const groups = new Map<string, Facts[]>();
  for (const f of all) groups.set(f.company.subSector, [...(groups.get(f.company.subSector) ?? []), f]);
  return { members: groups.get(slug) ?? [], groups, today, years: fullYears(today), latest: lastTradingDay(today) };
}

/** The total market cap at the close of a trading day of the members listed that day. */
export const totalCap = (members: Facts[], day: number) =>
  members.reduce((s, f) => s + (isListedOn(f.company, day) ? dailyBar(f.company, day).market_cap : 0), 0);

/** The middle value (mean of the two middle ones), or null for none. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The top `n` members by `value`, keyed by symbol in symbol order as the service writes them. */
export function topBy<T>(members: Facts[], n: number, value: (f: Facts) => number | null, shape: (f: Facts, v: number) => T) {
  const ranked = members
    .map((f) => ({ f, v: value(f) }))
    .filter((x): x is { f: Facts; v: number } => x.v !== null)
    .sort((a, b) => b.v - a.v || (a.f.symbol < b.f.symbol ? -1 : 1))
    .slice(0, n)
    .sort((a, b) => (a.f.symbol < b.f.symbol ? -1 : 1));
  return Object.fromEntries(ranked.map(({ f, v }) => [f.symbol, shape(f, v)]));
}
