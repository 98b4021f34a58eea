// Live edition feeds: /v2/filings/ and /v2/news/ (IDX and mining), their envelope, paging and
// filters. Today is fixed at 2025-06-18.
import { TODAY, useSandbox } from "./helpers";
import { expectEnvelope, typesOf, walk } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const PAGING = { error: "Invalid pagination or limit parameters. Please provide positive integers." };

describe("/v2/filings/", () => {
  test("items have the live shape", async () => {
    const r = await api.get("/v2/filings/?limit=5");
    expect(r.status).toBe(200);
    expectEnvelope(r.body);
    expect(r.body.pagination).toMatchObject({ limit: 5, offset: 0, showing: 5, has_previous: false, previous_offset: null });
    const f = r.body.results.find((x: any) => x.holder_type === "institution") ?? r.body.results[0];
    expect(Object.keys(f)).toEqual([
      "title",
      "body",
      "source",
      "timestamp",
      "sector",
      "sub_sector",
      "tags",
      "symbol",
      "transaction_type",
      "holder_type",
      "holder_name",
      "holding_before",
      "holding_after",
      "amount_transaction",
      "price",
      "transaction_value",
      "price_transaction",
      "share_percentage_before",
      "share_percentage_after",
      "share_percentage_transaction",
      "idx_investor_slug",
      "idx_conglomerates_group_slug",
    ]);
    for (const x of r.body.results) {
      expect(x.symbol).toMatch(/^[A-Z]{4}\.JK$/);
      expect(x.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(typeof x.price).toBe("number");
      expect(typeof x.transaction_value).toBe("number");
      expect(typeof x.sub_sector).toBe("string");
      expect(x.price_transaction.length).toBeGreaterThan(0);
      for (const t of x.price_transaction) {
        expect(typesOf(t)).toEqual({ date: "string", type: "string", price: "number", amount_transacted: "number" });
        expect(t.type).toBe(x.transaction_type);
      }
      const moved = x.price_transaction.reduce((s: number, t: any) => s + t.amount_transacted, 0);
      expect(moved).toBe(x.amount_transaction);
      expect(x.idx_investor_slug === null || /^[a-z0-9-]+$/.test(x.idx_investor_slug)).toBe(true);
    }
  });

  test("defaults: 20 newest first; limit is capped at 30", async () => {
    const r = (await api.get("/v2/filings/")).body;
    expect(r.pagination.limit).toBe(20);
    expect(r.results).toHaveLength(20);
    const stamps = r.results.map((x: any) => x.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect((await api.get("/v2/filings/?limit=500")).body.pagination.limit).toBe(30);
    for (const bad of ["limit=0", "limit=x", "offset=-1"]) expect((await api.get(`/v2/filings/?${bad}`)).body).toEqual(PAGING);
  });

  test("following next_offset visits every filing of a filter once", async () => {
    const path = "/v2/filings/?symbol=bbca&start=2022-01-01";
    const items = await walk(api.get, path, 7);
    expect(items.length).toBeGreaterThan(7);
    expect(new Set(items.map((x) => x.source)).size).toBe(items.length);
    for (const x of items) {
      expect(x.symbol).toBe("BBCA.JK");
      expect(x.timestamp >= "2022-01-01").toBe(true);
    }
    const last = (await api.get(`${path}&limit=7&offset=${items.length}`)).body;
    expect(last.results).toEqual([]);
    expect(last.pagination).toMatchObject({ has_next: false, next_offset: null, has_previous: true });
  });

  test("filters: transaction_type, holder_type, sector, sub_sector, tags, dates", async () => {
    const buys = (await api.get("/v2/filings/?transaction_type=buy&holder_type=INSIDER&limit=30")).body.results;
    expect(buys.every((x: any) => x.transaction_type === "buy" && x.holder_type === "insider")).toBe(true);
    expect((await api.get("/v2/filings/?transaction_type=others")).body.results).toEqual([]);
    const banks = (await api.get("/v2/filings/?sector=financials&sub_sector=banks&limit=30")).body.results;
    expect(banks.length).toBeGreaterThan(0);
    expect(banks.every((x: any) => x.sub_sector === "banks")).toBe(true);
    const tagged = (await api.get("/v2/filings/?tags=Bearish&limit=30")).body.results;
    expect(tagged.every((x: any) => x.tags.includes("bearish"))).toBe(true);
    const day = (await api.get("/v2/filings/?start=2025-06-02&end=2025-06-06&limit=30")).body.results;
    expect(day.every((x: any) => x.timestamp >= "2025-06-02" && x.timestamp < "2025-06-07")).toBe(true);
    expect((await api.get(`/v2/filings/?end=${TODAY}`)).status).toBe(200);
  });

  test("bad input is a 400 with a sentence", async () => {
    const cases: [string, RegExp][] = [
      ["end=2025-06-19", /future/],
      ["start=2025-13-01", /YYYY-MM-DD/],
      ["transaction_type=hold", /transaction_type/],
      ["holder_type=whale", /holder_type/],
      ["symbol=BBCA1", /valid stock symbol/],
      ["sub_sector=nope", /sub_sector/],
      ["n=5", /Invalid query parameters: n\./],
      ["tickers=BBCA", /Invalid query parameters: tickers\./],
    ];
    for (const [query, message] of cases) {
      const r = await api.get(`/v2/filings/?${query}`);
      expect({ query, status: r.status }).toEqual({ query, status: 400 });
      expect(r.body.error).toMatch(message);
    }
  });
});

describe("/v2/news/", () => {
  test("IDX articles have the live shape", async () => {
    const r = await api.get("/v2/news/?limit=30");
    expectEnvelope(r.body);
    for (const a of r.body.results) {
      expect(Object.keys(a)).toEqual([
        "title",
        "body",
        "source",
        "thumbnail",
        "timestamp",
        "sector",
        "sub_sector",
        "tags",
        "symbols",
        "dimension",
      ]);
      expect(Array.isArray(a.symbols) && Array.isArray(a.sub_sector)).toBe(true);
      expect(a.thumbnail === null || a.thumbnail.startsWith("https://")).toBe(true);
      expect(Object.keys(a.dimension)).toHaveLength(8);
    }
  });

  test("IDX filters: symbols, sector and sub_sector lists, tags, keyword", async () => {
    const two = (await api.get("/v2/news/?symbols=bbca,BBRI.JK&limit=30")).body.results;
    expect(two.length).toBeGreaterThan(0);
    expect(two.every((a: any) => a.symbols.some((s: string) => ["BBCA.JK", "BBRI.JK"].includes(s)))).toBe(true);
    const sectors = (await api.get("/v2/news/?sector=energy,technology&limit=30")).body.results;
    expect(new Set(sectors.map((a: any) => a.sector))).toEqual(new Set(["energy", "technology"]));
    const subs = (await api.get("/v2/news/?sub_sector=banks,telecommunication&limit=30")).body.results;
    expect(subs.every((a: any) => a.sub_sector.some((s: string) => ["banks", "telecommunication"].includes(s)))).toBe(true);
    const keyword = (await api.get("/v2/news/?keyword=DIVIDEND&limit=30")).body.results;
    expect(keyword.length).toBeGreaterThan(0);
    expect(keyword.every((a: any) => a.title.toLowerCase().includes("dividend"))).toBe(true);
    expect((await api.get("/v2/news/?keyword=zzzz-no-such-title")).body.results).toEqual([]);
  });

  test("the mining extension: mining fields only, commodity filter", async () => {
    const r = (await api.get("/v2/news/?extension=mining&limit=30")).body;
    expectEnvelope(r);
    expect(r.results.length).toBe(30);
    for (const a of r.results) {
      expect(Object.keys(a)).toEqual(["title", "source", "timestamp", "commodity_type"]);
      expect(a.commodity_type.length).toBeGreaterThan(0);
    }
    const nickel = (await api.get("/v2/news/?extension=mining&commodity_type=NICKEL&limit=30")).body.results;
    expect(nickel.length).toBeGreaterThan(0);
    expect(nickel.every((a: any) => a.commodity_type.includes("Nickel"))).toBe(true);
  });

  test("mixing one extension's parameters with the other's is a 400 naming them", async () => {
    expect((await api.get("/v2/news/?extension=mining&sector=energy&tags=coal")).body).toEqual({
      error:
        "Parameter(s) [sector, tags] are not valid for extension=mining. Valid params: ['commodity_type', 'end', 'keyword', 'limit', 'offset', 'start'].",
    });
    const r = await api.get("/v2/news/?commodity_type=Coal");
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/\[commodity_type\] are not valid for extension=idx/);
    expect((await api.get("/v2/news/?extension=sgx")).status).toBe(400);
    expect((await api.get("/v2/news/?tickers=BBCA")).body).toEqual({ error: "Invalid query parameters: tickers." });
    expect((await api.get("/v2/news/?end=2030-01-01")).status).toBe(400);
  });

  test("walking the mining feed visits every article once", async () => {
    const items = await walk(api.get, "/v2/news/?extension=mining&commodity_type=gold&start=2024-01-01", 4);
    expect(new Set(items.map((a) => a.source)).size).toBe(items.length);
  });
});
