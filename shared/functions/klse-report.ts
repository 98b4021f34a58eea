import { choice, klseTicker } from "../args";
import { FunctionSpec, TTL } from "../function-spec";
import { listOf, num, numbers, record, str } from "../response";
import { longTable, Table, tableOf } from "../table";
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

type Period = { period?: unknown } & Record<string, unknown>;
const asList = (v: unknown): Period[] => (Array.isArray(v) ? v : []);

/** historical_* lists become period → value maps, so `all` shows `financials.historical_earnings.2023`. */
function byPeriod(list: Period[], value: string): Record<string, unknown> {
  return Object.fromEntries(list.map((p) => [String(p.period), p[value] ?? null]));
}

function layout(data: any, values: Record<string, string | undefined>): Table {
  const section = values.section ?? "all";
  const fin = data.financials && typeof data.financials === "object" ? data.financials : {};
  if (section === "historical_earnings" || section === "historical_revenue") {
    const value = section.slice("historical_".length);
    return longTable(
      ["period", value],
      asList(fin[section]).map((p) => [p.period as string, (p[value] ?? null) as number]),
    );
  }
  const flat = {
    ...data,
    financials: {
      ...fin,
      historical_earnings: byPeriod(asList(fin.historical_earnings), "earnings"),
      historical_revenue: byPeriod(asList(fin.historical_revenue), "revenue"),
    },
  };
  const picked = section === "all" ? flat : { symbol: data.symbol, name: data.name, [section]: flat[section] };
  return tableOf([picked], "columns");
}

export const KLSE_REPORT: FunctionSpec = {
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
};
