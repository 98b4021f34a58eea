import { recordTable, tableOf } from "../../answer/flatten";
import { isObject, num, numbers, numMap, open, record, str, strList, texts } from "../../answer/response";
import { type Edition, notOffered } from "../../base/editions";
import { choice, miningCompany } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import { fillPath } from "../../request/url";
import type { Loader } from "../../rows/effects";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { orNothing } from "../../rows/loaders";
import { yearsArg } from "./common";
import { companyAddress, formOf } from "./mining-lookup";
import { PERFORMANCE_COMMODITIES } from "./mining-vocabulary";

export const companyArg: ArgSpec = {
  name: "company",
  kind: miningCompany,
  help: "the mining company (MINING_COMPANIES lists them)",
  required: true,
  at: "path",
  batch: true,
};

/** The forms of a company an edition takes, refused before any request otherwise: the live
 *  edition's paths take a slug (a ticker is looked up), the spec edition's an id (likewise). */
export const companyIn =
  (edition: Edition) =>
  (values: Values): Values => {
    const form = values.company === undefined ? undefined : formOf(values.company);
    if (form === "id" && edition === "live") {
      throw notOffered("A numeric mining company id", "live", "Use the company's IDX ticker (ADRO) or slug (MINING_COMPANIES lists them).");
    }
    if (form === "slug" && edition === "spec") {
      throw notOffered("A mining company slug", "spec", "Use the company's IDX ticker or its id (MINING_COMPANIES lists them).");
    }
    return {};
  };

/** The spec edition's financials and sales destinations take the ticker itself, with ".JK". */
export const tickerOnly = (fn: string) => (values: Values) => {
  if (values.company !== undefined && formOf(values.company) !== "ticker") {
    throw notOffered(`${fn} by id or slug`, "spec", "Use the company's IDX ticker, e.g. ADRO.");
  }
  return { company: `${values.company}.JK` };
};

/** The one request of the company's path, once its slug or id is known. */
export const atCompany = (edition: Edition, template: string): Loader =>
  function* (get, values, first) {
    const company = yield* companyAddress(get, edition, first.fn, values.company ?? "");
    return yield* get(fillPath(template, { company }), first.query);
  };

/** The live edition answers one year per request (`{year, available_years, data}`): one request per
 *  year asked, or, with no years, the latest and then each other year it lists. A year the company
 *  has no data for is no rows. The answers' `data` add up to the rows. */
const everyYear = (template: string): Loader =>
  function* (get, values, first) {
    const company = yield* companyAddress(get, "live", first.fn, values.company ?? "");
    const path = fillPath(template, { company });
    const answers: unknown[] = [];
    const year = (y: string | undefined) => orNothing(get(path, { ...first.query, year: y }));
    let years = values.years?.split(",");
    if (!years) {
      const latest = yield* year(undefined);
      answers.push(latest);
      const listed = isObject(latest) && Array.isArray(latest.available_years) ? latest.available_years : [];
      // Only the years a request may name (1900 to this year): an odd entry is no request.
      const thisYear = new Date(first.now ?? 0).getUTCFullYear();
      const askable = (y: string) => /^\d{4}$/.test(y) && Number(y) >= 1900 && (first.now === undefined || Number(y) <= thisYear);
      years = listed.map(String).filter((y) => isObject(latest) && y !== String(latest.year) && askable(y));
    }
    for (const y of years) answers.push(yield* year(y));
    const rows = answers.filter(isObject).flatMap((a) => (Array.isArray(a.data) ? a.data : [a.data]));
    return rows.filter(isObject).sort((a, b) => Number(b.year ?? 0) - Number(a.year ?? 0));
  };

const specDetail = record({
  id: num,
  ...texts(["name", "idx_ticker", "operation_province", "operation_kabkot", "representative_address", "company_type", "key_operation"]),
  activities: strList,
  ...texts(["website", "phone_number", "email"]),
  mining_license: open,
  mining_contract: open,
  commodity: strList,
  aggregates: record(numbers(["mining_site_count", "mining_license_count"])),
});

const liveDetail = record({
  ...texts(["name", "slug", "symbol", "company_type", "operation_province", "operation_district", "key_operation"]),
  ...texts(["representative_address", "website", "phone_number", "email"]),
  activities: strList,
  commodity_type: strList,
  mining_license: open,
  mining_contract: open,
  mining_site_count: num,
});

const fieldValue = (data: unknown) => tableOf(isObject(data) ? [data] : [], "columns");

export const MINING_COMPANY: FunctionSpec = {
  name: "MINING_COMPANY",
  group: "mining",
  summary: "Profile of one mining company: operations, contacts, licenses and counts.",
  args: [companyArg],
  options: [],
  editions: {
    spec: endpoint({
      path: "/v2/mining/companies/{company}/",
      rename: companyIn("spec"),
      response: specDetail,
      layout: fieldValue,
      load: atCompany("spec", "/v2/mining/companies/{company}/"),
    }),
    live: endpoint({
      path: "/v2/mining/companies/{company}/",
      rename: companyIn("live"),
      response: liveDetail,
      layout: fieldValue,
      load: atCompany("live", "/v2/mining/companies/{company}/"),
      output:
        'A two-column `field, value` table; `activities` and `commodity_type` joined with ", "; each license\'s fields by its place in the list (`mining_license.1.license_number`), likewise `mining_contract`; `mining_site_count`.',
    }),
  },
  ttl: TTL.reference,
  output:
    "A two-column `field, value` table; `activities` and `commodity` joined with \", \"; each license's and contract's fields by its place in the list (`mining_license.1.license_number`, `mining_contract.1.contract_type`); `aggregates.mining_site_count`, `aggregates.mining_license_count`.",
  example: ["ADRO"],
};

export const MINING_FINANCIALS: FunctionSpec = {
  name: "MINING_FINANCIALS",
  group: "mining",
  summary: "Yearly financials of a listed mining company, with revenue and cost breakdowns.",
  args: [{ ...companyArg, help: "the mining company, by IDX ticker (slugs too in the live edition)" }, yearsArg],
  options: [],
  editions: {
    spec: endpoint({
      path: "/v2/mining/companies/{company}/financials/",
      rename: tickerOnly("MINING_FINANCIALS"),
      response: recordTable({
        ...texts(["idx_ticker", "name"]),
        ...numbers(["year", "assets", "revenue"]),
        revenue_breakdown: numMap,
        cost_of_revenue: num,
        cost_of_revenue_breakdown: numMap,
        net_profit: num,
      }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/companies/financials/{company}/",
      rename: companyIn("live"),
      params: { years: null },
      response: recordTable({
        ...texts(["slug", "symbol", "name"]),
        ...numbers(["year", "assets_usd", "revenue_usd"]),
        revenue_breakdown: numMap,
        cost_of_revenue_usd: num,
        cost_of_revenue_breakdown: numMap,
        net_profit_usd: num,
      }),
      layout: asDecoded,
      load: everyYear("/v2/mining/companies/financials/{company}/"),
      output:
        "One row per year, newest first (one request per year: with `years` blank, the latest and then each year the service lists); each category of `revenue_breakdown` and `cost_of_revenue_breakdown` is a column; amounts in USD (`revenue_usd`, ...).",
    }),
  },
  ttl: TTL.financials,
  output:
    "One row per year; each category of `revenue_breakdown` and `cost_of_revenue_breakdown` is a column (`revenue_breakdown.Coal`, ...; the union over the years).",
  example: ["ITMG", "2023,2024"],
};

export const MINING_PERFORMANCE: FunctionSpec = {
  name: "MINING_PERFORMANCE",
  group: "mining",
  summary: "Yearly production of a mining company per commodity.",
  args: [companyArg, yearsArg],
  options: [{ name: "commodity_type", kind: choice(PERFORMANCE_COMMODITIES), help: "only this commodity's rows (live edition)" }],
  editions: {
    spec: endpoint({
      path: "/v2/mining/companies/{company}/performance/",
      unsupported: ["commodity_type"],
      rename: companyIn("spec"),
      response: recordTable({
        year: num,
        commodity_type: str,
        commodity_sub_type: str,
        commodity_stats: record({ unit: str, production_volume: num }),
      }),
      layout: asDecoded,
      load: atCompany("spec", "/v2/mining/companies/{company}/performance/"),
    }),
    live: endpoint({
      path: "/v2/mining/companies/performance/{company}/",
      rename: companyIn("live"),
      params: { years: null },
      response: recordTable({
        year: num,
        commodity_type: str,
        commodity_sub_type: str,
        commodity_stats: record({
          unit: str,
          mining_operation_status: str,
          ...numbers(["production_volume", "sales_volume", "overburden_removal_volume", "strip_ratio"]),
          resources_reserves: open,
          products: open,
        }),
      }),
      layout: asDecoded,
      load: everyYear("/v2/mining/companies/performance/{company}/"),
      output:
        "One row per year and commodity, newest first (one request per year, as MINING_FINANCIALS): `commodity_stats.unit`, `.production_volume`, `.sales_volume`, `.strip_ratio`, ...; each of `commodity_stats.products` a row of its own (`commodity_stats.products.product_name`, `.calorific_value_kcal.max`, ...), the year's figures repeated.",
    }),
  },
  ttl: TTL.financials,
  output: "Columns `year, commodity_type, commodity_sub_type, commodity_stats.unit, commodity_stats.production_volume`.",
  example: ["ADRO", ""],
};
