// SEARCH: companies by part of their name or code, over the service's own company lists (IDX,
// SGX, KLSE and the mining companies), ranked in the core (search-rank.ts). Each list is the
// service's answer to its own request, cached for the row's day like any answer, so a day's
// searches after the first cost nothing; the first pays every request it sends, counted as any.
import * as z from "zod/mini";
import { recordTable } from "../../answer/flatten";
import { str } from "../../answer/response";
import { readText } from "../../base/cells";
import type { Edition } from "../../base/editions";
import { isMdqError, type MdqError } from "../../base/errors";
import { choice, int } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { kind } from "../../input/kinds";
import type { Effect, EffectResult, Get, GetAll, Loader } from "../../rows/effects";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { pages } from "../../rows/loaders";
import { SCREENER_PAGE } from "./screener-rows";
import { type FoundCompany, rankCompanies, SEARCH_MARKETS, type SearchMarket } from "./search-rank";

/** At least two characters: one letter names hundreds of companies and tells nothing. */
const queryKind = kind({
  rule: () =>
    z
      .string()
      .check(
        z.minLength(2),
        z.maxLength(100),
        z.regex(/^[^\u0000-\u001f\u007f]*$/),
        z.describe("text of 2 to 100 characters: part of a company's name or its code"),
      ),
  read: readText,
  write: (text: string) => text,
});

/** Rows a search answers unless `limit=` says otherwise. */
const DEFAULT_LIMIT = 20;
/** The most rows a list's pages are followed for: past every market's size (IDX ~950). */
const LIST_MAX = 2000;
/** The mining list's most rows a page (the service's bound). */
const MINING_PAGE = 30;

type Rec = Record<string, unknown>;
type Program = Generator<Effect, FoundCompany[], EffectResult>;

const records = (json: unknown): Rec[] => (Array.isArray(json) ? json.filter((r): r is Rec => typeof r === "object" && r !== null) : []);
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
/** An IDX code as every other function takes it: BBCA, not BBCA.JK. */
const code = (v: unknown) => text(v).replace(/\.JK$/i, "");
const names = (json: unknown): string[] => (Array.isArray(json) ? json.map(text).filter(Boolean) : []);

/** One request per item of a list the service answered (a sector's companies), side by side
 *  where the host can; each answer with its item. */
function* eachItem(
  get: Get,
  all: GetAll | undefined,
  path: string,
  param: string,
  items: string[],
): Generator<Effect, Array<[string, unknown]>, EffectResult> {
  const requests = items.map((item) => ({ path, query: { [param]: item } }));
  const answers: unknown[] = [];
  if (all) answers.push(...(yield* all(requests)));
  else for (const r of requests) answers.push(yield* get(r.path, r.query));
  return items.map((item, i) => [item, answers[i]]);
}

/** A market's companies: its sectors first, then each sector's list (every edition's KLSE, and the
 *  spec edition's IDX and SGX, list companies one sector at a time). */
function* bySector(
  get: Get,
  all: GetAll | undefined,
  market: SearchMarket,
  lists: { sectors: string; sectorOf: (r: Rec) => string; companies: string; param: string },
): Program {
  const answer = yield* get(lists.sectors, {});
  const items = [...new Set(Array.isArray(answer) ? answer.map((r) => lists.sectorOf(r as Rec)).filter(Boolean) : [])];
  const out: FoundCompany[] = [];
  for (const [sector, list] of yield* eachItem(get, all, lists.companies, lists.param, items))
    for (const r of records(list)) out.push({ symbol: code(r.symbol), name: text(r.company_name), market, sector });
  return out;
}

/** Every page of a paged list (the live screeners, the mining list). */
function* paged(
  get: Get,
  path: string,
  query: Values,
  pageMax: number,
  first: Parameters<Loader>[2],
): Generator<Effect, Rec[], EffectResult> {
  const rows = yield* pages(() => ({ want: LIST_MAX, offset: 0 }), pageMax)(get, {}, { ...first, path, query });
  const list = records(rows);
  if (list.length >= LIST_MAX) first.note?.(`the ${path} list was read to its first ${LIST_MAX} companies only`);
  return list;
}

/** The mining companies: a listed miner by its IDX code, another by what MINING_COMPANY takes
 *  (the spec edition's id, the live edition's slug); its key operation as its sector. */
const miningCompany =
  (edition: Edition) =>
  (r: Rec): FoundCompany => ({
    symbol: code(r.idx_ticker ?? r.symbol) || text(edition === "spec" ? r.id : r.slug),
    name: text(r.name),
    market: "MINING",
    sector: text(r.key_operation),
  });

type Lists = Record<SearchMarket, (get: Get, all: GetAll | undefined, first: Parameters<Loader>[2]) => Program>;

const SPEC_LISTS: Lists = {
  IDX: (get, all) =>
    bySector(get, all, "IDX", {
      sectors: "/v1/subsectors/",
      sectorOf: (r) => text(r.subsector),
      companies: "/v1/companies/",
      param: "sub_sector",
    }),
  SGX: (get, all) =>
    bySector(get, all, "SGX", { sectors: "/v1/sgx/sectors/", sectorOf: text, companies: "/v1/sgx/companies/", param: "sector" }),
  KLSE: (get, all) =>
    bySector(get, all, "KLSE", { sectors: "/v1/klse/sectors/", sectorOf: text, companies: "/v1/klse/companies/", param: "sector" }),
  *MINING(get, _all, first) {
    // The spec edition's list is a plain list: pages until one comes short.
    const rows: Rec[] = [];
    for (let offset = 0; offset < LIST_MAX; offset += MINING_PAGE) {
      const page = records(yield* get("/v2/mining/companies/", { limit: String(MINING_PAGE), offset: String(offset) }));
      rows.push(...page);
      if (page.length < MINING_PAGE) return rows.map(miningCompany("spec"));
    }
    first.note?.(`the /v2/mining/companies/ list was read to its first ${LIST_MAX} companies only`);
    return rows.map(miningCompany("spec"));
  },
};

/** The live screeners list a market in pages; ordered by a field, they show its value
 *  (`query_values`), which gives each company its sector. */
function* screened(get: Get, first: Parameters<Loader>[2], path: string, market: SearchMarket, field: string): Program {
  const rows = yield* paged(get, path, { order_by: field, include_query_values: "true" }, SCREENER_PAGE, first);
  return rows.map((r) => ({
    symbol: code(r.symbol),
    name: text(r.company_name),
    market,
    sector: text((r.query_values as Rec | undefined)?.[field]),
  }));
}

const LIVE_LISTS: Lists = {
  IDX: (get, _all, first) => screened(get, first, "/v2/companies/", "IDX", "sub_sector"),
  SGX: (get, _all, first) => screened(get, first, "/v2/sgx/companies/", "SGX", "sector"),
  KLSE: (get, all) =>
    bySector(get, all, "KLSE", { sectors: "/v2/klse/sectors/", sectorOf: text, companies: "/v2/klse/companies/", param: "sector" }),
  *MINING(get, _all, first) {
    return (yield* paged(get, "/v2/mining/companies/", {}, MINING_PAGE, first)).map(miningCompany("live"));
  },
};

/** Failures that leave the other markets worth searching: a plan without a market, a list the
 *  server does not have. The others (the key refused for all, the service down, a retired path
 *  that moves the edition) end the call as for any function. */
const MARKET_ONLY = new Set<MdqError["kind"]>(["auth", "not_found", "bad_request", "malformed"]);

const searchIn = (lists: Lists): Loader =>
  function* (get, values, first, all) {
    const asked = values.market as SearchMarket | undefined;
    const markets = asked ? [asked] : SEARCH_MARKETS;
    const companies: FoundCompany[] = [];
    const failed: Array<[SearchMarket, MdqError]> = [];
    for (const market of markets) {
      try {
        companies.push(...(yield* lists[market](get, all, first)));
      } catch (e) {
        if (asked || !isMdqError(e) || !MARKET_ONLY.has(e.kind)) throw e;
        failed.push([market, e]);
      }
    }
    if (failed.length === markets.length) throw failed[0][1];
    for (const [market, e] of failed) first.note?.(`${market} not searched: ${e.sentence}`);
    const found = rankCompanies(values.query ?? "", companies);
    const limit = Number(values.limit ?? DEFAULT_LIMIT);
    if (found.length > limit)
      first.note?.(
        `the best ${limit} of ${found.length} companies found; a longer query narrows them, "limit=${Math.min(found.length, 500)}" shows more`,
      );
    return found.slice(0, limit);
  };

const found = recordTable({ symbol: str, name: str, market: str, sector: str });
const LOCAL = { query: null, market: null, limit: null };

export const SEARCH: FunctionSpec = {
  name: "SEARCH",
  group: "general",
  summary: "Companies by part of their name or code, in IDX, SGX, KLSE and the mining companies.",
  args: [
    { name: "query", kind: queryKind, help: 'part of a name or a code, e.g. "central asia" or BBC', required: true },
    { name: "market", kind: choice(SEARCH_MARKETS), help: "IDX, SGX, KLSE or MINING (default all four)" },
  ],
  options: [{ name: "limit", kind: int(1, 500), help: `rows to show, best first (1-500, default ${DEFAULT_LIMIT})` }],
  editions: {
    spec: endpoint({ path: "/v1/subsectors/", params: LOCAL, response: found, layout: asDecoded, load: searchIn(SPEC_LISTS) }),
    live: endpoint({ path: "/v2/companies/", params: LOCAL, response: found, layout: asDecoded, load: searchIn(LIVE_LISTS) }),
  },
  ttl: TTL.reference,
  output:
    "Columns `symbol, name, market, sector`, best match first: the code itself, then codes that start with the query, then names with a word starting with each word of the query (case, accents and Tbk, PT, Bhd, Ltd aside), then names holding it; ties by market (IDX, SGX, KLSE, MINING), then name. `symbol` is what the market's functions take (an IDX ticker without .JK; an unlisted miner's id in the spec edition, its slug in the live one); `sector` is the sub-sector (IDX), the sector (SGX, KLSE) or the key operation (MINING).",
  example: ["central asia"],
};
