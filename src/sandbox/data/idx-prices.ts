// Share prices of the IDX universe: a smooth seeded path (two cycles plus day noise) so a price
// is a pure function of (ticker, day) and filings/market caps agree with each other. A suspended
// company's price stands at its last close.

import { tradingDayOnOrBefore } from "../calendar";
import { toDay } from "../dates";
import { memo } from "../memo";
import { unit } from "../prng";
import type { IdxCompany } from "./idx-companies";
import { lastTradedDay } from "./idx-listing";

const DAY0 = toDay("2019-01-02");

/** IDX tick sizes: prices move in steps that depend on the price band. */
export function tick(p: number): number {
  const step = p < 200 ? 1 : p < 500 ? 2 : p < 2000 ? 5 : p < 5000 ? 10 : 25;
  return Math.max(step, Math.round(p / step) * step);
}

/** Each company's two seeded phases, hashed once: a price history walks thousands of days. */
const phasesOf = memo((symbol): [number, number] => [unit(symbol, "phase1") * 2 * Math.PI, unit(symbol, "phase2") * 2 * Math.PI]);

export function sharePrice(c: IdxCompany, asked: number): number {
  const halted = lastTradedDay(c);
  const day = halted !== undefined && asked > halted ? halted : asked;
  const t = (day - DAY0) / 365.25;
  const [p1, p2] = phasesOf(c.symbol);
  const wave =
    0.12 * (Math.sin((2 * Math.PI * t) / 1.7 + p1) - Math.sin(p1)) + 0.05 * (Math.sin((2 * Math.PI * t) / 0.31 + p2) - Math.sin(p2));
  const noise = 0.015 * (unit(c.symbol, "day", day) - 0.5);
  return tick(c.price19 * (1 + c.priceDrift) ** t * Math.exp(wave + noise));
}

/** The last IDX trading day on or before the date. */
export function lastTradingDay(iso: string): number {
  return tradingDayOnOrBefore("idx", toDay(iso));
}

export function marketCap(c: IdxCompany, today: string): number {
  return sharePrice(c, lastTradingDay(today)) * c.sharesBn * 1e9;
}
