// Daily trading of the SGX universe from 2019-01-02 (SGX trading days): a seeded price path in SGD around
// a base price, and a volume that is higher on days the price moves more. The screener's static
// market cap is the cap at the base price, so it is the level the daily cap moves around.
import { tradingDays } from "../calendar";
import { fromDay, toDay } from "../dates";
import { memo } from "../memo";
import { between, rng, unit } from "../prng";
import { SGX_ROWS, type SgxRow } from "./sgx-figures";

export const SGX_FIRST_DAY = toDay("2019-01-02");

export interface SgxListing extends SgxRow {
  basePrice: number;
  shares: number;
}

/** A price as SGX quotes it: cents above a dollar, tenths of a cent below. */
const quote = (p: number) => Number(p.toFixed(p < 1 ? 3 : 2));

export const SGX_LISTINGS: ReadonlyMap<string, SgxListing> = new Map(
  SGX_ROWS.map((row) => {
    const basePrice = quote(between(rng(row.symbol, "sgx-price"), 0.3, 40));
    return [row.symbol, { ...row, basePrice, shares: Math.round(row.market_cap / basePrice) }];
  }),
);

/** Each listing's two seeded phases, hashed once: a price history walks thousands of days. */
const phasesOf = memo((symbol): [number, number] => [unit(symbol, "sgx-phase1") * 2 * Math.PI, unit(symbol, "sgx-phase2") * 2 * Math.PI]);

export function sgxClose(s: SgxListing, day: number): number {
  const t = (day - SGX_FIRST_DAY) / 365.25;
  const [p1, p2] = phasesOf(s.symbol);
  const wave = 0.15 * Math.sin((2 * Math.PI * t) / 2.3 + p1) + 0.05 * Math.sin((2 * Math.PI * t) / 0.37 + p2);
  return quote(s.basePrice * Math.exp(wave + 0.012 * (unit(s.symbol, "sgx-day", day) - 0.5)));
}

export function sgxVolume(s: SgxListing, day: number): number {
  const move = Math.abs(sgxClose(s, day) / sgxClose(s, day - 1) - 1);
  const turnover = (0.0003 + 0.002 * unit(s.symbol, "sgx-volume", day) ** 2) * (1 + 20 * move);
  return Math.round((s.shares * turnover) / 100) * 100;
}

/** A listing's daily trading on SGX's trading days from day `from` to day `to` (none before the
 *  first close of the data). */
export function sgxSeries(s: SgxListing, from: number, to: number): { date: string; close: number; volume: number }[] {
  return tradingDays("sgx", fromDay(Math.max(from, SGX_FIRST_DAY)), fromDay(to)).map((day) => ({
    date: fromDay(day),
    close: sgxClose(s, day),
    volume: sgxVolume(s, day),
  }));
}
