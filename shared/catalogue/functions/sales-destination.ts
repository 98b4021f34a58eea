import { dict, isFields, isObject, num, numbers, record, str } from "../../answer/response";
import { type Cell, longTable, type Table } from "../../base/table";
import { year } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { atCompany, companyArg, companyIn, tickerOnly } from "./mining-company";

const MEASURES = ["revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"] as const;
const LIVE_MEASURES = ["revenue_usd", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"] as const;

const specResponse = dict(dict(record(numbers(MEASURES))));
const liveResponse = record({ year: num, data: dict(record({ ...numbers(LIVE_MEASURES), commodity_type: str, unit: str })) });

/** Long rows, years ascending: `year, country` and the measures. */
function byYear(years: unknown, measures: readonly string[]): Table {
  const rows: Cell[][] = [];
  const source = isObject(years) ? years : {};
  for (const y of Object.keys(source).sort()) {
    const countries = source[y];
    if (!isObject(countries)) continue;
    for (const [country, m] of Object.entries(countries)) {
      const numeric = /^\d+$/.test(y) ? Number(y) : y;
      rows.push([numeric, country, ...measures.map((k) => (isObject(m) ? ((m[k] ?? null) as Cell) : null))]);
    }
  }
  return longTable(["year", "country", ...measures], rows);
}

export const SALES_DESTINATION: FunctionSpec = {
  name: "SALES_DESTINATION",
  group: "mining",
  summary: "Where a company sells: revenue and volume by destination country and year.",
  args: [{ ...companyArg, help: "the mining company, by IDX ticker (slugs too in the live edition)", at: "query" }],
  options: [{ name: "year", kind: year, help: "the year (live edition; default the latest). The spec edition gives every year" }],
  editions: {
    spec: endpoint({
      path: "/v2/sales-destination/",
      params: { company: "ticker" },
      rename: tickerOnly("SALES_DESTINATION"),
      unsupported: ["year"],
      response: specResponse,
      layout: (data) => byYear(data, MEASURES),
    }),
    live: endpoint({
      path: "/v2/mining/sales-destination/{company}/",
      rename: companyIn("live"),
      params: { company: null },
      response: liveResponse,
      layout: (data) => byYear(isFields(data) ? { [String(data.year)]: data.data } : {}, [...LIVE_MEASURES, "commodity_type", "unit"]),
      load: atCompany("live", "/v2/mining/sales-destination/{company}/"),
      output:
        "Long rows `year, country, revenue_usd, percentage_of_total_revenue, volume, percentage_of_sales_volume, commodity_type, unit` for one year (the latest, or the option `year`).",
    }),
  },
  ttl: TTL.reference,
  output: "Long rows `year, country, revenue, percentage_of_total_revenue, volume, percentage_of_sales_volume`, years ascending.",
  example: ["ITMG"],
};
