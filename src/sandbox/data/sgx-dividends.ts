// Cash dividends per share of the SGX universe in SGD: a final dividend around May and an interim
// one around August, together the company's payout of the previous year's earnings (none after a
// loss), with the yield on the close of the ex-date.
import { tradingDayOnOrAfter } from "../calendar";
import { addDays, fromDay, toDay, yearOf } from "../dates";
import { memo } from "../memo";
import { intBetween, rng } from "../prng";
import { sgxPayout, sgxYear } from "./sgx-annual";
import { SGX_LISTINGS, type SgxListing, sgxClose, sgxTradesOn } from "./sgx-prices";

export interface SgxPayment {
  date: string;
  amount: number;
  yield: number;
}

const SPLIT: [month: string, share: number][] = [
  ["05", 0.6],
  ["08", 0.4],
];

/** What a year's dividends add up to per share: the payout of the year before's earnings. */
export function sgxDividendPool(s: SgxListing, year: number): number {
  return Math.max(0, (sgxYear(s, year - 1).earnings * sgxPayout(s)) / s.shares);
}

const paymentsOf = memo((key: string): SgxPayment[] => {
  const [symbol, today] = key.split("|");
  const s = SGX_LISTINGS.get(symbol)!;
  const out: SgxPayment[] = [];
  for (let year = 2019; year <= yearOf(today); year++) {
    const pool = sgxDividendPool(s, year);
    if (pool <= 0) continue;
    for (const [month, share] of SPLIT) {
      // The ex-date is a trading day of SGX.
      const day = tradingDayOnOrAfter(
        "sgx",
        toDay(`${year}-${month}-${String(intBetween(rng(symbol, "sgx-dividend", year, month), 5, 25)).padStart(2, "0")}`),
      );
      const amount = Number((pool * share).toFixed(3));
      // Only while it is listed: no ex-date before its listing nor after its delisting.
      if (amount > 0 && fromDay(day) <= today && sgxTradesOn(s, day))
        out.push({ date: fromDay(day), amount, yield: Number((amount / sgxClose(s, day)).toFixed(4)) });
    }
  }
  return out;
});

/** Payments up to today, oldest first. */
export const sgxDividends = (s: SgxListing, today: string): SgxPayment[] => paymentsOf(`${s.symbol}|${today}`);

/** This year's expected dividend per share and its yield at a close, as the report and the top
 *  ranking state them. */
export function sgxForward(s: SgxListing, today: string, close: number) {
  const forward = Number(sgxDividendPool(s, yearOf(today)).toFixed(3));
  return { forward_dividend: forward, forward_dividend_yield: Number((forward / close).toFixed(4)) };
}

/** A year's payments as the service's `historical_dividends` writes them. */
function yearOfPayments(paid: SgxPayment[]) {
  return {
    breakdown: paid.map((p) => ({ date: p.date, total: p.amount, yield: p.yield })),
    total_yield: Number(paid.reduce((t, p) => t + p.yield, 0).toFixed(4)),
    total_dividend: Number(paid.reduce((t, p) => t + p.amount, 0).toFixed(3)),
  };
}

/** The report's dividend section at a close: trailing and forward figures, growth over the last
 *  full year, the 5-year average yield and every year's payments. */
export function sgxDividendSection(s: SgxListing, today: string, close: number, latestEarnings: number | undefined) {
  const paid = sgxDividends(s, today);
  const year = yearOf(today);
  const byYear = new Map<number, SgxPayment[]>();
  for (const p of paid) byYear.set(yearOf(p.date), [...(byYear.get(yearOf(p.date)) ?? []), p]);
  const total = (y: number) => yearOfPayments(byYear.get(y) ?? []);
  const yearAgo = addDays(today, -365);
  const past = [1, 2, 3, 4, 5].map((n) => total(year - n)).filter((t) => t.breakdown.length);
  const [last, before] = [total(year - 1).total_dividend, total(year - 2).total_dividend];
  return {
    dividend_yield_5y_avg: past.length ? Number((past.reduce((t, y) => t + y.total_yield, 0) / past.length).toFixed(4)) : null,
    dividend_growth_rate: before > 0 ? Number((last / before - 1).toFixed(6)) : null,
    payout_ratio: latestEarnings !== undefined && latestEarnings > 0 ? Number(sgxPayout(s).toFixed(6)) : 0,
    ...sgxForward(s, today, close),
    dividend_ttm: Number(
      paid
        .filter((p) => p.date > yearAgo)
        .reduce((t, p) => t + p.amount, 0)
        .toFixed(3),
    ),
    historical_dividends: Object.fromEntries([...byYear.keys()].map((y) => [String(y), total(y)])),
  };
}
