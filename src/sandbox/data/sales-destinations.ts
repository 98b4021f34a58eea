// Export destinations of the listed miners by year (spec 2.12). Each year picks its own set of
// buyer countries, so years list different countries, as in the real data. Volumes are in the
// company's sales unit; revenue is USD millions, the miner's revenue of that year split among its
// buyers.

import { between, rng } from "../prng";
import { fullYears } from "./idx-financials";

/** [total sales volume in the first year, buyers always present, occasional buyers]. */
const PROFILES: Record<string, [number, string[], string[]]> = {
  ADRO: [55, ["Indonesia", "China", "India"], ["Japan", "South Korea", "Malaysia", "Philippines", "Vietnam", "Thailand"]],
  ITMG: [22, ["China", "Japan", "Indonesia"], ["Philippines", "Thailand", "Bangladesh", "Taiwan", "South Korea"]],
  PTBA: [30, ["Indonesia", "China"], ["India", "Bangladesh", "Vietnam", "Philippines", "Cambodia"]],
  BUMI: [80, ["India", "China", "Indonesia"], ["Japan", "South Korea", "Taiwan", "Malaysia"]],
  INCO: [72, ["Japan"], ["Canada", "Indonesia"]],
  ANTM: [9.5, ["Indonesia", "China"], ["South Korea", "Japan", "Singapore"]],
};

type Cell = {
  revenue: number | null;
  percentage_of_total_revenue: number | null;
  volume: number | null;
  percentage_of_sales_volume: number | null;
};

/** Splits a total among shares so that the rounded parts add up to the rounded total exactly. */
function split(total: number, shares: number[], digits: number): number[] {
  const round = (x: number) => Number(x.toFixed(digits));
  let used = 0;
  return shares.map((share, i) => {
    const part = i === shares.length - 1 ? round(total - used) : round((total * share) / 100);
    used = round(used + part);
    return part;
  });
}

/** Destinations by year: the years the company's revenue is reported (`revenueOf`), every buyer's
 *  revenue and volume its share of the year's totals, so the revenues add up to the revenue of the
 *  financials and the percentages to 100. Prices differ by buyer, so a buyer's share of revenue
 *  is its share of volume weighted by its price. */
export function salesDestinations(code: string, today: string, revenueOf: (year: number) => number | undefined) {
  const profile = PROFILES[code];
  if (!profile) return undefined;
  const [base, core, extra] = profile;
  const out: Record<string, Record<string, Cell>> = {};
  for (const year of fullYears(today)) {
    const revenue = revenueOf(year);
    if (revenue === undefined) continue;
    const r = rng("sales", code, year);
    const countries = [...core, ...extra.filter(() => r() < 0.5)].sort();
    const weights = countries.map(() => between(r, 0.3, 1));
    const sum = weights.reduce((s, w) => s + w, 0);
    const volumeShares = weights.map((w) => (w / sum) * 100);
    const priced = volumeShares.map((v) => v * between(r, 0.9, 1.1));
    const pricedSum = priced.reduce((s, w) => s + w, 0);
    const revenueShares = priced.map((p) => (p / pricedSum) * 100);
    const volume = base * 1.03 ** (year - 2019) * between(r, 0.92, 1.08);
    const revenues = split(revenue, revenueShares, 2);
    const volumes = split(volume, volumeShares, 3);
    const revenuePct = split(100, revenueShares, 2);
    const volumePct = split(100, volumeShares, 2);
    const row: Record<string, Cell> = {};
    countries.forEach((country, i) => {
      row[country] = {
        revenue: revenues[i],
        percentage_of_total_revenue: revenuePct[i],
        volume: volumes[i],
        percentage_of_sales_volume: volumePct[i],
      };
    });
    out[String(year)] = row;
  }
  return out;
}
