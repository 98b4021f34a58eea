// One SGX company as of a day, as the live SGX report, top ranking and screener all read it: the
// last close and volume of sgx-prices.ts, the market cap at that close, price changes and extremes
// from the same closes, the years whose annual results are out (a seeded day in February of the
// next year) while it is listed, and the ratios those years give at today's cap. No close yet
// (before 2019-01-02, or before it listed): no facts. A delisted company's facts stand at its last
// close.
import { tradingDayOnOrBefore } from "../calendar";
import { addDays, fromDay, stamp, toDay } from "../dates";
import { memo } from "../memo";
import { between, intBetween, rng } from "../prng";
import { allTimePrice } from "./idx-price-stats";
import { isFinancial, type SgxYear, sgxYear } from "./sgx-annual";
import { SGX_FIRST_DAY, SGX_LISTINGS, type SgxListing, sgxClose, sgxSeries, sgxVolume } from "./sgx-prices";

const FIRST_YEAR = 2019;
/** Singapore's corporate income tax rate, which turns earnings back into pre-tax income. */
const TAX_RATE = 0.17;

const round = (x: number, digits: number) => Number(x.toFixed(digits));
const ratio = (a: number, b: number, digits = 6) => (b > 0 ? round(a / b, digits) : null);

/** The day a year's annual results are out. */
export function sgxResultsDate(s: SgxListing, year: number): string {
  return `${year + 1}-02-${String(intBetween(rng(s.symbol, "sgx-results", year), 10, 27)).padStart(2, "0")}`;
}

/** A reported year as the service's `historical_financials` writes it. */
export function sgxStatement(s: SgxListing, year: number) {
  const y = sgxYear(s, year);
  const pretax = Math.round(y.earnings / (1 - TAX_RATE) / 1000) * 1000;
  const released = toDay(sgxResultsDate(s, year));
  return {
    date: `${year}-12-31`,
    revenue: y.revenue,
    earnings: y.earnings,
    updated_on: stamp(released, intBetween(rng(s.symbol, "sgx-updated", year), 60, 600)),
    cash_flow_metrics: {
      net_cash_flow: y.operating_cash_flow + y.investing_cash_flow + y.financing_cash_flow,
      free_cash_flow: y.operating_cash_flow - y.capital_expenditure,
      capital_expenditure: y.capital_expenditure,
      financing_cash_flow: y.financing_cash_flow,
      investing_cash_flow: y.investing_cash_flow,
      operating_cash_flow: y.operating_cash_flow,
    },
    income_stmt_metrics: {
      income_taxes: pretax - y.earnings,
      pretax_income: pretax,
      operating_expense: y.operating_expense,
      diluted_shares_outstanding: s.shares,
    },
    balance_sheet_metrics: {
      total_asset: y.total_asset,
      total_equity: y.total_equity,
      total_liabilities: y.total_asset - y.total_equity,
    },
  };
}

export interface SgxFacts {
  listing: SgxListing;
  date: string;
  close: number;
  volume: number;
  market_cap: number;
  /** Price change over a span, as a decimal; null when the span reaches before the first close. */
  changes: Record<"change_1d" | "change_7d" | "change_1m" | "change_1y" | "change_3y" | "change_ytd", number | null>;
  all_time_price: Record<string, Record<string, number>>;
  /** Years whose annual results are out by today, oldest first. */
  years: number[];
  /** The latest of them, if any. */
  latest?: SgxYear;
  beta: number;
  employee_num: number;
  /** Borrowings over equity: a seeded share of the liabilities (deposits and payables are not debt). */
  debt_to_equity: number | null;
}

/** The years whose results came out by today while the company was listed, oldest first. */
export function sgxReportedYears(s: SgxListing, today: string): number[] {
  const years: number[] = [];
  for (let year = FIRST_YEAR; sgxResultsDate(s, year) <= today; year++) {
    const out = toDay(sgxResultsDate(s, year));
    if (out >= s.firstDay && out <= s.lastDay) years.push(year);
  }
  return years;
}

function build(s: SgxListing, today: string): SgxFacts | undefined {
  const last = tradingDayOnOrBefore("sgx", Math.min(toDay(today), s.lastDay));
  if (last < s.firstDay) return undefined;
  const close = sgxClose(s, last);
  // A delisted company's changes and extremes are as of its last close.
  const asOf = s.lastDay < toDay(today) ? fromDay(last) : today;
  const closeOn = (iso: string) => {
    const day = tradingDayOnOrBefore("sgx", toDay(iso));
    return day < s.firstDay ? undefined : sgxClose(s, day);
  };
  const change = (then: number | undefined) => (then === undefined ? null : round(close / then - 1, 6));
  const closes = sgxSeries(s, SGX_FIRST_DAY, last).map((p): [string, number] => [p.date, p.close]);
  const years = sgxReportedYears(s, today);
  const latest = years.length ? sgxYear(s, years[years.length - 1]) : undefined;
  const r = rng(s.symbol, "sgx-people");
  const perEmployee = between(r, 2e5, 4e6);
  const debtShare = isFinancial(s) ? between(r, 0.08, 0.15) : between(r, 0.3, 0.6);
  return {
    listing: s,
    date: fromDay(last),
    close,
    volume: sgxVolume(s, last),
    market_cap: Math.round(close * s.shares),
    changes: {
      change_1d: change(closes.at(-2)?.[1]),
      change_7d: change(closeOn(addDays(asOf, -7))),
      change_1m: change(closeOn(addDays(asOf, -30))),
      change_1y: change(closeOn(addDays(asOf, -365))),
      change_3y: change(closeOn(addDays(asOf, -3 * 365))),
      change_ytd: change(closeOn(`${Number(asOf.slice(0, 4)) - 1}-12-31`)),
    },
    all_time_price: allTimePrice(closes, asOf),
    years,
    latest,
    beta: round(between(rng(s.symbol, "sgx-beta"), isFinancial(s) ? 0.8 : 0.4, isFinancial(s) ? 1.3 : 1.5), 6),
    employee_num: Math.max(20, Math.round(s.market_cap / perEmployee)),
    debt_to_equity: latest ? ratio((latest.total_asset - latest.total_equity) * debtShare, latest.total_equity) : null,
  };
}

const factsOf = memo((key: string) => {
  const [symbol, today] = key.split("|");
  return build(SGX_LISTINGS.get(symbol)!, today);
});

/** The facts of a company as of today (a delisted one's at its last close); undefined before its
 *  first close. */
export const sgxFacts = (s: SgxListing, today: string): SgxFacts | undefined => factsOf(`${s.symbol}|${today}`);

/** The valuation ratios at today's market cap over the latest reported year (null without one,
 *  or where the denominator is not positive). */
export function sgxValuation(f: SgxFacts) {
  const y = f.latest;
  return {
    pe: y ? ratio(f.market_cap, y.earnings) : null,
    beta: f.beta,
    ps: y ? ratio(f.market_cap, y.revenue) : null,
    pcf: y ? ratio(f.market_cap, y.operating_cash_flow) : null,
    pb: y ? ratio(f.market_cap, y.total_equity) : null,
  };
}
