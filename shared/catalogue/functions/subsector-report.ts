import { open } from "../../answer/response";
import { slug } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { type ReportTable, reportArgs, reportLayout, reportSections, tableInSections } from "./report-parts";

const SECTIONS = ["statistics", "market_cap", "stability", "valuation", "growth", "companies"] as const;

/** The year and company maps of the report, as tables. */
const TABLES: Record<string, ReportTable> = {
  historical_valuation: { section: "valuation", path: ["valuation", "historical_valuation"], key: "year" },
  growth: { section: "growth", path: ["growth", "weighted_avg_growth_data"], key: "year" },
  growth_forecasts: { section: "growth", path: ["growth", "growth_forecasts"], key: "year" },
  top_mcap: { section: "companies", path: ["companies", "top_companies", "top_mcap"], key: "symbol" },
  top_growth: { section: "companies", path: ["companies", "top_companies", "top_growth"], key: "symbol" },
  top_profit: { section: "companies", path: ["companies", "top_companies", "top_profit"], key: "symbol" },
  top_revenue: { section: "companies", path: ["companies", "top_companies", "top_revenue"], key: "symbol" },
  top_change_companies: { section: "companies", path: ["companies", "top_change_companies"], key: "symbol" },
};

export const SUBSECTOR_REPORT: FunctionSpec = {
  name: "SUBSECTOR_REPORT",
  group: "idx",
  summary: "Report of an IDX sub-sector: statistics, market cap, stability, valuation, growth and its top companies.",
  args: [
    { name: "sub_sector", kind: slug, help: 'sub-sector slug, e.g. banks (see LIST("subsectors"))', required: true, at: "path" },
    ...reportArgs(SECTIONS, TABLES),
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/subsector/report/{sub_sector}/",
      repeated: ["sections"],
      query: reportSections(TABLES),
      response: open,
      layout: reportLayout(TABLES),
    }),
  },
  // top_change_companies' changes over a year and a month are fractions.
  identifiers: { fractions: ["1yr", "1mth"] },
  ttl: TTL.financials,
  output:
    "A two-column `field, value` table (`statistics.filtered_median_pe`, `market_cap.total_market_cap`, `valuation.historical_valuation.2026.pe`, `companies.top_companies.top_mcap.BBCA.JK.market_cap`, ...). With `table`: `historical_valuation`, `growth` or `growth_forecasts` (one row per year), `top_mcap`, `top_growth`, `top_profit`, `top_revenue` or `top_change_companies` (one row per company).",
  example: ["banks", "statistics,valuation"],
  check: tableInSections(TABLES),
};
