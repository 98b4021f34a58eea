// Credits, what the provider bills: each answered request at its path's price (shared/rows/credits.ts),
// through the engine as every host runs it: the answer's quarters, the sections and classifications
// asked, the pages sent, nothing for an answer from the cache or a try the service refused.
import type { CellValue } from "../../../shared/base/cells";
import type { Edition } from "../../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import { creditsOf, creditsOfAnswer, priceOf, ruleText } from "../../../shared/rows/credits";
import { PUBLISHED_PRICES } from "../../../shared/rows/credits.generated";
import { callFunction } from "../../../shared/run/call";
import type { CallResult } from "../../../shared/run/env";
import { mapCacheHost } from "../harness";

const BASE = "http://127.0.0.1:9";

/** A service answering each request with `answer(path, query)` (or a status), and a cache shared by
 *  the calls of one test. */
function service(answer: (path: string, query: URLSearchParams) => unknown) {
  const sent: string[] = [];
  let refuse: number[] = [];
  const { handle } = mapCacheHost((request) => {
    sent.push(request.url);
    const status = refuse.shift();
    if (status) return { status, body: JSON.stringify({ error: "not now" }), retryAfter: status === 429 ? "1" : null };
    const url = new URL(request.url);
    return { status: 200, body: JSON.stringify(answer(url.pathname, url.searchParams)) };
  });
  let clock = 0;
  const call = (name: string, args: CellValue[], edition: Edition = "live"): CallResult<never> =>
    runSync(
      callFunction(functionNamed(name), args, { baseUrl: BASE, apiKey: "k", edition }, { now: () => (clock += 1), random: () => 0.5 }),
      handle,
    );
  return { call, sent, refuseNext: (...statuses: number[]) => (refuse = statuses) };
}

/** n quarters of one company, newest first, with my own figures. */
const quarters = (n: number, symbol = "BBCA.JK") =>
  Array.from({ length: n }, (_, i) => ({
    symbol,
    date: `${2025 - Math.floor(i / 4)}-${["12", "09", "06", "03"][i % 4]}-30`,
    revenue: 1000 + i,
  }));

describe("a request's credits, from its path's price", () => {
  test("QUARTERLY: one credit per quarter returned; the same answer from the cache costs none", () => {
    const s = service((_, q) => quarters(Number(q.get("n_quarters") ?? 1)));
    const first = s.call("QUARTERLY", ["BBCA", 8]);
    expect(first).toMatchObject({ attempts: 1, credits: 8, fromCache: false });
    expect(s.call("QUARTERLY", ["BBCA", 8, "", "", "fields=revenue"])).toMatchObject({ attempts: 0, credits: 0, fromCache: true });
    // One quarter asked by its report date: one quarter returned, one credit.
    expect(s.call("QUARTERLY", ["BBCA", "", "2024-06-30"])).toMatchObject({ credits: 1 });
  });

  test("QUARTERLY in the spec edition: the /v2/ price of the same path, as an estimate", () => {
    const s = service(() => quarters(4));
    expect(s.call("QUARTERLY", ["BBCA", 4], "spec")).toMatchObject({ credits: 4 });
    expect(s.sent[0]).toContain("/v1/financials/quarterly/BBCA/");
    expect(priceOf("/v1/financials/quarterly/BBCA/").source).toBe("twin");
  });

  test("a range of tickers: each key's answer billed, added up", () => {
    const s = service((path, q) => quarters(Number(q.get("n_quarters")), `${path.split("/")[4]}.JK`));
    expect(s.call("QUARTERLY", [[["BBCA"], ["BBRI"], ["TLKM"]], 2])).toMatchObject({ attempts: 3, credits: 6 });
  });

  test("COMPANY_REPORT: one credit per section asked, all eight when none is", () => {
    const s = service((_, q) => ({
      symbol: "BBCA.JK",
      ...Object.fromEntries(
        (q.get("sections") ?? "overview").split(",").map((k) => [k, { major_shareholders: [{ name: "A", share: 0.5 }] }]),
      ),
    }));
    expect(s.call("COMPANY_REPORT", ["BBCA", "overview"]).credits).toBe(1);
    expect(s.call("COMPANY_REPORT", ["BBCA", "overview,valuation,peers"]).credits).toBe(3);
    // A table asks only for the section that holds it.
    expect(s.call("COMPANY_REPORT", ["BBCA", "", "major_shareholders"]).credits).toBe(1);
    expect(s.call("COMPANY_REPORT", ["BBBB"]).credits).toBe(8);
  });

  test("KLSE_REPORT: the part asked is one section; the spec edition sends no sections, so all four", () => {
    const report = {
      symbol: "1155",
      name: "A bank",
      overview: { market_cap: 1 },
      valuation: { pe: 10 },
    };
    // The live edition's series are period → value maps, the spec edition's lists.
    const s = service((path) => ({
      ...report,
      financials: { historical_revenue: path.startsWith("/v2/") ? { "2024": 5 } : [{ period: "2024", revenue: 5 }] },
    }));
    expect(s.call("KLSE_REPORT", ["1155", "valuation"]).credits).toBe(1);
    expect(s.call("KLSE_REPORT", ["1155", "historical_revenue"]).credits).toBe(1);
    expect(s.call("KLSE_REPORT", ["1295"]).credits).toBe(4);
    expect(s.call("KLSE_REPORT", ["5347", "valuation"], "spec").credits).toBe(4);
  });

  test("KLSE_TOP and SGX_TOP: one credit per classification, all five when none is", () => {
    const s = service(() => ({
      pe: [{ symbol: "1155", company_name: "A", pe: 9 }],
      market_cap: [{ symbol: "1295", company_name: "B", market_cap: 5 }],
    }));
    expect(s.call("KLSE_TOP", ["pe,market_cap"]).credits).toBe(2);
    expect(s.call("KLSE_TOP", [""]).credits).toBe(5);
    expect(s.call("SGX_TOP", ["pe"]).credits).toBe(1);
  });

  test("TOP_CHANGES: one credit per classification × period, 2 × 5 when neither is given", () => {
    const s = service(() => ({ top_gainers: { "7d": [{ symbol: "BBCA.JK", name: "A", price_change: 0.1 }] } }));
    expect(s.call("TOP_CHANGES", ["top_gainers", "7d,30d"]).credits).toBe(2);
    expect(s.call("TOP_CHANGES", ["", "1d"]).credits).toBe(2);
    expect(s.call("TOP_CHANGES", ["", ""]).credits).toBe(10);
  });

  test("FREE_FLOAT: one credit per 100 companies returned, rounded up", () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ symbol: `A${i}.JK`, company_name: "A", free_float: 0.5 }));
    expect(service(() => rows(250)).call("FREE_FLOAT", ["banks"]).credits).toBe(3);
    expect(service(() => rows(100)).call("FREE_FLOAT", ["banks"]).credits).toBe(1);
  });

  test("MOST_TRADED: two credits a request", () => {
    const s = service(() => ({ "2025-06-02": [{ symbol: "BBCA.JK", company_name: "A", volume: 1, price: 2 }] }));
    expect(s.call("MOST_TRADED", ["2025-06-02", "2025-06-06"])).toMatchObject({ attempts: 1, credits: 2 });
  });

  test("the screener: one credit per page; a question in plain words, three", () => {
    const page = (n: number, hasNext: boolean) => ({
      results: Array.from({ length: n }, (_, i) => ({ symbol: `A${i}.JK`, company_name: "A" })),
      pagination: { has_next: hasNext, next_offset: hasNext ? n : null },
    });
    const s = service((_, q) => (q.get("q") ? page(5, false) : page(Number(q.get("limit")), Number(q.get("offset")) === 0)));
    expect(s.call("SCREENER", ["sub_sector = 'Banks'", "", "", "limit=300"])).toMatchObject({ attempts: 2, credits: 2 });
    expect(s.call("SCREENER_NL", ["top 5 banks by market cap"])).toMatchObject({ attempts: 1, credits: 3 });
  });

  test("a try the service refused (429, 5xx) costs nothing; the answer that came through is billed", () => {
    const s = service(() => quarters(4));
    s.refuseNext(429, 503);
    expect(s.call("QUARTERLY", ["BBCA", 4])).toMatchObject({ attempts: 3, credits: 4 });
  });

  test("GET: the price of the path it names", () => {
    const s = service(() => quarters(3));
    expect(s.call("GET", ["v2/financials/quarterly/BBCA/", "n_quarters=3"]).credits).toBe(3);
    expect(s.call("GET", ["v2/most-traded/", "start=2025-06-02"]).credits).toBe(2);
  });
});

describe("prices", () => {
  test("every path the live edition's rows ask for is one the provider prices", () => {
    const unpriced = CATALOGUE.flatMap((fn) => {
      const live = fn.editions.live;
      return live && !live.route && priceOf(live.path).source !== "published" ? [`${fn.name} ${live.path}`] : [];
    });
    expect(unpriced).toEqual([]);
  });

  test("a path is read from its version segment on, under any base path; one not listed costs 1 a request", () => {
    expect(priceOf("/gateway/v2/financials/quarterly/BBRI/")).toEqual({
      rule: expect.objectContaining({ unit: "record" }),
      source: "published",
    });
    expect(priceOf("/v2/mining/companies/financials/adaro/").source).toBe("published");
    // The spec edition's mining layout is not the provider's: its own path, no published price.
    expect(priceOf("/v2/mining/companies/adaro/financials/")).toEqual({ rule: { unit: "request", credits: 1 }, source: "usual" });
    expect(priceOf("/v1/index/lq45/").source).toBe("usual");
    expect(priceOf("/health")).toEqual({ rule: { unit: "request", credits: 1 }, source: "usual" });
  });

  test("a transport's view: the URL and a 2xx answer at its price; a 404 at 1 credit whatever the price, other errors free", () => {
    const url = `${BASE}/v2/company/report/BBCA/?sections=overview%2Cvaluation`;
    expect(creditsOfAnswer(url, { status: 200, body: "{}" })).toBe(2);
    // The provider bills the lookup of a company that is not there, not its price.
    expect(creditsOfAnswer(url, { status: 404, body: '{"error":"Company not found."}' })).toBe(1);
    for (const status of [400, 401, 403, 410, 429, 500, 502, 503]) expect(creditsOfAnswer(url, { status, body: "{}" })).toBe(0);
    // The form the live description declares for a list: the name repeated, one item each.
    const repeated = `${BASE}/v2/company/report/BBCA/?sections=overview&sections=valuation&sections=dividend`;
    expect(creditsOfAnswer(repeated, { status: 200, body: "{}" })).toBe(3);
    expect(creditsOfAnswer("/v2/financials/quarterly/BBCA/?n_quarters=2", { status: 200, body: JSON.stringify(quarters(2)) })).toBe(2);
    expect(creditsOfAnswer("/v2/financials/quarterly/BBCA/", { status: 200, body: "<html>" })).toBe(0);
  });

  test("sections asked twice, or more than there are, are billed once each, up to all", () => {
    expect(creditsOf("/v2/company/report/BBCA/", { sections: "overview,overview" }, () => ({}))).toBe(1);
    expect(creditsOf("/v2/klse/company/report/1155/", { sections: "a,b,c,d,e,f" }, () => ({}))).toBe(4);
  });

  test("the docs' words for each kind of price", () => {
    const words = new Set(PUBLISHED_PRICES.map((p) => ruleText(priceOf(p.path).rule)));
    expect([...words].sort()).toEqual(
      expect.arrayContaining([
        "1 per quarter returned",
        "1 per 100 companies returned, rounded up",
        "1 per section asked, all 8 when none is",
        "1 per classification × period asked, all 2 × 5 when none is",
        "1 per page",
        "2 per request",
        "1 per request, 3 with a question in `q=`",
      ]),
    );
  });
});
