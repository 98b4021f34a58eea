// Quarterly financials (spec 4.13), report dates and revenue segments (spec 4.12), with a fixed
// today of 2025-06-18: the latest report out is 2025-03-31 (reports follow the quarter by 45 days).
import { useSandbox } from "./helpers";

const api = useSandbox();
const BANKS = ["BBCA", "BBRI", "BMRI", "BBNI"];
const NON_BANKS = ["TLKM", "ASII", "UNVR", "ICBP", "GOTO", "ADRO", "ITMG", "PTBA", "ANTM", "INCO", "MDKA"];
const quarterly = (path: string) => api.get(`/v1/financials/quarterly/${path}`);

// Every field of spec 2.16, in both layouts.
const FIELDS = `symbol date revenue cost_of_revenue gross_profit operating_expense provision operating_pnl
non_operating_income_or_loss non_interest_income premium_income premium_expense net_premium_income earnings_before_tax
pretax_income tax minorities earnings net_income interest_expense_non_operating ebit ebitda diluted_shares_outstanding
total_assets total_non_current_assets total_current_asset total_liabilities current_liabilities total_non_current_liabilities
non_interest_bearing_liabilities total_equity stockholders_equity total_debt cash_only cash_and_short_term_investments
total_cash_and_due_from_banks non_loan_assets operating_cash_flow investing_cash_flow financing_cash_flow net_cash_flow
free_cash_flow capital_expenditure realized_capital_goods_investment`.split(/\s+/);
const BANK_FIELDS = `interest_income interest_expense net_interest_income gross_loan allowance_for_loans net_loan
total_earning_assets current_account savings_account time_deposit total_deposit other_interest_bearing_liabilities
total_cash_and_due_from_banks`.split(/\s+/);

describe("quarterly financials", () => {
  test("records carry every field of the spec", async () => {
    const bank = (await quarterly("BMRI/")).body[0];
    const corp = (await quarterly("UNVR/")).body[0];
    expect(Object.keys(bank).sort()).toEqual([...FIELDS, "financials_sector_metrics"].sort());
    expect(Object.keys(bank.financials_sector_metrics).sort()).toEqual([...BANK_FIELDS].sort());
    expect(Object.keys(corp).sort()).toEqual([...FIELDS].sort());
  });

  test("default: the single latest reported quarter", async () => {
    const r = await quarterly("BBCA/");
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0].symbol).toBe("BBCA.JK");
    expect(r.body[0].date).toBe("2025-03-31");
  });

  test("ticker with or without .JK, any case", async () => {
    const ref = (await quarterly("BBCA/")).text;
    for (const t of ["bbca", "BBCA.JK", "bbca.jk", "Bbca.Jk"]) expect((await quarterly(`${t}/`)).text).toBe(ref);
  });

  test("n_quarters: latest consecutive quarters, newest first; overrides report_date and approx", async () => {
    const r = await quarterly("TLKM/?n_quarters=5");
    expect(r.body.map((q: any) => q.date)).toEqual(["2025-03-31", "2024-12-31", "2024-09-30", "2024-06-30", "2024-03-31"]);
    const over = await quarterly("TLKM/?n_quarters=2&report_date=2020-01-01&approx=false");
    expect(over.body.map((q: any) => q.date)).toEqual(["2025-03-31", "2024-12-31"]);
    const all = await quarterly("TLKM/?n_quarters=1000");
    expect(all.body).toHaveLength(25); // 2019 Q1 .. 2025 Q1
    expect(all.body.at(-1).date).toBe("2019-03-31");
  });

  test("report_date with approx (default true) picks the closest report date", async () => {
    expect((await quarterly("ASII/?report_date=2024-05-01")).body[0].date).toBe("2024-03-31");
    expect((await quarterly("ASII/?report_date=2024-05-20")).body[0].date).toBe("2024-06-30");
    expect((await quarterly("ASII/?report_date=2024-05-20&approx=true")).body[0].date).toBe("2024-06-30");
    expect((await quarterly("ASII/?report_date=2010-01-01")).body[0].date).toBe("2019-03-31");
    expect((await quarterly("ASII/?report_date=2030-01-01")).body[0].date).toBe("2025-03-31");
  });

  test("approx=false: exact report date only, otherwise 404", async () => {
    expect((await quarterly("ASII/?report_date=2024-06-30&approx=false")).body[0].date).toBe("2024-06-30");
    const miss = await quarterly("ASII/?report_date=2024-05-20&approx=false");
    expect(miss.status).toBe(404);
    expect(miss.body).toEqual({ error: "Invalid stock ticker and/or data for the specified report date does not exist." });
  });

  test("validation messages", async () => {
    const cases: [string, number, string][] = [
      ["BBCA1/", 400, "Please provide a valid stock ticker."],
      ["ZZZZ/", 404, "Invalid stock ticker and/or data for the specified report date does not exist."],
      ["BBCA/?approx=maybe", 400, "Invalid value for 'approx'. Use 'true' or 'false'."],
      ["BBCA/?n_quarters=0", 400, "Invalid value for 'n_quarters'. It must be a positive integer."],
      ["BBCA/?n_quarters=-2", 400, "Invalid value for 'n_quarters'. It must be a positive integer."],
      ["BBCA/?report_date=2024/03/31", 400, "Use a valid report_date format of YYYY-MM-DD."],
      ["BBCA/?report_date=2024-02-30", 400, "Please provide a valid report_date."],
      ["BBCA/?quarter=1", 400, "Invalid query parameters: quarter."],
    ];
    for (const [path, status, error] of cases) {
      const r = await quarterly(path);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status, body: { error } });
    }
  });

  test.each(BANKS)("%s carries bank metrics that add up, and no capex", async (t) => {
    for (const q of (await quarterly(`${t}/?n_quarters=25`)).body) {
      const m = q.financials_sector_metrics;
      expect(m.net_interest_income).toBe(m.interest_income - m.interest_expense);
      expect(m.net_loan).toBe(m.gross_loan - m.allowance_for_loans);
      expect(m.total_deposit).toBe(m.current_account + m.savings_account + m.time_deposit);
      expect(m.interest_income).toBeGreaterThan(m.interest_expense);
      expect(q.capital_expenditure).toBeNull();
      expect(q.realized_capital_goods_investment).toBeNull();
      expect(q.total_assets).toBeGreaterThan(1e14); // hundreds of trillions of IDR
      expect(q.total_liabilities + q.total_equity).toBe(q.total_assets);
    }
  });

  test.each(NON_BANKS)("%s has capex, no bank metrics, and consistent statements", async (t) => {
    const rows = (await quarterly(`${t}/?n_quarters=25`)).body;
    // GOTO listed on 2022-04-11: its reports start with 2022 Q1 (13 quarters to 2025 Q1).
    expect(rows).toHaveLength(t === "GOTO" ? 13 : 25);
    for (const q of rows) {
      expect(q.financials_sector_metrics).toBeUndefined();
      expect(q.capital_expenditure).toBeLessThan(0);
      expect(q.gross_profit).toBe(q.revenue - q.cost_of_revenue);
      expect(q.free_cash_flow).toBe(q.operating_cash_flow + q.capital_expenditure);
      expect(q.net_cash_flow).toBe(q.operating_cash_flow + q.investing_cash_flow + q.financing_cash_flow);
      expect(q.operating_expense).toBeGreaterThan(0);
      expect(q.total_liabilities + q.total_equity).toBe(q.total_assets);
      expect(q.revenue).toBeGreaterThan(1e11);
      expect(q.date).toMatch(/-(03-31|06-30|09-30|12-31)$/);
    }
  });

  test("growth is sensible: revenue moves less than 3x between consecutive years", async () => {
    for (const t of [...BANKS, "TLKM", "ASII", "UNVR", "ICBP"]) {
      const rows = (await quarterly(`${t}/?n_quarters=25`)).body;
      for (let i = 4; i < rows.length; i++) {
        const ratio = rows[i - 4].revenue / rows[i].revenue;
        expect(ratio).toBeGreaterThan(0.5);
        expect(ratio).toBeLessThan(2);
      }
    }
  });
});

describe("quarterly report dates", () => {
  test("years map to [date, quarter] pairs up to the last reported quarter", async () => {
    const r = await api.get("/v1/company/get_quarterly_financial_dates/bbca.jk/");
    expect(Object.keys(r.body)).toEqual(["2019", "2020", "2021", "2022", "2023", "2024", "2025"]);
    expect(r.body["2024"]).toEqual([
      ["2024-03-31", "q1"],
      ["2024-06-30", "q2"],
      ["2024-09-30", "q3"],
      ["2024-12-31", "q4"],
    ]);
    expect(r.body["2025"]).toEqual([["2025-03-31", "q1"]]);
    expect((await api.get("/v1/company/get_quarterly_financial_dates/ZZZZ/")).status).toBe(404);
  });
});

describe("revenue segments", () => {
  test("default is the latest full year; segments add up to that year's revenue", async () => {
    const seg = (await api.get("/v1/company/get-segments/TLKM/")).body;
    expect(seg.symbol).toBe("TLKM.JK");
    expect(seg.financial_year).toBe(2024);
    const quarters = (await quarterly("TLKM/?n_quarters=5")).body.filter((q: any) => q.date.startsWith("2024"));
    const revenue = quarters.reduce((s: number, q: any) => s + q.revenue, 0);
    expect(seg.revenue_breakdown.reduce((s: number, r: any) => s + r.value, 0)).toBe(revenue);
    for (const r of seg.revenue_breakdown) {
      expect(r.target).toBe("Total Revenue");
      expect(r.value).toBeGreaterThan(0);
    }
  });

  test("financial_year picks a year; missing year 404, bad year 400", async () => {
    const r = await api.get("/v1/company/get-segments/adro.jk/?financial_year=2021");
    expect(r.body.financial_year).toBe(2021);
    expect((await api.get("/v1/company/get-segments/ADRO/?financial_year=2021")).text).toBe(r.text);
    const missing = await api.get("/v1/company/get-segments/ADRO/?financial_year=2025");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Invalid stock ticker and/or data for the specified financial year does not exist." });
    expect((await api.get("/v1/company/get-segments/ADRO/?financial_year=twenty")).body).toEqual({
      error: "Please provide a valid financial year.",
    });
  });
});
