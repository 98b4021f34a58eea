// Live edition screeners (/v2/companies/, /v2/sgx/companies/): the `where` language, order_by,
// paging, query_values, and that a bad query is a 400 naming the problem, never a 500.

import fc from "fast-check";
import { IDX_COMPANIES } from "../../src/sandbox/data/idx-companies";
import { like } from "../../src/sandbox/screener/compile";
import { IDX_BANKS, useSandbox } from "./helpers";
import { expectEnvelope, walk } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const screen = async (query: string, base = "/v2/companies/") => {
  const r = await api.get(`${base}?${query}`);
  expect({ query, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ query, status: 200, body: "ok" });
  return r.body;
};
const symbols = async (where: string, extra = "") =>
  (await screen(`where=${encodeURIComponent(where)}&limit=200${extra}`)).results.map((r: any) => r.symbol);
const BANKS = IDX_BANKS;
const ALL = IDX_COMPANIES.length;
/** The financials that are not banks: the two financiers and the investment company. */
const FINANCIERS = ["ADMF.JK", "BFIN.JK", "SRTG.JK"];

describe("/v2/companies/", () => {
  test("defaults: every company by symbol, 50 a page, {symbol, company_name} only", async () => {
    const body = await screen("");
    expectEnvelope(body);
    expect(body.pagination).toMatchObject({ total_count: ALL, limit: 50, offset: 0, has_next: true });
    expect(Object.keys(body.results[0])).toEqual(["symbol", "company_name"]);
    const list = body.results.map((r: any) => r.symbol);
    expect([...list].sort()).toEqual(list);
    // A structured query's translation is its own parameters, with no question.
    expect(body.llm_translation).toEqual({
      natural_query: "",
      translated_params: { where: undefined, order_by: undefined, desc: false, limit: 50, offset: 0 },
      message: "",
    });
  });

  test("comparisons on display names and numbers, case-insensitive text", async () => {
    expect(await symbols("sub_sector = 'Banks'")).toEqual(BANKS);
    expect(await symbols('SUB_SECTOR = "banks"')).toEqual(BANKS);
    expect(await symbols("sector = 'Financials'")).toEqual([...BANKS, ...FINANCIERS].sort());
    expect(await symbols("sub_sector = 'Oil, Gas & Coal'")).toEqual(
      ["ADRO", "AKRA", "BUMI", "DOID", "ELSA", "ENRG", "HRUM", "INDY", "ITMG", "MEDC", "PTBA", "PTRO", "TOBA"].map((s) => `${s}.JK`),
    );
    expect(await symbols("sub_sector != 'Banks' and sector = 'Financials'")).toEqual(FINANCIERS);
    const big = await symbols("market_cap >= 500000000000000");
    expect(big.length).toBeGreaterThan(0);
    expect(big).toContain("BBCA.JK");
    const small = await symbols("market_cap < 500000000000000");
    expect(big.length + small.length).toBe(ALL);
    expect(await symbols("symbol = 'bbca'")).toEqual(["BBCA.JK"]);
    expect(await symbols("symbol in ('BBCA.JK', 'tlkm')")).toEqual(["BBCA.JK", "TLKM.JK"]);
  });

  test("like, in on list fields, and/or with parentheses, not, is null", async () => {
    expect(await symbols("company_name like '%tambang%'")).toEqual(["ANTM.JK", "ITMG.JK"]);
    expect(await symbols("company_name like 'bank _entral%'")).toEqual(["BBCA.JK"]);
    expect(await symbols("company_name not like '%Tbk'")).toEqual([]);
    const lq45 = await symbols("indices in ['LQ45']");
    expect(lq45).not.toContain("BNGA.JK");
    expect(lq45).toHaveLength(45);
    expect(await symbols("indices in ['KOMPAS100']")).toHaveLength(100);
    expect(await symbols("indices in ['MEDIA100']")).toEqual([]);
    const mixed = await symbols("indices in ['IDXBUMN20'] and (sub_sector = 'Banks' or sector = 'Energy')");
    expect(mixed).toEqual(["AGRO.JK", "BBNI.JK", "BBRI.JK", "BBTN.JK", "BMRI.JK", "BRIS.JK", "ELSA.JK", "PTBA.JK"]);
    const either = await symbols("sub_sector = 'Banks' or sub_sector = 'Telecommunication'");
    expect(either).toEqual([...BANKS, "EXCL.JK", "ISAT.JK", "TBIG.JK", "TLKM.JK", "TOWR.JK"].sort());
    expect(await symbols("not (sector = 'Financials') and sub_sector = 'Banks'")).toEqual([]);
    expect(await symbols("market_cap is not null")).toHaveLength(ALL);
    expect(await symbols("revenue[1990] is null")).toHaveLength(ALL);
  });

  test("yearly fields and arithmetic", async () => {
    const rows = (
      await screen(
        `where=${encodeURIComponent("revenue[2024] > earnings[2024] * 5 and revenue[2023] > 0")}&order_by=-revenue[2024]&include_query_values=true&limit=200`,
      )
    ).results;
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      expect(Object.keys(r.query_values)).toEqual(["revenue[2024]", "earnings[2024]", "revenue[2023]"]);
      expect(r.query_values["revenue[2024]"]).toBeGreaterThan(r.query_values["earnings[2024]"] * 5);
    }
    const revenues = rows.map((r: any) => r.query_values["revenue[2024]"]);
    expect([...revenues].sort((a, b) => b - a)).toEqual(revenues);
    expect(await symbols("revenue[2030] > 0")).toEqual([]);
    const payers = await symbols("total_dividend[2024] > 0 and dividend_ttm > 0 and yield_ttm > 0");
    expect(payers).toContain("BBCA.JK");
    expect(payers).not.toContain("GOTO.JK");
  });

  test("order_by with '-', desc, nulls last; ties by symbol", async () => {
    const byCap = (await screen("order_by=-market_cap&include_query_values=true&limit=200")).results;
    const caps = byCap.map((r: any) => r.query_values.market_cap);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    expect((await screen("order_by=market_cap&desc=true&limit=200")).results).toEqual(byCap.map(({ query_values: _, ...r }: any) => r));
    const byName = (await screen("order_by=-company_name&limit=3")).results.map((r: any) => r.company_name);
    expect(byName[0]).toBe("XL Axiata Tbk");
    const sub = (await screen("order_by=sub_sector&include_query_values=true&limit=200")).results;
    const names = sub.map((r: any) => r.query_values.sub_sector);
    expect([...names].sort()).toEqual(names);
    expect(sub.filter((r: any) => r.query_values.sub_sector === "Banks").map((r: any) => r.symbol)).toEqual(BANKS);
  });

  test("query_values name the fields of where and order_by, in the service's spelling", async () => {
    const r = (
      await screen(
        `where=${encodeURIComponent("SUB_SECTOR = 'Banks' and market_cap IS NOT NULL")}&order_by=-market_cap&limit=3&include_query_values=true`,
      )
    ).results;
    expect(r[0]).toEqual({
      symbol: "BBCA.JK",
      company_name: "Bank Central Asia Tbk",
      query_values: { sub_sector: "Banks", market_cap: expect.any(Number) },
    });
    expect(r).toHaveLength(3);
    expect((await screen("include_query_values=true&limit=1")).results[0].query_values).toEqual({});
  });

  test("paging: limit up to 200, next_offset walks every company once", async () => {
    const all = await walk(api.get, "/v2/companies/?order_by=-market_cap", 4);
    expect(all).toHaveLength(ALL);
    expect(new Set(all.map((r) => r.symbol)).size).toBe(ALL);
    expect((await api.get("/v2/companies/?limit=201")).body).toEqual({
      error: "INVALID_LIMIT",
      message: "LIMIT must be a positive integer up to 200.",
    });
    expect((await api.get("/v2/companies/?limit=0")).status).toBe(400);
    expect((await api.get("/v2/companies/?offset=-1")).status).toBe(400);
    expect((await screen("limit=200")).pagination.limit).toBe(200);
  });

  test("natural language: q overrides where (live-natural.test.ts has the rest)", async () => {
    const r = await api.get("/v2/companies/?q=top%203%20banks%20by%20market%20cap&where=x");
    expect(r.status).toBe(200);
    expect(r.body.llm_translation.translated_params.where).toBe("sub_sector = 'Banks' and market_cap IS NOT NULL");
    expect((await api.get("/v2/sgx/companies/?q=banks")).status).toBe(400);
    expect((await api.get("/v2/companies/?sub_sector=banks")).body).toEqual({ error: "Invalid query parameters: sub_sector." });
  });

  test("bad clauses are 400 with a code and a sentence naming the problem", async () => {
    const cases: [string, string, RegExp][] = [
      [
        "revenue_in_2024 > 1",
        "INVALID_WHERE_CLAUSE",
        /Invalid field name 'revenue_in_2024'\. Use bracket notation instead: 'revenue\[2024\]'/,
      ],
      ["nope = 1", "INVALID_WHERE_CLAUSE", /Invalid field name 'nope'/],
      ["revenue > 1", "INVALID_WHERE_CLAUSE", /yearly/],
      ["market_cap[2024] > 1", "INVALID_WHERE_CLAUSE", /does not take a year/],
      ["revenue[24] > 1", "INVALID_WHERE_CLAUSE", /four-digit year/],
      [
        "market_cap like '%1%'",
        "TYPE_MISMATCH",
        /The 'LIKE' operator can only be used on string fields\. 'market_cap' is a numeric field\./,
      ],
      ["sector > 5", "TYPE_MISMATCH", /Cannot compare text with a number/],
      ["indices = 'LQ45'", "TYPE_MISMATCH", /Use IN instead/],
      ["market_cap in ['big']", "TYPE_MISMATCH", /numbers/],
      ["sector * 2 > 1", "TYPE_MISMATCH", /needs numbers/],
      ["sector = 'Energy", "INVALID_WHERE_CLAUSE", /Unterminated string/],
      ["sector = 'Energy' and", "INVALID_WHERE_CLAUSE", /Expected .* but found the end of the clause/],
      ["sector 'Energy'", "INVALID_WHERE_CLAUSE", /Expected a comparison/],
      ["(sector = 'Energy'", "INVALID_WHERE_CLAUSE", /Expected/],
      ["sector = 'Energy')", "INVALID_WHERE_CLAUSE", /Expected AND, OR or the end/],
      ["market_cap > 1 ; drop table", "INVALID_WHERE_CLAUSE", /Unexpected character ';'/],
      [`${"(".repeat(60)}market_cap > 1${")".repeat(60)}`, "INVALID_WHERE_CLAUSE", /nested too deeply/],
      [`sector = '${"x".repeat(2100)}'`, "INVALID_WHERE_CLAUSE", /too long/],
    ];
    for (const [where, code, message] of cases) {
      const r = await api.get(`/v2/companies/?where=${encodeURIComponent(where)}`);
      expect({ where: where.slice(0, 40), status: r.status, code: r.body.error }).toEqual({ where: where.slice(0, 40), status: 400, code });
      expect(r.body.message).toMatch(message);
    }
    for (const order of ["nope", "-", "market_cap +", "indices"]) {
      const r = await api.get(`/v2/companies/?order_by=${encodeURIComponent(order)}`);
      expect({ order, status: r.status, code: r.body.error }).toEqual({ order, status: 400, code: "INVALID_ORDER_BY" });
    }
  });

  test("any where or order_by text is a 200 or a 400 with a message, never a 500", async () => {
    const piece = fc.constantFrom(
      "market_cap",
      "sector",
      "indices",
      "revenue[2024]",
      "revenue[",
      "'Banks'",
      '"x',
      "'%a%'",
      "=",
      "!=",
      ">=",
      "<",
      "like",
      "in",
      "is",
      "not",
      "null",
      "and",
      "or",
      "(",
      ")",
      "[",
      "]",
      ",",
      "-",
      "*",
      "/",
      "0",
      "1e309",
      "2024",
      "%",
      "\\",
      "😀",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), fc.boolean(), async (parts, asOrder) => {
        const text = parts.join(" ");
        const r = await api.get(`/v2/companies/?${asOrder ? "order_by" : "where"}=${encodeURIComponent(text)}&include_query_values=true`);
        expect([200, 400]).toContain(r.status);
        if (r.status === 400) expect(typeof (r.body.message ?? r.body.error)).toBe("string");
        else expectEnvelope(r.body);
      }),
      { numRuns: 300, seed: 20260501 },
    );
  });
});

describe("LIKE matching", () => {
  test("wildcards, and no pattern is slow", () => {
    expect(like("bank central asia tbk", "bank%tbk")).toBe(true);
    expect(like("bank central asia tbk", "%central%")).toBe(true);
    expect(like("bank", "b_nk")).toBe(true);
    expect(like("bank", "b_k")).toBe(false);
    expect(like("", "%")).toBe(true);
    expect(like("a".repeat(2000), `${"%a".repeat(500)}%b`)).toBe(false);
  });
});

describe("/v2/sgx/companies/", () => {
  test("SGX companies with sector display names and plain symbols", async () => {
    const all = await screen("limit=200", "/v2/sgx/companies/");
    expect(all.pagination.total_count).toBeGreaterThan(30);
    expect(all.results.every((r: any) => /^[A-Z0-9]{2,4}$/.test(r.symbol))).toBe(true);
    const banks = (
      await screen(
        `where=${encodeURIComponent("sector = 'Financial Services' and company_name like '%bank%'")}&order_by=-market_cap&include_query_values=true`,
        "/v2/sgx/companies/",
      )
    ).results;
    expect(banks.map((r: any) => r.symbol).sort()).toEqual(["O39", "U11"]);
    expect(Object.keys(banks[0].query_values)).toEqual(["sector", "company_name", "market_cap"]);
    const sti = (await screen(`where=${encodeURIComponent("indices in ['STI'] and symbol = 'd05'")}`, "/v2/sgx/companies/")).results;
    expect(sti).toEqual([{ symbol: "D05", company_name: "DBS Group Holdings Ltd" }]);
    // The SGX screener has no free float (the provider says so).
    expect((await api.get(`/v2/sgx/companies/?where=${encodeURIComponent("free_float > 0.2")}`)).body.error).toBe("INVALID_WHERE_CLAUSE");
  });
});
