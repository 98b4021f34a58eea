// Country-wide mining figures and registers of the live edition: mining contracts, export
// destinations, national production, and resources and reserves by province.
import { recordTable, tableOf } from "../../answer/flatten";
import { isObject, num, open, str, texts } from "../../answer/response";
import { choice, describedChoice, miningSlug, year } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { limitArg } from "./common";
import { EXPORT_COMMODITIES, PRODUCTION_COMMODITIES, RESERVE_COMMODITIES, RESERVE_PROVINCES } from "./mining-vocabulary";

export const MINING_CONTRACTS: FunctionSpec = {
  name: "MINING_CONTRACTS",
  group: "mining",
  summary: "Mining service contracts: which contractor works for which mine owner, until when.",
  args: [
    { name: "contractor", kind: miningSlug, help: "the contractor's slug or name (MINING_COMPANIES lists them)" },
    { name: "mine_owner", kind: miningSlug, help: "the mine owner's slug or name" },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/contracts/",
      response: recordTable(texts(["mine_owner_slug", "mine_owner_name", "contractor_slug", "contractor_name", "contract_period_end"])),
      layout: asDecoded,
    }),
  },
  instead: "MINING_COMPANY lists a company's own contracts of work (mining_contract).",
  ttl: TTL.reference,
  output: "Columns `mine_owner_slug, mine_owner_name, contractor_slug, contractor_name, contract_period_end`.",
  example: ["", ""],
};

export const MINING_EXPORTS: FunctionSpec = {
  name: "MINING_EXPORTS",
  group: "mining",
  summary: "Where Indonesia's coal, copper or gold went in a year: countries ranked by export value.",
  args: [
    { name: "commodity", kind: choice(EXPORT_COMMODITIES), help: "Coal, Copper or Gold", required: true },
    { name: "year", kind: year, help: "the year, e.g. 2024", required: true },
    limitArg,
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/exports/",
      params: { commodity: "commodity_type" },
      response: recordTable({ country: str, export_usd: num, export_volume_bps: num, export_volume_esdm: num, volume_unit: str }),
      layout: asDecoded,
    }),
  },
  instead: "GLOBAL_COMMODITY gives each country's production there.",
  ttl: TTL.reference,
  output:
    "One row per country, largest export value first: `country, export_usd` (USD), `export_volume_bps, export_volume_esdm` (the volume by the statistics office and by the ministry, which may differ), `volume_unit`.",
  example: ["Coal", 2024, 10],
};

export const TOTAL_PRODUCTION: FunctionSpec = {
  name: "TOTAL_PRODUCTION",
  group: "mining",
  summary: "Indonesia's yearly production of a commodity, with the change on the year before.",
  args: [{ name: "commodity", kind: choice(PRODUCTION_COMMODITIES), help: "Coal, Copper, Gold or Nickel", required: true }],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/total-production/",
      params: { commodity: "commodity_type" },
      response: recordTable({ year: num, production_volume: num, prev_year_volume: num, unit: str, yoy_change_percent: num }),
      layout: asDecoded,
    }),
  },
  instead: "MINING_PERFORMANCE gives a company's production there.",
  ttl: TTL.reference,
  output: "One row per year, newest first: `year, production_volume, prev_year_volume, unit, yoy_change_percent`.",
  example: ["Coal"],
};

/** The index, `{province: {commodity: [years]}}`, as one row per province, commodity and year,
 *  kept to the commodity and year asked (the index path takes no parameters). */
function reserveIndex(index: unknown, values: Values) {
  const rows: Record<string, unknown>[] = [];
  for (const [province, commodities] of Object.entries(isObject(index) ? index : {})) {
    for (const [commodity, years] of Object.entries(isObject(commodities) ? commodities : {})) {
      if (values.commodity && commodity !== values.commodity) continue;
      for (const y of Array.isArray(years) ? years : []) {
        if (!values.year || String(y) === values.year) rows.push({ province, commodity_type: commodity, year: y });
      }
    }
  }
  return tableOf(rows);
}

/** A province's figures, `{province, data: {year: {commodity: {figure: value}}}}`, as one row per
 *  year and commodity, newest year first. */
function reserveFigures(answer: unknown) {
  const province = isObject(answer) ? answer.province : undefined;
  const data = isObject(answer) && isObject(answer.data) ? answer.data : {};
  const rows = Object.keys(data)
    .sort((a, b) => b.localeCompare(a))
    .flatMap((y) => {
      const byCommodity = isObject(data[y]) ? data[y] : {};
      return Object.entries(byCommodity).map(([commodity, figures]) => ({
        province,
        year: Number(y),
        commodity_type: commodity,
        ...(isObject(figures) ? figures : {}),
      }));
    });
  return tableOf(rows);
}

export const RESOURCES_RESERVES: FunctionSpec = {
  name: "RESOURCES_RESERVES",
  group: "mining",
  summary: "Mineral resources and reserves of a province by year and commodity; blank province: where figures exist.",
  args: [
    {
      name: "province",
      kind: describedChoice(RESERVE_PROVINCES, "one of Indonesia's provinces, e.g. Kalimantan Timur or Papua Barat Daya"),
      help: "province, e.g. Kalimantan Timur (blank: which provinces, commodities and years have figures)",
      at: "path",
    },
    { name: "commodity", kind: choice(RESERVE_COMMODITIES), help: "Coal, Cobalt, Copper, Gold, Nickel, Silver or Tin" },
    { name: "year", kind: year, help: "one year, e.g. 2024 (blank: every year)" },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/resources-reserves/{province}/",
      params: { commodity: "commodity_type" },
      response: open,
      layout: reserveFigures,
      route: (v) =>
        v.province ? {} : { path: "/v2/mining/resources-reserves/", params: { commodity: null, year: null }, layout: reserveIndex },
      routeCases: [
        { when: "with a province", values: { province: "{province}" } },
        { when: "with province blank", values: {} },
      ],
    }),
  },
  instead: "GLOBAL_COMMODITY gives reserves by country there.",
  ttl: TTL.reference,
  output:
    "With a province: one row per year and commodity, newest first: `province, year, commodity_type` and each figure as the service names it, with its unit (`exploration_target_Mt`, `total_resources_Mt`, `total_reserves_Mt`, ...). With none: one row per `province, commodity_type, year` that has figures (one request, the commodity and year kept by MDQ).",
  example: ["Kalimantan Timur", "Coal", ""],
};
