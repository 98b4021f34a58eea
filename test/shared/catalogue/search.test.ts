// SEARCH: the ranking by itself, then whole calls through the core against the sandbox of each
// edition: what is found, every request sent and counted, the lists kept a day, a market the plan
// refuses searched around, and the query refused before any request; then lists of several pages,
// which no sandbox list is long enough to need.

import { MARK_CHARACTERS } from "../../../shared/base/advice";
import { EDITIONS, type Edition } from "../../../shared/base/editions";
import { isMdqError, type MdqError } from "../../../shared/base/errors";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { type FoundCompany, rankCompanies } from "../../../shared/catalogue/functions/search-rank";
import { callAsync, type TextCache } from "../../../shared/drive/async-host";
import { type FetchLike, fetchHost } from "../../../shared/drive/fetch-transport";
import { TTL } from "../../../shared/rows/function-spec";
import { startSandbox } from "../../../src/sandbox/server";
import { FIXTURE_NOW } from "../harness";

describe("ranking", () => {
  // Real companies of the markets, in no useful order.
  const LISTED: FoundCompany[] = [
    { symbol: "5183", name: "Petronas Chemicals Group Berhad", market: "KLSE", sector: "basic-materials" },
    { symbol: "4707", name: "Nestlé (Malaysia) Berhad", market: "KLSE", sector: "consumer-non-cyclicals" },
    { symbol: "BBNI", name: "Bank Negara Indonesia (Persero) Tbk", market: "IDX", sector: "banks" },
    { symbol: "BBCA", name: "Bank Central Asia Tbk", market: "IDX", sector: "banks" },
    { symbol: "ADRO", name: "PT Adaro Energy Indonesia Tbk", market: "MINING", sector: "Coal Mining" },
    { symbol: "D05", name: "DBS Group Holdings Ltd", market: "SGX", sector: "financial-services" },
    { symbol: "ADRO", name: "Adaro Energy Indonesia Tbk", market: "IDX", sector: "oil-gas-coal" },
    { symbol: "1155", name: "Malayan Banking Berhad", market: "KLSE", sector: "financials" },
    { symbol: "PTBA", name: "Bukit Asam Tbk", market: "IDX", sector: "oil-gas-coal" },
  ];
  const symbols = (query: string) => rankCompanies(query, LISTED).map((c) => `${c.market}:${c.symbol}`);

  test("the symbol itself, then symbols starting with the query, then names, then text inside a name", () => {
    expect(symbols("BBCA")).toEqual(["IDX:BBCA"]);
    expect(symbols("bbca.jk")).toEqual(["IDX:BBCA"]);
    expect(symbols("bb")).toEqual(["IDX:BBCA", "IDX:BBNI"]);
    expect(symbols("5183")).toEqual(["KLSE:5183"]);
    // The same code in two lists: IDX first.
    expect(symbols("adro")).toEqual(["IDX:ADRO", "MINING:ADRO"]);
    // Words of the name: each word of the query starts one, in any order.
    expect(symbols("central asia")).toEqual(["IDX:BBCA"]);
    expect(symbols("asia central")).toEqual(["IDX:BBCA"]);
    // "bank" starts a word of three names and of a name people use for DBS ("DBS Bank"): by
    // market, then name.
    expect(symbols("bank")).toEqual(["IDX:BBCA", "IDX:BBNI", "SGX:D05", "KLSE:1155"]);
    // Text inside a name, within its words; a code holding the query last of all.
    expect(symbols("ntral as")).toEqual(["IDX:BBCA"]);
    expect(symbols("sia")).toEqual(["IDX:ADRO", "IDX:BBCA", "IDX:BBNI", "KLSE:4707", "MINING:ADRO"]);
    expect(symbols("18")).toEqual(["KLSE:5183"]);
  });

  test("case, accents and the legal forms (PT, Tbk, Bhd, Ltd) aside", () => {
    expect(symbols("NESTLE")).toEqual(["KLSE:4707"]);
    expect(symbols("nestlé malaysia")).toEqual(["KLSE:4707"]);
    expect(symbols("dbs ltd")).toEqual(["SGX:D05"]);
    expect(symbols("pt bukit")).toEqual(["IDX:PTBA"]);
    expect(symbols("petronas chem")).toEqual(["KLSE:5183"]);
    expect(symbols("chemicals petronas group")).toEqual(["KLSE:5183"]);
    // Legal forms alone are what is looked for: the code PTBA, then the names that hold them.
    expect(symbols("pt")).toEqual(["IDX:PTBA", "MINING:ADRO"]);
    expect(symbols("berhad")).toEqual(["KLSE:1155", "KLSE:4707", "KLSE:5183"]);
    expect(symbols("zz")).toEqual([]);
  });
});

describe("ranking by the names people use and by initials", () => {
  // Real companies of the markets (search-aliases.ts names the first ones), then companies the
  // list names none for, whose initials are all there is.
  const LISTED: FoundCompany[] = [
    { symbol: "NISP", name: "Bank OCBC NISP Tbk", market: "IDX", sector: "banks" },
    { symbol: "BNII", name: "Bank Maybank Indonesia Tbk", market: "IDX", sector: "banks" },
    { symbol: "BRIS", name: "Bank Syariah Indonesia Tbk", market: "IDX", sector: "banks" },
    { symbol: "BRPT", name: "Barito Pacific Tbk", market: "IDX", sector: "basic-materials" },
    { symbol: "BBRI", name: "Bank Rakyat Indonesia (Persero) Tbk", market: "IDX", sector: "banks" },
    { symbol: "TLKM", name: "Telkom Indonesia (Persero) Tbk", market: "IDX", sector: "telecommunication" },
    { symbol: "ANTM", name: "Aneka Tambang Tbk", market: "IDX", sector: "basic-materials" },
    { symbol: "ANTM", name: "PT Aneka Tambang Tbk", market: "MINING", sector: "Nickel Mining" },
    { symbol: "O39", name: "Oversea-Chinese Banking Corporation Ltd", market: "SGX", sector: "financial-services" },
    { symbol: "A17U", name: "CapitaLand Ascendas REIT", market: "SGX", sector: "reits" },
    { symbol: "1155", name: "Malayan Banking Berhad", market: "KLSE", sector: "financials" },
    { symbol: "4863", name: "Telekom Malaysia Berhad", market: "KLSE", sector: "telecommunications" },
    { symbol: "5236", name: "Matrix Concepts Holdings Berhad", market: "KLSE", sector: "real-estate" },
    { symbol: "QUEX", name: "Quexcel Tbk", market: "IDX", sector: "technology" },
    { symbol: "9998", name: "Queen Resources Indonesia Berhad", market: "KLSE", sector: "energy" },
    { symbol: "QFDS", name: "Queen Foods Tbk", market: "IDX", sector: "food-beverage" },
    { symbol: "QUUE", name: "Quick Ultra Energy Tbk", market: "IDX", sector: "energy" },
  ];
  const symbols = (query: string) => rankCompanies(query, LISTED).map((c) => `${c.market}:${c.symbol}`);

  test("a name people use finds the company, before a company that only holds it in its name, whatever the market", () => {
    expect(symbols("maybank")[0]).toBe("KLSE:1155");
    expect(symbols("maybank")).toEqual(["KLSE:1155", "IDX:BNII"]);
    expect(symbols("MAYBANK BERHAD")[0]).toBe("KLSE:1155");
    expect(symbols("ocbc")).toEqual(["SGX:O39", "IDX:NISP"]);
    expect(symbols("telkom")).toEqual(["IDX:TLKM"]);
    expect(symbols("telekom")).toEqual(["KLSE:4863"]);
    expect(symbols("tm")[0]).toBe("KLSE:4863");
    expect(symbols("bank rakyat")[0]).toBe("IDX:BBRI");
    // Written otherwise, the same letters: A-REIT.
    expect(symbols("a reit")).toEqual(["SGX:A17U"]);
    expect(symbols("areit")).toEqual(["SGX:A17U"]);
  });

  test("a name people use comes after the code itself and before codes that start with the query", () => {
    // BRI is BBRI's; BRIS only starts with it (BRPT does not).
    expect(symbols("bri")).toEqual(["IDX:BBRI", "IDX:BRIS"]);
    // A code typed whole is that company, whatever names people use.
    expect(symbols("nisp")[0]).toBe("IDX:NISP");
  });

  test("typed in part, a name people use is a word of the company's like those of its name", () => {
    expect(symbols("mayb")).toEqual(["IDX:BNII", "KLSE:1155"]);
    expect(symbols("ocb")).toEqual(["IDX:NISP", "SGX:O39"]);
    // A word of the name and a word of a name people use.
    expect(symbols("bank bri")).toEqual(["IDX:BBRI"]);
    // A miner listed on IDX is named as its IDX code is.
    expect(symbols("antam")).toEqual(["IDX:ANTM", "MINING:ANTM"]);
  });

  test("initials of the name, computed: after codes that start with the query, before words of names", () => {
    // QUEX starts with que; Quick Ultra Energy's initials; the Queens: a word of their names.
    expect(symbols("que")).toEqual(["IDX:QUEX", "IDX:QUUE", "IDX:QFDS", "KLSE:9998"]);
    // Persero and the legal forms are no initials; a Berhad's B may be one.
    expect(symbols("qri")).toEqual(["KLSE:9998"]);
    expect(symbols("qrib")).toEqual(["KLSE:9998"]);
    expect(symbols("mch")).toEqual(["KLSE:5236"]);
    expect(symbols("mchb")).toEqual(["KLSE:5236"]);
    expect(symbols("ocbc")[0]).toBe("SGX:O39");
    // Two letters name too many companies: no initials of two ("Aneka Tambang" is not AT).
    expect(symbols("at")).not.toContain("IDX:ANTM");
    // Legal forms alone are looked for in names, never as initials.
    expect(symbols("bhd")).toEqual([]);
  });
});

// The sandboxes and the clock the calls' cache reads its lifetimes by.
const TODAY = "2025-06-30";
const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

/** A host over one edition's sandbox with a cache kept across its calls: the paths it sent, and
 *  paths answered 403 as a plan that does not include them would. */
function hostFor(edition: Edition, refused: RegExp = /^$/) {
  const sent: string[] = [];
  let now = FIXTURE_NOW;
  const base = sandboxes[edition].url;
  const fetchImpl: FetchLike = async (url, init) => {
    const path = url.slice(base.length);
    sent.push(path);
    if (refused.test(path))
      return {
        status: 403,
        headers: { get: () => null },
        text: async () => '{"error": "SUBSCRIPTION_DOES_NOT_ALLOW", "message": "Your plan does not include this endpoint."}',
      };
    return fetch(url, init as RequestInit) as never;
  };
  const entries = new Map<string, string>();
  const cache: TextCache = { get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value) };
  const host = { ...fetchHost(fetchImpl, { now: () => now }), cache };
  const settings = { baseUrl: base, apiKey: sandboxes[edition].apiKey, edition };
  const search = (...args: unknown[]) => callAsync(functionNamed("SEARCH"), args as never, settings, host);
  return { sent, search, later: (seconds: number) => (now += seconds * 1000) };
}

const rowsOf = (cells: unknown[][]) => cells.slice(1).map((r) => r.slice(0, 3));

describe.each(EDITIONS)("SEARCH in the %s edition, against the sandbox", (edition) => {
  test('"central asia" finds Bank Central Asia first; a KLSE and an SGX company are found by their names', async () => {
    const { search } = hostFor(edition);
    const found = await search("central asia");
    expect(found.cells[0]).toEqual(["symbol", "name", "market", "sector"]);
    expect(found.cells[1].slice(0, 3)).toEqual(["BBCA", "Bank Central Asia Tbk", "IDX"]);
    expect(rowsOf((await search("petronas chem")).cells)[0]).toEqual(["5183", "Petronas Chemicals Group Berhad", "KLSE"]);
    expect(rowsOf((await search("dbs")).cells)[0]).toEqual(["D05", "DBS Group Holdings Ltd", "SGX"]);
  });

  test("the names people use: maybank finds 1155 first, bri BBRI, ocbc O39, telkom TLKM", async () => {
    const { search } = hostFor(edition);
    expect(rowsOf((await search("maybank")).cells)[0]).toEqual(["1155", "Malayan Banking Berhad", "KLSE"]);
    expect(rowsOf((await search("bri")).cells)[0]).toEqual(["BBRI", "Bank Rakyat Indonesia (Persero) Tbk", "IDX"]);
    expect(rowsOf((await search("ocbc")).cells)[0]).toEqual(["O39", "Oversea-Chinese Banking Corporation Ltd", "SGX"]);
    expect(rowsOf((await search("telkom")).cells)[0]).toEqual(["TLKM", "Telkom Indonesia (Persero) Tbk", "IDX"]);
  });

  test("nothing found: an error that says no company matches, not an empty table; the lists it read are kept", async () => {
    const { sent, search } = hostFor(edition);
    const none = (await search("zzzz").catch((e: unknown) => e)) as MdqError;
    expect(isMdqError(none)).toBe(true);
    expect([none.kind, none.sentence]).toEqual(["no_data", expect.stringMatching(/^no company matches 'zzzz'\. Type part of its name/)]);
    expect(none.messageFor("cli")).toMatch(/^MDQ: no company matches 'zzzz'\./);
    // One market asked: named, and the way to search all four.
    const inKlse = (await search("zzzz", "klse").catch((e: unknown) => e)) as MdqError;
    expect(inKlse.sentence).toMatch(/^no company matches 'zzzz' in KLSE\. .*leave the market blank to search all four\.$/);
    // The lists were read and kept: the same day, a search that finds something sends nothing.
    const asked = sent.length;
    expect((await search("maybank")).attempts).toBe(0);
    expect(sent).toHaveLength(asked);
  });

  test("nothing found while a market was refused: the markets searched, and the one not with its reason in each front end's words", async () => {
    const { search } = hostFor(edition, /^\/v2\/mining\//);
    const none = (await search("zzzz").catch((e: unknown) => e)) as MdqError;
    expect(none.kind).toBe("no_data");
    expect(none.messageFor("cli")).toMatch(
      /^MDQ: no company matches 'zzzz' in IDX, SGX or KLSE \(MINING not searched: the API key was refused \(403\).*with --api-key or the MDQ_API_KEY variable.*\)\. Type part/,
    );
    expect(none.messageFor("excel")).toMatch(/MINING not searched: .*in the MDQ settings task pane/);
    // Only KLSE searched: it alone is named, then each market not searched.
    const klseOnly = hostFor(edition, /^\/v\d\/(subsectors|companies|sgx|mining)\//);
    const inKlse = (await klseOnly.search("zzzz").catch((e: unknown) => e)) as MdqError;
    expect(inKlse.sentence).toMatch(
      /^no company matches 'zzzz' in KLSE \(IDX not searched: .*; SGX not searched: .*; MINING not searched: .*\)\. Type/,
    );
  });

  test("every list is one request or more, each counted; the lists are kept a day, then asked again", async () => {
    const { sent, search, later } = hostFor(edition);
    const first = await search("central asia");
    // Every market's list was asked: IDX, SGX, KLSE (sectors, then each sector's) and the miners.
    const lists =
      edition === "spec"
        ? ["/v1/subsectors/", "/v1/companies/?", "/v1/sgx/", "/v1/klse/", "/v2/mining/companies/"]
        : ["/v2/companies/?", "/v2/sgx/companies/?", "/v2/klse/sectors/", "/v2/klse/companies/?", "/v2/mining/companies/?"];
    for (const list of lists) expect(sent.some((p) => p.startsWith(list))).toBe(true);
    expect(first.attempts).toBe(sent.length);
    expect(first.credits).toBeGreaterThanOrEqual(sent.length);
    // Another query the same day: the lists from the cache, nothing sent, nothing billed.
    const again = await search("dbs");
    expect([again.attempts, again.credits, sent.length]).toEqual([0, 0, first.attempts]);
    later(TTL.reference + 1);
    const nextDay = await search("dbs");
    expect(nextDay.attempts).toBe(first.attempts);
    expect(sent.length).toBe(2 * first.attempts);
  });

  test("one market asked: its lists alone", async () => {
    const { sent, search } = hostFor(edition);
    const found = await search("bank", "klse");
    expect(new Set(found.cells.slice(1).map((r) => r[2]))).toEqual(new Set(["KLSE"]));
    expect(sent.every((p) => p.includes("/klse/"))).toBe(true);
  });

  test("more than the limit: the best, and a note saying how many were found", async () => {
    const { search } = hostFor(edition);
    const found = await search("bank", "", "limit=2");
    expect(found.cells).toHaveLength(3);
    expect(found.notes).toEqual([expect.stringMatching(/^the best 2 of \d+ companies found; a longer query or "limit=" shows others$/)]);
  });

  test("a market the plan refuses is searched around and named in a note; asked by itself, its error", async () => {
    const { search } = hostFor(edition, /^\/v2\/mining\//);
    const found = await search("adaro");
    expect(rowsOf(found.cells)).toEqual([["ADRO", "Adaro Energy Indonesia Tbk", "IDX"]]);
    // Worded for no front end in particular: no setting's mark is left in the note.
    expect(found.notes).toEqual([
      expect.stringMatching(/^MINING not searched: the API key was refused \(403\): .*plan does not include.* in MDQ settings/),
    ]);
    expect(found.notes?.[0].replace(MARK_CHARACTERS, "")).toBe(found.notes?.[0]);
    const refused = await search("adaro", "mining").catch((e: unknown) => e);
    expect(isMdqError(refused) && (refused as MdqError).kind).toBe("auth");
  });

  test("a blank or one-character query is refused naming 'query', with no request", async () => {
    const { sent, search } = hostFor(edition);
    for (const query of ["", " ", "a"]) {
      const refused = (await search(query).catch((e: unknown) => e)) as MdqError;
      expect([refused.kind, refused.sentence]).toEqual(["bad_argument", expect.stringMatching(/^'query' (is required|must be)/)]);
    }
    expect(sent).toEqual([]);
  });

  test("a line break typed in the query's cell (Alt+Enter) is a space; another control character is refused, with no request", async () => {
    const { sent, search } = hostFor(edition);
    const found = await search("central\nasia");
    expect(found.cells[1][0]).toBe("BBCA");
    const asked = sent.length;
    const refused = (await search("central\u0001asia").catch((e: unknown) => e)) as MdqError;
    expect([refused.kind, refused.sentence]).toEqual(["bad_argument", expect.stringMatching(/^'query' must be 2 to 100 characters/)]);
    expect(sent).toHaveLength(asked);
  });
});

// Lists longer than one page, served by a stand-in of the service (the sandboxes' lists all fit
// in one): every page is asked in turn, up to the one that says there is no more.
describe("SEARCH over lists of several pages", () => {
  const BASE = "http://127.0.0.1:9";
  const company = (i: number) => ({ symbol: `Q${String(i).padStart(3, "0")}`, company_name: `Company Number ${i} Tbk` });

  /** A list of `total` companies (endless when undefined), a page as `limit` and `offset` ask, of
   *  at most `most` (the service's own page): the live edition's envelope, or the spec edition's
   *  plain list. */
  function pagedHost(edition: Edition, total: number | undefined, most = Number.POSITIVE_INFINITY) {
    const sent: URLSearchParams[] = [];
    const fetchImpl: FetchLike = async (url) => {
      const query = new URL(url).searchParams;
      sent.push(query);
      const [limit, offset] = [Number(query.get("limit")), Number(query.get("offset"))];
      const count = Math.min(most, total === undefined ? limit : Math.max(0, Math.min(limit, total - offset)));
      const rows = Array.from({ length: count }, (_, i) => company(offset + i));
      const hasNext = total === undefined || offset + count < total;
      const body = edition === "live" ? { results: rows, pagination: { has_next: hasNext, next_offset: offset + count } } : rows;
      return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify(body) };
    };
    const entries = new Map<string, string>();
    const cache: TextCache = { get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value) };
    const host = { ...fetchHost(fetchImpl, { now: () => FIXTURE_NOW }), cache };
    const settings = { baseUrl: BASE, apiKey: "k", edition };
    const search = (...args: unknown[]) => callAsync(functionNamed("SEARCH"), args as never, settings, host);
    return { sent, search };
  }
  const pages = (sent: URLSearchParams[]) => sent.map((q) => [q.get("limit"), q.get("offset")]);

  test("live IDX list of 450 companies: three pages of 200, and a company of the last page found", async () => {
    const { sent, search } = pagedHost("live", 450);
    const found = await search("Q449", "IDX");
    expect(found.cells[1].slice(0, 3)).toEqual(["Q449", "Company Number 449 Tbk", "IDX"]);
    expect(pages(sent)).toEqual([
      ["200", "0"],
      ["200", "200"],
      ["200", "400"],
    ]);
    expect(found.attempts).toBe(3);
  });

  test("live pages shorter than asked (3 a page): each starts after the rows the last brought, to the end", async () => {
    const { sent, search } = pagedHost("live", 10, 3);
    expect((await search("Q009", "IDX")).cells[1][0]).toBe("Q009");
    expect(pages(sent)).toEqual([
      ["200", "0"],
      ["200", "3"],
      ["200", "6"],
      ["200", "9"],
    ]);
  });

  test("a list that ends on a full page: the envelope's has_next ends it without a page more", async () => {
    const { sent, search } = pagedHost("live", 400);
    expect((await search("Q399", "IDX")).cells[1][0]).toBe("Q399");
    expect(sent).toHaveLength(2);
  });

  test("spec mining list (plain lists of 30): pages until a short one", async () => {
    const { sent, search } = pagedHost("spec", 70);
    const found = await search("company number 65", "MINING");
    expect(found.cells[1].slice(0, 3)).toEqual(["Q065", "Company Number 65 Tbk", "MINING"]);
    expect(pages(sent)).toEqual([
      ["30", "0"],
      ["30", "30"],
      ["30", "60"],
    ]);
  });

  test("a list that never ends: refused as too large after a bounded number of pages, nothing shown as found", async () => {
    const { sent, search } = pagedHost("live", undefined);
    const refused = (await search("Q001", "IDX").catch((e: unknown) => e)) as MdqError;
    expect([refused.kind, refused.sentence]).toEqual([
      "too_large",
      expect.stringMatching(/lists more than the 2000 companies SEARCH reads/),
    ]);
    expect(sent).toHaveLength(10);
  });
});
