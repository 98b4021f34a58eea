import { choiceList, int, slug } from "../args";
import { FunctionSpec, TTL } from "../function-spec";
import { dict, listOf, num, record, str } from "../response";
import { Cell, longTable } from "../table";
import { KLSE_CLASSIFICATIONS, KlseClassification, LIMITS } from "../values";

const CLASSES = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];
const item = record({ symbol: str, company_name: str, ...Object.fromEntries(Object.values(KLSE_CLASSIFICATIONS).map((f) => [f, num])) });

export const KLSE_TOP: FunctionSpec = {
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
  layout: (data: Record<string, unknown>) => {
    const rows: Cell[][] = [];
    for (const [classification, items] of Object.entries(data)) {
      const field = KLSE_CLASSIFICATIONS[classification as KlseClassification] ?? classification;
      if (!Array.isArray(items)) continue;
      items.forEach((it: any, i) => rows.push([classification, i + 1, it.symbol ?? null, it.company_name ?? null, it[field] ?? null]));
    }
    return longTable(["classification", "rank", "symbol", "company_name", "value"], rows);
  },
  ttl: TTL.financials,
  output:
    "Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, `revenue`, `earnings`, `market_cap` or `pe`).",
  example: ["pe", "", ""],
};
