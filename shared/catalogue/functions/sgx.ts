// Singapore: a company's report, the top companies and daily prices (the live edition only; the
// SGX companies of a sector are SGX_COMPANIES, the SGX screener SCREENER(..., "sgx")).

import { recordTable } from "../../answer/flatten";
import { num, open, str } from "../../answer/response";
import { choiceList, int, sgxSymbol, slug } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { windowed } from "../../rows/loaders";
import { KLSE_CLASSIFICATIONS, type KlseClassification, SERVICE_BOUNDS } from "../vocabularies";
import { anyWindow, endArg, SERIES_OPTIONS, seriesWindows, startArg, startBeforeEnd } from "./common";
import { rankings, ranks } from "./rankings";
import { type ReportTable, reportAllOption, reportArgs, reportLayout, reportSections, tableInSections } from "./report-parts";

const symbolArg = {
  name: "symbol",
  kind: sgxSymbol,
  help: 'SGX symbol in quotes, e.g. "D05" (D05 unquoted is a cell)',
  required: true,
  at: "path",
  batch: true,
} as const;

export const SGX_SECTIONS = ["overview", "valuation", "financials", "dividend"] as const;
const TABLES: Record<string, ReportTable> = {
  historical_financials: { section: "financials", path: ["financials", "historical_financials"], key: "year", statement: true },
  historical_dividends: { section: "dividend", path: ["dividend", "historical_dividends"], key: "year" },
};

export const SGX_REPORT: FunctionSpec = {
  name: "SGX_REPORT",
  group: "sgx",
  summary: "Report of an SGX company: overview, valuation, financials, dividend.",
  args: [symbolArg, ...reportArgs(SGX_SECTIONS, TABLES)],
  options: [reportAllOption(TABLES)],
  editions: {
    live: endpoint({
      path: "/v2/sgx/company/report/{symbol}/",
      repeated: ["sections"],
      query: reportSections(TABLES),
      response: open,
      layout: reportLayout(TABLES),
    }),
  },
  ttl: TTL.financials,
  output:
    "A two-column `field, value` table (`overview.market_cap`, `valuation.pe`, `financials.historical_financials.2025.revenue`, `dividend.payout_ratio`, ...). With `table`: `historical_financials` (one row per year, the statement metrics dotted; a field blank in every year, one the company's template never fills, is left out unless `all=true`) or `historical_dividends` (one row per payment: `year`, `breakdown.date`, `breakdown.total`, `breakdown.yield`, then the year's totals).",
  example: ["D05", "overview,valuation"],
  check: tableInSections(TABLES),
};

export const SGX_TOP: FunctionSpec = {
  name: "SGX_TOP",
  group: "sgx",
  summary: "Top-ranked SGX companies per classification (dividend yield, revenue, earnings, market cap, P/E).",
  args: [
    {
      name: "classifications",
      kind: choiceList(Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[]),
      help: "rankings to return, a comma list (default all; the provider bills one credit each)",
    },
    { name: "sector", kind: slug, help: 'SGX sector slug, e.g. financial-services (default all; see LIST("sgx_sectors"))' },
    { name: "min_mcap_million", kind: int(0, 100_000_000), help: "minimum market cap in million SGD (default 1000)" },
  ],
  options: [
    {
      name: "n_stock",
      kind: int(1, SERVICE_BOUNDS.nStockMax),
      help: `companies per ranking (1-${SERVICE_BOUNDS.nStockMax}, default ${SERVICE_BOUNDS.nStockDefault})`,
    },
  ],
  editions: { live: endpoint({ path: "/v2/sgx/companies/top/", repeated: ["classifications"], response: rankings, layout: ranks }) },
  // Each ranking's value is of the field it ranks by: a P/E, a dividend yield (a fraction), an amount.
  identifiers: { fieldIn: { value: "classification" } },
  ttl: TTL.financials,
  output:
    "Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, `revenue`, `earnings`, `market_cap` or `pe`).",
  example: ["market_cap,pe", "", ""],
};

export const SGX_DAILY: FunctionSpec = {
  name: "SGX_DAILY",
  group: "sgx",
  summary: "Daily close and volume of an SGX company, any window up to 10 years.",
  args: [symbolArg, startArg(`window (default: ${SERVICE_BOUNDS.indexDefaultDays} days before end)`), endArg("window (default: today)")],
  options: SERIES_OPTIONS,
  series: { date: "date", key: "symbol", fields: { close: "last", volume: "sum" } },
  editions: {
    live: endpoint({
      path: "/v2/sgx/daily/{symbol}/",
      response: recordTable({ symbol: str, date: str, close: num, volume: num }),
      layout: asDecoded,
      load: windowed(seriesWindows(SERVICE_BOUNDS.indexWindowDays)),
    }),
  },
  ttl: TTL.live,
  until: SESSION.SGX,
  output: `Columns \`symbol, date, close, volume\`, one row per trading day. ${anyWindow(SERVICE_BOUNDS.indexWindowDays)}`,
  example: ["D05", "2025-05-01", "2025-05-30"],
  check: startBeforeEnd,
};
