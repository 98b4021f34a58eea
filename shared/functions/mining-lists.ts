import { bool, choice, nonNegative, titleCase } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, numMap, open, str } from "../response";
import { SITE_SORT_KEYS } from "../values";
import { commodityArg, limitArg, offsetArg, provinceArg } from "./common";

export const MINING_LICENSES = defineFunction({
  name: "MINING_LICENSES",
  summary: "Mining licenses (IUP) by province and commodity; optionally those expiring within a year.",
  path: "/v2/mining/licenses/",
  args: [
    provinceArg,
    commodityArg,
    { name: "expiring_soon", kind: bool, help: "TRUE: only licenses expiring within 365 days" },
    limitArg,
    offsetArg,
  ],
  options: [],
  response: recordTable({
    id: str,
    license_number: str,
    province: str,
    city: str,
    permit_expiry_date: str,
    commodity: str,
    company_name: str,
  }),
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `id, license_number, province, city, permit_expiry_date, commodity, company_name`.",
  example: ["Kalimantan Timur", "Coal", "", 10, ""],
});

export const MINING_SITES = defineFunction({
  name: "MINING_SITES",
  summary: "Mining sites with their yearly production, by province and mineral.",
  path: "/v2/mining/sites/",
  args: [
    provinceArg,
    { name: "mineral_type", kind: titleCase, help: "primary mineral, e.g. Coal" },
    { name: "min_production", kind: nonNegative, help: "only sites producing at least this volume" },
    { name: "sort_by", kind: choice(SITE_SORT_KEYS), help: "year (default) or production, both descending" },
    limitArg,
    offsetArg,
  ],
  options: [],
  response: recordTable({ id: num, name: str, year: num, mineral_type: str, company_id: num, production_volume: num }),
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `id, name, year, mineral_type, company_id, production_volume`.",
  example: ["", "Coal", "", "production", 10, ""],
});

export const GLOBAL_COMMODITY = defineFunction({
  name: "GLOBAL_COMMODITY",
  summary: "World production, share, reserves and trade of a commodity by country.",
  path: "/v2/mining/global-commodity/",
  args: [
    { name: "commodity_type", kind: titleCase, help: "commodity, e.g. Nickel, Gold, Coal" },
    { name: "country", kind: titleCase, help: "country, e.g. Indonesia" },
  ],
  options: [limitArg, offsetArg],
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
  ttl: TTL.reference,
  output:
    "One row per country and commodity; one column per year of `production_volume` and `production_share` (`production_volume.2023`, ...).",
  example: ["Nickel", ""],
  check: (v) => (v.commodity_type || v.country ? undefined : "'commodity_type' or 'country' is required"),
});
