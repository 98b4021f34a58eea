// What the live edition's production performance carries beyond the spec's volumes: sales volume,
// overburden and strip ratio (coal), resources and reserves, and the products sold. Reserves run
// at a seeded number of years of output; products are fixed per company and commodity.
import { between, intBetween, rng } from "../prng";
import type { Commodity } from "./mining-places";

const r1 = (x: number) => Number(x.toFixed(1));
const r2 = (x: number) => Number(x.toFixed(2));
const range = (lo: number, hi: number) => ({ max: r1(hi), min: r1(lo) });

/** Resources and reserves at the year's measurement, keyed with the commodity's unit. */
export function resourcesReserves(slug: string, commodity: Commodity, unit: string, year: number, production: number) {
  const r = rng("reserves", slug, commodity);
  const reserves = production * between(r, 12, 30) * between(rng("reserves", slug, commodity, year), 0.95, 1.05);
  const proven = reserves * between(r, 0.5, 0.65);
  const measured = reserves * between(r, 1.2, 2);
  const indicated = measured * between(r, 0.3, 0.6);
  const inferred = measured * between(r, 0.2, 0.5);
  return {
    measurement_year: year,
    [`probable_reserves_${unit}`]: r1(reserves - proven),
    [`proven_reserves_${unit}`]: r1(proven),
    [`total_reserves_${unit}`]: r1(reserves),
    [`inferred_resources_${unit}`]: r1(inferred),
    [`indicated_resources_${unit}`]: r1(indicated),
    [`measured_resources_${unit}`]: r1(measured),
    [`total_resources_${unit}`]: r1(measured + indicated + inferred),
  };
}

export const salesVolume = (slug: string, commodity: Commodity, year: number, production: number) =>
  r2(production * between(rng("sales-volume", slug, commodity, year), 0.93, 1.07));

/** Coal brands with their quality bands; other commodities name their one product. */
export function products(slug: string, commodity: Commodity, subType: string) {
  const quality = { ash_content_arb: null, total_sulphur_arb: null, fixed_carbon_adb: null };
  if (commodity !== "Coal") {
    return [
      {
        product_name: subType,
        calorific_value_kcal: null,
        total_moisture_pct: null,
        ...quality,
        ash_content_adb: null,
        total_sulphur_adb: null,
        volatile_matter_adb: null,
      },
    ];
  }
  const r = rng("coal-products", slug);
  // Brands carry the company's name: "pt-adaro-energy-indonesia-tbk" sells "Adaro Prime 5200".
  const word = slug.split("-").find((w) => w !== "pt") ?? "coal";
  const brand = word[0].toUpperCase() + word.slice(1);
  return Array.from({ length: intBetween(r, 1, 2) }, (_, i) => {
    const cv = Math.round(between(r, 3800, 6200) / 50) * 50;
    return {
      product_name: `${brand} ${i === 0 ? "Prime" : "Select"} ${cv}`,
      calorific_value_kcal: range(cv - between(r, 0, 150), cv),
      total_moisture_pct: range(between(r, 8, 20), between(r, 20, 38)),
      ash_content_arb: null,
      total_sulphur_arb: null,
      ash_content_adb: range(between(r, 1, 4), between(r, 4, 9)),
      total_sulphur_adb: range(between(r, 0.1, 0.3), between(r, 0.3, 0.9)),
      volatile_matter_adb: range(between(r, 35, 40), between(r, 40, 45)),
      fixed_carbon_adb: null,
    };
  });
}
