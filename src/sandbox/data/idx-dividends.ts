// Cash dividends per share of the IDX universe: each year a final dividend (around May) and an
// interim one (around November), together the company's payout ratio of the previous full year's
// earnings. Loss years pay nothing. The same payments feed the screener's dividend fields and the
// report's dividend section.
import { tradingDayOnOrAfter } from "../calendar";
import { addDays, fromDay, toDay, yearOf } from "../dates";
import { memo } from "../memo";
import { intBetween, rng } from "../prng";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { yearTotal } from "./idx-financials";
import { sharePrice } from "./idx-prices";

export interface Payment {
  /** Ex-dividend date, a trading day. */
  date: string;
  /** IDR per share. */
  amount: number;
  /** Amount over the close of the ex-date. */
  yield: number;
}

const SPLIT: [month: string, share: number][] = [
  ["05", 0.65],
  ["11", 0.35],
];

/** The first IDX trading day on or after a date. */
export function tradingDayFrom(iso: string): number {
  return tradingDayOnOrAfter("idx", toDay(iso));
}

const paymentsOf = memo((key: string): Payment[] => {
  const [symbol, today] = key.split("|");
  const c = IDX_COMPANIES.find((x) => x.symbol === symbol)!;
  const out: Payment[] = [];
  for (let year = 2019; year <= yearOf(today); year++) {
    for (const [month, share] of SPLIT) {
      const day = tradingDayFrom(`${year}-${month}-${String(intBetween(rng(symbol, "dividend", year, month), 5, 25)).padStart(2, "0")}`);
      if (fromDay(day) > today) continue;
      // A payout of the previous financial year, full as a listed company's filings on the day
      // (as known then, so a later restatement does not rewrite a payment).
      const earnings = yearTotal(c, year - 1, "earnings", today, fromDay(day));
      const pool = (earnings ?? 0) * c.payout;
      if (pool <= 0) continue;
      const amount = Math.max(1, Math.round((pool * share) / (c.sharesBn * 1e9)));
      out.push({ date: fromDay(day), amount, yield: amount / sharePrice(c, day) });
    }
  }
  return out;
});

/** Payments up to today, oldest first. */
export const dividends = (c: IdxCompany, today: string): Payment[] => paymentsOf(`${c.symbol}|${today}`);

/** Per-share total of the payments in the 365 days to today. */
export function dividendTtm(c: IdxCompany, today: string): number {
  const from = addDays(today, -365);
  return dividends(c, today)
    .filter((p) => p.date > from)
    .reduce((s, p) => s + p.amount, 0);
}
