import { choice, klseTicker } from "../args";
import { tableOf } from "../flatten";
import { defineFunction, TTL, type Values } from "../function-spec";
import { type Decoded, isObject, listOf, num, numbers, record, str } from "../response";
import { type Cell, longTable, type Table } from "../table";
import { KLSE_REPORT_SECTIONS } from "../values";

const history = (value: string) => listOf(record({ period: str, [value]: num }));

const report = record({
  symbol: str,
  name: str,
  overview: record({
    ...numbers(["market_cap", "volume", "employee_num"]),
    sector: str,
    sub_sector: str,
    ...numbers(["change_1d", "change_7d"]),
  }),
  valuation: record(numbers(["pe_ttm", "ps_ttm", "pcf", "pcf_ttm", "pb", "pe"])),
  financials: record({
    historical_earnings: history("earnings"),
    historical_revenue: history("revenue"),
    ...numbers(["eps", "gross_margin", "operating_margin", "net_profit_margin", "quick_ratio", "current_ratio", "debt_to_equity"]),
  }),
  dividend: record(
    numbers([
      "dividend_yield_5y_avg",
      "dividend_growth_rate",
      "payout_ratio",
      "forward_dividend",
      "forward_dividend_yield",
      "dividend_ttm",
    ]),
  ),
});

/** The (period, value) pairs of a historical_* list, in the service's order. */
function periods(list: unknown, value: string): Array<[Cell, Cell]> {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((p) => [(p.period ?? null) as Cell, (p[value] ?? null) as Cell]);
}

function layout(data: Decoded<typeof report>, values: Values): Table {
  if (!isObject(data)) return tableOf([], "columns");
  const section = values.section ?? "all";
  const fin = isObject(data.financials) ? data.financials : {};
  if (section === "historical_earnings" || section === "historical_revenue") {
    const value = section.slice("historical_".length);
    return longTable(["period", value], periods(fin[section], value));
  }
  // historical_* lists become period → value maps, so `all` shows `financials.historical_earnings.2023`.
  const flat: Record<string, unknown> = {
    ...data,
    financials: {
      ...fin,
      historical_earnings: Object.fromEntries(periods(fin.historical_earnings, "earnings").map(([p, v]) => [String(p), v])),
      historical_revenue: Object.fromEntries(periods(fin.historical_revenue, "revenue").map(([p, v]) => [String(p), v])),
    },
  };
  const picked = section === "all" ? flat : { symbol: data.symbol, name: data.name, [section]: flat[section] };
  return tableOf([picked], "columns");
}

export const KLSE_REPORT = defineFunction({
  name: "KLSE_REPORT",
  summary: "Report of a KLSE (Bursa Malaysia) company: overview, valuation, financials, dividend.",
  path: "/v1/klse/company/report/{ticker}/",
  args: [
    { name: "ticker", kind: klseTicker, help: "4-digit KLSE stock code, e.g. 1155", required: true, at: "path" },
    { name: "section", kind: choice(KLSE_REPORT_SECTIONS), help: "part of the report (default all)", at: "local" },
  ],
  options: [],
  response: report,
  layout,
  ttl: TTL.financials,
  output:
    "A two-column `field, value` table (`overview.market_cap`, `valuation.pe`, `financials.historical_earnings.2023`, `dividend.payout_ratio`, ...); `section` keeps `symbol`, `name` and one part. The historical sections give rows `period, earnings` or `period, revenue`.",
  example: ["1155", "valuation"],
});
