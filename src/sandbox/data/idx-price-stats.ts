// Price statistics of the IDX universe for the live screener and report: the last close and its
// daily change, lows and highs over the year to date, 52 weeks, 90 days and all history (since
// 2019-01-02, where the sandbox's prices start), each as {date: price}. A suspended company's last
// close is the one before its suspension.
import { tradingDayOnOrBefore } from "../calendar";
import { addDays, fromDay, toDay } from "../dates";
import { memo } from "../memo";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { lastTradedDay, listingDay, tradesOn } from "./idx-listing";
import { lastTradingDay, sharePrice } from "./idx-prices";

const FIRST = toDay("2019-01-02");

export interface PriceStats {
  last_close_price: number;
  latest_close_date: string;
  daily_close_change: number;
  all_time_price: Record<string, Record<string, number>>;
  /** Market cap change over a year, as a decimal. */
  yearly_mcap_change: number;
}

function extreme(closes: [string, number][], from: string, low: boolean): Record<string, number> {
  let best: [string, number] | undefined;
  for (const p of closes) if (p[0] >= from && (!best || (low ? p[1] < best[1] : p[1] > best[1]))) best = p;
  return best ? { [best[0]]: best[1] } : {};
}

/** The service's `all_time_price` of a list of [date, close], oldest first: the lows over the year
 *  to date, 52 weeks and 90 days, the highs over the same, then the all-time pair. */
export function allTimePrice(closes: [string, number][], today: string): Record<string, Record<string, number>> {
  const windows: [string, string][] = [
    ["ytd", `${today.slice(0, 4)}-01-01`],
    ["52_w", addDays(today, -364)],
    ["90_d", addDays(today, -89)],
  ];
  const out: Record<string, Record<string, number>> = {};
  for (const side of ["low", "high"] as const) {
    for (const [name, from] of windows) out[`${name}_${side}`] = extreme(closes, from, side === "low");
  }
  out.all_time_low = extreme(closes, "", true);
  out.all_time_high = extreme(closes, "", false);
  return out;
}

const statsOf = memo((key: string): PriceStats => {
  const [symbol, today] = key.split("|");
  const c = IDX_COMPANIES.find((x) => x.symbol === symbol)!;
  const halted = lastTradedDay(c);
  const last = halted !== undefined && halted < lastTradingDay(today) ? halted : lastTradingDay(today);
  const closes: [string, number][] = [];
  for (let day = Math.max(FIRST, listingDay(c)); day <= last; day++) if (tradesOn(c, day)) closes.push([fromDay(day), sharePrice(c, day)]);
  const close = sharePrice(c, last);
  const previous = tradingDayOnOrBefore("idx", last - 1);
  return {
    last_close_price: close,
    latest_close_date: fromDay(last),
    daily_close_change: close / sharePrice(c, previous) - 1,
    all_time_price: allTimePrice(closes, today),
    yearly_mcap_change: close / sharePrice(c, lastTradingDay(addDays(today, -365))) - 1,
  };
});

export const priceStats = (c: IdxCompany, today: string): PriceStats => statsOf(`${c.symbol}|${today}`);
