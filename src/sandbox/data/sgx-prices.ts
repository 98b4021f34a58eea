// Daily trading of the SGX universe from 2019-01-02 (SGX trading days) while each company is
// listed: a seeded price path in SGD through its real price level (mid-2025, or its last days
// before a delisting) along a yearly drift, and a volume that is higher on days the price moves
// more. The screener's static market cap is the cap at that level, the one the daily cap moves
// around.
import { tradingDayOnOrBefore, tradingDays } from "../calendar";
import { fromDay, toDay } from "../dates";
import { memo } from "../memo";
import { between, rng, unit } from "../prng";
import { isSgxListed } from "./sgx";
import { SGX_ROWS, type SgxRow } from "./sgx-figures";

export const SGX_FIRST_DAY = toDay("2019-01-02");

export interface SgxListing extends SgxRow {
  /** The day the price path passes through its level: mid-2025, or the delisting day. */
  anchorDay: number;
  /** The yearly drift of the path: banks' growth of the years since 2019, others seeded. */
  drift: number;
  /** How far its price cycles swing, smaller for larger companies. */
  swing: number;
  /** The first and last days it can trade (the last: the trading day before it was delisted). */
  firstDay: number;
  lastDay: number;
}

const ANCHOR = toDay("2025-06-30");

/** A price as SGX quotes it: cents above a dollar, tenths of a cent below. */
const quote = (p: number) => Number(p.toFixed(p < 1 ? 3 : 2));

export const SGX_LISTINGS: ReadonlyMap<string, SgxListing> = new Map(
  SGX_ROWS.map((row) => {
    const drift = row.sub_sector === "Banks" ? 0.08 : between(rng(row.symbol, "sgx-drift"), -0.04, 0.06);
    // Large caps swing less: the cycles at full size for S$1 bn, 0.4 of it for S$100 bn.
    const swing = Math.min(1.3, Math.max(0.4, 1 - 0.3 * Math.log10(row.market_cap / 1e9)));
    const firstDay = Math.max(SGX_FIRST_DAY, row.listed === undefined ? SGX_FIRST_DAY : toDay(row.listed));
    const lastDay = row.delisted === undefined ? Number.POSITIVE_INFINITY : tradingDayOnOrBefore("sgx", toDay(row.delisted) - 1);
    const anchorDay = row.delisted === undefined ? ANCHOR : lastDay;
    return [row.symbol, { ...row, anchorDay, drift, swing, firstDay, lastDay }];
  }),
);

/** Each listing's two seeded phases, hashed once: a price history walks thousands of days. */
const phasesOf = memo((symbol): [number, number] => [unit(symbol, "sgx-phase1") * 2 * Math.PI, unit(symbol, "sgx-phase2") * 2 * Math.PI]);

export function sgxClose(s: SgxListing, day: number): number {
  const [p1, p2] = phasesOf(s.symbol);
  const cycles = (d: number) => {
    const t = (d - SGX_FIRST_DAY) / 365.25;
    return 0.15 * Math.sin((2 * Math.PI * t) / 2.3 + p1) + 0.05 * Math.sin((2 * Math.PI * t) / 0.37 + p2);
  };
  // Through the company's price level at its anchor day, along its drift, the cycles around them.
  const wave = s.swing * (cycles(day) - cycles(s.anchorDay));
  const trend = (1 + s.drift) ** ((day - s.anchorDay) / 365.25);
  return quote(s.price * trend * Math.exp(wave + 0.012 * (unit(s.symbol, "sgx-day", day) - 0.5)));
}

export function sgxVolume(s: SgxListing, day: number): number {
  const move = Math.abs(sgxClose(s, day) / sgxClose(s, day - 1) - 1);
  const turnover = (0.0003 + 0.002 * unit(s.symbol, "sgx-volume", day) ** 2) * (1 + 20 * move);
  return Math.round((s.shares * turnover) / 100) * 100;
}

/** True when the listing trades that day: listed, and not yet delisted (any day: the caller asks
 *  SGX's calendar whether the exchange trades). */
export const sgxTradesOn = (s: SgxListing, day: number): boolean => day >= s.firstDay && day <= s.lastDay;

/** The listings listed on a day (YYYY-MM-DD): what the company lists, rankings and screener show. */
export const sgxListingsOn = (today: string): SgxListing[] => [...SGX_LISTINGS.values()].filter((s) => isSgxListed(s, today));

/** A listing's daily trading on SGX's trading days from day `from` to day `to` (none before the
 *  first close of the data, before it listed or after it was delisted). */
export function sgxSeries(s: SgxListing, from: number, to: number): { date: string; close: number; volume: number }[] {
  const [first, last] = [Math.max(from, s.firstDay), Math.min(to, s.lastDay)];
  if (first > last) return [];
  return tradingDays("sgx", fromDay(first), fromDay(last)).map((day) => ({
    date: fromDay(day),
    close: sgxClose(s, day),
    volume: sgxVolume(s, day),
  }));
}
