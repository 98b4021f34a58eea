import { choiceList, int, slug } from "../args";
import { endpoint, type FunctionSpec, TTL } from "../function-spec";
import { ownValue } from "../own";
import { type Decoded, dict, isFields, isObject, listOf, numbers, record, str } from "../response";
import { type Cell, longTable, type Table } from "../table";
import { KLSE_CLASSIFICATIONS, type KlseClassification, LIMITS } from "../values";

const CLASSES = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];
/** A ranked company: every ranking's value field in both editions (the live edition names the
 *  dividend ranking's value `dividend_yield`), so one item shape serves all rankings. */
const VALUE_FIELDS = [...Object.values(KLSE_CLASSIFICATIONS), "dividend_yield"] as const;
const item = record({ symbol: str, company_name: str, ...numbers(VALUE_FIELDS) });
const response = dict(listOf(item));

/** Long rows, one per ranked company; `value` is the ranking's own field. */
const ranks = (data: Decoded<typeof response>): Table => {
  const rows: Cell[][] = [];
  if (!isObject(data)) return longTable([], rows);
  for (const [classification, items] of Object.entries(data)) {
    // A ranking the service adds later has no known value field: its rows show no value.
    const field = ownValue<string>(KLSE_CLASSIFICATIONS, classification);
    if (!Array.isArray(items)) continue;
    items.forEach((it, i) => {
      if (!isFields(it)) return;
      const value = (field ? ownValue(it, field) : undefined) ?? ownValue(it, classification) ?? null;
      rows.push([classification, i + 1, it.symbol ?? null, it.company_name ?? null, value as Cell]);
    });
  }
  return longTable(["classification", "rank", "symbol", "company_name", "value"], rows);
};

export const KLSE_TOP: FunctionSpec = {
  name: "KLSE_TOP",
  summary: "Top-ranked KLSE companies per classification (dividend yield, revenue, earnings, market cap, P/E).",
  args: [
    {
      name: "classifications",
      kind: choiceList(CLASSES),
      help: "rankings to return, a comma list (default all; each one costs one API call)",
    },
    { name: "sector", kind: slug, help: 'KLSE sector slug, e.g. finance (default all; see LIST("klse_sectors"))' },
    {
      name: "min_mcap_million",
      kind: int(0, 100_000_000),
      help: `minimum market cap in million MYR (default ${LIMITS.minMcapMillionDefault})`,
    },
  ],
  options: [
    {
      name: "n_stock",
      kind: int(1, LIMITS.nStockMax),
      help: `companies per ranking (1-${LIMITS.nStockMax}, default ${LIMITS.nStockDefault})`,
    },
  ],
  editions: {
    spec: endpoint({ path: "/v1/klse/companies/top/", response, layout: ranks }),
    live: endpoint({ path: "/v2/klse/companies/top/", response, layout: ranks }),
  },
  ttl: TTL.financials,
  output:
    "Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield` (live: `dividend_yield`), `revenue`, `earnings`, `market_cap` or `pe`).",
  example: ["pe", "", ""],
};
