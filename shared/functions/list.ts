import { choice, idxTicker, slug } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, defineRoute, type Route, routed, TTL, type Values } from "../function-spec";
import { dict, isFields, listOf, open, str } from "../response";
import { type Cell, longTable } from "../table";
import { INDEX_CODES, LIST_KINDS } from "../values";

/** A list of two-field records, e.g. sector and subsector. */
const pairs = (a: string, b: string) => defineRoute({ response: recordTable({ [a]: str, [b]: str }), layout: asDecoded });
/** A list of names, one column. */
const column = (name: string) =>
  defineRoute({
    response: listOf(str),
    layout: (data) =>
      longTable(
        [name],
        data.map((v) => [v ?? null]),
      ),
  });

const quarterlyDates = defineRoute({
  response: dict(listOf(listOf(str))),
  layout: (data) => {
    const byYear = isFields(data) ? data : {};
    const rows = Object.entries(byYear).flatMap(([year, dates]) =>
      (Array.isArray(dates) ? dates : []).map((d): Cell[] => [Number(year), d[0] ?? null, d[1] ?? null]),
    );
    rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    return longTable(["year", "date", "quarter"], rows);
  },
});

/** Each kind of helper list: its path (and the option it needs), shape and layout. */
const KINDS: Record<(typeof LIST_KINDS)[number], (v: Values) => Partial<Route> & { needs?: string }> = {
  subsectors: () => ({ path: "/v1/subsectors/", ...pairs("sector", "subsector") }),
  industries: () => ({ path: "/v1/industries/", ...pairs("subsector", "industry") }),
  subindustries: () => ({ path: "/v1/subindustries/", ...pairs("industry", "sub_industry") }),
  tags: () => ({ path: "/v1/tags/", ...column("tag") }),
  sgx_sectors: () => ({ path: "/v1/sgx/sectors/", ...column("sector") }),
  klse_sectors: () => ({ path: "/v1/klse/sectors/", ...column("sector") }),
  index_members: (v) => ({ needs: "index", path: `/v1/index/${v.index}/`, ...pairs("symbol", "company_name") }),
  klse_companies: (v) => ({
    needs: "sector",
    path: "/v1/klse/companies/",
    query: { sector: v.sector },
    ...pairs("symbol", "company_name"),
  }),
  quarterly_dates: (v) => ({ needs: "ticker", path: `/v1/company/get_quarterly_financial_dates/${v.ticker}/`, ...quarterlyDates }),
};

export const LIST = defineFunction({
  name: "LIST",
  summary: "The helper lists: sub-sectors, industries, tags, index members, SGX and KLSE sectors and companies, report dates.",
  path: "/v1/{kind}/",
  args: [{ name: "kind", kind: choice(LIST_KINDS), help: "which list", required: true, at: "local" }],
  options: [
    { name: "index", kind: choice(INDEX_CODES), help: "index code, for kind index_members", at: "local" },
    { name: "sector", kind: slug, help: "KLSE sector slug, for kind klse_companies", at: "local" },
    { name: "ticker", kind: idxTicker, help: "IDX ticker, for kind quarterly_dates", at: "local" },
  ],
  // Every kind has its own response and layout (KINDS).
  response: open,
  layout: routed,
  ttl: TTL.reference,
  output:
    "`subsectors`: `sector, subsector`; `industries`: `subsector, industry`; `subindustries`: `industry, sub_industry`; `tags`: `tag`; `sgx_sectors`, `klse_sectors`: `sector`; `index_members`, `klse_companies`: `symbol, company_name`; `quarterly_dates`: `year, date, quarter`, oldest first.",
  example: ["subsectors"],
  check: (v) => {
    const needs = v.kind ? KINDS[v.kind as keyof typeof KINDS](v).needs : undefined;
    return needs && !v[needs] ? `LIST("${v.kind}") needs the option '${needs}', e.g. "${needs}=${EXAMPLE[needs]}"` : undefined;
  },
  route: (v) => {
    const { needs: _needs, ...route } = KINDS[v.kind as keyof typeof KINDS](v);
    return { query: {}, ...route };
  },
});

const EXAMPLE: Record<string, string> = { index: "lq45", sector: "finance", ticker: "BBCA" };
