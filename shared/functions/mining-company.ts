import { idxTickerJK, positiveId } from "../args";
import { recordTable, tableOf } from "../flatten";
import { type ArgSpec, asDecoded, defineFunction, TTL } from "../function-spec";
import { isObject, num, numbers, numMap, open, record, str, strList, texts } from "../response";
import { yearsArg } from "./common";

const companyIdArg: ArgSpec = {
  name: "company_id",
  kind: positiveId,
  help: "mining company id (the `id` column of MINING_COMPANIES)",
  required: true,
  at: "path",
};

const detail = record({
  id: num,
  ...texts(["name", "idx_ticker", "operation_province", "operation_kabkot", "representative_address", "company_type", "key_operation"]),
  activities: strList,
  ...texts(["website", "phone_number", "email"]),
  mining_license: open,
  mining_contract: open,
  commodity: strList,
  aggregates: record(numbers(["mining_site_count", "mining_license_count"])),
});

export const MINING_COMPANY = defineFunction({
  name: "MINING_COMPANY",
  summary: "Profile of one mining company: operations, contacts, licenses and counts.",
  path: "/v2/mining/companies/{company_id}/",
  args: [companyIdArg],
  options: [],
  response: detail,
  layout: (data) => tableOf(isObject(data) ? [data] : [], "columns"),
  ttl: TTL.reference,
  output:
    'A two-column `field, value` table; `activities` and `commodity` joined with ", "; `mining_license` and `mining_contract` as JSON text; `aggregates.mining_site_count`, `aggregates.mining_license_count`.',
  example: [1],
});

const financials = recordTable({
  idx_ticker: str,
  name: str,
  year: num,
  assets: num,
  revenue: num,
  revenue_breakdown: numMap,
  cost_of_revenue: num,
  cost_of_revenue_breakdown: numMap,
  net_profit: num,
});

export const MINING_FINANCIALS = defineFunction({
  name: "MINING_FINANCIALS",
  summary: "Yearly financials of a listed mining company, with revenue and cost breakdowns.",
  path: "/v2/mining/companies/{ticker}/financials/",
  args: [{ name: "ticker", kind: idxTickerJK, help: "IDX ticker, e.g. ITMG", required: true, at: "path" }, yearsArg],
  options: [],
  response: financials,
  layout: asDecoded,
  ttl: TTL.financials,
  output:
    "One row per year; each category of `revenue_breakdown` and `cost_of_revenue_breakdown` is a column (`revenue_breakdown.Coal`, ...; the union over the years).",
  example: ["ITMG", "2023,2024"],
});

const performance = recordTable({
  year: num,
  commodity_type: str,
  commodity_sub_type: str,
  commodity_stats: record({ unit: str, production_volume: num }),
});

export const MINING_PERFORMANCE = defineFunction({
  name: "MINING_PERFORMANCE",
  summary: "Yearly production of a mining company per commodity.",
  path: "/v2/mining/companies/{company_id}/performance/",
  args: [companyIdArg, yearsArg],
  options: [],
  response: performance,
  layout: asDecoded,
  ttl: TTL.financials,
  output: "Columns `year, commodity_type, commodity_sub_type, commodity_stats.unit, commodity_stats.production_volume`.",
  example: [1, ""],
});
