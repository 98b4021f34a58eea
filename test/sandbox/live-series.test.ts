// Live edition: daily series (/v2/index-daily/, /v2/daily/), quarterly financials, segments,
// report dates and the helper lists. Today is fixed at 2025-06-18 (a Wednesday).
import { plusDays, TODAY, tradingDays, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const spec = useSandbox();

describe("/v2/index-daily/{index_code}/", () => {
  test("the live code list: kompas100 yes, media100 no (400)", async () => {
    const r = await api.get("/v2/index-daily/KOMPAS100/");
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({ index_code: "KOMPAS100", date: expect.any(String), price: expect.any(Number) });
    expect((await api.get("/v2/index-daily/media100/")).body).toEqual({ error: "Please provide a valid index code." });
    expect((await api.get("/v2/index-daily/nope/")).status).toBe(400);
  });

  test("the spec's window rules, and the same prices as the spec edition", async () => {
    const path = "/v2/index-daily/lq45/?start=2025-01-01&end=2025-06-01";
    const live = (await api.get(path)).body;
    expect(live.map((p: any) => p.date)).toEqual(tradingDays(plusDays("2025-06-01", -90), "2025-06-01"));
    expect(live).toEqual((await spec.get(path.replace("/v2/", "/v1/"))).body);
    const fallback = (await api.get("/v2/index-daily/ihsg/")).body;
    expect(fallback.map((p: any) => p.date)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY));
  });

  test("a future end is a 400; so are bad dates and windows before 2019", async () => {
    expect((await api.get(`/v2/index-daily/ihsg/?end=${plusDays(TODAY, 1)}`)).body).toEqual({
      error: "The 'end' date cannot be in the future.",
    });
    expect((await api.get(`/v2/index-daily/ihsg/?end=${TODAY}`)).status).toBe(200);
    expect((await api.get("/v2/index-daily/ihsg/?start=2025-02-30")).body).toEqual({ error: "Use a valid date format of YYYY-MM-DD." });
    expect((await api.get("/v2/index-daily/ihsg/?end=2018-06-01")).status).toBe(400);
    expect((await api.get("/v2/index-daily/ihsg/?days=3")).body).toEqual({ error: "Invalid query parameters: days." });
  });
});

describe("/v2/daily/{symbol}/", () => {
  test("weekday closes, volumes and market caps of one company", async () => {
    const r = await api.get("/v2/daily/bbca.JK/?start=2025-05-01&end=2025-05-31");
    expect(r.status).toBe(200);
    expect(r.body.map((d: any) => d.date)).toEqual(tradingDays("2025-05-01", "2025-05-31"));
    for (const d of r.body) {
      expect(typesOf(d)).toEqual({ symbol: "string", date: "string", close: "number", volume: "number", market_cap: "number" });
      expect(d.symbol).toBe("BBCA.JK");
      expect(Number.isInteger(d.close) && Number.isInteger(d.volume) && Number.isInteger(d.market_cap)).toBe(true);
      expect(d.market_cap / d.close).toBeCloseTo(r.body[0].market_cap / r.body[0].close, -3);
    }
  });

  test("window rules: 30 days by default, at most 90, nothing before 2019-01-02", async () => {
    expect((await api.get("/v2/daily/TLKM/")).body.map((d: any) => d.date)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY));
    const wide = (await api.get("/v2/daily/TLKM/?start=2020-01-01&end=2025-01-31")).body;
    expect(wide[0].date).toBe(tradingDays(plusDays("2025-01-31", -90), "2025-01-31")[0]);
    expect((await api.get("/v2/daily/TLKM/?start=2018-12-01&end=2019-01-10")).body[0].date).toBe("2019-01-02");
    expect((await api.get("/v2/daily/TLKM/?end=2018-12-31")).status).toBe(400);
    expect((await api.get(`/v2/daily/TLKM/?end=${plusDays(TODAY, 3)}`)).status).toBe(400);
  });

  test("unknown and malformed symbols", async () => {
    expect((await api.get("/v2/daily/ZZZZ/")).body).toEqual({ error: "Given stock symbol 'ZZZZ' does not exist." });
    expect((await api.get("/v2/daily/ZZZZ/")).status).toBe(404);
    expect((await api.get("/v2/daily/BBCA1/")).body).toEqual({ error: "Please provide a valid stock symbol." });
  });
});

describe("quarterly financials, segments and report dates", () => {
  test("records carry the live field set in the description's order; same figures as the spec edition", async () => {
    const live = (await api.get("/v2/financials/quarterly/BBRI/?n_quarters=2")).body;
    const old = (await spec.get("/v1/financials/quarterly/BBRI/?n_quarters=2")).body;
    expect(live).toHaveLength(2);
    expect(Object.keys(live[0]).slice(0, 4)).toEqual(["symbol", "date", "revenue", "earnings"]);
    expect(Object.keys(live[0])).toHaveLength(40);
    for (const gone of ["pretax_income", "net_income", "diluted_shares_outstanding", "capital_expenditure"])
      expect(live[0]).not.toHaveProperty(gone);
    for (const [i, r] of live.entries()) for (const [k, v] of Object.entries(r)) expect(v).toEqual(old[i][k]);
    const corp = (await api.get("/v2/financials/quarterly/tlkm.jk/")).body;
    expect(corp).toHaveLength(1);
    expect(corp[0]).not.toHaveProperty("financials_sector_metrics");
    expect(Object.keys(corp[0])).toHaveLength(39);
  });

  test("quarterly: the spec's selection rules, the live wording", async () => {
    const exact = (await api.get("/v2/financials/quarterly/BMRI/?report_date=2024-09-30&approx=false")).body;
    expect(exact.map((r: any) => r.date)).toEqual(["2024-09-30"]);
    const missing = await api.get("/v2/financials/quarterly/BMRI/?report_date=2024-09-29&approx=false");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Invalid stock symbol and/or data for the specified report_date does not exist." });
    expect((await api.get("/v2/financials/quarterly/ZZZZ/")).status).toBe(404);
    expect((await api.get("/v2/financials/quarterly/BBCA/?report_date=2024/01/01")).body).toEqual({
      error: "Use a valid report_date format of YYYY-MM-DD.",
    });
    expect((await api.get("/v2/financials/quarterly/12345/")).body).toEqual({ error: "Please provide a valid stock symbol." });
  });

  test("segments and report dates", async () => {
    const seg = (await api.get("/v2/company/get-segments/ASII/?financial_year=2023")).body;
    expect(seg).toEqual((await spec.get("/v1/company/get-segments/ASII/?financial_year=2023")).body);
    expect(Object.keys(seg)).toEqual(["symbol", "financial_year", "revenue_breakdown"]);
    expect((await api.get("/v2/company/get-segments/ASII/?financial_year=2010")).body).toEqual({
      error: "Invalid stock symbol and/or data for the specified financial year does not exist.",
    });
    expect((await api.get("/v2/company/get-segments/ASII/?financial_year=twenty")).status).toBe(400);
    const dates = (await api.get("/v2/company/get_quarterly_financial_dates/bbca/")).body;
    expect(dates["2025"]).toEqual([["2025-03-31", "q1"]]);
    expect((await api.get("/v2/company/get_quarterly_financial_dates/ZZZZ/")).body).toEqual({
      error: "Invalid stock symbol or data does not exist.",
    });
  });
});

describe("helper lists", () => {
  test("the same lists as the spec edition at /v2/ paths", async () => {
    const pairs: [string, string][] = [
      ["/v2/subsectors/", "/v1/subsectors/"],
      ["/v2/industries/", "/v1/industries/"],
      ["/v2/subindustries/", "/v1/subindustries/"],
      ["/v2/tags/", "/v1/tags/"],
      ["/v2/sgx/sectors/", "/v1/sgx/sectors/"],
      ["/v2/klse/sectors/", "/v1/klse/sectors/"],
      ["/v2/klse/companies/?sector=financials", "/v1/klse/companies/?sector=financials"],
      ["/v2/companies/list_companies_with_segments/", "/v1/companies/list_companies_with_segments/"],
    ];
    for (const [live, old] of pairs) {
      const r = await api.get(live);
      expect(r.status).toBe(200);
      expect(r.body).toEqual((await spec.get(old)).body);
    }
    expect(Object.keys((await api.get("/v2/subsectors/")).body[0])).toEqual(["sector", "subsector"]);
    expect((await api.get("/v2/klse/companies/")).status).toBe(400);
    expect((await api.get("/v2/klse/companies/?sector=nope")).body).toEqual({ error: "The requested sector does not exist." });
  });
});
