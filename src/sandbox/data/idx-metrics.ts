// Screening figures behind /v1/companies/ sort keys, derived from the same prices and quarterly
// statements the other endpoints return, so the numbers agree across endpoints.
import { memo } from "../memo";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { fullYears, fullYearsOf, latestQuarters, yearTotal } from "./idx-financials";
import { marketCap } from "./idx-prices";

export interface IdxMetrics {
  market_cap: number;
  dividend_yield: number;
  total_dividend: number;
  revenue: number;
  earnings: number;
  pb: number;
  pe: number;
  ps: number;
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));

function metricsOf(c: IdxCompany, today: string): IdxMetrics {
  // The last four quarters filed, each as known today (a restatement counts once).
  const quarters = latestQuarters(c, today)
    .slice(0, 4)
    .map((q) => q.record);
  const ttm = (field: string) => quarters.reduce((s, q) => s + Number(q[field] ?? 0), 0);
  const mcap = marketCap(c, today);
  const revenue = ttm("revenue");
  const earnings = ttm("earnings");
  const equity = Number(quarters[0]?.stockholders_equity ?? 0);
  // Dividends are paid out of the company's last full year's profit, when that year is as recent
  // as the market's (a company behind with its reports pays none); loss makers pay none.
  const own = fullYearsOf(c, today).at(-1);
  const market = fullYears(today).at(-1);
  const lastYearEarnings = own === undefined || market === undefined || own < market ? 0 : (yearTotal(c, own, "earnings", today) ?? 0);
  const totalDividend = Math.max(0, Math.round((lastYearEarnings * c.payout) / 1e6) * 1e6);
  return {
    market_cap: Math.round(mcap),
    dividend_yield: round(totalDividend / mcap, 4),
    total_dividend: totalDividend,
    revenue,
    earnings,
    pb: equity ? round(mcap / equity, 2) : 0,
    pe: earnings ? round(mcap / earnings, 2) : 0,
    ps: revenue ? round(mcap / revenue, 2) : 0,
  };
}

export const idxMetrics = memo((today: string) => new Map(IDX_COMPANIES.map((c) => [c.symbol, metricsOf(c, today)])));
