import { bool, int, screenerText } from "../args";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../function-spec";
import { pages } from "../loaders";
import { SCREENER_MAX_ROWS, SCREENER_PAGE, screenerRows } from "./screener-rows";

/** The service's default count when no limit is given. */
const DEFAULT_LIMIT = 50;

export const SCREENER: FunctionSpec = {
  name: "SCREENER",
  summary: "IDX companies that meet conditions, in the screener's query language, sorted.",
  args: [
    {
      name: "where",
      kind: screenerText,
      help: "conditions, e.g. \"sub_sector = 'Banks' and market_cap > 100000000000000\" (fields, operators and yearly fields such as revenue[2024]: see docs/functions.md)",
    },
    { name: "order_by", kind: screenerText, help: "the field to sort by, - first for descending, e.g. -market_cap (default symbol)" },
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
      path: "/v2/companies/",
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
  example: ["sub_sector = 'Banks'", "-market_cap", "limit=5"],
};
