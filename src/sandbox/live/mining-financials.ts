// GET /v2/mining/companies/financials/{slug}/ (live): one year (default the latest) of the same
// financials as the spec edition, in whole USD with snake_case breakdown keys.
import { miningFinancials } from "../data/mining-financials";
import type { Endpoint } from "../endpoint";
import { miningOr404, pickYear, symbolOf } from "./mining-lookup";
import { yearParam } from "./params";

const usd = (millions: number) => Math.round(millions * 1e6);
const snake = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
const inUsd = (parts: Record<string, number>) => Object.fromEntries(Object.entries(parts).map(([k, v]) => [snake(k), usd(v)]));

export const liveMiningFinancials: Endpoint = {
  path: "/v2/mining/companies/financials/:slug/",
  handle({ params, query: q, today }) {
    const asked = yearParam(q);
    const c = miningOr404(params.slug);
    const rows = miningFinancials(c, today) ?? [];
    const years = rows.map((r) => r.year).sort((a, b) => a - b);
    const year = pickYear(years, asked, "No financial data found for company for the requested year.");
    const r = rows.find((x) => x.year === year)!;
    return {
      year,
      available_years: years,
      data: {
        slug: c.slug,
        symbol: symbolOf(c),
        name: c.name,
        year,
        assets_usd: usd(r.assets),
        revenue_usd: usd(r.revenue),
        revenue_breakdown: inUsd(r.revenue_breakdown),
        cost_of_revenue_usd: usd(r.cost_of_revenue),
        cost_of_revenue_breakdown: inUsd(r.cost_of_revenue_breakdown),
        net_profit_usd: usd(r.net_profit),
      },
    };
  },
};
