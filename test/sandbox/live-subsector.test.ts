// Live edition: /v2/subsector/report/{sub_sector}/ by section, shaped like the OpenAPI example,
// with figures that agree with the screener and the daily bars. Today is 2025-06-18.
import { IDX_BANKS, useSandbox } from "./helpers";

const api = useSandbox({ edition: "live" });
const SECTIONS = ["statistics", "market_cap", "stability", "valuation", "growth", "companies"];
const BANKS = IDX_BANKS;
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const screened = async (where: string, fields: string) =>
  (await ok(`/v2/companies/?where=${encodeURIComponent(where)}&order_by=${fields}&include_query_values=true&limit=200`)).results;

describe("/v2/subsector/report/{sub_sector}/", () => {
  test("every section by default, in the service's order and shape", async () => {
    const r = await ok("/v2/subsector/report/banks/");
    expect(Object.keys(r)).toEqual(["sector", "sub_sector", ...SECTIONS]);
    expect([r.sector, r.sub_sector]).toEqual(["Financials", "Banks"]);
    expect(Object.keys(r.statistics)).toEqual([
      "total_companies",
      "filtered_median_pe",
      "filtered_weighted_avg_pe",
      "min_company_pe",
      "max_company_pe",
    ]);
    expect(Object.keys(r.market_cap)).toEqual(["total_market_cap", "avg_market_cap", "quarterly_market_cap", "mcap_summary"]);
    expect(Object.keys(r.market_cap.quarterly_market_cap)).toEqual(["prev_ttm_mcap", "current_ttm_mcap", "current_ttm_mcap_pavg"]);
    expect(Object.keys(r.market_cap.mcap_summary)).toEqual(["mcap_change", "monthly_performance", "performance_quantile"]);
    expect(Object.keys(r.market_cap.mcap_summary.mcap_change)).toEqual(["1w", "1y", "ytd"]);
    expect(Object.keys(r.stability)).toEqual(["weighted_max_drawdown", "weighted_rsd_close"]);
    expect(Object.keys(r.valuation)).toEqual(["historical_valuation"]);
    expect(Object.keys(r.growth)).toEqual(["weighted_avg_growth_data", "growth_forecasts"]);
    expect(Object.keys(r.companies)).toEqual(["top_companies", "top_change_companies"]);
    expect(Object.keys(r.companies.top_companies)).toEqual(["top_mcap", "top_growth", "top_profit", "top_revenue"]);
  });

  test("statistics and market caps agree with the screener", async () => {
    const r = await ok("/v2/subsector/report/banks/?sections=statistics,market_cap");
    expect(Object.keys(r)).toEqual(["sector", "sub_sector", "statistics", "market_cap"]);
    const rows = await screened("sub_sector = 'Banks'", "symbol");
    expect(rows.map((x: any) => x.symbol)).toEqual(BANKS);
    expect(r.statistics.total_companies).toBe(BANKS.length);
    const caps = await screened("sub_sector = 'Banks'", "-market_cap");
    const total = caps.reduce((s: number, x: any) => s + x.query_values.market_cap, 0);
    expect(r.market_cap.total_market_cap).toBe(total);
    expect(r.market_cap.avg_market_cap).toBeCloseTo(total / BANKS.length, 0);
    const pes = (await screened("sub_sector = 'Banks' and pe_ttm > 0", "pe_ttm")).map((x: any) => x.query_values.pe_ttm);
    const mid = Math.floor(pes.length / 2);
    expect(r.statistics.filtered_median_pe).toBeCloseTo(pes.length % 2 ? pes[mid] : (pes[mid - 1] + pes[mid]) / 2, 10);
    expect(r.statistics.min_company_pe).toBe(pes[0]);
    expect(r.statistics.max_company_pe).toBe(pes.at(-1));
    const q = r.market_cap.quarterly_market_cap;
    expect(Object.keys(q.prev_ttm_mcap)).toEqual(["2023.Q2", "2023.Q3", "2023.Q4", "2024.Q1"]);
    expect(Object.keys(q.current_ttm_mcap)).toEqual(["2024.Q2", "2024.Q3", "2024.Q4", "2025.Q1"]);
    for (const [label, cap] of Object.entries(q.current_ttm_mcap) as [string, number][])
      expect(q.current_ttm_mcap_pavg[label]).toBeCloseTo(cap / BANKS.length, 0);
    // The quarter's last trading day: IDX was shut from 28 March to 7 April 2025 (Eid al-Fitr).
    const quarterEnd = await Promise.all(
      BANKS.map(async (s) => (await ok(`/v2/daily/${s}/?start=2025-03-27&end=2025-03-27`))[0].market_cap),
    );
    expect(q.current_ttm_mcap["2025.Q1"]).toBe(quarterEnd.reduce((s, x) => s + x, 0));
    expect(Object.keys(r.market_cap.mcap_summary.monthly_performance)).toEqual(["2025-06-18"]);
    const quantile = r.market_cap.mcap_summary.performance_quantile;
    expect(quantile >= 0 && quantile < 1).toBe(true);
  });

  test("stability, valuation and growth: per-year maps of numbers, ranks among the sub-sectors", async () => {
    const r = await ok("/v2/subsector/report/oil-gas-coal/?sections=stability,valuation,growth");
    expect(r.sub_sector).toBe("Oil, Gas & Coal");
    expect(r.stability.weighted_max_drawdown).toBeLessThanOrEqual(0);
    expect(r.stability.weighted_rsd_close).toBeGreaterThan(0);
    const years = Object.keys(r.valuation.historical_valuation);
    expect(years).toEqual(["2019", "2020", "2021", "2022", "2023", "2024"]);
    const subsectors = (await ok("/v2/subsectors/")).length;
    for (const v of Object.values(r.valuation.historical_valuation) as any[]) {
      expect(Object.keys(v)).toEqual(["pb", "pe", "ps", "pcf", "pb_rank", "pe_rank", "ps_rank", "pcf_rank"]);
      for (const k of ["pb_rank", "pe_rank", "ps_rank", "pcf_rank"]) if (v[k] !== null) expect(v[k] >= 1 && v[k] <= subsectors).toBe(true);
    }
    expect(Object.keys(r.growth.weighted_avg_growth_data)).toEqual(years.slice(1));
    for (const [year, g] of Object.entries(r.growth.growth_forecasts) as [string, any][]) {
      expect(Object.keys(g)).toEqual(["base_year", "eps_growth", "revenue_growth"]);
      expect(g.base_year).toBe(Number(year) - 1);
    }
  });

  test("companies: the top five by each figure, keyed by symbol", async () => {
    const r = (await ok("/v2/subsector/report/banks/?sections=companies")).companies;
    const top = (await screened("sub_sector = 'Banks'", "-market_cap")).slice(0, 5);
    expect(Object.keys(r.top_companies.top_mcap)).toEqual(top.map((x: any) => x.symbol).sort());
    for (const x of top)
      expect(r.top_companies.top_mcap[x.symbol]).toEqual({ name: x.company_name, market_cap: x.query_values.market_cap });
    for (const [key, field] of [
      ["top_growth", "revenue_growth"],
      ["top_profit", "profit_ttm"],
      ["top_revenue", "revenue_ttm"],
    ]) {
      for (const v of Object.values(r.top_companies[key]) as any[]) expect(Object.keys(v)).toEqual(["name", field]);
    }
    const changes = Object.values(r.top_change_companies) as any[];
    expect(changes).toHaveLength(5);
    for (const v of changes) expect(Object.keys(v)).toEqual(["pe", "1yr", "1mth", "name", "last_close"]);
  });

  test("unknown sub-sector, unknown section, unknown parameter", async () => {
    const missing = await api.get("/v2/subsector/report/airlines/");
    expect([missing.status, missing.body]).toEqual([404, { error: "Requested sub_sector does not exist." }]);
    expect((await api.get("/v2/subsector/report/banks/?sections=statistics,foo")).body).toEqual({
      error: "Invalid sections provided: foo.",
    });
    expect((await api.get("/v2/subsector/report/banks/?year=2024")).body).toEqual({ error: "Invalid query parameters: year." });
    expect((await ok("/v2/subsector/report/BANKS/?sections=statistics")).sub_sector).toBe("Banks");
  });
});
