// Live edition per-company data: broker summary and foreign flow (one set of simulated trades),
// listing performance, corporate actions and shareholders composition. Today is 2025-06-18.
import { FOREIGN } from "../../src/sandbox/data/brokers";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { plusDays, request, TODAY, tradingDays, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const sum = (rows: any[], field: string) => rows.reduce((s, r) => s + r[field], 0);

describe("/v2/broker-summary/{symbol}/", () => {
  const ROW = {
    broker_code: "string",
    bfreq: "number",
    blot: "number",
    bval: "number",
    bavg_per_share: "number",
    sfreq: "number",
    slot: "number",
    sval: "number",
    savg_per_share: "number",
    nlot: "number",
    nval: "number",
    navg_per_share: "number",
  };

  test("the 14 days to today by default, each day's brokers in the service's fields", async () => {
    const body = await ok("/v2/broker-summary/bbca.jk/");
    expect(Object.keys(body)).toEqual(["symbol", "start", "end", "data"]);
    expect(body).toMatchObject({ symbol: "BBCA.JK", start: plusDays(TODAY, -14), end: TODAY });
    expect(body.data.map((d: any) => d.date)).toEqual(tradingDays(plusDays(TODAY, -14), TODAY));
    for (const day of body.data) {
      expect(Object.keys(day)).toEqual(["date", "summary"]);
      for (const r of day.summary) {
        expect(typesOf(r)).toEqual(ROW);
        expect(r.broker_code).toMatch(/^[A-Z]{2}$/);
        expect([r.nlot, r.nval]).toEqual([r.blot - r.slot, r.bval - r.sval]);
      }
    }
  });

  test("a closed market: buys equal sells every day, and the lots are the day's volume", async () => {
    const body = await ok("/v2/broker-summary/GOTO/?start=2025-06-02&end=2025-06-13");
    const bars = await ok("/v2/daily/GOTO/?start=2025-06-02&end=2025-06-13");
    expect(body.data.map((d: any) => d.date)).toEqual(bars.map((b: any) => b.date));
    for (const [i, { summary }] of body.data.entries()) {
      expect(sum(summary, "blot")).toBe(sum(summary, "slot"));
      expect(sum(summary, "bval")).toBe(sum(summary, "sval"));
      expect(sum(summary, "bfreq")).toBe(sum(summary, "sfreq"));
      expect(sum(summary, "nval")).toBe(0);
      expect(sum(summary, "blot") * 100).toBe(bars[i].volume);
      for (const r of summary.filter((x: any) => x.blot > 0)) expect(Math.abs(r.bavg_per_share / bars[i].close - 1)).toBeLessThan(0.02);
    }
  });

  test("broker_code keeps one broker; the window is at most 14 days", async () => {
    const one = await ok("/v2/broker-summary/BBRI/?broker_code=cc&start=2025-06-09&end=2025-06-13");
    expect(one.data.length).toBeGreaterThan(0);
    for (const day of one.data) expect(day.summary.map((r: any) => r.broker_code)).toEqual(["CC"]);
    expect((await ok("/v2/broker-summary/BBRI/?broker_code=QQ")).data).toEqual([]);
    expect((await api.get("/v2/broker-summary/BBRI/?broker_code=C1")).status).toBe(400);
    const wide = await ok("/v2/broker-summary/BBRI/?start=2025-01-01&end=2025-06-13");
    expect([wide.start, wide.end]).toEqual([plusDays("2025-06-13", -14), "2025-06-13"]);
    expect((await api.get(`/v2/broker-summary/BBRI/?end=${plusDays(TODAY, 1)}`)).status).toBe(400);
    expect((await api.get("/v2/broker-summary/BBRI/?end=2018-12-01")).status).toBe(400);
    expect((await api.get("/v2/broker-summary/BBRI/?start=2025-06-13&end=2025-06-01")).status).toBe(400);
    expect((await api.get("/v2/broker-summary/BBRI/?top=5")).body).toEqual({ error: "Invalid query parameters: top." });
  });

  test("unknown and malformed symbols", async () => {
    const missing = await api.get("/v2/broker-summary/xyza/");
    expect([missing.status, missing.body]).toEqual([404, { error: "Symbol 'XYZA' not found in broker data." }]);
    expect((await api.get("/v2/broker-summary/BBCA1/")).body).toEqual({ error: "Please provide a valid stock symbol." });
  });
});

describe("/v2/foreign-flow/{symbol}/", () => {
  test("30 days by default, at most 90, integers in IDR", async () => {
    const body = await ok("/v2/foreign-flow/TLKM/");
    expect(Object.keys(body)).toEqual(["symbol", "start", "end", "data"]);
    expect(body.data.map((d: any) => d.date)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY));
    for (const d of body.data) {
      expect(typesOf(d)).toEqual({ date: "string", net_foreign_inflow: "number" });
      expect(Number.isInteger(d.net_foreign_inflow)).toBe(true);
    }
    const wide = await ok("/v2/foreign-flow/TLKM/?start=2024-01-01&end=2025-06-13");
    expect(wide.data.map((d: any) => d.date)).toEqual(tradingDays(plusDays("2025-06-13", -90), "2025-06-13"));
    expect((await api.get("/v2/foreign-flow/ZZZZ/")).body).toEqual({ error: "Symbol 'ZZZZ' not found in broker data." });
    expect((await api.get("/v2/foreign-flow/TLKM/?broker_code=AK")).status).toBe(400);
  });

  test("the broker summary's foreign rows added up", async () => {
    const flow = await ok("/v2/foreign-flow/ASII/?start=2025-06-02&end=2025-06-13");
    const brokers = await ok("/v2/broker-summary/ASII/?start=2025-06-02&end=2025-06-13");
    const net = brokers.data.map((d: any) => ({
      date: d.date,
      net_foreign_inflow: sum(
        d.summary.filter((r: any) => FOREIGN.has(r.broker_code)),
        "nval",
      ),
    }));
    expect(flow.data).toEqual(net);
    expect(net.some((d: any) => d.net_foreign_inflow !== 0)).toBe(true);
  });
});

describe("/v2/listing-performance/{symbol}/", () => {
  const KEYS = [
    "symbol",
    "chg_7d",
    "chg_30d",
    "chg_90d",
    "chg_365d",
    "company_name",
    "listing_date",
    "shares_offered",
    "percent_total_shares",
    "book_building_start_date",
    "book_building_end_date",
    "book_building_lower_bound",
    "book_building_upper_bound",
    "offering_start_date",
    "offering_end_date",
    "offering_price",
    "distribution_date",
    "prospectus_url",
    "additional_info_url",
  ];

  test("the example's fields for a company listed after May 2005", async () => {
    const body = await ok("/v2/listing-performance/goto/");
    expect(Object.keys(body)).toEqual(KEYS);
    expect(body.symbol).toBe("GOTO.JK");
    const report = await ok("/v2/company/report/GOTO/?sections=overview");
    expect(body.listing_date).toBe(report.overview.listing_date);
    expect(body.listing_date > "2005-05-31").toBe(true);
    for (const k of ["chg_7d", "chg_30d", "chg_90d", "chg_365d", "percent_total_shares"]) expect(typeof body[k]).toBe("number");
    for (const k of ["shares_offered", "book_building_lower_bound", "book_building_upper_bound", "offering_price"])
      expect(Number.isInteger(body[k])).toBe(true);
    expect(body.book_building_lower_bound).toBeLessThanOrEqual(body.book_building_upper_bound);
    expect(body.book_building_upper_bound).toBe(body.offering_price);
    const dates = ["book_building_start_date", "book_building_end_date", "offering_start_date", "offering_end_date", "distribution_date"];
    expect(dates.map((k) => body[k])).toEqual(dates.map((k) => body[k]).sort());
    expect(body.distribution_date < body.listing_date).toBe(true);
  });

  test("older listings and unknown symbols are the service's 404; malformed ones a 400", async () => {
    for (const symbol of ["BBCA", "ZZZZ"]) {
      const r = await api.get(`/v2/listing-performance/${symbol}/`);
      expect([r.status, r.body]).toEqual([404, { error: "Given stock symbol does not exist for this data." }]);
    }
    expect((await api.get("/v2/listing-performance/GOTO1/")).status).toBe(400);
    expect((await api.get("/v2/listing-performance/GOTO/?days=7")).status).toBe(400);
  });
});

describe("/v2/company/corporate-actions/{symbol}/", () => {
  let early: Sandbox;
  beforeAll(async () => {
    early = await startSandbox({ port: 0, host: "127.0.0.1", today: "2025-05-01", edition: "live" });
  });
  afterAll(() => early.close());

  test("actions by type in the example's order; dividends are the report's payments", async () => {
    const body = await ok("/v2/company/corporate-actions/BBCA/");
    expect(Object.keys(body)).toEqual(["symbol", "corporate_actions"]);
    const actions = body.corporate_actions;
    expect(Object.keys(actions)).toEqual(["agm", "bonus", "warrant", "dividend", "right_issue", "stock_split", "upcoming_dividend"]);
    expect([actions.bonus, actions.warrant, actions.right_issue]).toEqual([[], [], []]);
    for (const a of actions.agm)
      expect(typesOf(a)).toEqual({ agm_date: "string", agm_time: "string", agm_place: "string", agm_result: "null" });
    for (const d of actions.dividend) {
      expect(typesOf(d)).toEqual({ ex_date: "string", payment_date: "string", dividend_yield: "number", dividend_amount: "number" });
      expect(d.payment_date > d.ex_date).toBe(true);
    }
    const report = (await ok("/v2/company/report/BBCA/?sections=dividend")).dividend.historical_dividends;
    const paid = Object.values(report).flatMap((y: any) => y.breakdown.map((b: any) => [b.date, b.total]));
    expect(actions.dividend.map((d: any) => [d.ex_date, d.dividend_amount])).toEqual(paid.reverse());
    expect((await ok("/v2/company/corporate-actions/GOTO/")).corporate_actions.dividend).toEqual([]);
  });

  test("a dividend whose ex-date is near is upcoming, without a yield yet", async () => {
    const before = (await request(early.url, "/v2/company/corporate-actions/BBCA/")).body.corporate_actions;
    const after = (await ok("/v2/company/corporate-actions/BBCA/")).corporate_actions;
    expect(before.upcoming_dividend).toHaveLength(1);
    const [next] = before.upcoming_dividend;
    expect(next.dividend_yield).toBeNull();
    expect(after.dividend[0]).toEqual({ ...next, dividend_yield: after.dividend[0].dividend_yield });
    expect(before.dividend[0].ex_date < "2025-05-01").toBe(true);
  });

  test("unknown and malformed symbols", async () => {
    const r = await api.get("/v2/company/corporate-actions/XYZA/");
    expect([r.status, r.body]).toEqual([404, { error: "No data found for symbol 'XYZA'." }]);
    expect((await api.get("/v2/company/corporate-actions/X/")).status).toBe(400);
    expect((await api.get("/v2/company/corporate-actions/BBCA/?type=agm")).status).toBe(400);
  });
});

describe("/v2/company/shareholders-composition/{symbol}/", () => {
  const TYPES = [
    "insurance",
    "corporate",
    "pension_fund",
    "financial_institutions",
    "individual",
    "mutual_fund",
    "securities_companies",
    "foundation",
    "other",
  ];

  test("month ends of this year so far; categories add up to each side and the sides to the shares", async () => {
    const body = await ok("/v2/company/shareholders-composition/bbri/");
    expect(Object.keys(body)).toEqual(["symbol", "year", "data"]);
    expect(body).toMatchObject({ symbol: "BBRI.JK", year: 2025 });
    expect(body.data.map((d: any) => d.date)).toEqual(["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31"]);
    const keys = ["date", "shares_number", ...TYPES.map((t) => `${t}_l`), "total_l", ...TYPES.map((t) => `${t}_f`), "total_f"];
    const [bar] = await ok("/v2/daily/BBRI/?start=2025-06-18&end=2025-06-18");
    for (const d of body.data) {
      expect(Object.keys(d)).toEqual([...keys, "numbers_of_shareholders", "change_in_shareholders"]);
      for (const k of Object.keys(d).slice(1)) expect(Number.isInteger(d[k])).toBe(true);
      expect(TYPES.reduce((s, t) => s + d[`${t}_l`], 0)).toBe(d.total_l);
      expect(TYPES.reduce((s, t) => s + d[`${t}_f`], 0)).toBe(d.total_f);
      expect(d.total_l + d.total_f).toBe(d.shares_number);
      expect(d.shares_number).toBe(Math.round(bar.market_cap / bar.close));
    }
    const counts = body.data.map((d: any) => d.numbers_of_shareholders);
    for (let i = 1; i < counts.length; i++) expect(body.data[i].change_in_shareholders).toBe(counts[i] - counts[i - 1]);
    const december = (await ok("/v2/company/shareholders-composition/BBRI/?year=2024")).data;
    expect(december).toHaveLength(12);
    expect(body.data[0].change_in_shareholders).toBe(counts[0] - december[11].numbers_of_shareholders);
  });

  test("years: from 2021, earlier is empty, the future is a 400", async () => {
    expect(await ok("/v2/company/shareholders-composition/BBRI/?year=2020")).toEqual({ symbol: "BBRI.JK", year: 2020, data: [] });
    expect((await ok("/v2/company/shareholders-composition/BBRI/?year=2021")).data).toHaveLength(12);
    expect((await api.get("/v2/company/shareholders-composition/BBRI/?year=2026")).status).toBe(400);
    expect((await api.get("/v2/company/shareholders-composition/BBRI/?year=25")).status).toBe(400);
    expect((await api.get("/v2/company/shareholders-composition/BBRI/?year=1899")).status).toBe(400);
    expect((await api.get("/v2/company/shareholders-composition/BBRI/?month=1")).status).toBe(400);
    const r = await api.get("/v2/company/shareholders-composition/XYZA/");
    expect([r.status, r.body]).toEqual([404, { error: "Symbol 'XYZA.JK' not found in shareholders composition data." }]);
  });
});
