// The trading calendars of the exchanges the demo data prices: a day trades when it is a weekday
// and not one of its exchange's holidays. Every price series of the sandbox walks these days, so
// no close is ever shown on a day the exchange was shut.
import { fromDay, toDay } from "../dates";
import { IDX_HOLIDAYS } from "./idx";
import { KLSE_HOLIDAYS } from "./klse";
import { SGX_HOLIDAYS } from "./sgx";

export type Exchange = "idx" | "sgx" | "klse";

const LISTS: Record<Exchange, Readonly<Record<number, readonly string[]>>> = { idx: IDX_HOLIDAYS, sgx: SGX_HOLIDAYS, klse: KLSE_HOLIDAYS };

/** The years every calendar lists (the demo's prices start in 2019). */
export const CALENDAR_YEARS = Object.keys(IDX_HOLIDAYS).map(Number);

/** Beyond the listed years only the holidays on a fixed date are known (New Year's Day and
 *  Christmas close all three exchanges); the rest of such a year counts its weekdays. */
const FIXED = ["01-01", "12-25"];

const HOLIDAYS: Record<Exchange, ReadonlySet<number>> = {
  idx: daysOf(IDX_HOLIDAYS),
  sgx: daysOf(SGX_HOLIDAYS),
  klse: daysOf(KLSE_HOLIDAYS),
};

function daysOf(list: Readonly<Record<number, readonly string[]>>): ReadonlySet<number> {
  return new Set(Object.entries(list).flatMap(([year, days]) => days.map((d) => toDay(`${year}-${d}`))));
}

/** The holidays of an exchange in a year, as YYYY-MM-DD. */
export function holidaysOf(exchange: Exchange, year: number): string[] {
  const listed = LISTS[exchange][year];
  return (listed ?? FIXED).map((d) => `${year}-${d}`);
}

/** The day numbers the lists cover, so that a day inside them is checked without making a date. */
const FIRST_LISTED = toDay(`${CALENDAR_YEARS[0]}-01-01`);
const LAST_LISTED = toDay(`${CALENDAR_YEARS[CALENDAR_YEARS.length - 1]}-12-31`);

export function isTradingDay(exchange: Exchange, day: number): boolean {
  // 1970-01-01, day 0, was a Thursday: (day + 4) % 7 is 0 on Sundays and 6 on Saturdays.
  const dow = (((day + 4) % 7) + 7) % 7;
  if (dow === 0 || dow === 6) return false;
  if (day >= FIRST_LISTED && day <= LAST_LISTED) return !HOLIDAYS[exchange].has(day);
  const iso = fromDay(day);
  return LISTS[exchange][+iso.slice(0, 4)] === undefined ? !FIXED.includes(iso.slice(5)) : !HOLIDAYS[exchange].has(day);
}

/** Day numbers of an exchange's trading days from `from` to `to`, both included. */
export function tradingDays(exchange: Exchange, from: string, to: string): number[] {
  const out: number[] = [];
  for (let day = toDay(from), last = toDay(to); day <= last; day++) if (isTradingDay(exchange, day)) out.push(day);
  return out;
}

/** The last trading day on or before `day`. */
export function tradingDayOnOrBefore(exchange: Exchange, day: number): number {
  while (!isTradingDay(exchange, day)) day--;
  return day;
}

/** The first trading day on or after `day`. */
export function tradingDayOnOrAfter(exchange: Exchange, day: number): number {
  while (!isTradingDay(exchange, day)) day++;
  return day;
}
