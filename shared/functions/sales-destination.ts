import { idxTickerJK } from "../args";
import { defineFunction, TTL } from "../function-spec";
import { dict, isFields, numbers, record } from "../response";
import { type Cell, longTable } from "../table";

const MEASURES = ["revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"] as const;
const byCountry = dict(record(numbers(MEASURES)));

export const SALES_DESTINATION = defineFunction({
  name: "SALES_DESTINATION",
  summary: "Where a company sells: revenue and volume by destination country and year.",
  path: "/v2/sales-destination/",
  args: [{ name: "ticker", kind: idxTickerJK, help: "IDX ticker, e.g. ITMG", required: true }],
  options: [],
  response: dict(byCountry),
  layout: (data) => {
    const rows: Cell[][] = [];
    const years = isFields(data) ? data : {};
    for (const year of Object.keys(years).sort()) {
      const countries = years[year];
      if (!isFields(countries)) continue;
      for (const [country, m] of Object.entries(countries)) {
        const numeric = /^\d+$/.test(year) ? Number(year) : year;
        rows.push([numeric, country, ...MEASURES.map((k) => (isFields(m) ? (m[k] ?? null) : null))]);
      }
    }
    return longTable(["year", "country", ...MEASURES], rows);
  },
  ttl: TTL.reference,
  output: "Long rows `year, country, revenue, percentage_of_total_revenue, volume, percentage_of_sales_volume`, years ascending.",
  example: ["ITMG"],
});
