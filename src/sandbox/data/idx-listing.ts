// When a company of the IDX universe trades: from its listing date, on the exchange's trading
// days. A company listed after the demo data starts (GOTO in 2022) has no close, trade, filing or
// statement before that date.
import { isTradingDay } from "../calendar";
import { toDay } from "../dates";
import type { IdxCompany } from "./idx-companies";

const LISTING_DAYS = new Map<string, number>();

/** The day number of the listing date (read once per company: price loops ask it every day). */
export function listingDay(c: IdxCompany): number {
  let day = LISTING_DAYS.get(c.symbol);
  if (day === undefined) {
    day = toDay(c.listed);
    LISTING_DAYS.set(c.symbol, day);
  }
  return day;
}

/** True when the company is listed on that day (whether or not the exchange trades). */
export const isListedOn = (c: IdxCompany, day: number): boolean => day >= listingDay(c);

/** True when the company's shares trade that day: a trading day of IDX on or after its listing. */
export const tradesOn = (c: IdxCompany, day: number): boolean => isTradingDay("idx", day) && isListedOn(c, day);
