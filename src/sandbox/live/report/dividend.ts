// The dividend section of the live company report, from the same payments the screener's
// dividend fields add up.
import { annual } from "../../data/idx-annual";
import { dividends } from "../../data/idx-dividends";
import { type ReportCtx, ratio, shares } from "./context";

export function dividend({ facts: f, today, years }: ReportCtx) {
  const c = f.company;
  const paid = dividends(c, today);
  const byYear = new Map<string, typeof paid>();
  for (const p of paid) byYear.set(p.date.slice(0, 4), [...(byYear.get(p.date.slice(0, 4)) ?? []), p]);
  const historical = Object.fromEntries(
    [...byYear].map(([year, list]) => [
      year,
      {
        breakdown: list.map((p) => ({ date: p.date, total: p.amount, yield: p.yield })),
        total_yield: list.reduce((s, p) => s + p.yield, 0),
        total_dividend: list.reduce((s, p) => s + p.amount, 0),
      },
    ]),
  );
  const recent = [...byYear.keys()].filter((y) => Number(y) < Number(today.slice(0, 4))).slice(-5);
  const yields = recent.map((y) => byYear.get(y)!.reduce((s, p) => s + p.yield, 0));
  const cash = shares(c) * f.dividend_ttm;
  const lastYear = years.at(-1);
  const fcf = lastYear === undefined ? null : annual(c, lastYear, today).free_cash_flow;
  return {
    historical_dividends: historical,
    upcoming_dividends: null,
    yield_ttm: f.yield_ttm,
    dividend_yield_avg: { period: 5, avg_yield: yields.length ? yields.reduce((s, y) => s + y, 0) / yields.length : null },
    dividend_ttm: f.dividend_ttm,
    payout_ratio: f.metrics.earnings > 0 ? ratio(cash, f.metrics.earnings) : null,
    cash_payout_ratio: fcf !== null && fcf > 0 ? ratio(cash, fcf) : null,
    last_ex_dividend_date: paid.at(-1)?.date ?? null,
  };
}
