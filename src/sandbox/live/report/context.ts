// What every section of the live company report reads: the company's facts, `today`, its full
// financial years, and per-year valuation figures shared by the valuation and peers sections.
import { annual } from "../../data/idx-annual";
import type { IdxCompany } from "../../data/idx-companies";
import { fullYearsOf, periodEnds } from "../../data/idx-financials";
import { lastTradingDay, sharePrice } from "../../data/idx-prices";
import type { Facts } from "../company-facts";

export interface ReportCtx {
  facts: Facts;
  today: string;
  /** Full financial years, oldest first. */
  years: number[];
}

export const reportCtx = (facts: Facts, today: string): ReportCtx => ({ facts, today, years: fullYearsOf(facts.company, today) });

export const shares = (c: IdxCompany) => c.sharesBn * 1e9;

/** a / b, or null when either is missing or b is zero. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  return a / b;
}

/** Year-end multiples at the last close of the financial year (its own: a June year's in June),
 *  null for a year that is not full. */
export function multiples(c: IdxCompany, year: number, today: string) {
  const a = annual(c, year, today);
  const mcap = sharePrice(c, lastTradingDay(periodEnds(c, year)[3])) * shares(c);
  const ev = a.total_debt === null ? null : mcap + a.total_debt - (a.cash_only ?? 0);
  return {
    pe: ratio(mcap, a.earnings),
    pb: ratio(mcap, a.stockholders_equity),
    ps: ratio(mcap, a.revenue),
    pcf: ratio(mcap, a.operating_cash_flow),
    enterprise_to_ebitda: ratio(ev, a.ebitda),
    enterprise_to_revenue: ratio(ev, a.revenue),
  };
}

/** EPS of a year and its growth over the year before (null when that year is not full). */
export function epsOf(c: IdxCompany, year: number, today: string) {
  const eps = ratio(annual(c, year, today).earnings, shares(c));
  const before = ratio(annual(c, year - 1, today).earnings, shares(c));
  const growth = eps !== null && before !== null && before > 0 ? eps / before - 1 : null;
  return { eps, eps_growth: growth === null ? null : Number(growth.toFixed(4)) };
}
