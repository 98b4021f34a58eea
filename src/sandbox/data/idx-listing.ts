// When a company of the IDX universe trades: from its listing date, on the exchange's trading
// days, but for the days IDX suspends its shares: a seeded day some years (unusual market
// activity, a late report, ...) and, for a company that stopped filing (idx-edge-companies.ts),
// every day from its suspension on. A company listed after the demo data starts (GOTO in 2022) has
// no close, trade, filing or statement before that date; a suspended one no trade on a suspended
// day, its last close standing.
import { isTradingDay, tradingDayOnOrAfter, tradingDayOnOrBefore } from "../calendar";
import { toDay } from "../dates";
import { memo } from "../memo";
import { rng } from "../prng";
import type { IdxCompany } from "./idx-companies";

/** Listing dates as day numbers, read once each: price loops ask them every day. */
const dayOf = memo(toDay);

/** The day number of the company's listing date. */
export const listingDay = (c: IdxCompany): number => dayOf(c.listed);

/** True when the company is listed on that day (whether or not the exchange trades). */
export const isListedOn = (c: IdxCompany, day: number): boolean => day >= listingDay(c);

/** True when the company is listed on the date (YYYY-MM-DD): what lists and screeners of that
 *  day show. */
export const isListedOnDate = (c: IdxCompany, date: string): boolean => date >= c.listed;

const FIRST_YEAR = 2019;
const SUSPENSION_REASONS = [
  "Unusual market activity in the share price",
  "Annual financial statements not filed on time",
  "Listing fee not paid",
  "Pending announcement of a material transaction",
];

/** A one-day suspension of a company in a year (some years, on a seeded trading day while it is
 *  listed, before any lasting suspension), or undefined. */
function daySuspensionIn(c: IdxCompany, year: number): { day: number; reason: string } | undefined {
  const r = rng(c.symbol, "suspension", year);
  if (r() > 0.3) return undefined;
  const seeded = toDay(`${year}-01-01`) + Math.floor(r() * 365);
  if (seeded < listingDay(c)) return undefined;
  const day = tradingDayOnOrAfter("idx", seeded);
  const reason = SUSPENSION_REASONS[Math.floor(r() * SUSPENSION_REASONS.length)];
  return c.suspended === undefined || day < dayOf(c.suspended) ? { day, reason } : undefined;
}

/** Each company's one-day suspensions by year from 2019, found once: price loops ask every day. */
const DAY_SUSPENSIONS = new Map<string, ({ day: number; reason: string } | undefined)[]>();
function daySuspension(c: IdxCompany, year: number) {
  if (year < FIRST_YEAR) return undefined;
  let known = DAY_SUSPENSIONS.get(c.symbol);
  if (!known) {
    known = [];
    DAY_SUSPENSIONS.set(c.symbol, known);
  }
  while (known.length <= year - FIRST_YEAR) known.push(daySuspensionIn(c, FIRST_YEAR + known.length));
  return known[year - FIRST_YEAR];
}

/** The first day number of each year from 1970, found as asked: price loops ask every day. */
const YEAR_STARTS: number[] = [];
function yearStart(year: number): number {
  const i = year - 1970;
  if (YEAR_STARTS[i] === undefined) YEAR_STARTS[i] = toDay(`${year}-01-01`);
  return YEAR_STARTS[i];
}

/** The year of a day number (days since 1970-01-01). */
function yearOfDay(day: number): number {
  let year = 1970 + Math.floor(day / 365.2425);
  while (yearStart(year) > day) year--;
  while (yearStart(year + 1) <= day) year++;
  return year;
}

/** A company's suspensions up to the day, oldest first: the one-day ones and the lasting one. */
export function suspensionsUpTo(c: IdxCompany, last: number): { day: number; reason: string }[] {
  const out: { day: number; reason: string }[] = [];
  for (let year = FIRST_YEAR; year <= yearOfDay(last); year++) {
    const s = daySuspension(c, year);
    if (s && s.day <= last) out.push(s);
  }
  if (c.suspended !== undefined && dayOf(c.suspended) <= last) out.push({ day: dayOf(c.suspended), reason: SUSPENSION_REASONS[1] });
  return out;
}

/** True on a one-day suspension (seeded in its year or, moved to the next trading day, the year
 *  before). */
const isDaySuspended = (c: IdxCompany, day: number): boolean =>
  daySuspension(c, yearOfDay(day))?.day === day || daySuspension(c, yearOfDay(day) - 1)?.day === day;

/** True when the company's shares are suspended on that day: a one-day suspension, or on or after
 *  a lasting one. */
export const isSuspendedOn = (c: IdxCompany, day: number): boolean =>
  (c.suspended !== undefined && day >= dayOf(c.suspended)) || isDaySuspended(c, day);

/** The last day a suspended company's shares traded (the trading day before its suspension), or
 *  undefined for a company that trades. */
export const lastTradedDay = (c: IdxCompany): number | undefined =>
  c.suspended === undefined ? undefined : tradingDayOnOrBefore("idx", dayOf(c.suspended) - 1);

/** The day whose close stands on `day`: the day itself, or for a suspended day the last trading
 *  day before the suspension. */
export function lastTradedDayBefore(c: IdxCompany, day: number): number {
  const halted = lastTradedDay(c);
  if (halted !== undefined && day > halted) return halted;
  let d = day;
  while (isDaySuspended(c, d)) d = tradingDayOnOrBefore("idx", d - 1);
  return d;
}

/** True when the company's shares trade that day: a trading day of IDX on or after its listing,
 *  before any suspension. */
export const tradesOn = (c: IdxCompany, day: number): boolean => isTradingDay("idx", day) && isListedOn(c, day) && !isSuspendedOn(c, day);
