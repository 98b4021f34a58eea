// What the live edition's global commodity rows carry beyond the spec's: the unit of the
// production figures and export/import values in USD by year, the year's output at a commodity
// price times a seeded traded share. Trade figures start in 2017, as the upstream data does.
import { between, rng } from "../prng";

/** Unit of the production volumes in data/global-commodity.ts, and a USD price per such unit. */
export const PRODUCTION_UNITS: ReadonlyMap<string, [string, number]> = new Map([
  ["Coal", ["Mt", 80e6]],
  ["Nickel", ["kt", 17e6]],
  ["Gold", ["t", 60e6]],
  ["Copper", ["kt", 8e6]],
  ["Bauxite", ["Mt", 45e6]],
]);

const TRADE_FROM = 2017;

export function exportImport(commodity: string, country: string, volumes: Record<string, number>) {
  const price = PRODUCTION_UNITS.get(commodity)?.[1] ?? 1e6;
  const r = rng("trade", commodity, country);
  const exported = between(r, 0.05, 0.8);
  const imported = between(r, 0.01, 0.4);
  const out: Record<string, { export: number | null; import: number | null }> = {};
  for (const [year, volume] of Object.entries(volumes)) {
    if (Number(year) < TRADE_FROM) {
      out[year] = { export: null, import: null };
      continue;
    }
    const value = volume * price * between(rng("trade", commodity, country, year), 0.85, 1.15);
    out[year] = { export: Math.round(value * exported), import: Math.round(value * imported) };
  }
  return out;
}
