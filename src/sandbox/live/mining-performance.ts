// GET /v2/mining/companies/performance/{slug}/ (live): one year (default the latest) of the spec
// edition's production per commodity, with the live statistics around it. The strip ratio is the
// output-weighted ratio of the company's coal sites, so it agrees with /v2/mining/sites/.
import type { MiningCompany } from "../data/mining-companies";
import { products, resourcesReserves, salesVolume } from "../data/mining-reserves";
import { stripRatio } from "../data/mining-site-extras";
import { performance, siteRows } from "../data/mining-sites";
import { yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { sameText } from "../query";
import { miningOr404, pickYear } from "./mining-lookup";
import { yearParam } from "./params";

type Row = ReturnType<typeof performance>[number];

function companyStripRatio(c: MiningCompany, year: number, lastYear: number): number | null {
  let moved = 0;
  let coal = 0;
  for (const s of siteRows(String(lastYear))) {
    const ratio = s.company_id === c.id && s.year === year ? stripRatio(s) : null;
    if (ratio === null || s.production_volume === null) continue;
    moved += ratio * s.production_volume;
    coal += s.production_volume;
  }
  return coal ? Number((moved / coal).toFixed(2)) : null;
}

function liveRow(c: MiningCompany, row: Row, lastYear: number) {
  const { unit, production_volume } = row.commodity_stats;
  const strip = row.commodity_type === "Coal" ? companyStripRatio(c, row.year, lastYear) : null;
  return {
    ...row,
    commodity_stats: {
      unit,
      mining_operation_status: "production",
      production_volume,
      sales_volume: salesVolume(c.slug, row.commodity_type, row.year, production_volume),
      overburden_removal_volume: strip === null ? null : Number((strip * production_volume).toFixed(2)),
      strip_ratio: strip,
      resources_reserves: resourcesReserves(c.slug, row.commodity_type, unit, row.year, production_volume),
      products: products(c.slug, row.commodity_type, row.commodity_sub_type),
    },
  };
}

export const liveMiningPerformance: Endpoint = {
  path: "/v2/mining/companies/performance/:slug/",
  handle({ params, query: q, today }) {
    const asked = yearParam(q);
    const commodity = q.str("commodity_type");
    const c = miningOr404(params.slug);
    const lastYear = yearOf(today) - 1;
    const rows = performance(c.id, lastYear);
    const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
    const year = pickYear(years, asked, "No performance data found for company for the requested year.");
    return {
      year,
      available_years: years,
      data: rows
        .filter((r) => r.year === year && (!commodity || sameText(r.commodity_type, commodity)))
        .map((r) => liveRow(c, r, lastYear)),
    };
  },
};
