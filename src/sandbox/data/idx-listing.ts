// When a company of the IDX universe trades: from its listing date, on the exchange's trading
// days, until IDX suspends its shares (a company that stopped filing: idx-edge-companies.ts). A
// company listed after the demo data starts (GOTO in 2022) has no close, trade, filing or
// statement before that date; a suspended one no trade from its suspension on, its last close
// standing.
import { isTradingDay, tradingDayOnOrBefore } from "../calendar";
import { toDay } from "../dates";
import { memo } from "../memo";
import type { IdxCompany } from "./idx-companies";

/** Listing dates as day numbers, read once each: price loops ask them every day. */
const dayOf = memo(toDay);

/** The day number of the company's listing date. */
export const listingDay = (c: IdxCompany): number => dayOf(c.listed);

/** True when the company is listed on that day (whether or not the exchange trades). */
export const isListedOn = (c: IdxCompany, day: number): boolean => day >= listingDay(c);

/** True when the company's shares are suspended on that day. */
export const isSuspendedOn = (c: IdxCompany, day: number): boolean => c.suspended !== undefined && day >= dayOf(c.suspended);

/** The last day a suspended company's shares traded (the trading day before its suspension), or
 *  undefined for a company that trades. */
export const lastTradedDay = (c: IdxCompany): number | undefined =>
  c.suspended === undefined ? undefined : tradingDayOnOrBefore("idx", dayOf(c.suspended) - 1);

/** True when the company's shares trade that day: a trading day of IDX on or after its listing,
 *  before any suspension. */
export const tradesOn = (c: IdxCompany, day: number): boolean => isTradingDay("idx", day) && isListedOn(c, day) && !isSuspendedOn(c, day);
