// The peers section of the live company report: the companies of the same sub-sector (the
// company itself marked "self") with their last full year's figures and a seeded scorecard.
import { annual } from "../../data/idx-annual";
import { segmentRows } from "../../endpoints/segments";
import { between, rng } from "../../prng";
import { companyFacts, type Facts } from "../company-facts";
import type { ReportCtx } from "./context";

const POINTS: [string, number][] = [
  ["value", 18],
  ["future", 18],
  ["past", 18],
  ["health", 18],
  ["dividend", 18],
];
const OPEX: [string, string, number][] = [
  ["Salaries & Benefits", "Personnel expenses", 0.45],
  ["General & Administrative", "General and administrative expenses", 0.35],
  ["Marketing & Promotion", "Selling expenses", 0.2],
];

function peer(p: Facts, self: boolean, year: number, today: string) {
  const c = p.company;
  const a = annual(c, year, today);
  const segments = a.revenue === null ? [] : segmentRows(c.symbol, c.segments, a.revenue, year);
  return {
    year,
    group: [self ? "self" : "sub_sector"],
    pb_mrq: p.metrics.pb,
    pe_ttm: p.metrics.pe,
    symbol: p.symbol,
    market_cap: p.metrics.market_cap,
    net_income: a.earnings,
    company_name: c.name,
    employee_num: p.profile.employee_num,
    total_assets: a.total_assets,
    total_equity: a.total_equity,
    pretax_income: a.earnings_before_tax,
    total_revenue: a.revenue,
    point_summaries: POINTS.map(([name, maxpoint]) => ({
      name,
      point: Math.round(between(rng(c.symbol, "points", name, year), 0, maxpoint) * 2) / 2,
      maxpoint,
    })),
    yearly_mcap_chg: p.stats.yearly_mcap_change,
    operating_expense: a.operating_expense,
    // Banks break down interest income, other companies revenue (the same segment figures).
    revenue_breakdown: c.bank ? null : segments,
    total_liabilities: a.total_liabilities,
    int_income_breakdown: c.bank ? segments.map((s) => ({ class: s.source, amount: s.value, category: "Loans" })) : null,
    operating_expense_breakdown:
      a.operating_expense === null
        ? null
        : OPEX.map(([name, category, share]) => ({ class: name, amount: Math.round(a.operating_expense! * share), category })),
  };
}

export function peers({ facts: f, today, years }: ReportCtx) {
  const year = years.at(-1) ?? 2019;
  const group = [...companyFacts(today).values()].filter((p) => p.sub_sector === f.sub_sector);
  return [
    {
      peers_data: {
        companies: group.map((p) => peer(p, p.symbol === f.symbol, year, today)),
        group_name: { sector: f.sector, industry: f.industry, sub_sector: f.sub_sector, sub_industry: f.sub_industry },
      },
    },
  ];
}
