// SEARCH: companies by part of their name, a name people use for them or their code, over the
// service's own company lists (IDX, SGX, KLSE and the mining companies), ranked in the core
// (search-rank.ts, with the names people use in search-aliases.ts). Each list is the service's
// answer to its own request, cached for the row's day like any answer, so a day's searches after
// the first cost nothing; the first pays every request it sends, counted as any. A search that
// finds nothing says so (noCompanyMatches), never an empty table.
import * as z from "zod/mini";
import { isEnvelope } from "../../answer/envelope";
import { recordTable } from "../../answer/flatten";
import { type Schema, str } from "../../answer/response";
import { MARK_CHARACTERS, wordedFor } from "../../base/advice";
import type { Edition } from "../../base/editions";
import { isMdqError, MdqError } from "../../base/errors";
import type { Table } from "../../base/table";
import { choice, int, PRINTABLE, readSpaced } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { kind } from "../../input/kinds";
import type { Effect, EffectResult, Get, GetAll, Loader } from "../../rows/effects";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { type FoundCompany, rankCompanies, SEARCH_MARKETS, type SearchMarket } from "./search-rank";

/** Rows a search answers unless `limit=` says otherwise. */
const DEFAULT_LIMIT = 20;

/** At least two characters: one letter names hundreds of companies and tells nothing. */
const queryKind = kind({
  rule: () =>
    z
      .string()
      .check(
        z.minLength(2),
        z.maxLength(100),
        z.regex(PRINTABLE),
        z.describe("2 to 100 characters of a company's name, short name or code"),
      ),
  read: readSpaced,
  write: (v: string) => v,
});

/** The most rows a list's pages are followed for: past every market's size (IDX ~950). */
const LIST_MAX = 2000;

type Rec = Record<string, unknown>;

/** Where a market's companies are: a list in pages (`page` rows each; `by`: the field the live
 *  screeners order by, whose value they then show, the company's sector), or a list of sectors
 *  (`field` of each, or the name itself) and each sector's companies (every edition's KLSE, the
 *  spec edition's IDX and SGX: the only way they list them). */
type Source = { path: string; page: number; by?: string } | { sectors: string; field?: string; path: string; param: string };

const SOURCES: Record<Edition, Record<SearchMarket, Source>> = {
  spec: {
    IDX: { sectors: "/v1/subsectors/", field: "subsector", path: "/v1/companies/", param: "sub_sector" },
    SGX: { sectors: "/v1/sgx/sectors/", path: "/v1/sgx/companies/", param: "sector" },
    KLSE: { sectors: "/v1/klse/sectors/", path: "/v1/klse/companies/", param: "sector" },
    MINING: { path: "/v2/mining/companies/", page: 30 },
  },
  live: {
    IDX: { path: "/v2/companies/", page: 200, by: "sub_sector" },
    SGX: { path: "/v2/sgx/companies/", page: 200, by: "sector" },
    KLSE: { sectors: "/v2/klse/sectors/", path: "/v2/klse/companies/", param: "sector" },
    MINING: { path: "/v2/mining/companies/", page: 30 },
  },
};

const records = (json: unknown): Rec[] => (Array.isArray(json) ? json.filter((r) => r && typeof r === "object") : []);
const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** A row of any list as a company: an IDX code without ".JK" (as the functions take it); a miner
 *  without a ticker by what MINING_COMPANY takes (the spec edition's id, the live one's slug), its
 *  key operation as its sector. */
const companyOf = (r: Rec, market: SearchMarket, sector: unknown): FoundCompany => ({
  symbol: text(r.symbol ?? r.idx_ticker).replace(/\.JK$/i, "") || text(r.slug ?? r.id),
  name: text(r.company_name ?? r.name),
  market,
  sector: text(sector ?? r.key_operation),
});

function* listOf(source: Source, market: SearchMarket, get: Get, all?: GetAll): Generator<Effect, FoundCompany[], EffectResult> {
  const out: FoundCompany[] = [];
  if ("sectors" in source) {
    const listed = yield* get(source.sectors, {});
    const names = (Array.isArray(listed) ? listed : []).map((s) => text(source.field ? (s as Rec)?.[source.field] : s));
    const sectors = [...new Set(names)].filter(Boolean);
    const asks = sectors.map((sector) => ({ path: source.path, query: { [source.param]: sector } }));
    // Side by side where the host can, else one by one.
    const answers = all ? yield* all(asks) : [];
    for (const [i, ask] of asks.entries())
      for (const r of records(all ? answers[i] : yield* get(ask.path, ask.query))) out.push(companyOf(r, market, sectors[i]));
    return out;
  }
  const { path, page, by } = source;
  const query: Values = by ? { order_by: by, include_query_values: "true" } : {};
  // Each page starts after the rows the last one brought, whatever the service's page size; an
  // envelope says whether there is more, a plain list (the spec edition's) ends with a short page.
  for (let offset = 0; offset < LIST_MAX; ) {
    const json = yield* get(path, { ...query, limit: String(page), offset: String(offset) });
    const list = isEnvelope(json) ? json.results : Array.isArray(json) ? json : [];
    for (const r of records(list)) out.push(companyOf(r, market, by && (r.query_values as Rec | undefined)?.[by]));
    offset += list.length;
    const more = isEnvelope(json) ? json.pagination.has_next === true : list.length >= page;
    if (!more || list.length === 0) return out;
  }
  throw new MdqError("too_large", `${path} lists more than the ${LIST_MAX} companies SEARCH reads of a market`);
}

/** Failures that leave the other markets worth searching: a plan without a market, a list the
 *  server does not have. The others (the key refused for all, the service down, a retired path
 *  that moves the edition) end the call as for any function. */
const MARKET_ONLY = ["auth", "not_found", "bad_request", "malformed"];

/** What a search found, with what it was asked and the markets it could not search: when it
 *  found nothing, its answer says so for all of them. */
interface Searched {
  query: string;
  asked?: SearchMarket;
  unsearched: Array<[SearchMarket, MdqError]>;
  found: FoundCompany[];
}

const searchIn = (edition: Edition): Loader =>
  function* (get, values, first, all) {
    const asked = values.market as SearchMarket | undefined;
    const companies: FoundCompany[] = [];
    const failed: Array<[SearchMarket, MdqError]> = [];
    for (const market of asked ? [asked] : SEARCH_MARKETS) {
      try {
        companies.push(...(yield* listOf(SOURCES[edition][market], market, get, all)));
      } catch (e) {
        if (asked || !isMdqError(e) || !MARKET_ONLY.includes(e.kind)) throw e;
        failed.push([market, e]);
      }
    }
    if (failed.length === SEARCH_MARKETS.length) throw failed[0][1];
    for (const [market, e] of failed) first.note?.(`${market} not searched: ${wordedFor(e.sentence)}`);
    const query = values.query ?? "";
    const ranked = rankCompanies(query, companies);
    const limit = Number(values.limit ?? DEFAULT_LIMIT);
    if (ranked.length > limit)
      first.note?.(`the best ${limit} of ${ranked.length} companies found; a longer query or "limit=" shows others`);
    const searched: Searched = { query, asked, unsearched: failed, found: ranked.slice(0, limit) };
    return searched;
  };

/** Nothing found: said as such, with the markets searched where not all four were, and each one
 *  not searched with its reason (its advice worded by each front end, marks kept). */
function noCompanyMatches({ query, asked, unsearched }: Searched): MdqError {
  const missed = unsearched.map(([m]) => m);
  const searched = SEARCH_MARKETS.filter((m) => !missed.includes(m));
  const last = searched.length - 1;
  const some = last > 0 ? `${searched.slice(0, last).join(", ")} or ${searched[last]}` : searched[0];
  const where = asked ? ` in ${asked}` : missed.length ? ` in ${some}` : "";
  const why = unsearched.map(([m, e]) => `${m} not searched: ${e.sentence.replace(/\.$/, "")}`).join("; ");
  return new MdqError(
    "no_data",
    `no company matches '${query.replace(MARK_CHARACTERS, "")}'${where}${why ? ` (${why})` : ""}. Type part of its name, a name people use for it (Maybank, BRI, OCBC) or its code${asked ? ", or leave the market blank to search all four" : ""}.`,
  );
}

const listed = recordTable({ symbol: str, name: str, market: str, sector: str });
/** The companies found as a table; none is an answer all the same (the lists it read are kept, as
 *  searching again would find none again), said by noCompanyMatches rather than as an empty table. */
const found: Schema<Table> = {
  ...listed,
  decode: (searched) => {
    const s = searched as Searched;
    if (s.found.length === 0) throw noCompanyMatches(s);
    return listed.decode(s.found);
  },
};
const LOCAL = { query: null, market: null, limit: null };

export const SEARCH: FunctionSpec = {
  name: "SEARCH",
  group: "general",
  summary:
    "Companies by part of their name, a name people use for them (Maybank, BRI) or their code, in IDX, SGX, KLSE and the mining companies.",
  args: [
    { name: "query", kind: queryKind, help: 'part of a name, a short name or a code, e.g. "central asia", maybank or BBC', required: true },
    { name: "market", kind: choice(SEARCH_MARKETS), help: "IDX, SGX, KLSE or MINING (default all four)" },
  ],
  options: [{ name: "limit", kind: int(1, 500), help: `rows to show, best first (1-500, default ${DEFAULT_LIMIT})` }],
  editions: {
    spec: endpoint({ path: "/v1/subsectors/", params: LOCAL, response: found, layout: asDecoded, load: searchIn("spec") }),
    live: endpoint({ path: "/v2/companies/", params: LOCAL, response: found, layout: asDecoded, load: searchIn("live") }),
  },
  ttl: TTL.reference,
  output:
    "Columns `symbol, name, market, sector`, best match first: the code itself, then a name people use for the company (Maybank for 1155 Malayan Banking, BRI for BBRI, OCBC for O39: a list kept for the members of the LQ45, the STI and the KLCI and other companies known by a short name), then codes that start with the query, then the initials of the name (BCA, PGN; TNB for Tenaga Nasional Berhad), then names or names people use with a word starting with each word of the query (case, accents and Tbk, PT, Bhd, Ltd aside), then names holding it; ties by market (IDX, SGX, KLSE, MINING), then name. Only companies of the service's own lists are found: a short name maps to a code, never adds one. `symbol` is what the market's functions take (an IDX ticker without .JK; an unlisted miner's id in the spec edition, its slug in the live one); `sector` is the sub-sector (IDX), the sector (SGX, KLSE) or the key operation (MINING). The lists are the service's own, each kept 24 h (What a call costs); a market the key's plan refuses is left out with a note, and more rows than `limit` are cut with one. No company found is an error that says so (no company matches 'x'), naming any market not searched.",
  example: ["central asia"],
};
