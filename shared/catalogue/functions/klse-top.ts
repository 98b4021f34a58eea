import { choiceList, int, slug } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { KLSE_CLASSIFICATIONS, type KlseClassification, SERVICE_BOUNDS } from "../vocabularies";
import { rankings, ranks } from "./rankings";

const CLASSES = Object.keys(KLSE_CLASSIFICATIONS) as KlseClassification[];
export const KLSE_TOP: FunctionSpec = {
  name: "KLSE_TOP",
  group: "klse",
  summary: "Top-ranked KLSE companies per classification (dividend yield, revenue, earnings, market cap, P/E).",
  args: [
    {
      name: "classifications",
      kind: choiceList(CLASSES),
      help: "rankings to return, a comma list (default all; the provider bills one credit each)",
    },
    { name: "sector", kind: slug, help: 'KLSE sector slug, e.g. finance (default all; see LIST("klse_sectors"))' },
    {
      name: "min_mcap_million",
      kind: int(0, 100_000_000),
      help: `minimum market cap in million MYR (default ${SERVICE_BOUNDS.minMcapMillionDefault})`,
    },
  ],
  options: [
    {
      name: "n_stock",
      kind: int(1, SERVICE_BOUNDS.nStockMax),
      help: `companies per ranking (1-${SERVICE_BOUNDS.nStockMax}, default ${SERVICE_BOUNDS.nStockDefault})`,
    },
  ],
  editions: {
    spec: endpoint({ path: "/v1/klse/companies/top/", response: rankings, layout: ranks }),
    live: endpoint({ path: "/v2/klse/companies/top/", repeated: ["classifications"], response: rankings, layout: ranks }),
  },
  // Each ranking's value is of the field it ranks by: a P/E, a dividend yield (a fraction), an amount.
  identifiers: { fieldIn: { value: "classification" } },
  ttl: TTL.financials,
  output:
    "Long rows `classification, rank, symbol, company_name, value`; `value` is the ranking's own field (`forward_dividend_yield`, or `dividend_yield` where the service names it so, `revenue`, `earnings`, `market_cap` or `pe`).",
  example: ["pe", "", ""],
};
