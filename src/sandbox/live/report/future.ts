// The future section of the live company report: analyst estimates for the two years after the
// last full year, grown from the company's own trend with seeded noise, and a rating breakdown.
import { annual } from "../../data/idx-annual";
import { between, intBetween, rng } from "../../prng";
import { type ReportCtx, shares } from "./context";

export function forecasts({ facts: f, years, today }: ReportCtx) {
  const c = f.company;
  const base = years.at(-1) ?? 2019;
  const a = annual(c, base, today);
  let revenue = a.revenue ?? 0;
  let eps = (a.earnings ?? 0) / shares(c);
  const values: { eps_estimate: number; estimate_year: number; revenue_estimate: number }[] = [];
  const growths: { base_year: number; eps_growth: number; estimate_year: number; revenue_growth: number }[] = [];
  for (const year of [base + 1, base + 2]) {
    const r = rng(c.symbol, "forecast", year, today.slice(0, 7));
    const revenueGrowth = c.growth + between(r, -0.03, 0.06);
    const epsGrowth = revenueGrowth + between(r, -0.05, 0.08);
    revenue *= 1 + revenueGrowth;
    eps = eps > 0 ? eps * (1 + epsGrowth) : eps * (1 - epsGrowth);
    values.push({ eps_estimate: Number(eps.toFixed(2)), estimate_year: year, revenue_estimate: Math.round(revenue / 1e9) * 1e9 });
    growths.push({
      base_year: year - 1,
      eps_growth: Number(epsGrowth.toFixed(4)),
      estimate_year: year,
      revenue_growth: Number(revenueGrowth.toFixed(4)),
    });
  }
  return { values, growths };
}

export function future(ctx: ReportCtx) {
  const { values, growths } = forecasts(ctx);
  const r = rng(ctx.facts.company.symbol, "ratings", ctx.today.slice(0, 7));
  const n = intBetween(r, 4, 30);
  const strongBuy = intBetween(r, 0, n);
  const buy = intBetween(r, 0, n - strongBuy);
  const hold = intBetween(r, 0, n - strongBuy - buy);
  const sell = intBetween(r, 0, n - strongBuy - buy - hold);
  return {
    company_value_forecasts: values,
    company_growth_forecasts: growths,
    analyst_rating_breakdown: {
      buy,
      hold,
      sell,
      n_analyst: n,
      strong_buy: strongBuy,
      updated_on: `${ctx.today.slice(0, 7)}-01 09:00:00`,
      strong_sell: n - strongBuy - buy - hold - sell,
    },
  };
}
