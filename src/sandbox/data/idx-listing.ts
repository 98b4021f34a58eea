// When a company of the IDX universe trades: from its listing date, on the exchange's trading
// days. A company listed after the demo data starts (GOTO in 2022) has no close, trade, filing or
// statement before that date.
import { isTradingDay } from "../calendar";
import { toDay } from "../dates";
import { memo } from "../memo";
import type { IdxCompany } from "./idx-companies";

/** Listing dates as day numbers, read once each: price loops ask them every day. */
const dayOf = memo(toDay);

/** The day number of the company's listing date. */
export const listingDay = (c: IdxCompany): number => dayOf(c.listed);

/** True when the company is listed on that day (whether or not the exchange trades). */
export const isListedOn = (c: IdxCompany, day: number): boolean => day >= listingDay(c);

/** True when the company's shares trade that day: a trading day of IDX on or after its listing. */
export const tradesOn = (c: IdxCompany, day: number): boolean => isTradingDay("idx", day) && isListedOn(c, day);
