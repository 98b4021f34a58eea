import { open } from "../../answer/response";
import { idxTicker } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { COMPANY_REPORT_SECTIONS } from "../vocabularies";
import { type ReportTable, reportAllOption, reportArgs, reportLayout, reportSections, tableInSections } from "./report-parts";

/** The lists of the company report that read best as tables. */
const TABLES: Record<string, ReportTable> = {
  historical_valuation: { section: "valuation", path: ["valuation", "historical_valuation"], statement: true },
  historical_financials: { section: "financials", path: ["financials", "historical_financials"], statement: true },
  historical_financial_ratio: { section: "financials", path: ["financials", "historical_financial_ratio"], statement: true },
  historical_eps: { section: "financials", path: ["financials", "historical_eps"], key: "year" },
  historical_dividends: { section: "dividend", path: ["dividend", "historical_dividends"], key: "year" },
  value_forecasts: { section: "future", path: ["future", "company_value_forecasts"] },
  growth_forecasts: { section: "future", path: ["future", "company_growth_forecasts"] },
  key_executives: { section: "management", path: ["management", "key_executives"] },
  executives_shareholdings: { section: "management", path: ["management", "executives_shareholdings"] },
  major_shareholders: { section: "ownership", path: ["ownership", "major_shareholders"] },
  institutional_transaction_flow: { section: "ownership", path: ["ownership", "institutional_transaction_flow"] },
  peers: { section: "peers", path: ["peers", "*", "peers_data", "companies"], keyed: true },
};

export const COMPANY_REPORT: FunctionSpec = {
  name: "COMPANY_REPORT",
  group: "idx",
  summary: "Report of an IDX company: overview, valuation, forecasts, peers, financials, dividends, management, ownership.",
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    ...reportArgs(COMPANY_REPORT_SECTIONS, TABLES),
  ],
  options: [reportAllOption(TABLES)],
  editions: {
    live: endpoint({
      path: "/v2/company/report/{ticker}/",
      repeated: ["sections"],
      query: reportSections(TABLES),
      response: open,
      layout: reportLayout(TABLES),
    }),
  },
  instead: "Use QUARTERLY and SEGMENTS for a company's statements in the spec edition.",
  ttl: TTL.financials,
  output:
    "A two-column `field, value` table: `symbol`, `company_name`, then each section's fields with dotted names (`overview.market_cap`, `dividend.yield_ttm`); yearly and dated lists by their year or date (`valuation.historical_valuation.2022.pe`), people and peers by name or symbol; lists of values joined with \", \". With `table`, that list as rows: `major_shareholders` (name, share_percentage, ...), `historical_financials` (one row per year), `historical_dividends` (one row per payment: `year`, `breakdown.date`, `breakdown.total`, `breakdown.yield`, then the totals of its year), `key_executives`, `peers` (one row per company, its scores by name: `point_summaries.value.point`), ...; a list inside a row gives rows of its own, a list inside the report is keyed by its year, date, name or place; only its section is asked of the service. In the yearly statements (`historical_financials`, `historical_financial_ratio`, `historical_valuation`) a field blank in every year, one the company's template never fills (a bank's `cost_of_revenue`, a non-bank's loans), is left out unless `all=true`.",
  example: ["BBCA", "overview,valuation"],
  check: tableInSections(TABLES),
};
