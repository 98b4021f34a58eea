// What the live edition's site rows carry beyond the spec's: the regency, a project name, a slug,
// and the strip ratio of producing coal pits (waste moved per tonne of coal), seeded per site and
// year. Metal mines and exploration sites have no strip ratio.
import { between, pick, rng } from "../prng";
import { MINING_COMPANIES } from "./mining-companies";
import { PLACES } from "./mining-places";
import type { SiteRow } from "./mining-sites";
import { slugify } from "./slug";

const COMPANIES = new Map(MINING_COMPANIES.map((c) => [c.id, c]));

function siteCity(row: SiteRow): string {
  const cities = PLACES[row.mineral_type].find(([province]) => province === row.province)?.[1];
  return cities ? pick(rng("site-city", row.name), cities) : (COMPANIES.get(row.company_id)?.operation_kabkot ?? row.province);
}

export function stripRatio(row: SiteRow): number | null {
  if (row.mineral_type !== "Coal" || row.production_volume === null) return null;
  const base = between(rng("strip", row.name), 3.5, 8.5);
  return Number((base * between(rng("strip", row.name, row.year), 0.92, 1.08)).toFixed(2));
}

export function siteExtras(row: SiteRow) {
  const company = COMPANIES.get(row.company_id);
  return {
    // Sites are grouped into projects named after their area ("Tutupan Selatan" -> "Tutupan Project").
    project_name: `${row.name.split(" ")[0]} Project`,
    city: siteCity(row),
    strip_ratio: stripRatio(row),
    company_slug: company?.slug ?? null,
    company_name: company?.name ?? null,
    slug: slugify(row.name),
  };
}
