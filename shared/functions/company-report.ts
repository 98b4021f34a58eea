import { choiceList, idxTicker } from "../args";
import { tableOf } from "../flatten";
import { endpoint, type FunctionSpec, TTL } from "../function-spec";
import { isObject, open } from "../response";
import { COMPANY_REPORT_SECTIONS } from "../values";

/** What names a record in a list of a report: its year or date, else its name or symbol. */
const LABELS = ["year", "estimate_year", "date", "name", "symbol", "period"];

/** Lists of records become records keyed by each one's label, so a report reads as `field, value`
 *  rows such as `valuation.historical_valuation.2022.pe`; a list whose labels repeat is numbered. */
function keyed(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!value.length || !value.every(isObject)) return value;
    const label = LABELS.find(
      (l) => value.every((v) => v[l] !== undefined && v[l] !== null) && new Set(value.map((v) => String(v[l]))).size === value.length,
    );
    // The label names the entry, so it is not repeated inside it.
    const entry = (v: Record<string, unknown>) => keyed(label ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== label)) : v);
    return Object.fromEntries(value.map((v, i) => [label ? String(v[label]) : String(i + 1), entry(v)]));
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyed(v)]));
  return value;
}

export const COMPANY_REPORT: FunctionSpec = {
  name: "COMPANY_REPORT",
  summary: "Report of an IDX company: overview, valuation, forecasts, peers, financials, dividends, management, ownership.",
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path" },
    {
      name: "sections",
      kind: choiceList(COMPANY_REPORT_SECTIONS),
      help: "parts of the report, a comma list (default all; each section costs one API credit)",
    },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/company/report/{ticker}/",
      response: open,
      layout: (data) => tableOf(isObject(data) ? [keyed(data) as Record<string, unknown>] : [], "columns"),
    }),
  },
  instead: "Use QUARTERLY and SEGMENTS for a company's statements in the spec edition.",
  ttl: TTL.financials,
  output:
    'A two-column `field, value` table: `symbol`, `company_name`, then each section\'s fields with dotted names (`overview.market_cap`, `dividend.yield_ttm`); yearly and dated lists by their year or date (`valuation.historical_valuation.2022.pe`, `financials.historical_financials.2024.revenue`), people and peers by name or symbol; lists of values joined with ", ".',
  example: ["BBCA", "overview,valuation"],
};
