import { tableOf } from "../../answer/flatten";
import { dict, isObject, listOf, num, numbers, record, type Schema, str } from "../../answer/response";
import { type Cell, longTable, type Table } from "../../base/table";
import { choice, klseTicker } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { KLSE_REPORT_SECTIONS } from "../vocabularies";

const OVERVIEW = ["market_cap", "volume", "employee_num"] as const;
const DIVIDEND = [
  "dividend_yield_5y_avg",
  "dividend_growth_rate",
  "payout_ratio",
  "forward_dividend",
  "forward_dividend_yield",
  "dividend_ttm",
];
const RATIOS = ["eps", "gross_margin", "operating_margin", "net_profit_margin", "quick_ratio", "current_ratio", "debt_to_equity"];

/** The report's shape; the historical series differ: spec lists of {period, value}, live period → value maps. */
const report = (history: (value: string) => Schema, valuation: string[], changes: string[]) =>
  record({
    symbol: str,
    name: str,
    overview: record({ ...numbers(OVERVIEW), sector: str, sub_sector: str, ...numbers(changes) }),
    valuation: record(numbers(valuation)),
    financials: record({ historical_earnings: history("earnings"), historical_revenue: history("revenue"), ...numbers(RATIOS) }),
    dividend: record(numbers(DIVIDEND)),
  });

const specReport = report(
  (value) => listOf(record({ period: str, [value]: num })),
  ["pe_ttm", "ps_ttm", "pcf", "pcf_ttm", "pb", "pe"],
  ["change_1d", "change_7d"],
);
const liveReport = report(
  () => dict(num),
  ["pe", "beta", "ps", "pcf", "pb"],
  ["change_1d", "change_7d", "change_1m", "change_1y", "change_ytd", "change_3y"],
);

const isYear = (period: Cell) => /^\d{4}$/.test(String(period));

/** The (period, value) pairs of a historical series, a list of {period, value} (spec) or a
 *  period → value map (live): the years in the order given, then the other periods (TTM). A live
 *  map's years come ascending whatever the service's order: JavaScript orders year-like keys. */
function periods(series: unknown, value: string): Array<[Cell, Cell]> {
  const pairs: Array<[Cell, Cell]> = Array.isArray(series)
    ? series.filter(isObject).map((p) => [(p.period ?? null) as Cell, (p[value] ?? null) as Cell])
    : isObject(series)
      ? Object.entries(series).map(([period, v]) => [isYear(period) ? Number(period) : period, (v ?? null) as Cell])
      : [];
  return [...pairs.filter(([p]) => isYear(p)), ...pairs.filter(([p]) => !isYear(p))];
}

function layout(data: unknown, values: Values): Table {
  if (!isObject(data)) return tableOf([], "columns");
  const section = values.section ?? "all";
  const fin = isObject(data.financials) ? data.financials : {};
  if (section === "historical_earnings" || section === "historical_revenue") {
    const value = section.slice("historical_".length);
    return longTable(["period", value], periods(fin[section], value));
  }
  // The series become period → value maps, so `all` shows `financials.historical_earnings.2023`.
  const series = (name: string, value: string) => Object.fromEntries(periods(fin[name], value).map(([p, v]) => [String(p), v]));
  const flat: Record<string, unknown> = {
    ...data,
    financials: {
      ...fin,
      historical_earnings: series("historical_earnings", "earnings"),
      historical_revenue: series("historical_revenue", "revenue"),
    },
  };
  const picked = section === "all" ? flat : { symbol: data.symbol, name: data.name, [section]: flat[section] };
  return tableOf([picked], "columns");
}

/** The live service's `sections` for a part of the report: one credit per section. */
const liveSections = (section: string | undefined) =>
  section === undefined || section === "all" ? undefined : section.startsWith("historical_") ? "financials" : section;

export const KLSE_REPORT: FunctionSpec = {
  name: "KLSE_REPORT",
  group: "klse",
  summary: "Report of a KLSE (Bursa Malaysia) company: overview, valuation, financials, dividend.",
  args: [
    { name: "ticker", kind: klseTicker, help: "4-digit KLSE stock code, e.g. 1155", required: true, at: "path", batch: true },
    { name: "section", kind: choice(KLSE_REPORT_SECTIONS), help: "part of the report (default all)", at: "local" },
  ],
  options: [],
  editions: {
    spec: endpoint({ path: "/v1/klse/company/report/{ticker}/", response: specReport, layout }),
    live: endpoint({
      path: "/v2/klse/company/report/{ticker}/",
      repeated: ["sections"],
      query: (v) => ({ sections: liveSections(v.section) }),
      response: liveReport,
      layout,
    }),
  },
  ttl: TTL.financials,
  output:
    "A two-column `field, value` table (`overview.market_cap`, `valuation.pe`, `financials.historical_earnings.2023`, `dividend.payout_ratio`, ...); `section` keeps `symbol`, `name` and one part. The historical sections give rows `period, earnings` or `period, revenue`: the years in the service's order (ascending in the live edition), then TTM.",
  example: ["1155", "valuation"],
};
