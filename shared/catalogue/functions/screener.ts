import { bool, choice, int, screenerText } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { pages } from "../../rows/loaders";
import { SCREENER_MAX_ROWS, SCREENER_PAGE, screenerRows } from "./screener-rows";

/** The service's default count when no limit is given. */
const DEFAULT_LIMIT = 50;

/** The screener of each market the live service has one for. */
const PATHS = { idx: "/v2/companies/", sgx: "/v2/sgx/companies/" } as const;
const marketArg = {
  name: "market",
  kind: choice(Object.keys(PATHS)),
  help: "idx (default) or sgx: which exchange's companies",
  at: "local",
} as const;
const pathOf = (market: string | undefined) => (market === "sgx" ? PATHS.sgx : PATHS.idx);
const marketCases = Object.keys(PATHS).map((market) => ({ when: `market ${market}`, values: { market } }));

export const SCREENER: FunctionSpec = {
  name: "SCREENER",
  group: "idx",
  summary: "IDX (or SGX) companies that meet conditions, in the screener's query language, sorted.",
  args: [
    {
      name: "where",
      kind: screenerText,
      help: "conditions, e.g. \"sub_sector = 'Banks' and market_cap > 100000000000000\" (fields, operators and yearly fields such as revenue[2024]: see docs/functions.md)",
    },
    { name: "order_by", kind: screenerText, help: "the field to sort by, - first for descending, e.g. -market_cap (default symbol)" },
    marketArg,
  ],
  options: [
    { name: "desc", kind: bool, help: "TRUE for descending" },
    {
      name: "limit",
      kind: int(1, SCREENER_MAX_ROWS),
      help: `rows to return (1-${SCREENER_MAX_ROWS}, default ${DEFAULT_LIMIT}); more than ${SCREENER_PAGE} is one request per ${SCREENER_PAGE}`,
    },
    { name: "offset", kind: int(0, 1_000_000), help: "rows to skip (default 0)" },
  ],
  editions: {
    live: endpoint({
      path: PATHS.idx,
      route: (v) => ({ path: pathOf(v.market) }),
      routeCases: marketCases,
      params: { limit: null, offset: null },
      query: () => ({ include_query_values: "true" }),
      response: screenerRows,
      layout: asDecoded,
      load: pages((v) => ({ want: Number(v.limit ?? DEFAULT_LIMIT), offset: Number(v.offset ?? 0) }), SCREENER_PAGE),
    }),
  },
  instead: "Use COMPANIES for the companies of a sub-sector.",
  ttl: TTL.financials,
  output: "Columns `symbol, company_name`, then the values the query used (`query_values.market_cap`, `query_values.sub_sector`, ...).",
  example: ["sub_sector = 'Banks'", "-market_cap", "", "limit=5"],
};

export const SCREENER_NL: FunctionSpec = {
  name: "SCREENER_NL",
  group: "idx",
  summary: 'Companies that answer a question in plain words, e.g. "top 5 banks by market cap" (the provider translates it into a screen).',
  args: [
    { name: "question", kind: screenerText, help: 'the question, e.g. "top 10 consumer companies by revenue in 2024"', required: true },
    marketArg,
  ],
  options: [],
  editions: {
    live: endpoint({
      path: PATHS.idx,
      route: (v) => ({ path: pathOf(v.market) }),
      routeCases: marketCases,
      params: { question: "q" },
      query: () => ({ include_query_values: "true" }),
      envelope: true,
      response: screenerRows,
      layout: asDecoded,
    }),
  },
  instead: "Use COMPANIES for the companies of a sub-sector.",
  ttl: TTL.financials,
  output:
    "Columns `symbol, company_name`, then the values the translated screen used (`query_values.*`). One page: the question sets how many. SCREENER with the same conditions reruns it exactly.",
  example: ["top 5 banks by market cap"],
};
