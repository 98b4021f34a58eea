import { recordTable } from "../../answer/flatten";
import { dict, num, numbers, numMap, open, record, str, texts } from "../../answer/response";
import { notOffered } from "../../base/editions";
import { bool, choice, miningTickerOrSlug, nonNegative, titleCase, year } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { SITE_SORT_KEYS } from "../vocabularies";
import { commodityArg, limitArg, offsetArg, provinceArg } from "./common";
import { byCompanySlug } from "./mining-lookup";
import {
  LICENSE_ACTIVITIES,
  LICENSE_ORDER,
  LICENSE_TYPES,
  LIVE_GLOBAL_COMMODITIES,
  LIVE_LICENSE_COMMODITIES,
  LIVE_LICENSE_PROVINCES,
  LIVE_SITE_COMMODITIES,
  LIVE_SITE_PROVINCES,
  SITE_ORDER,
} from "./mining-vocabulary";

/** The live lists' filter by company, which the service takes as a slug. */
const companyFilter = (what: string): ArgSpec => ({
  name: "company",
  kind: miningTickerOrSlug,
  help: `only one company's ${what}: its slug, or its IDX ticker (looked up first: one more request, cached) (live edition)`,
});

const LICENSE_FILTERS: ArgSpec[] = [
  companyFilter("licenses"),
  { name: "license_type", kind: choice(LICENSE_TYPES), help: "the kind of license, e.g. IUP or IUPK (live edition)" },
  { name: "activity", kind: choice(LICENSE_ACTIVITIES), help: "the stage: Eksplorasi or Operasi Produksi (live edition)" },
  { name: "cnc", kind: bool, help: "TRUE: only Clear & Clean licenses; FALSE: only the others (live edition)" },
  {
    name: "order_by",
    kind: choice(LICENSE_ORDER),
    help: "the sort: a field, with - first for descending (default license_expiry_date: soonest expiry first) (live edition)",
  },
];

export const MINING_LICENSES: FunctionSpec = {
  name: "MINING_LICENSES",
  group: "mining",
  summary: "Mining licenses (IUP) by province and commodity; optionally those expiring within a year.",
  args: [
    provinceArg,
    commodityArg,
    { name: "expiring_soon", kind: bool, help: "TRUE: only licenses expiring within 365 days" },
    limitArg,
    offsetArg,
  ],
  options: LICENSE_FILTERS,
  editions: {
    spec: endpoint({
      path: "/v2/mining/licenses/",
      unsupported: LICENSE_FILTERS.map((o) => o.name),
      response: recordTable(texts(["id", "license_number", "province", "city", "permit_expiry_date", "commodity", "company_name"])),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/licenses/",
      params: { commodity: "commodity_type", company: null },
      choices: { commodity: LIVE_LICENSE_COMMODITIES, province: LIVE_LICENSE_PROVINCES },
      envelope: true,
      load: byCompanySlug,
      response: recordTable({
        ...texts(["wiup_code", "license_number", "license_type", "province", "city", "license_effective_date", "license_expiry_date"]),
        ...texts(["activity"]),
        licensed_area_ha: num,
        ...texts(["location", "commodity_type", "company_name", "cnc", "generation", "company_slug"]),
      }),
      layout: asDecoded,
      output:
        "Columns `wiup_code, license_number, license_type, province, city, license_effective_date, license_expiry_date, activity, licensed_area_ha, location, commodity_type, company_name, cnc, generation, company_slug`.",
    }),
  },
  ttl: TTL.reference,
  output: "Columns `id, license_number, province, city, permit_expiry_date, commodity, company_name`.",
  example: ["Kalimantan Timur", "Coal", "", 10, ""],
};

type SortKey = (typeof SITE_SORT_KEYS)[number];
/** `sort_by` as the live edition's `order_by`: a field, descending. */
const ORDER_OF_SORT: Record<SortKey, string> = { year: "-year", production: "-production_volume" };
/** `order_by` as the spec edition's `sort_by`, where it has the same sort. */
const SORT_OF_ORDER: Partial<Record<string, SortKey>> = { "-year": "year", "-production_volume": "production" };

/** The spec edition sorts by year or production, both descending: an order_by it has is sent as sort_by. */
const specSort = (v: Values): Values => {
  if (v.order_by === undefined) return {};
  const sortBy = SORT_OF_ORDER[v.order_by];
  if (!sortBy) throw notOffered(`order_by=${v.order_by} of MINING_SITES`, "spec", "Use -year or -production_volume, or sort_by.");
  return { sort_by: sortBy };
};

const SITE_FILTERS: ArgSpec[] = [
  companyFilter("sites"),
  { name: "year", kind: year, help: "only this year's production (live edition)" },
  {
    name: "order_by",
    kind: choice(SITE_ORDER),
    help: "the sort: a field, with - first for descending (default -year); in place of sort_by. The spec edition takes -year and -production_volume",
  },
];

export const MINING_SITES: FunctionSpec = {
  name: "MINING_SITES",
  group: "mining",
  summary: "Mining sites with their yearly production, by province and mineral.",
  args: [
    provinceArg,
    { name: "mineral_type", kind: titleCase, help: "primary mineral, e.g. Coal" },
    { name: "min_production", kind: nonNegative, help: "only sites producing at least this volume" },
    { name: "sort_by", kind: choice(SITE_SORT_KEYS), help: "year (default) or production, both descending (the option order_by has more)" },
    limitArg,
    offsetArg,
  ],
  options: SITE_FILTERS,
  editions: {
    spec: endpoint({
      path: "/v2/mining/sites/",
      unsupported: ["company", "year"],
      params: { order_by: null },
      rename: specSort,
      response: recordTable({ id: num, name: str, year: num, mineral_type: str, company_id: num, production_volume: num }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/sites/",
      params: { mineral_type: "commodity_type", sort_by: null, company: null },
      choices: { mineral_type: LIVE_SITE_COMMODITIES, province: LIVE_SITE_PROVINCES },
      query: (v) => ({ order_by: v.sort_by ? ORDER_OF_SORT[v.sort_by as SortKey] : v.order_by }),
      envelope: true,
      load: byCompanySlug,
      response: recordTable({
        ...texts(["name", "project_name"]),
        year: num,
        commodity_type: str,
        ...numbers(["production_volume"]),
        unit: str,
        strip_ratio: num,
        ...texts(["province", "city", "company_slug", "company_name", "slug"]),
      }),
      layout: asDecoded,
      output:
        "Columns `name, project_name, year, commodity_type, production_volume, unit, strip_ratio, province, city, company_slug, company_name, slug`.",
    }),
  },
  ttl: TTL.reference,
  output: "Columns `id, name, year, mineral_type, company_id, production_volume`.",
  example: ["", "Coal", "", "production", 10, ""],
  check: (v) => (v.sort_by && v.order_by ? "give 'sort_by' or the option 'order_by', not both" : undefined),
};

export const GLOBAL_COMMODITY: FunctionSpec = {
  name: "GLOBAL_COMMODITY",
  group: "mining",
  summary: "World production, share, reserves and trade of a commodity by country.",
  args: [
    { name: "commodity_type", kind: titleCase, help: "commodity, e.g. Nickel, Gold, Coal" },
    { name: "country", kind: titleCase, help: "country, e.g. Indonesia" },
  ],
  options: [limitArg, { ...offsetArg, help: "rows to skip (default 0; spec edition only)" }],
  editions: {
    spec: endpoint({
      path: "/v2/mining/global-commodity/",
      response: recordTable({
        id: num,
        country: str,
        commodity_type: str,
        resources_reserves: open,
        resources_reserves_share: open,
        export_import: open,
        production_volume: numMap,
        production_share: numMap,
      }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/global-commodity/",
      unsupported: ["offset"],
      choices: { commodity_type: LIVE_GLOBAL_COMMODITIES },
      response: recordTable({
        country: str,
        commodity_type: str,
        resources_reserves: open,
        resources_reserves_share: open,
        resources_reserves_unit: str,
        export_import_usd: dict(record({ export: num, import: num })),
        production_volume: numMap,
        production_share: numMap,
        production_volume_unit: str,
      }),
      layout: asDecoded,
      output:
        "One row per country and commodity; one column per year of `production_volume` and `production_share`, and per year and direction of `export_import_usd` (`export_import_usd.2023.export`).",
    }),
  },
  ttl: TTL.reference,
  output:
    "One row per country and commodity; one column per year of `production_volume` and `production_share` (`production_volume.2023`, ...).",
  example: ["Nickel", ""],
  check: (v) => (v.commodity_type || v.country ? undefined : "'commodity_type' or 'country' is required"),
};
