import { recordTable } from "../../answer/flatten";
import { dict, num, numbers, numMap, open, record, str, texts } from "../../answer/response";
import { bool, choice, nonNegative, titleCase } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { SITE_SORT_KEYS } from "../vocabularies";
import { commodityArg, limitArg, offsetArg, provinceArg } from "./common";

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
  options: [],
  editions: {
    spec: endpoint({
      path: "/v2/mining/licenses/",
      response: recordTable(texts(["id", "license_number", "province", "city", "permit_expiry_date", "commodity", "company_name"])),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/licenses/",
      params: { commodity: "commodity_type" },
      envelope: true,
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

/** The live edition's sort: a field, descending. */
const SITE_ORDER: Record<(typeof SITE_SORT_KEYS)[number], string> = { year: "-year", production: "-production_volume" };

export const MINING_SITES: FunctionSpec = {
  name: "MINING_SITES",
  group: "mining",
  summary: "Mining sites with their yearly production, by province and mineral.",
  args: [
    provinceArg,
    { name: "mineral_type", kind: titleCase, help: "primary mineral, e.g. Coal" },
    { name: "min_production", kind: nonNegative, help: "only sites producing at least this volume" },
    { name: "sort_by", kind: choice(SITE_SORT_KEYS), help: "year (default) or production, both descending" },
    limitArg,
    offsetArg,
  ],
  options: [],
  editions: {
    spec: endpoint({
      path: "/v2/mining/sites/",
      response: recordTable({ id: num, name: str, year: num, mineral_type: str, company_id: num, production_volume: num }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/sites/",
      params: { mineral_type: "commodity_type", sort_by: null },
      query: (v) => ({ order_by: v.sort_by ? SITE_ORDER[v.sort_by as keyof typeof SITE_ORDER] : undefined }),
      envelope: true,
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
