// Live edition market-wide endpoints: /v2/idx-total/, /v2/most-traded/, /v2/companies/top-changes/
// and /v2/free-float/. Their figures come from the same daily bars and registers as /v2/daily/ and
// the company report. Today is fixed at 2025-06-18 (a Wednesday).
import { IDX_COMPANIES } from "../../src/sandbox/data/idx-companies";
import { IDX_BANKS, plusDays, TODAY, tradingDays, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const daily = async (symbol: string, date: string) => (await ok(`/v2/daily/${symbol}/?start=${date}&end=${date}`))[0];
const SYMBOLS = async () => (await ok("/v2/companies/?limit=200")).results.map((r: any) => r.symbol);

describe("/v2/idx-total/", () => {
  test("one total per trading day, the sum of every company's market cap", async () => {
    const body = await ok("/v2/idx-total/");
    expect(body.map((d: any) => d.date)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY));
    for (const d of body) {
      expect(typesOf(d)).toEqual({ date: "string", idx_total_market_cap: "number" });
      expect(Number.isInteger(d.idx_total_market_cap)).toBe(true);
    }
    const [day] = await ok("/v2/idx-total/?start=2025-06-02&end=2025-06-02");
    let sum = 0;
    for (const symbol of await SYMBOLS()) sum += (await daily(symbol, "2025-06-02")).market_cap;
    expect(day).toEqual({ date: "2025-06-02", idx_total_market_cap: sum });
  });

  test("window: at most 90 days, nothing before 2021-01-01, no future end", async () => {
    const wide = await ok("/v2/idx-total/?start=2024-01-01&end=2025-01-31");
    expect(wide.map((d: any) => d.date)).toEqual(tradingDays(plusDays("2025-01-31", -90), "2025-01-31"));
    const early = { error: "Starting date must not be earlier than January 1, 2021." };
    expect((await api.get("/v2/idx-total/?start=2020-12-31")).body).toEqual(early);
    expect((await api.get("/v2/idx-total/?end=2020-06-30")).body).toEqual(early);
    expect((await ok("/v2/idx-total/?start=2021-01-01&end=2021-01-08")).map((d: any) => d.date)).toEqual(
      tradingDays("2021-01-01", "2021-01-08"),
    );
    expect((await api.get(`/v2/idx-total/?end=${plusDays(TODAY, 1)}`)).body).toEqual({ error: "The 'end' date cannot be in the future." });
    expect((await api.get("/v2/idx-total/?start=2025-13-01")).body).toEqual({ error: "Use a valid date format of YYYY-MM-DD." });
    expect((await api.get("/v2/idx-total/?days=5")).body).toEqual({ error: "Invalid query parameters: days." });
  });
});

describe("/v2/most-traded/", () => {
  test("per trading day, n_stock companies ranked by volume, the bars of /v2/daily/", async () => {
    const body = await ok("/v2/most-traded/?start=2025-06-09&end=2025-06-13");
    expect(Object.keys(body)).toEqual(tradingDays("2025-06-09", "2025-06-13"));
    for (const [date, rows] of Object.entries(body) as [string, any[]][]) {
      expect(rows).toHaveLength(5);
      for (const r of rows) expect(typesOf(r)).toEqual({ symbol: "string", company_name: "string", volume: "number", price: "number" });
      const volumes = rows.map((r) => r.volume);
      expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
      const bar = await daily(rows[0].symbol, date);
      expect([rows[0].volume, rows[0].price]).toEqual([bar.volume, bar.close]);
    }
    expect(Object.keys(await ok("/v2/most-traded/"))).toEqual(tradingDays(plusDays(TODAY, -30), TODAY));
  });

  test("adjusted ranks by value traded; sub_sector and n_stock narrow the list", async () => {
    const [rows] = Object.values(await ok("/v2/most-traded/?start=2025-06-17&end=2025-06-17&adjusted=true&n_stock=10")) as any[][];
    expect(rows).toHaveLength(10);
    const values = rows.map((r) => r.volume * r.price);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const banks = Object.values(await ok("/v2/most-traded/?sub_sector=BANKS&n_stock=10")) as any[][];
    for (const day of banks) {
      expect(day).toHaveLength(10);
      expect(day.every((r) => IDX_BANKS.includes(r.symbol))).toBe(true);
      expect(day.map((r) => r.volume)).toEqual(day.map((r) => r.volume).sort((a, b) => b - a));
    }
    const one = Object.values(await ok("/v2/most-traded/?n_stock=1")) as any[][];
    expect(one.every((day) => day.length === 1)).toBe(true);
  });

  test("bad parameters are 400s", async () => {
    expect((await api.get("/v2/most-traded/?sub_sector=airlines")).body).toEqual({ error: "The requested sub_sector does not exist." });
    for (const n of ["0", "11", "five"]) expect((await api.get(`/v2/most-traded/?n_stock=${n}`)).status).toBe(400);
    expect((await api.get("/v2/most-traded/?adjusted=yes")).status).toBe(400);
    expect((await api.get(`/v2/most-traded/?end=${plusDays(TODAY, 1)}`)).status).toBe(400);
    expect((await api.get("/v2/most-traded/?end=2018-12-31")).status).toBe(400);
    expect((await api.get("/v2/most-traded/?symbol=BBCA")).body).toEqual({ error: "Invalid query parameters: symbol." });
  });
});

describe("/v2/companies/top-changes/", () => {
  const PERIODS = ["1d", "7d", "14d", "30d", "365d"];

  test("both classifications, five periods, sorted, the closes of /v2/daily/", async () => {
    const body = await ok("/v2/companies/top-changes/");
    expect(Object.keys(body)).toEqual(["top_gainers", "top_losers"]);
    for (const [kind, sign] of [
      ["top_gainers", 1],
      ["top_losers", -1],
    ] as const) {
      expect(Object.keys(body[kind])).toEqual(PERIODS);
      for (const rows of Object.values(body[kind]) as any[][]) {
        expect(rows.length).toBeLessThanOrEqual(5);
        const changes = rows.map((r) => r.price_change);
        expect(changes.every((c) => sign * c > 0)).toBe(true);
        expect([...changes].sort((a, b) => sign * (b - a))).toEqual(changes);
        for (const r of rows) {
          expect(typesOf(r)).toEqual({
            name: "string",
            symbol: "string",
            price_change: "number",
            last_close_price: "number",
            latest_close_date: "string",
          });
          expect(r.latest_close_date).toBe(TODAY);
        }
      }
    }
    const top = body.top_gainers["1d"][0];
    const [before, now] = await ok(`/v2/daily/${top.symbol}/?start=2025-06-17&end=2025-06-18`);
    expect(top.last_close_price).toBe(now.close);
    expect(top.price_change).toBeCloseTo(now.close / before.close - 1, 12);
  });

  test("classifications, periods, n_stock, sub_sector and the market-cap floor", async () => {
    const some = await ok("/v2/companies/top-changes/?classifications=top_losers&periods=30d,1d&n_stock=2&sub_sector=banks");
    // The classification not asked is still a key (the description requires both), empty.
    expect(Object.keys(some)).toEqual(["top_gainers", "top_losers"]);
    expect(some.top_gainers).toEqual({});
    expect(Object.keys(some.top_losers)).toEqual(["1d", "30d"]);
    const banks = new Set(IDX_BANKS);
    for (const rows of Object.values(some.top_losers) as any[][]) {
      expect(rows.length).toBeLessThanOrEqual(2);
      expect(rows.every((r) => banks.has(r.symbol))).toBe(true);
    }
    const none = await ok("/v2/companies/top-changes/?min_mcap_billion=999999999&periods=7d");
    expect(none).toEqual({ top_gainers: { "7d": [] }, top_losers: { "7d": [] } });
    expect((await api.get("/v2/companies/top-changes/?periods=2d")).body).toEqual({
      error: "Invalid periods provided, select from these choices: 1d, 7d, 14d, 30d, 365d.",
    });
    expect((await api.get("/v2/companies/top-changes/?classifications=top_movers")).body).toEqual({
      error: "Invalid classifications provided, select from these choices: top_gainers, top_losers.",
    });
    for (const bad of ["n_stock=11", "n_stock=0", "min_mcap_billion=-1", "min_mcap_billion=lots", "sub_sector=nope", "sector=banks"]) {
      expect({ bad, status: (await api.get(`/v2/companies/top-changes/?${bad}`)).status }).toEqual({ bad, status: 400 });
    }
  });
});

describe("/v2/free-float/", () => {
  test("every company, highest free float first, the public's part of the report's register", async () => {
    const body = await ok("/v2/free-float/");
    expect(body).toHaveLength(IDX_COMPANIES.length);
    for (const r of body) {
      expect(typesOf(r)).toEqual({ symbol: "string", company_name: "string", free_float: "number" });
      expect(r.free_float > 0 && r.free_float < 1).toBe(true);
    }
    const values = body.map((r: any) => r.free_float);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const report = await ok("/v2/company/report/TLKM/?sections=overview,management,ownership");
    const held = [...report.ownership.major_shareholders, ...report.management.executives_shareholdings].reduce(
      (s: number, h: any) => s + h.share_amount,
      0,
    );
    const shares = report.overview.market_cap / report.overview.last_close_price;
    expect(body.find((r: any) => r.symbol === "TLKM.JK").free_float).toBeCloseTo(1 - held / shares, 3);
  });

  test("one taxonomy filter at most, slugs only", async () => {
    const banks = await ok("/v2/free-float/?sub_sector=banks");
    expect(banks.map((r: any) => r.symbol).sort()).toEqual(IDX_BANKS);
    // The financials sector: the banks, the two financiers and the investment company.
    const financials = await ok("/v2/free-float/?sector=financials");
    expect(financials.filter((r: any) => IDX_BANKS.includes(r.symbol))).toEqual(banks);
    expect(
      financials
        .filter((r: any) => !IDX_BANKS.includes(r.symbol))
        .map((r: any) => r.symbol)
        .sort(),
    ).toEqual(["ADMF.JK", "BFIN.JK", "SRTG.JK"]);
    expect((await ok("/v2/free-float/?industry=coal")).map((r: any) => r.symbol).sort()).toEqual([
      "ADRO.JK",
      "BUMI.JK",
      "DOID.JK",
      "HRUM.JK",
      "INDY.JK",
      "ITMG.JK",
      "PTBA.JK",
      "PTRO.JK",
      "TOBA.JK",
    ]);
    expect((await ok("/v2/free-float/?sub_industry=gold")).map((r: any) => r.symbol).sort()).toEqual(["BRMS.JK", "MDKA.JK"]);
    expect((await api.get("/v2/free-float/?sector=financials&sub_sector=banks")).body).toEqual({
      error: "The filters are mutually exclusive: give at most one of sector, sub_sector, industry, sub_industry.",
    });
    expect((await api.get("/v2/free-float/?sector=Banks")).body).toEqual({ error: "The requested sector does not exist." });
    expect((await api.get("/v2/free-float/?symbol=BBCA")).status).toBe(400);
  });
});
