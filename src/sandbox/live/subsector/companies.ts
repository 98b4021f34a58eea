// The companies section of the sub-sector report: the five largest members by market cap, revenue
// growth over the last full year, trailing profit and revenue, and the five that rose most over
// the past month, keyed by symbol.
import type { IdxCompany } from "../../data/idx-companies";
import { yearTotal } from "../../data/idx-financials";
import { lastTradingDay, sharePrice } from "../../data/idx-prices";
import { fromDay } from "../../dates";
import { type SubsectorCtx, topBy } from "./context";

const TOP = 5;

export function companies({ members, years, latest, today }: SubsectorCtx) {
  const year = years.at(-1);
  // Over the two years' filings as a listed company, null when either is not full.
  const revenueGrowth = (c: IdxCompany) => {
    if (year === undefined) return null;
    const [before, now] = [yearTotal(c, year - 1, "revenue", today), yearTotal(c, year, "revenue", today)];
    return before !== null && now !== null && before > 0 ? now / before - 1 : null;
  };
  const change = (c: IdxCompany, days: number) => sharePrice(c, latest) / sharePrice(c, lastTradingDay(fromDay(latest - days))) - 1;
  return {
    top_companies: {
      top_mcap: topBy(
        members,
        TOP,
        (f) => f.metrics.market_cap,
        (f, v) => ({ name: f.company.name, market_cap: v }),
      ),
      top_growth: topBy(
        members,
        TOP,
        (f) => revenueGrowth(f.company),
        (f, v) => ({ name: f.company.name, revenue_growth: v }),
      ),
      top_profit: topBy(
        members,
        TOP,
        (f) => f.metrics.earnings,
        (f, v) => ({ name: f.company.name, profit_ttm: v }),
      ),
      top_revenue: topBy(
        members,
        TOP,
        (f) => f.metrics.revenue,
        (f, v) => ({ name: f.company.name, revenue_ttm: v }),
      ),
    },
    top_change_companies: topBy(
      members,
      TOP,
      (f) => change(f.company, 30),
      (f, v) => ({
        pe: f.metrics.pe,
        "1yr": change(f.company, 365),
        "1mth": v,
        name: f.company.name,
        last_close: f.stats.last_close_price,
      }),
    ),
  };
}
