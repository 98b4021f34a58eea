import { choiceList, int, slug } from "../args";
import { defineFunction, TTL } from "../function-spec";
import { dict, isFields, isObject, listOf, numbers, record, str } from "../response";
import { type Cell, longTable } from "../table";
import { KLSE_CLASSIFICATIONS, type KlseClassification, LIMITS } from "../values";

const CLASSES = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];
/** A ranked company: every ranking's value field, so one item shape serves all rankings. */
const item = record({ symbol: str, company_name: str, ...numbers(Object.values(KLSE_CLASSIFICATIONS)) });

export const KLSE_TOP = defineFunction({
  name: "KLSE_TOP",
  summary: "Top-ranked KLSE companies per classification (dividend yield, revenue, earnings, market cap, P/E).",
  path: "/v1/klse/companies/top/",
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
  response: dict(listOf(item)),
  layout: (data) => {
    const rows: Cell[][] = [];
    if (!isObject(data)) return longTable([], rows);
    for (const [classification, items] of Object.entries(data)) {
      // A ranking the service adds later has no known value field: its rows show no value.
      const field: (typeof KLSE_CLASSIFICATIONS)[KlseClassification] | undefined =
        KLSE_CLASSIFICATIONS[classification as KlseClassification];
      if (!Array.isArray(items)) continue;
      items.forEach((it, i) => {
        if (isFields(it))
          rows.push([classification, i + 1, it.symbol ?? null, it.company_name ?? null, field ? (it[field] ?? null) : null]);
      });
    }
    return longTable(["classification", "rank", "symbol", "company_name", "value"], rows);
  },
  ttl: TTL.financials,
  output:
    "Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, `revenue`, `earnings`, `market_cap` or `pe`).",
  example: ["pe", "", ""],
});
