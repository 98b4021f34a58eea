// Export destinations of the listed miners by year (spec 2.12). Each year picks its own set of
// buyer countries, so years list different countries, as in the real data. Volumes are in the
// company's sales unit; revenue is USD millions and missing in some years.

import { between, intBetween, rng } from "../prng";
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

const r2 = (x: number) => Number(x.toFixed(2));

export function salesDestinations(code: string, today: string, revenueOf: (year: number) => number | undefined) {
  const profile = PROFILES[code];
  if (!profile) return undefined;
  const [base, core, extra] = profile;
  const out: Record<string, Record<string, Cell>> = {};
  for (const year of fullYears(today)) {
    const r = rng("sales", code, year);
    const countries = [...core, ...extra.filter(() => r() < 0.5)].sort();
    const weights = countries.map(() => between(r, 0.3, 1));
    const sum = weights.reduce((s, w) => s + w, 0);
    const volume = base * 1.03 ** (year - 2019) * between(r, 0.92, 1.08);
    const revenue = revenueOf(year);
    const withRevenue = revenue !== undefined && intBetween(r, 0, 3) > 0;
    const row: Record<string, Cell> = {};
    countries.forEach((country, i) => {
      const share = (weights[i] / sum) * 100;
      row[country] = {
        revenue: withRevenue ? r2((revenue! * share) / 100) : null,
        percentage_of_total_revenue: withRevenue ? r2(share * between(r, 0.95, 1.05)) : null,
        volume: Number(((volume * share) / 100).toFixed(3)),
        percentage_of_sales_volume: r2(share),
      };
    });
    out[String(year)] = row;
  }
  return out;
}
