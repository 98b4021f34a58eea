// Daily trading of the IDX universe for /v2/daily/: the close is the share-price path every other
// figure uses (so market caps agree), the volume a seeded turnover of the free shares that is
// higher on days the price moves more.
import { tradingDays } from "../calendar";
import { fromDay } from "../dates";
import { unit } from "../prng";
import type { IdxCompany } from "./idx-companies";
import { tradesOn } from "./idx-listing";
import { sharePrice } from "./idx-prices";

export interface DailyBar {
  close: number;
  volume: number;
  market_cap: number;
}

export function dailyBar(c: IdxCompany, day: number): DailyBar {
  const close = sharePrice(c, day);
  const move = Math.abs(close / sharePrice(c, day - 1) - 1);
  const turnover = (0.0002 + 0.0012 * unit(c.symbol, "volume", day) ** 2) * (1 + 20 * move);
  return {
    close,
    volume: Math.round((c.sharesBn * 1e9 * turnover) / 100) * 100,
    market_cap: Math.round(close * c.sharesBn * 1e9),
  };
}

/** A company's daily bars on IDX's trading days from `from` to `to` (YYYY-MM-DD), none before it
 *  listed nor while it is suspended. */
export function dailySeries(c: IdxCompany, from: string, to: string): ({ date: string } & DailyBar)[] {
  const start = from < c.listed ? c.listed : from;
  return tradingDays("idx", start, to)
    .filter((day) => tradesOn(c, day))
    .map((day) => ({ date: fromDay(day), ...dailyBar(c, day) }));
}
