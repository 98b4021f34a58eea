// SGX companies (spec 4.10) and the KLSE report and top rankings (spec 4.11, 4.17).
import { KLSE_CLASSIFICATIONS } from "../../shared/catalogue/vocabularies";
import { useSandbox } from "./helpers";

const api = useSandbox();
const DECIMAL_TEXT = /^-?\d+\.\d{4}$/;

describe("SGX", () => {
  test("sectors are kebab-case; financial-services holds DBS, OCBC and UOB", async () => {
    const sectors = (await api.get("/v1/sgx/sectors/")).body;
    expect(sectors).toContain("financial-services");
    for (const s of sectors) expect(s).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const fin = (await api.get("/v1/sgx/companies/?sector=financial-services")).body;
    expect(fin.map((c: any) => c.symbol)).toEqual(expect.arrayContaining(["D05", "O39", "U11"]));
    expect(Object.keys(fin[0])).toEqual(["symbol", "company_name"]);
    for (const s of sectors) expect((await api.get(`/v1/sgx/companies/?sector=${s}`)).body.length).toBeGreaterThan(1);
  });

  test("sector is required and must exist", async () => {
    expect((await api.get("/v1/sgx/companies/")).body).toEqual({ error: "Query parameter 'sector' is required." });
    const r = await api.get("/v1/sgx/companies/?sector=banks");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "The requested sector does not exist." });
  });
});

describe("KLSE lists and report", () => {
  test("sectors and companies by sector", async () => {
    const sectors = (await api.get("/v1/klse/sectors/")).body;
    expect(sectors).toEqual(expect.arrayContaining(["financials", "utilities", "consumer-non-cyclicals"]));
    const fin = (await api.get("/v1/klse/companies/?sector=financials")).body.map((c: any) => c.symbol);
    expect(fin).toEqual(expect.arrayContaining(["1155", "1295"]));
    expect(fin).not.toContain("5347");
    expect((await api.get("/v1/klse/companies/?sector=utilities")).body.map((c: any) => c.symbol)).toContain("5347");
    expect((await api.get("/v1/klse/companies/?sector=nope")).body).toEqual({ error: "The requested sector does not exist." });
  });

  test.each(["1155", "1295", "5347"])("report %s has the full shape", async (symbol) => {
    const r = (await api.get(`/v1/klse/company/report/${symbol}/`)).body;
    expect(r.symbol).toBe(symbol);
    expect(Object.keys(r)).toEqual(["symbol", "name", "overview", "valuation", "financials", "dividend"]);
    expect(Object.keys(r.overview)).toEqual(["market_cap", "volume", "employee_num", "sector", "sub_sector", "change_1d", "change_7d"]);
    expect(Object.keys(r.valuation).sort()).toEqual(["pb", "pcf", "pcf_ttm", "pe", "pe_ttm", "ps_ttm"]);
    for (const v of Object.values(r.valuation)) expect(typeof v).toBe("number");
    const { historical_earnings: earnings, historical_revenue: revenue } = r.financials;
    expect(earnings.map((e: any) => e.period)).toEqual(["TTM", 2024, 2023, 2022, 2021, 2020]);
    expect(revenue.map((e: any) => e.period)).toEqual(["TTM", 2024, 2023, 2022, 2021, 2020]);
    for (const k of ["eps", "operating_margin", "net_profit_margin", "quick_ratio", "current_ratio", "debt_to_equity"]) {
      expect(typeof r.financials[k]).toBe("number");
    }
    expect(r.dividend.dividend_growth_rate).toMatch(DECIMAL_TEXT);
    expect(r.dividend.payout_ratio).toMatch(DECIMAL_TEXT);
    for (const k of ["dividend_yield_5y_avg", "forward_dividend", "forward_dividend_yield", "dividend_ttm"])
      expect(typeof r.dividend[k]).toBe("number");
    expect(r.valuation.pe).toBeCloseTo(r.overview.market_cap / earnings[1].earnings, 2);
  });

  test("Maybank looks like Maybank: MYR ~100bn market cap, bank margins", async () => {
    const r = (await api.get("/v1/klse/company/report/1155/")).body;
    expect(r.name).toBe("Malayan Banking Berhad");
    expect(r.overview.market_cap).toBeGreaterThan(9e10);
    expect(r.overview.market_cap).toBeLessThan(1.5e11);
    expect(r.financials.gross_margin).toBeNull();
  });

  test("bad and unknown symbols", async () => {
    for (const t of ["11a5", "12345", "115"]) {
      expect((await api.get(`/v1/klse/company/report/${t}/`)).body).toEqual({ error: "Please provide a valid stock ticker." });
    }
    const r = await api.get("/v1/klse/company/report/9999/");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Given KLSE symbol does not exist." });
  });
});

describe("KLSE top", () => {
  test("defaults: all five classifications, five each, ranked", async () => {
    const r = (await api.get("/v1/klse/companies/top/")).body;
    expect(Object.keys(r)).toEqual(Object.keys(KLSE_CLASSIFICATIONS));
    for (const [key, field] of Object.entries(KLSE_CLASSIFICATIONS)) {
      const list = r[key];
      expect(list).toHaveLength(5);
      for (const item of list) expect(Object.keys(item).sort()).toEqual(["company_name", field, "symbol"].sort());
      const values = list.map((i: any) => i[field]);
      const sorted = [...values].sort((a, b) => (key === "pe" ? a - b : b - a));
      expect(values).toEqual(sorted);
    }
    expect(r.market_cap[0].symbol).toBe("1155");
  });

  test("values agree with the company reports", async () => {
    const top = (await api.get("/v1/klse/companies/top/?classifications=market_cap,revenue,dividend_yield&n_stock=3")).body;
    for (const item of top.market_cap) {
      expect((await api.get(`/v1/klse/company/report/${item.symbol}/`)).body.overview.market_cap).toBe(item.market_cap);
    }
    for (const item of top.revenue) {
      expect((await api.get(`/v1/klse/company/report/${item.symbol}/`)).body.financials.historical_revenue[1].revenue).toBe(item.revenue);
    }
    for (const item of top.dividend_yield) {
      expect((await api.get(`/v1/klse/company/report/${item.symbol}/`)).body.dividend.forward_dividend_yield).toBe(
        item.forward_dividend_yield,
      );
    }
  });

  test("classifications subset, n_stock, sector and min_mcap_million", async () => {
    const two = (await api.get("/v1/klse/companies/top/?classifications=pe,revenue&n_stock=3")).body;
    expect(Object.keys(two).sort()).toEqual(["pe", "revenue"]);
    expect(two.pe).toHaveLength(3);
    const fin = (await api.get("/v1/klse/companies/top/?sector=financials&classifications=market_cap&n_stock=10")).body;
    const finSymbols = (await api.get("/v1/klse/companies/?sector=financials")).body.map((c: any) => c.symbol);
    for (const item of fin.market_cap) expect(finSymbols).toContain(item.symbol);
    const big = (await api.get("/v1/klse/companies/top/?classifications=market_cap&n_stock=10&min_mcap_million=50000")).body;
    for (const item of big.market_cap) expect(item.market_cap).toBeGreaterThanOrEqual(5e10);
    expect(big.market_cap.length).toBeLessThan(10);
    // Dufu (MYR ~0.9bn) only shows up once the default 1000 million floor is lowered.
    const tech = (s: string) => api.get(`/v1/klse/companies/top/?sector=technology&classifications=market_cap&n_stock=10${s}`);
    expect((await tech("")).body.market_cap.map((i: any) => i.symbol)).not.toContain("7233");
    expect((await tech("&min_mcap_million=500")).body.market_cap.map((i: any) => i.symbol)).toContain("7233");
  });

  test("validation messages", async () => {
    const cases: [string, string][] = [
      [
        "classifications=growth",
        "Invalid classifications provided, select from these choices: dividend_yield, revenue, earnings, market_cap, pe.",
      ],
      ["n_stock=abc", "{n_stock} param expects an integer value."],
      ["min_mcap_million=big", "Invalid min_mcap_million value. Not an integer"],
      ["sector=crypto", "The requested sector does not exist."],
      ["min_mcap_million=99999999", "There are no companies matching the criteria, consider adjusting the `min_mcap_million` param value."],
      ["limit=3", "Invalid query parameters: limit."],
    ];
    for (const [q, error] of cases) {
      const r = await api.get(`/v1/klse/companies/top/?${q}`);
      expect({ q, status: r.status, body: r.body }).toEqual({ q, status: 400, body: { error } });
    }
    for (const n of ["0", "11"]) expect((await api.get(`/v1/klse/companies/top/?n_stock=${n}`)).status).toBe(400);
    expect((await api.get("/v1/klse/companies/top/?n_stock=10")).body.revenue).toHaveLength(10);
  });
});
