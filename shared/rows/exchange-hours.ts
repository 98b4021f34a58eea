// When each exchange MDQ reads prices of trades, for the lifetime of today's prices (freshness.ts):
// while it trades an answer ages in minutes; after the close it stays what it is until the next open.
//
// Regular sessions, local time, Monday to Friday (the exchanges' own trading-hours pages):
//   - IDX (Indonesia Stock Exchange, idx.co.id "Trading Hours"): session I from 09:00, session II
//     to 15:50, then the pre-closing auction that sets the close, 15:50-16:00 WIB (UTC+7). The
//     lunch break (12:00-13:30, Friday 11:30-14:00) is counted as trading: a price fetched then is
//     fresh for minutes, never longer than it should be.
//   - SGX (Singapore Exchange, sgx.com "Securities Trading Hours"): continuous trading 09:00-17:00,
//     then the pre-close routine that sets the close, 17:00-17:06 SGT (UTC+8).
//   - Bursa Malaysia (KLSE, bursamalaysia.com "Trading Hours"): 09:00-12:30 and 14:30-16:45, then
//     the pre-close and trading at last, 16:45-17:00 MYT (UTC+8); the break is counted as trading.
// None of the three zones keeps daylight saving time, so a fixed offset is the zone: the core needs
// no time-zone database.
// Holidays: MDQ has no trading calendar, so the next open is the next weekday's and a holiday counts
// as a trading day: its answers are fresh for minutes in the usual hours (more requests that day,
// never a price older than it says).

import { DAY_MS } from "../base/cells";

export type Exchange = "IDX" | "SGX" | "KLSE";

interface Hours {
  /** The exchange's time zone (IANA), for people: the code keeps its offset. */
  zone: string;
  /** Hours ahead of UTC, all year. */
  utcOffset: number;
  /** Minutes after local midnight. */
  open: number;
  close: number;
}

export const EXCHANGE_HOURS: Readonly<Record<Exchange, Hours>> = {
  IDX: { zone: "Asia/Jakarta", utcOffset: 7, open: 9 * 60, close: 16 * 60 },
  SGX: { zone: "Asia/Singapore", utcOffset: 8, open: 9 * 60, close: 17 * 60 + 6 },
  KLSE: { zone: "Asia/Kuala_Lumpur", utcOffset: 8, open: 9 * 60, close: 17 * 60 },
};

const MINUTE_MS = 60_000;

/** Where `at` (ms since the epoch) falls in the exchange's week: trading (between the open and the
 *  close plus `settleMs`, on a weekday), or closed until the next open (ms since the epoch). */
export function sessionAt(exchange: Exchange, at: number, settleMs = 0): { trading: true } | { trading: false; nextOpen: number } {
  const h = EXCHANGE_HOURS[exchange];
  const local = at + h.utcOffset * 3_600_000;
  const day = Math.floor(local / DAY_MS);
  const minute = (local - day * DAY_MS) / MINUTE_MS;
  // Day 0 (1970-01-01) was a Thursday: 0 is Sunday, 6 Saturday.
  const weekday = (d: number) => (((d + 4) % 7) + 7) % 7;
  const isTradingDay = (d: number) => weekday(d) % 6 !== 0;
  if (isTradingDay(day) && minute >= h.open && minute < h.close + settleMs / MINUTE_MS) return { trading: true };
  let next = isTradingDay(day) && minute < h.open ? day : day + 1;
  while (!isTradingDay(next)) next++;
  return { trading: false, nextOpen: next * DAY_MS + h.open * MINUTE_MS - h.utcOffset * 3_600_000 };
}
