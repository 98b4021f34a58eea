// Live edition SGX endpoints: /v2/sgx/company/report/{symbol}/, /v2/sgx/companies/top/ and
// /v2/sgx/daily/{symbol}/, and the SGX screener's figures. They read one set of facts: the report's
// last close is the daily series' last close, the ranking's values are the reports', the screener's
// market caps are the reports'. Today is fixed at 2025-06-18 (a Wednesday).
import { plusDays, TODAY, tradingDays, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const report = (symbol: string, sections = "") => ok(`/v2/sgx/company/report/${symbol}/${sections && `?sections=${sections}`}`);
const closeOn = async (symbol: string, date: string) => (await ok(`/v2/sgx/daily/${symbol}/?start=${date}&end=${date}`))[0];
const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);

describe("/v2/sgx/company/report/{symbol}/", () => {
  test("the four sections by default; the overview at the daily series' last close", async () => {
    const body = await report("D05");
    expect(Object.keys(body)).toEqual(["symbol", "name", "overview", "valuation", "financials", "dividend"]);
    expect(body).toMatchObject({ symbol: "D05", name: "DBS Group Holdings Ltd" });
    const o = body.overview;
    expect(o).toMatchObject({ sector: "Financial Services", sub_sector: "Banks" });
    const last = await closeOn("D05", TODAY);
    expect([o.last_close_price, o.volume]).toEqual([last.close, last.volume]);
    const shares = body.financials.historical_financials["2024"].income_stmt_metrics.diluted_shares_outstanding;
    expect(o.market_cap).toBe(Math.round(o.last_close_price * shares));
    const weekAgo = await closeOn("D05", plusDays(TODAY, -7));
    expect(o.change_7d).toBeCloseTo(o.last_close_price / weekAgo.close - 1, 6);
    expect(Object.keys(o.all_time_price)).toEqual([
      "ytd_low",
      "52_w_low",
      "90_d_low",
      "ytd_high",
      "52_w_high",
      "90_d_high",
      "all_time_low",
      "all_time_high",
    ]);
    // The 90-day extremes are the 90-day window's closes.
    const closes = (await ok(`/v2/sgx/daily/D05/?start=${plusDays(TODAY, -89)}&end=${TODAY}`)).map((d: any) => d.close);
    expect(Object.values(o.all_time_price["90_d_high"])).toEqual([Math.max(...closes)]);
    expect(Object.values(o.all_time_price["90_d_low"])).toEqual([Math.min(...closes)]);
  });

  test("valuation at today's market cap over the latest reported year; statements that add up", async () => {
    const body = await report("Z74", "overview,valuation,financials");
    const years = Object.keys(body.financials.historical_financials);
    // The 2024 results are out in February 2025; 2025's are not.
    expect(years).toEqual(["2019", "2020", "2021", "2022", "2023", "2024"]);
    const y = body.financials.historical_financials["2024"];
    expect(body.valuation.pe).toBeCloseTo(body.overview.market_cap / y.earnings, 5);
    expect(body.valuation.pb).toBeCloseTo(body.overview.market_cap / y.balance_sheet_metrics.total_equity, 5);
    expect(body.financials.net_profit_margin).toBeCloseTo(y.earnings / y.revenue, 5);
    const cf = y.cash_flow_metrics;
    expect(cf.net_cash_flow).toBe(cf.operating_cash_flow + cf.investing_cash_flow + cf.financing_cash_flow);
    expect(cf.free_cash_flow).toBe(cf.operating_cash_flow - cf.capital_expenditure);
    const bs = y.balance_sheet_metrics;
    expect(bs.total_liabilities).toBe(bs.total_asset - bs.total_equity);
    expect(y.income_stmt_metrics.pretax_income - y.income_stmt_metrics.income_taxes).toBe(y.earnings);
    expect(typesOf(body.valuation)).toEqual({ pe: "number", beta: "number", ps: "number", pcf: "number", pb: "number" });
  });

  test("dividends: each payment's yield on that day's close, year totals, trailing twelve months", async () => {
    const { dividend: d, overview } = await report("D05", "overview,dividend");
    const payments = Object.values(d.historical_dividends).flatMap((y: any) => y.breakdown);
    expect(payments.length).toBeGreaterThan(8);
    for (const p of payments.slice(-3)) expect(p.yield).toBeCloseTo(p.total / (await closeOn("D05", p.date)).close, 4);
    for (const y of Object.values(d.historical_dividends) as any[]) {
      expect(y.total_dividend).toBeCloseTo(sum(y.breakdown.map((p: any) => p.total)), 3);
    }
    const ttm = payments.filter((p: any) => p.date > plusDays(TODAY, -365) && p.date <= TODAY);
    expect(d.dividend_ttm).toBeCloseTo(sum(ttm.map((p: any) => p.total)), 3);
    expect(d.forward_dividend_yield).toBeCloseTo(d.forward_dividend / overview.last_close_price, 4);
  });

  test("symbols in any case, with .si; unknown symbols 404; bad sections and parameters 400", async () => {
    expect(await report("d05.SI", "valuation")).toEqual(await report("D05", "valuation"));
    expect(Object.keys(await report("C38U", "overview"))).toEqual(["symbol", "name", "overview"]);
    expect((await api.get("/v2/sgx/company/report/XYZ/")).body).toEqual({ error: "Given SGX symbol does not exist." });
    expect((await api.get("/v2/sgx/company/report/XYZ/")).status).toBe(404);
    expect((await api.get("/v2/sgx/company/report/D05/?sections=overview,foo")).body).toEqual({ error: "Invalid sections provided: foo." });
    expect((await api.get("/v2/sgx/company/report/D-05/")).status).toBe(400);
    expect((await api.get("/v2/sgx/company/report/D05/?section=overview")).body).toEqual({ error: "Invalid query parameters: section." });
  });
});

describe("/v2/sgx/companies/top/", () => {
  test("five rankings of five by default, each in order, with the reports' values", async () => {
    const body = await ok("/v2/sgx/companies/top/");
    expect(Object.keys(body)).toEqual(["dividend_yield", "revenue", "earnings", "market_cap", "pe"]);
    for (const [c, field] of [
      ["dividend_yield", "forward_dividend_yield"],
      ["revenue", "revenue"],
      ["earnings", "earnings"],
      ["market_cap", "market_cap"],
      ["pe", "pe"],
    ]) {
      const values = body[c].map((r: any) => r[field]);
      expect(values).toHaveLength(5);
      expect(values).toEqual([...values].sort((a, b) => (c === "pe" ? a - b : b - a)));
    }
    const [cap] = body.market_cap;
    expect(cap.market_cap).toBe((await report(cap.symbol, "overview")).overview.market_cap);
    const [pe] = body.pe;
    expect(pe.pe).toBe((await report(pe.symbol, "valuation")).valuation.pe);
    const [yieldTop] = body.dividend_yield;
    expect(yieldTop.forward_dividend_yield).toBe((await report(yieldTop.symbol, "dividend")).dividend.forward_dividend_yield);
    const [revenue] = body.revenue;
    expect(revenue.revenue).toBe((await report(revenue.symbol, "financials")).financials.historical_financials["2024"].revenue);
  });

  test("the same companies as the screener: the largest market caps over the floor", async () => {
    const top = await ok("/v2/sgx/companies/top/?classifications=market_cap&n_stock=10&min_mcap_million=2000");
    const screened = await ok(
      `/v2/sgx/companies/?where=${encodeURIComponent("market_cap >= 2000000000")}&order_by=-market_cap&limit=10&include_query_values=true`,
    );
    expect(top.market_cap.map((r: any) => [r.symbol, r.market_cap])).toEqual(
      screened.results.map((r: any) => [r.symbol, r.query_values.market_cap]),
    );
  });

  test("sector, n_stock and errors like the KLSE ranking's", async () => {
    const banks = await ok("/v2/sgx/companies/top/?sector=financial-services&classifications=earnings&n_stock=3&min_mcap_million=0");
    expect(Object.keys(banks)).toEqual(["earnings"]);
    expect(banks.earnings).toHaveLength(3);
    const members = (await ok(`/v2/sgx/companies/?where=${encodeURIComponent("sector = 'Financial Services'")}`)).results.map(
      (r: any) => r.symbol,
    );
    for (const r of banks.earnings) expect(members).toContain(r.symbol);
    expect((await api.get("/v2/sgx/companies/top/?classifications=foo")).body).toEqual({
      error: "Invalid classifications provided, select from these choices: dividend_yield, revenue, earnings, market_cap, pe.",
    });
    expect((await api.get("/v2/sgx/companies/top/?n_stock=11")).status).toBe(400);
    expect((await api.get("/v2/sgx/companies/top/?sector=banks")).body).toEqual({ error: "The requested sector does not exist." });
    const none = await ok("/v2/sgx/companies/top/?classifications=pe&min_mcap_million=100000000");
    expect(none).toEqual({ pe: [], message: expect.stringMatching(/no companies matching/) });
  });
});

describe("/v2/sgx/daily/{symbol}/", () => {
  test("trading days of the window: 30 days to today by default, at most the 90 ending at end", async () => {
    const body = await ok("/v2/sgx/daily/U11/");
    expect(body.map((d: any) => d.date)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY, "sgx"));
    for (const d of body) {
      expect(typesOf(d)).toEqual({ symbol: "string", date: "string", close: "number", volume: "number" });
      expect(d.symbol).toBe("U11");
    }
    const wide = await ok("/v2/sgx/daily/U11/?start=2024-01-01&end=2025-03-31");
    expect(wide.map((d: any) => d.date)).toEqual(tradingDays(plusDays("2025-03-31", -90), "2025-03-31", "sgx"));
    const onlyStart = await ok("/v2/sgx/daily/U11/?start=2025-01-06");
    expect(onlyStart.map((d: any) => d.date)).toEqual(tradingDays("2025-01-06", plusDays("2025-01-06", 30), "sgx"));
    // A known symbol before the first close: an empty list, not an error.
    expect(await ok("/v2/sgx/daily/U11/?start=2018-06-01&end=2018-06-30")).toEqual([]);
  });

  test("the same closes whatever the window; unknown symbols 404; bad dates and future ends 400", async () => {
    const week = await ok("/v2/sgx/daily/D05/?start=2025-06-09&end=2025-06-13");
    const month = await ok("/v2/sgx/daily/d05.si/?start=2025-05-19&end=2025-06-13");
    expect(month.slice(-5)).toEqual(week);
    expect((await api.get("/v2/sgx/daily/XYZ/")).body).toEqual({ error: "Given SGX symbol 'XYZ' does not exist." });
    expect((await api.get("/v2/sgx/daily/XYZ/")).status).toBe(404);
    expect((await api.get(`/v2/sgx/daily/D05/?end=${plusDays(TODAY, 1)}`)).body).toEqual({
      error: "The 'end' date cannot be in the future.",
    });
    expect((await api.get("/v2/sgx/daily/D05/?start=2025-02-30")).body).toEqual({ error: "Use a valid date format of YYYY-MM-DD." });
    expect((await api.get("/v2/sgx/daily/D05/?start=2025-06-10&end=2025-06-01")).status).toBe(400);
    expect((await api.get("/v2/sgx/daily/D05/?days=5")).body).toEqual({ error: "Invalid query parameters: days." });
  });
});

describe("/v2/sgx/companies/ figures", () => {
  test("market caps, prices, ratios and yearly figures are the reports'", async () => {
    const where = encodeURIComponent("sub_sector = 'Banks' and revenue[2024] > 0");
    const body = await ok(`/v2/sgx/companies/?where=${where}&order_by=-pe&include_query_values=true`);
    expect(body.results.map((r: any) => r.symbol).sort()).toEqual(["D05", "O39", "U11"]);
    for (const r of body.results) {
      const rep = await report(r.symbol, "overview,valuation,financials");
      expect(r.query_values).toEqual({
        sub_sector: "Banks",
        "revenue[2024]": rep.financials.historical_financials["2024"].revenue,
        pe: rep.valuation.pe,
      });
    }
    // 2025's results are not out: no company has them.
    expect((await ok(`/v2/sgx/companies/?where=${encodeURIComponent("revenue[2025] > 0")}`)).results).toEqual([]);
  });
});
