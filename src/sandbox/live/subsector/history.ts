// The valuation and growth sections of the sub-sector report: each full year's median multiples
// (ranked among the sub-sectors, 1 the cheapest), the members' combined revenue and earnings growth,
// and the analysts' growth forecasts of the company reports, weighted by revenue.
import { yearTotal } from "../../data/idx-financials";
import type { Facts } from "../company-facts";
import { multiples, reportCtx } from "../report/context";
import { forecasts } from "../report/future";
import { median, type SubsectorCtx } from "./context";

const MULTIPLES = ["pb", "pe", "ps", "pcf"] as const;

function medians(members: Facts[], year: number, today: string): Record<(typeof MULTIPLES)[number], number | null> {
  // A member's multiples of a year it filed in full as a listed company only (null otherwise).
  const all = members.map((f) => multiples(f.company, year, today));
  const of = (k: (typeof MULTIPLES)[number]) => median(all.map((m) => m[k]).filter((v): v is number => v !== null && v > 0));
  return { pb: of("pb"), pe: of("pe"), ps: of("ps"), pcf: of("pcf") };
}

export function valuation({ members, groups, years, today }: SubsectorCtx) {
  const history = years.map((year) => {
    const mine = medians(members, year, today);
    const others = [...groups.values()].map((g) => medians(g, year, today));
    const rank = (k: (typeof MULTIPLES)[number]) => {
      const v = mine[k];
      return v === null ? null : 1 + others.filter((o) => o[k] !== null && o[k]! < v).length;
    };
    return [String(year), { ...mine, pb_rank: rank("pb"), pe_rank: rank("pe"), ps_rank: rank("ps"), pcf_rank: rank("pcf") }];
  });
  return { historical_valuation: Object.fromEntries(history) };
}

/** Growth of a sum over the year before, on the size of the earlier sum (a loss that narrows grows),
 *  over the members that filed both years in full as listed companies. */
function growth(members: Facts[], year: number, field: "revenue" | "earnings", today: string): number | null {
  const total = (f: Facts, y: number) => yearTotal(f.company, y, field, today);
  const both = members.filter((f) => total(f, year - 1) !== null && total(f, year) !== null);
  const sum = (y: number) => both.reduce((s, f) => s + total(f, y)!, 0);
  const before = sum(year - 1);
  return before === 0 ? null : (sum(year) - before) / Math.abs(before);
}

export function growthSection({ members, years, today }: SubsectorCtx) {
  const data = years
    .filter((y) => y > 2019)
    .map((year) => [
      String(year),
      {
        avg_annual_earning_growth: growth(members, year, "earnings", today),
        avg_annual_revenue_growth: growth(members, year, "revenue", today),
      },
    ]);
  const estimates = new Map<number, { base: number; weight: number; eps: number; revenue: number }>();
  for (const f of members) {
    const { growths } = forecasts(reportCtx(f, today));
    // Each member weighs by the revenue of its last full year (the first forecast's base): the
    // year after it is not out yet.
    const weight = Math.max(yearTotal(f.company, growths[0].base_year, "revenue", today) ?? 0, 0);
    for (const g of growths) {
      const e = estimates.get(g.estimate_year) ?? { base: g.base_year, weight: 0, eps: 0, revenue: 0 };
      estimates.set(g.estimate_year, {
        base: g.base_year,
        weight: e.weight + weight,
        eps: e.eps + g.eps_growth * weight,
        revenue: e.revenue + g.revenue_growth * weight,
      });
    }
  }
  const forecastsByYear = [...estimates].map(([year, e]) => [
    String(year),
    { base_year: e.base, eps_growth: e.weight ? e.eps / e.weight : null, revenue_growth: e.weight ? e.revenue / e.weight : null },
  ]);
  return { weighted_avg_growth_data: Object.fromEntries(data), growth_forecasts: Object.fromEntries(forecastsByYear) };
}
