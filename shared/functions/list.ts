import { choice, idxTicker, slug } from "../args";
import { FunctionSpec, Route, TTL, Values } from "../function-spec";
import { any, dict, listOf, recordTable, str } from "../response";
import { Cell, longTable, Table } from "../table";
import { INDEX_CODES, LIST_KINDS } from "../values";

const pairs = (a: string, b: string) => recordTable({ [a]: str, [b]: str });
const records = (table: Table) => table;
const names = listOf(str);
const column = (name: string) => (data: unknown[]) =>
  longTable(
    [name],
    data.map((v) => [v as Cell]),
  );

/** Each kind of helper list: its path (and the option it needs), shape and layout. */
const KINDS: Record<(typeof LIST_KINDS)[number], (v: Values) => Partial<Route> & { needs?: string }> = {
  subsectors: () => ({ path: "/v1/subsectors/", response: pairs("sector", "subsector"), layout: records }),
  industries: () => ({ path: "/v1/industries/", response: pairs("subsector", "industry"), layout: records }),
  subindustries: () => ({ path: "/v1/subindustries/", response: pairs("industry", "sub_industry"), layout: records }),
  tags: () => ({ path: "/v1/tags/", response: names, layout: column("tag") }),
  sgx_sectors: () => ({ path: "/v1/sgx/sectors/", response: names, layout: column("sector") }),
  klse_sectors: () => ({ path: "/v1/klse/sectors/", response: names, layout: column("sector") }),
  index_members: (v) => ({ needs: "index", path: `/v1/index/${v.index}/`, response: pairs("symbol", "company_name"), layout: records }),
  klse_companies: (v) => ({
    needs: "sector",
    path: "/v1/klse/companies/",
    query: { sector: v.sector },
    response: pairs("symbol", "company_name"),
    layout: records,
  }),
  quarterly_dates: (v) => ({
    needs: "ticker",
    path: `/v1/company/get_quarterly_financial_dates/${v.ticker}/`,
    response: dict(listOf(listOf(str))),
    layout: (data: Record<string, string[][]>) => {
      const rows = Object.entries(data).flatMap(([year, dates]) =>
        (Array.isArray(dates) ? dates : []).map((d) => [Number(year), d[0] ?? null, d[1] ?? null] as Cell[]),
      );
      rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
      return longTable(["year", "date", "quarter"], rows);
    },
  }),
};

export const LIST: FunctionSpec = {
  name: "LIST",
  summary: "The helper lists: sub-sectors, industries, tags, index members, SGX and KLSE sectors and companies, report dates.",
  path: "/v1/{kind}/",
  args: [{ name: "kind", kind: choice(LIST_KINDS), help: "which list", required: true, at: "local" }],
  options: [
    { name: "index", kind: choice(INDEX_CODES), help: "index code, for kind index_members", at: "local" },
    { name: "sector", kind: slug, help: "KLSE sector slug, for kind klse_companies", at: "local" },
    { name: "ticker", kind: idxTicker, help: "IDX ticker, for kind quarterly_dates", at: "local" },
  ],
  response: any,
  layout: records,
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
};

const EXAMPLE: Record<string, string> = { index: "lq45", sector: "finance", ticker: "BBCA" };
