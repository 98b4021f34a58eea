import { type Decoded, isFields, listOf, num, record, str } from "../../answer/response";
import { type Cell, longTable, type Table } from "../../base/table";
import { idxTicker, year } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";

const segments = record({
  symbol: str,
  financial_year: num,
  revenue_breakdown: listOf(record({ value: num, source: str, target: str })),
});

/** One row per revenue flow. */
const flows = (data: Decoded<typeof segments>): Table => {
  const flows = isFields(data) && Array.isArray(data.revenue_breakdown) ? data.revenue_breakdown.filter(isFields) : [];
  const head: Cell[] = isFields(data) ? [data.symbol ?? null, data.financial_year ?? null] : [];
  return longTable(
    ["symbol", "financial_year", "source", "target", "value"],
    flows.map((f) => [...head, f.source ?? null, f.target ?? null, f.value ?? null]),
  );
};

export const SEGMENTS: FunctionSpec = {
  name: "SEGMENTS",
  group: "idx",
  summary: "Revenue segments of an IDX company for one financial year (a source → target flow).",
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    { name: "financial_year", kind: year, help: "financial year, e.g. 2024; blank for the latest" },
  ],
  options: [],
  editions: {
    spec: endpoint({ path: "/v1/company/get-segments/{ticker}/", response: segments, layout: flows }),
    live: endpoint({ path: "/v2/company/get-segments/{ticker}/", response: segments, layout: flows }),
  },
  ttl: TTL.financials,
  output: "Rows `symbol, financial_year, source, target, value`, one per revenue flow.",
  example: ["BBCA", ""],
};
