import { recordTable } from "../../answer/flatten";
import { dict, isFields, listOf, num, open, record, str } from "../../answer/response";
import { type Edition, notOffered } from "../../base/editions";
import { ownValue } from "../../base/own";
import { type Cell, longTable, type Table } from "../../base/table";
import { choice, idxTicker, slug } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { asDecoded, defineRoute, type Endpoint, endpoint, type FunctionSpec, routed, TTL } from "../../rows/function-spec";
import { INDEX_CODE_CHOICES, indexCodeFor, LIST_KINDS } from "../vocabularies";
import { allPages, screenerQuery, screenerRows } from "./screener-rows";

type Kind = (typeof LIST_KINDS)[number];

/** A list of two-field records, e.g. sector and subsector. */
const pairs = (a: string, b: string) => defineRoute({ response: recordTable({ [a]: str, [b]: str }), layout: asDecoded });
/** Names as one column. */
const asColumn = (name: string, names: readonly (Cell | undefined)[]) =>
  longTable(
    [name],
    names.map((v) => [v ?? null]),
  );
/** A list of names, one column. */
const column = (name: string) => defineRoute({ response: listOf(str), layout: (data) => asColumn(name, data) });

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

/** `{"BBCA.JK": {"financial_year": [2023, 2024]}}`: a row per company and year. */
const segmentYears = defineRoute({
  response: dict(record({ financial_year: listOf(num) })),
  layout: (data) =>
    longTable(
      ["symbol", "financial_year"],
      Object.entries(isFields(data) ? data : {}).flatMap(([symbol, it]) =>
        (isFields(it) && Array.isArray(it.financial_year) ? it.financial_year : []).map((y): Cell[] => [symbol, y ?? null]),
      ),
    ),
});

/** The screener's rows cut to `symbol, company_name`. */
const symbolsOnly = (table: Table): Table => {
  const keep = ["symbol", "company_name"].map((c) => table.columns.indexOf(c));
  return longTable(
    ["symbol", "company_name"],
    table.rows.map((row) => keep.map((i) => (i >= 0 ? row[i] : null))),
  );
};

type KindRoute = (v: Values) => Partial<Endpoint>;

/** Each kind of helper list in each edition: its path, query, shape and layout. */
const KINDS: Record<Edition, Record<Kind, KindRoute>> = {
  spec: {
    subsectors: () => ({ path: "/v1/subsectors/", ...pairs("sector", "subsector") }),
    industries: () => ({ path: "/v1/industries/", ...pairs("subsector", "industry") }),
    subindustries: () => ({ path: "/v1/subindustries/", ...pairs("industry", "sub_industry") }),
    tags: () => ({ path: "/v1/tags/", ...column("tag") }),
    sgx_sectors: () => ({ path: "/v1/sgx/sectors/", ...column("sector") }),
    klse_sectors: () => ({ path: "/v1/klse/sectors/", ...column("sector") }),
    index_members: (v) => ({ path: `/v1/index/${indexCodeFor("spec", v.index)}/`, ...pairs("symbol", "company_name") }),
    klse_companies: (v) => ({ path: "/v1/klse/companies/", query: () => ({ sector: v.sector }), ...pairs("symbol", "company_name") }),
    quarterly_dates: (v) => ({ path: `/v1/company/get_quarterly_financial_dates/${v.ticker}/`, ...quarterlyDates }),
    commodities: () => {
      throw notOffered('LIST("commodities")', "spec");
    },
    companies_with_segments: () => ({ path: "/v1/companies/list_companies_with_segments/", ...segmentYears }),
    sgx_subsectors: () => {
      throw notOffered('LIST("sgx_subsectors")', "spec");
    },
    sgx_tags: () => {
      throw notOffered('LIST("sgx_tags")', "spec");
    },
  },
  live: {
    subsectors: () => ({ path: "/v2/subsectors/", ...pairs("sector", "subsector") }),
    industries: () => ({ path: "/v2/industries/", ...pairs("subsector", "industry") }),
    subindustries: () => ({ path: "/v2/subindustries/", ...pairs("industry", "sub_industry") }),
    tags: () => ({ path: "/v2/tags/", ...column("tag") }),
    sgx_sectors: () => ({ path: "/v2/sgx/sectors/", ...column("sector") }),
    klse_sectors: () => ({ path: "/v2/klse/sectors/", ...column("sector") }),
    // The live edition has no index member list: its screener filters by index.
    index_members: (v) => ({
      path: "/v2/companies/",
      query: () => screenerQuery(`indices in ['${(indexCodeFor("live", v.index) ?? "").toUpperCase()}']`),
      response: screenerRows,
      layout: symbolsOnly,
      load: allPages,
    }),
    klse_companies: (v) => ({ path: "/v2/klse/companies/", query: () => ({ sector: v.sector }), ...pairs("symbol", "company_name") }),
    quarterly_dates: (v) => ({ path: `/v2/company/get_quarterly_financial_dates/${v.ticker}/`, ...quarterlyDates }),
    commodities: () => ({
      path: "/v2/mining/commodities/",
      ...defineRoute({ response: recordTable({ name: str, data_points: num, earliest_date: str, latest_date: str }), layout: asDecoded }),
    }),
    companies_with_segments: () => ({ path: "/v2/companies/list_companies_with_segments/", ...segmentYears }),
    sgx_subsectors: () => ({ path: "/v2/sgx/subsectors/", ...pairs("sector", "subsector") }),
    // The tags come as `{"tags": [...]}`, not as a bare list.
    sgx_tags: () => ({
      path: "/v2/sgx/tags/",
      ...defineRoute({ response: record({ tags: listOf(str) }), layout: (data) => asColumn("tag", (isFields(data) && data.tags) || []) }),
    }),
  },
};

/** The option each kind needs, with an example. */
const NEEDS: Partial<Record<Kind, [string, string]>> = {
  index_members: ["index", "lq45"],
  klse_companies: ["sector", "finance"],
  quarterly_dates: ["ticker", "BBCA"],
};

const listIn = (edition: Edition) =>
  endpoint({
    path: edition === "spec" ? "/v1/{kind}/" : "/v2/{kind}/",
    // Every kind has its own response and layout (KINDS).
    response: open,
    layout: routed,
    route: (v) => ownValue(KINDS[edition], v.kind ?? "")?.(v) ?? {},
    routeCases: LIST_KINDS.map((kind) => ({
      when: `kind ${kind}`,
      values: { kind, index: "{index}", sector: "{sector}", ticker: "{ticker}" },
    })),
  });

export const LIST: FunctionSpec = {
  name: "LIST",
  group: "general",
  summary:
    "The helper lists: sub-sectors, industries, tags, index members, SGX and KLSE sectors and companies, SGX sub-sectors and news tags, report dates, companies with segments.",
  args: [{ name: "kind", kind: choice(LIST_KINDS), help: "which list", required: true, at: "local" }],
  options: [
    { name: "index", kind: choice(INDEX_CODE_CHOICES), help: "index code, for kind index_members", at: "local" },
    { name: "sector", kind: slug, help: "KLSE sector slug, for kind klse_companies", at: "local" },
    { name: "ticker", kind: idxTicker, help: "IDX ticker, for kind quarterly_dates", at: "local" },
  ],
  editions: { spec: listIn("spec"), live: listIn("live") },
  ttl: TTL.reference,
  output:
    "`subsectors`: `sector, subsector`; `industries`: `subsector, industry`; `subindustries`: `industry, sub_industry`; `tags`: `tag`; `sgx_sectors`, `klse_sectors`: `sector`; `index_members`, `klse_companies`: `symbol, company_name`; `quarterly_dates`: `year, date, quarter`, oldest first; `commodities` (live edition): `name, data_points, earliest_date, latest_date`; `companies_with_segments`: `symbol, financial_year`, a row per company and year SEGMENTS has; `sgx_subsectors` (live edition): `sector, subsector` (slugs); `sgx_tags` (live edition): `tag`.",
  example: ["subsectors"],
  check: (v) => {
    const needs = ownValue(NEEDS, v.kind ?? "");
    return needs && !v[needs[0]] ? `LIST("${v.kind}") needs the option '${needs[0]}', e.g. "${needs[0]}=${needs[1]}"` : undefined;
  },
};
