import { idxTickerJK } from "../args";
import { FunctionSpec, TTL } from "../function-spec";
import { dict, numbers, record } from "../response";
import { Cell, longTable } from "../table";

const MEASURES = ["revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"];
const byCountry = dict(record(numbers(MEASURES)));

export const SALES_DESTINATION: FunctionSpec = {
  name: "SALES_DESTINATION",
  summary: "Where a company sells: revenue and volume by destination country and year.",
  path: "/v2/sales-destination/",
  args: [{ name: "ticker", kind: idxTickerJK, help: "IDX ticker, e.g. ITMG", required: true }],
  options: [],
  response: dict(byCountry),
  layout: (data: Record<string, Record<string, Record<string, Cell>> | string | null>) => {
    const rows: Cell[][] = [];
    for (const year of Object.keys(data).sort()) {
      const countries = data[year];
      if (!countries || typeof countries !== "object") continue;
      for (const [country, m] of Object.entries(countries)) {
        const numeric = /^\d+$/.test(year) ? Number(year) : year;
        rows.push([numeric, country, ...MEASURES.map((k) => (m && typeof m === "object" ? (m[k] ?? null) : null))]);
      }
    }
    return longTable(["year", "country", ...MEASURES], rows);
  },
  ttl: TTL.reference,
  output: "Long rows `year, country, revenue, percentage_of_total_revenue, volume, percentage_of_sales_volume`, years ascending.",
  example: ["ITMG"],
};
