// Mining company financials (spec 2.5) in USD millions, converted from the same quarterly IDR
// statements /v1/financials/quarterly/ serves, at a yearly average exchange rate.
import { idxCompany } from "./idx-companies";
import { fullYearsOf, yearQuarters } from "./idx-financials";
import type { MiningCompany } from "./mining-companies";

const USD_IDR: Record<number, number> = { 2019: 14150, 2020: 14580, 2021: 14310, 2022: 14850, 2023: 15240, 2024: 15850, 2025: 16400 };
const usdIdr = (year: number) => USD_IDR[year] ?? 16500;

const COST_SPLIT: Record<string, [string, number][]> = {
  Coal: [
    ["Mining Contractor", 0.38],
    ["Royalty", 0.24],
    ["Freight & Handling", 0.2],
    ["Fuel", 0.18],
  ],
  metal: [
    ["Processing", 0.36],
    ["Energy & Fuel", 0.3],
    ["Labour", 0.22],
    ["Royalty", 0.12],
  ],
};

const m2 = (x: number) => Number(x.toFixed(2));

/** Split a total into named parts that add up to it exactly (the last part takes the rounding). */
function breakdown(total: number, parts: [string, number][]): Record<string, number> {
  const weight = parts.reduce((s, [, w]) => s + w, 0);
  const out: Record<string, number> = {};
  let used = 0;
  parts.forEach(([name, w], i) => {
    const v = i === parts.length - 1 ? m2(total - used) : m2((total * w) / weight);
    out[name] = v;
    used = m2(used + v);
  });
  return out;
}

export function miningFinancials(mc: MiningCompany, today: string) {
  const code = mc.idx_ticker?.replace(".JK", "");
  const c = code ? idxCompany(code) : undefined;
  if (!c || !mc.idx_ticker) return undefined;
  return fullYearsOf(c, today)
    .reverse()
    .map((year) => {
      const usd = (idr: number) => m2(idr / usdIdr(year) / 1e6);
      // A full year: its four quarters are there.
      const quarters = yearQuarters(c, year, today)!;
      const total = (field: string) => quarters.reduce((sum, r) => sum + Number(r[field] ?? 0), 0);
      const revenue = usd(total("revenue"));
      const cost = usd(total("cost_of_revenue"));
      return {
        idx_ticker: mc.idx_ticker,
        name: mc.name,
        year,
        assets: usd(Number(quarters[3].total_assets)),
        revenue,
        revenue_breakdown: breakdown(revenue, c.segments),
        cost_of_revenue: cost,
        cost_of_revenue_breakdown: breakdown(cost, COST_SPLIT[mc.commodity[0] === "Coal" ? "Coal" : "metal"]),
        net_profit: usd(total("earnings")),
      };
    });
}
