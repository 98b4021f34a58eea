import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { ownValue } from "../../base/own";
import { type Cell, longTable, type Table } from "../../base/table";
import { bool, choice, slug } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { COMPANY_SORT_KEYS } from "../vocabularies";
import { allPages, screenerQuery, screenerRows, slugCondition } from "./screener-rows";

/** The live screener's field for each sort key. revenue and earnings: the most recent quarter's
 *  (the screener's yearly fields need a year; the spec service sorts by the last full year). */
const SCREENER_FIELD: Record<(typeof COMPANY_SORT_KEYS)[number], string> = {
  symbol: "symbol",
  company_name: "company_name",
  market_cap: "market_cap",
  dividend_yield: "yield_ttm",
  total_dividend: "dividend_ttm",
  revenue: "total_revenue_mrq",
  earnings: "earnings_mrq",
  pb: "pb_mrq",
  pe: "pe_ttm",
  ps: "ps_ttm",
};

const fieldOf = (sortBy: string | undefined) => ownValue(SCREENER_FIELD, sortBy ?? "symbol") ?? "symbol";

/** `symbol, company_name, sorted_by`: the value of the sort key, from the screener's query values. */
function sortedBy(table: Table, sortBy: string | undefined): Table {
  const field = fieldOf(sortBy);
  const at = (name: string) => table.columns.indexOf(name);
  const value = at(field) >= 0 && !field.includes(".") ? at(field) : at(`query_values.${field}`);
  const rows = table.rows.map((row): Cell[] => [
    row[at("symbol")] ?? null,
    row[at("company_name")] ?? null,
    value >= 0 ? row[value] : null,
  ]);
  return longTable(["symbol", "company_name", "sorted_by"], rows);
}

export const COMPANIES: FunctionSpec = {
  name: "COMPANIES",
  group: "idx",
  summary: "IDX companies of a sub-sector (or sub-industry), sorted by a metric.",
  args: [
    { name: "sub_sector", kind: slug, help: 'sub-sector slug, e.g. banks (see LIST("subsectors"))' },
    { name: "sort_by", kind: choice(COMPANY_SORT_KEYS), help: "sort key (default symbol)" },
    { name: "desc", kind: bool, help: "TRUE for descending (default FALSE)" },
  ],
  options: [{ name: "sub_industry", kind: slug, help: 'sub-industry slug; overrides sub_sector (see LIST("subindustries"))' }],
  editions: {
    spec: endpoint({
      path: "/v1/companies/",
      response: recordTable({ symbol: str, company_name: str, sorted_by: num }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/companies/",
      params: { sub_sector: null, sub_industry: null, sort_by: null },
      query: (v) =>
        screenerQuery(v.sub_industry ? slugCondition("sub_industry", v.sub_industry) : slugCondition("sub_sector", v.sub_sector ?? ""), {
          order_by: fieldOf(v.sort_by),
        }),
      response: screenerRows,
      layout: (table, v) => sortedBy(table, v.sort_by),
      load: allPages,
    }),
  },
  ttl: TTL.reference,
  output: "Columns `symbol, company_name, sorted_by` (`sorted_by` is the value of the sort key).",
  example: ["banks", "market_cap", true],
  check: (v) => (v.sub_sector || v.sub_industry ? undefined : "'sub_sector' or the option 'sub_industry' is required"),
};
