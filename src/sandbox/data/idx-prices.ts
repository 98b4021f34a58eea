// Share prices of the IDX universe: a smooth seeded path (two cycles plus day noise, wider the
// smaller the company) so a price is a pure function of (ticker, day) and filings/market caps agree
// with each other. Smaller companies also make news moves: a seeded jump of 8% to 35% over four
// days that fades over four months, so a week's top gainers rise by double digits as small caps
// do. A suspended company's price stands at its last close.

import { tradingDayOnOrBefore } from "../calendar";
import { toDay } from "../dates";
import { memo } from "../memo";
import { between, rng, unit } from "../prng";
import type { IdxCompany } from "./idx-companies";
import { lastTradedDayBefore } from "./idx-listing";

const DAY0 = toDay("2019-01-02");

/** IDX tick sizes: prices move in steps that depend on the price band. */
export function tick(p: number): number {
  const step = p < 200 ? 1 : p < 500 ? 2 : p < 2000 ? 5 : p < 5000 ? 10 : 25;
  return Math.max(step, Math.round(p / step) * step);
}

/** Each company's two seeded phases, hashed once: a price history walks thousands of days. */
const phasesOf = memo((symbol): [number, number] => [unit(symbol, "phase1") * 2 * Math.PI, unit(symbol, "phase2") * 2 * Math.PI]);

/** How far a company's price swings, by its 2019 market cap: 2 for IDR 1 trillion, 1 for 100
 *  trillion, 0.6 for the largest banks (large caps swing less). */
const swingOf = (c: IdxCompany): number => Math.min(2, Math.max(0.4, 2 - 0.55 * Math.log10(Math.max(capTrillions(c), 1))));

const capTrillions = (c: IdxCompany) => (c.price19 * c.sharesBn) / 1000;

const JUMP_WINDOW = 28;
const [RISE_DAYS, FADE_DAYS] = [4, 120];

/** The news move of a company in a 28-day window (a log change), and the day it starts: in two
 *  windows of five for a company of IDR 1 trillion in 2019, one of ten for 100 trillion, never
 *  for the largest (above about 450 trillion). */
function jumpIn(c: IdxCompany, window: number): [number, number] {
  const chance = Math.max(0, 0.4 - 0.15 * Math.log10(Math.max(capTrillions(c), 1)));
  const r = rng(c.symbol, "jump", window);
  if (r() >= chance) return [0, 0];
  const size = Math.log(1 + between(r, 0.08, 0.35));
  return [r() < 0.6 ? size : -size, DAY0 + window * JUMP_WINDOW + Math.floor(r() * JUMP_WINDOW)];
}

/** Each company's jumps by window, hashed once: a price history walks thousands of days. */
const JUMPS = new Map<string, [number, number][]>();
function jumpOf(c: IdxCompany, window: number): [number, number] {
  let known = JUMPS.get(c.symbol);
  if (!known) {
    known = [];
    JUMPS.set(c.symbol, known);
  }
  while (known.length <= window) known.push(jumpIn(c, known.length));
  return known[window];
}

/** The sum of the news moves in force on a day: each rises over four days, then fades away. */
function newsMoves(c: IdxCompany, day: number): number {
  let total = 0;
  const last = Math.floor((day - DAY0) / JUMP_WINDOW);
  for (let w = Math.max(0, last - Math.ceil((RISE_DAYS + FADE_DAYS) / JUMP_WINDOW)); w <= last; w++) {
    const [size, start] = jumpOf(c, w);
    const since = day - start;
    if (size === 0 || since <= 0) continue;
    total += size * (since < RISE_DAYS ? since / RISE_DAYS : Math.max(0, 1 - (since - RISE_DAYS) / FADE_DAYS));
  }
  return total;
}

/** Prices found so far, by company and day from 2019-01-02: the same day's price is asked by
 *  every figure of that day (bars, caps, stats, filings), and each costs a walk of news moves. */
const PRICES = new Map<string, number[]>();

export function sharePrice(c: IdxCompany, asked: number): number {
  const i = asked - DAY0;
  if (i < 0) return priceOn(c, asked);
  let known = PRICES.get(c.symbol);
  if (!known) {
    known = [];
    PRICES.set(c.symbol, known);
  }
  if (known[i] === undefined) known[i] = priceOn(c, asked);
  return known[i];
}

function priceOn(c: IdxCompany, asked: number): number {
  // A suspended company's price stands at the close of its last trading day.
  const day = lastTradedDayBefore(c, asked);
  const t = (day - DAY0) / 365.25;
  const [p1, p2] = phasesOf(c.symbol);
  const swing = swingOf(c);
  const wave =
    0.12 * (Math.sin((2 * Math.PI * t) / 1.7 + p1) - Math.sin(p1)) + 0.05 * (Math.sin((2 * Math.PI * t) / 0.31 + p2) - Math.sin(p2));
  const noise = 0.015 * (unit(c.symbol, "day", day) - 0.5);
  return tick(c.price19 * (1 + c.priceDrift) ** t * Math.exp(swing * (wave + noise) + newsMoves(c, day)));
}

/** The last IDX trading day on or before the date. */
export function lastTradingDay(iso: string): number {
  return tradingDayOnOrBefore("idx", toDay(iso));
}

export function marketCap(c: IdxCompany, today: string): number {
  return sharePrice(c, lastTradingDay(today)) * c.sharesBn * 1e9;
}
