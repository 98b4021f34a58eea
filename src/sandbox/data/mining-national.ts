// Country-wide mining figures, all derived from the other mining data so that the functions
// agree: national production is Indonesia's row of the global commodity table; exports split
// Indonesia's export value of that table (commodity-trade.ts) among buyer countries; a
// province's resources and reserves add up those of its sites (mining-reserves.ts).
import { between, rng } from "../prng";
import { exportImport, PRODUCTION_UNITS } from "./commodity-trade";
import { globalCommodity } from "./global-commodity";
import { resourcesReserves } from "./mining-reserves";
import { siteExtras } from "./mining-site-extras";
import { type SiteRow, siteRows, UNITS } from "./mining-sites";

const BUYERS: Record<string, string[]> = {
  Coal: ["China", "India", "Japan", "South Korea", "Philippines", "Malaysia", "Vietnam", "Taiwan", "Thailand", "Bangladesh"],
  Copper: ["China", "Japan", "India", "South Korea", "Philippines", "Spain"],
  Gold: ["Singapore", "Switzerland", "Hong Kong", "India", "Japan", "Australia"],
};

/** Indonesia's yearly output of a commodity, {year: volume}, in the unit of PRODUCTION_UNITS. */
export const nationalOutput = (today: string, commodity: string) =>
  globalCommodity(today).find((r) => r.country === "Indonesia" && r.commodity_type === commodity)?.production_volume;

/** The buyer countries of a year's exports, by value, largest first; none outside the trade years. */
export function exportDestinations(today: string, commodity: string, year: number) {
  const volumes = nationalOutput(today, commodity);
  const total = volumes && exportImport(commodity, "Indonesia", volumes)[String(year)]?.export;
  const [unit, price] = PRODUCTION_UNITS.get(commodity) ?? ["", 1];
  if (!total || !BUYERS[commodity]) return [];
  const r = rng("exports", commodity, year);
  const weights = BUYERS[commodity].map(() => between(r, 0.05, 1) ** 2);
  const sum = weights.reduce((s, w) => s + w, 0);
  return BUYERS[commodity]
    .map((country, i) => {
      const usd = Math.round((total * weights[i]) / sum);
      const bps = Number((usd / price).toFixed(4));
      return {
        country,
        export_usd: usd,
        export_volume_bps: bps,
        export_volume_esdm: r() < 0.3 ? null : Number((bps * between(r, 0.9, 1.1)).toFixed(4)),
        volume_unit: unit,
      };
    })
    .sort((a, b) => b.export_usd - a.export_usd);
}

/** The entry of `key`, made first when there is none. */
export function slot<T>(map: Record<string, T>, key: string, make: () => T): T {
  if (!Object.prototype.hasOwnProperty.call(map, key)) map[key] = make();
  return map[key];
}

/** A producing site's resources and reserves in a year, null for an exploration site. */
export const siteReserves = (s: SiteRow) =>
  s.production_volume === null
    ? null
    : resourcesReserves(siteExtras(s).slug, s.mineral_type, UNITS[s.mineral_type][0], s.year, s.production_volume);

/** {province: {year: {commodity: {figure: value}}}}: the sums of the sites' figures, with the
 *  exploration target and the inventory the province reports beside them. */
export function provinceReserves(lastYear: number) {
  const out: Record<string, Record<string, Record<string, Record<string, number>>>> = {};
  for (const s of siteRows(String(lastYear))) {
    const reserves = siteReserves(s);
    if (!reserves) continue;
    const { measurement_year: _, ...figures } = reserves;
    const unit = UNITS[s.mineral_type][0];
    const year = slot(
      slot(out, s.province, () => ({})),
      String(s.year),
      () => ({}),
    );
    const sums = slot(year, s.mineral_type, () => ({ [`exploration_target_${unit}`]: 0, [`total_inventory_${unit}`]: 0 }));
    for (const [name, value] of Object.entries(figures)) sums[name] = Number(((sums[name] ?? 0) + value).toFixed(1));
    const total = figures[`total_resources_${unit}`] ?? 0;
    const r = rng("province-reserves", s.name, s.year);
    sums[`exploration_target_${unit}`] = Number((sums[`exploration_target_${unit}`] + total * between(r, 0.001, 0.01)).toFixed(2));
    sums[`total_inventory_${unit}`] = Number((sums[`total_inventory_${unit}`] + total * between(r, 0.1, 0.3)).toFixed(1));
  }
  return out;
}
