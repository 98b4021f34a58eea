// Live edition reports: the IDX company report by section, the KLSE report and top rankings.
// Today is fixed at 2025-06-18.
import { IDX_BANKS, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const spec = useSandbox();
const ALL_SECTIONS = ["overview", "valuation", "future", "financials", "dividend", "management", "ownership", "peers"];

describe("/v2/company/report/{symbol}/", () => {
  test("all sections by default, in the service's order", async () => {
    const r = await api.get("/v2/company/report/bbca.jk/");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["symbol", "company_name", ...ALL_SECTIONS]);
    expect(r.body.symbol).toBe("BBCA.JK");
  });

  test("only the requested sections; an unknown one is a 400 naming it", async () => {
    const r = (await api.get("/v2/company/report/TLKM/?sections=peers,overview")).body;
    expect(Object.keys(r)).toEqual(["symbol", "company_name", "overview", "peers"]);
    // The form the description declares (the name repeated, as MDQ sends it) is the same list.
    expect((await api.get("/v2/company/report/TLKM/?sections=peers&sections=overview")).body).toEqual(r);
    expect((await api.get("/v2/company/report/TLKM/?sections=overview,charts,news")).body).toEqual({
      error: "Invalid sections provided: charts, news.",
    });
    expect((await api.get("/v2/company/report/ZZZZ/")).body).toEqual({ error: "Given stock symbol does not exist." });
    expect((await api.get("/v2/company/report/ZZZZ/")).status).toBe(404);
    expect((await api.get("/v2/company/report/BBCA1/")).body).toEqual({ error: "Please provide a valid stock symbol." });
    expect((await api.get("/v2/company/report/BBCA/?section=overview")).status).toBe(400);
  });

  test("overview: display names, figures that agree with the other endpoints", async () => {
    const o = (await api.get("/v2/company/report/ADRO/?sections=overview")).body.overview;
    expect(o).toMatchObject({ sector: "Energy", sub_sector: "Oil, Gas & Coal", industry: "Coal", sub_industry: "Coal Production" });
    const daily = (await api.get("/v2/daily/ADRO/?start=2025-06-18&end=2025-06-18")).body[0];
    expect(o.last_close_price).toBe(daily.close);
    expect(o.market_cap).toBe(daily.market_cap);
    expect(o.latest_close_date).toBe("2025-06-18");
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
    for (const point of Object.values(o.all_time_price) as Record<string, number>[]) {
      const [[date, price]] = Object.entries(point);
      expect(date <= "2025-06-18").toBe(true);
      expect(typeof price).toBe("number");
    }
    expect(o.indices).toEqual(expect.arrayContaining(["LQ45", "KOMPAS100"]));
    expect(o.indices).not.toContain("MEDIA100");
    const screened = (
      await api.get(`/v2/companies/?where=${encodeURIComponent("symbol = 'ADRO'")}&order_by=market_cap&include_query_values=true`)
    ).body;
    expect(screened.results[0].query_values.market_cap).toBe(o.market_cap);
  });

  test("valuation, future and financials: the live fields, figures from the statements", async () => {
    const r = (await api.get("/v2/company/report/BMRI/?sections=valuation,future,financials")).body;
    const years = r.financials.historical_financials.map((y: any) => y.year);
    expect(years).toEqual([2019, 2020, 2021, 2022, 2023, 2024]);
    const y2024 = r.financials.historical_financials.at(-1);
    expect(Object.keys(y2024)).toHaveLength(66);
    const quarters = (await spec.get("/v1/financials/quarterly/BMRI/?n_quarters=6")).body.filter((q: any) => q.date.startsWith("2024"));
    expect(y2024.revenue).toBe(quarters.reduce((s: number, q: any) => s + q.revenue, 0));
    expect(y2024.total_assets).toBe(quarters.find((q: any) => q.date === "2024-12-31").total_assets);
    expect(y2024.gross_loan).toBe(quarters.find((q: any) => q.date === "2024-12-31").financials_sector_metrics.gross_loan);
    expect(r.financials.historical_financial_ratio[0]).toMatchObject({
      year: "2019",
      capital: { capital_adequacy_ratio: null },
      leverage: expect.any(Object),
      liquidity: expect.any(Object),
      efficiency: expect.any(Object),
      profitability: expect.any(Object),
    });
    expect(Object.keys(r.financials.historical_eps)).toEqual(years.map(String));
    expect(r.valuation.historical_valuation.map((v: any) => v.year)).toEqual(years);
    expect(Object.keys(r.valuation.historical_valuation[0])).toEqual([
      "pb",
      "pe",
      "ps",
      "pcf",
      "peg",
      "year",
      "pb_peer_avg",
      "pe_peer_avg",
      "ps_peer_avg",
      "enterprise_to_ebitda",
      "enterprise_to_revenue",
    ]);
    expect(r.future.company_value_forecasts.map((f: any) => f.estimate_year)).toEqual([2025, 2026]);
    expect(r.future.company_growth_forecasts[0]).toMatchObject({ base_year: 2024, estimate_year: 2025 });
    const a = r.future.analyst_rating_breakdown;
    expect(a.strong_buy + a.buy + a.hold + a.sell + a.strong_sell).toBe(a.n_analyst);
  });

  test("dividend: payments per year add up to the year's totals and the screener's fields", async () => {
    const d = (await api.get("/v2/company/report/BBRI/?sections=dividend")).body.dividend;
    for (const year of Object.values(d.historical_dividends) as any[]) {
      expect(year.total_dividend).toBe(year.breakdown.reduce((s: number, p: any) => s + p.total, 0));
      for (const p of year.breakdown) expect(typesOf(p)).toEqual({ date: "string", total: "number", yield: "number" });
    }
    expect(d.upcoming_dividends).toBeNull();
    expect(d.dividend_yield_avg.period).toBe(5);
    const where = encodeURIComponent("symbol = 'BBRI'");
    const q = (await api.get(`/v2/companies/?where=${where}&order_by=dividend_ttm&include_query_values=true`)).body.results[0].query_values;
    expect(q.dividend_ttm).toBe(d.dividend_ttm);
    const y2024 = (
      await api.get(`/v2/companies/?where=${encodeURIComponent("total_dividend[2024] > 0 and symbol = 'BBRI'")}&include_query_values=true`)
    ).body;
    expect(y2024.results[0].query_values["total_dividend[2024]"]).toBe(d.historical_dividends["2024"].total_dividend);
    expect(d.last_ex_dividend_date <= "2025-06-18").toBe(true);
  });

  test("management, ownership and peers", async () => {
    const r = (await api.get("/v2/company/report/BBNI/?sections=management,ownership,peers")).body;
    expect(r.management.key_executives).toHaveLength(2);
    for (const e of r.management.executives_shareholdings) {
      expect(typesOf(e)).toEqual({ name: "string", position: "string", share_amount: "number", share_percentage: "number" });
    }
    const holders = r.ownership.major_shareholders;
    expect(holders[0].name).toBe("Negara Republik Indonesia");
    for (const h of holders) expect(h.share_percentage).toMatch(/^0\.\d{5}$/);
    expect(Object.keys(r.ownership)).toEqual([
      "major_shareholders",
      "top_transactions",
      "institutional_transaction_flow",
      "whale_investors",
      "conglomerates_group",
    ]);
    expect(r.ownership.institutional_transaction_flow).toHaveLength(12);
    const { companies, group_name } = r.peers[0].peers_data;
    expect(group_name).toEqual({ sector: "Financials", industry: "Banks", sub_sector: "Banks", sub_industry: "Banks" });
    expect(companies).toHaveLength(IDX_BANKS.length);
    expect(companies.filter((c: any) => c.group[0] === "self").map((c: any) => c.symbol)).toEqual(["BBNI.JK"]);
    expect(companies[0].int_income_breakdown.length).toBeGreaterThan(0);
    expect(companies[0].revenue_breakdown).toBeNull();
  });
});

describe("/v2/klse/company/report/{symbol}/", () => {
  test("the live shape, from the spec edition's figures", async () => {
    const live = (await api.get("/v2/klse/company/report/1155/")).body;
    const old = (await spec.get("/v1/klse/company/report/1155/")).body;
    expect(Object.keys(live)).toEqual(["symbol", "name", "overview", "valuation", "financials", "dividend"]);
    expect(Object.keys(live.overview)).toEqual([...Object.keys(old.overview), "change_1m", "change_1y", "change_ytd", "change_3y"]);
    expect(live.overview.market_cap).toBe(old.overview.market_cap);
    expect(Object.keys(live.valuation)).toEqual(["pe", "beta", "ps", "pcf", "pb"]);
    expect(live.financials.historical_earnings.TTM).toBe(old.financials.historical_earnings[0].earnings);
    expect(live.financials.historical_revenue["2024"]).toBe(old.financials.historical_revenue.find((r: any) => r.period === 2024).revenue);
    expect(typeof live.dividend.dividend_growth_rate).toBe("string");
    expect(typeof live.dividend.payout_ratio).toBe("string");
    expect(live.dividend).toEqual(old.dividend);
  });

  test("sections and errors", async () => {
    expect(Object.keys((await api.get("/v2/klse/company/report/5347/?sections=dividend,overview")).body)).toEqual([
      "symbol",
      "name",
      "overview",
      "dividend",
    ]);
    expect((await api.get("/v2/klse/company/report/5347/?sections=peers")).body).toEqual({ error: "Invalid sections provided: peers." });
    const missing = await api.get("/v2/klse/company/report/9999/");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Given KLSE symbol does not exist." });
    expect((await api.get("/v2/klse/company/report/MAYBANK/")).status).toBe(400);
  });
});

describe("/v2/klse/companies/top/", () => {
  test("the spec edition's rankings, the dividend value named forward_dividend_yield as the description has it", async () => {
    const live = (await api.get("/v2/klse/companies/top/?n_stock=3")).body;
    const old = (await spec.get("/v1/klse/companies/top/?n_stock=3")).body;
    expect(Object.keys(live)).toEqual(["dividend_yield", "revenue", "earnings", "market_cap", "pe"]);
    expect(live.revenue).toEqual(old.revenue);
    for (const [i, row] of live.dividend_yield.entries()) {
      expect(Object.keys(row)).toEqual(["symbol", "forward_dividend_yield", "company_name"]);
      expect(row.forward_dividend_yield).toBe(old.dividend_yield[i].forward_dividend_yield);
    }
  });

  test("parameters: n_stock 1-10, classifications, sector; no match is an empty 200", async () => {
    expect((await api.get("/v2/klse/companies/top/?classifications=pe&n_stock=10")).body.pe.length).toBeLessThanOrEqual(10);
    expect((await api.get("/v2/klse/companies/top/?n_stock=11")).status).toBe(400);
    expect((await api.get("/v2/klse/companies/top/?n_stock=0")).status).toBe(400);
    expect((await api.get("/v2/klse/companies/top/?classifications=growth")).body).toEqual({
      error: "Invalid classifications provided, select from these choices: dividend_yield, revenue, earnings, market_cap, pe.",
    });
    expect((await api.get("/v2/klse/companies/top/?sector=nope")).status).toBe(400);
    const none = await api.get("/v2/klse/companies/top/?classifications=revenue,pe&min_mcap_million=99999999");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ revenue: [], pe: [], message: expect.stringMatching(/min_mcap_million/) });
  });
});
