// Flattening of the report resources: QUARTERLY's statement layout (bank and non-bank), the
// KLSE report and its sections, KLSE top rankings and revenue segments as long rows.
import { expectRectangular, fieldValues, firstColumn, fixture, run, serve } from "../harness";

/** The bank fixture's fields that are null in each of its three quarters. */
const BLANK_AT_THE_BANK = [
  "cost_of_revenue",
  "gross_profit",
  "premium_income",
  "premium_expense",
  "net_premium_income",
  "interest_expense_non_operating",
  "ebit",
  "ebitda",
  "total_non_current_assets",
  "total_current_asset",
  "current_liabilities",
  "total_non_current_liabilities",
  "non_interest_bearing_liabilities",
  "total_debt",
  "cash_and_short_term_investments",
  "non_loan_assets",
  "free_cash_flow",
  "realized_capital_goods_investment",
  "financials_sector_metrics.total_earning_assets",
  "financials_sector_metrics.other_interest_bearing_liabilities",
];

describe("QUARTERLY, a bank", () => {
  const { cells, urls } = run("QUARTERLY", ["bkpa", 3], "quarterly-bank.json");
  const every = run("QUARTERLY", ["bkpa", 3, "", "", "all=true"], "quarterly-bank.json").cells;
  const row = (field: string) => cells.find((r) => r[0] === field);
  const everyRow = (field: string) => every.find((r) => r[0] === field);

  test("statement layout: field names in the first column, one column per quarter, oldest on the left", () => {
    expect(urls).toEqual(["http://127.0.0.1:9/v1/financials/quarterly/BKPA/?n_quarters=3"]);
    expectRectangular(cells);
    expect(cells[0]).toEqual(["date", "2025-06-30", "2025-09-30", "2025-12-31"]);
    expect(row("symbol")).toEqual(["symbol", "BKPA.JK", "BKPA.JK", "BKPA.JK"]);
  });

  test("all=true: every field the service sends: income, balance sheet, cash flow, then the bank metrics dotted", () => {
    expect(every[0]).toEqual(cells[0]);
    expectRectangular(every);
    expect(firstColumn(every)).toEqual([
      "date",
      "symbol",
      "revenue",
      "cost_of_revenue",
      "gross_profit",
      "operating_expense",
      "provision",
      "operating_pnl",
      "non_operating_income_or_loss",
      "non_interest_income",
      "premium_income",
      "premium_expense",
      "net_premium_income",
      "earnings_before_tax",
      "tax",
      "minorities",
      "earnings",
      "interest_expense_non_operating",
      "ebit",
      "ebitda",
      "total_assets",
      "total_non_current_assets",
      "total_current_asset",
      "total_liabilities",
      "current_liabilities",
      "total_non_current_liabilities",
      "non_interest_bearing_liabilities",
      "total_equity",
      "stockholders_equity",
      "total_debt",
      "cash_only",
      "cash_and_short_term_investments",
      "non_loan_assets",
      "operating_cash_flow",
      "investing_cash_flow",
      "financing_cash_flow",
      "net_cash_flow",
      "free_cash_flow",
      "realized_capital_goods_investment",
      "financials_sector_metrics.interest_income",
      "financials_sector_metrics.interest_expense",
      "financials_sector_metrics.net_interest_income",
      "financials_sector_metrics.gross_loan",
      "financials_sector_metrics.allowance_for_loans",
      "financials_sector_metrics.net_loan",
      "financials_sector_metrics.total_earning_assets",
      "financials_sector_metrics.current_account",
      "financials_sector_metrics.savings_account",
      "financials_sector_metrics.time_deposit",
      "financials_sector_metrics.total_deposit",
      "financials_sector_metrics.other_interest_bearing_liabilities",
      "financials_sector_metrics.total_cash_and_due_from_banks",
    ]);
  });

  test("by default the fields blank in every quarter are left out, the others in the same order", () => {
    expectRectangular(cells);
    expect(firstColumn(cells)).toEqual(firstColumn(every).filter((f) => !BLANK_AT_THE_BANK.includes(f as string)));
    expect(firstColumn(cells)).toHaveLength(firstColumn(every).length - BLANK_AT_THE_BANK.length);
    // A field of zeros is a value: kept.
    expect(row("non_operating_income_or_loss")).toEqual(["non_operating_income_or_loss", 0, 0, 0]);
  });

  test("values per quarter, oldest first; nulls empty; the unknown reporting_standard dropped", () => {
    expect(row("revenue")).toEqual(["revenue", 27000027000, 27000054000, 27000081000]);
    expect(row("provision")).toEqual(["provision", -1200001200, -1200002400, -1200003600]);
    expect(everyRow("ebitda")).toEqual(["ebitda", null, null, null]);
    expect(row("financials_sector_metrics.net_interest_income")).toEqual([
      "financials_sector_metrics.net_interest_income",
      22000022000,
      22000044000,
      22000066000,
    ]);
    expect(everyRow("financials_sector_metrics.total_earning_assets")).toEqual([
      "financials_sector_metrics.total_earning_assets",
      null,
      null,
      null,
    ]);
    for (const table of [cells, every]) {
      expect(firstColumn(table)).not.toContain("reporting_standard");
      expect(table.flat()).not.toContain("PSAK");
    }
  });

  test("orient=rows: one row per quarter, oldest first, the same fields as header", () => {
    const rows = run("QUARTERLY", ["BKPA", 3, "", "", "orient=rows"], "quarterly-bank.json").cells;
    expectRectangular(rows);
    expect(rows[0]).toEqual(firstColumn(cells));
    expect(rows.slice(1).map((r) => r[0])).toEqual(["2025-06-30", "2025-09-30", "2025-12-31"]);
    expect(rows[1][rows[0].indexOf("revenue")]).toBe(27000027000);
    expect(rows[3][rows[0].indexOf("financials_sector_metrics.gross_loan")]).toBe(900002700000);
  });

  test("one quarter keeps date as its heading row, not a field, value table", () => {
    const one = JSON.stringify([JSON.parse(fixture("quarterly-bank.json"))[0]]);
    const single = serve("QUARTERLY", ["BKPA", "", "2025-12-31"], one).cells;
    expect(single[0]).toEqual(["date", "2025-12-31"]);
    expect(single.find((r) => r[0] === "revenue")).toEqual(["revenue", 27000081000]);
  });
});

describe("QUARTERLY, a non-bank", () => {
  const { cells } = run("QUARTERLY", ["KOPI", 2], "quarterly-nonbank.json");

  test("the statement with capital_expenditure; a field with a value in one quarter kept; null bank metrics left out", () => {
    expectRectangular(cells);
    expect(cells).toEqual([
      ["date", "2025-09-30", "2025-12-31"],
      ["symbol", "KOPI.JK", "KOPI.JK"],
      ["revenue", 1400000000000, 1500000000000],
      ["cost_of_revenue", 850000000000, 900000000000],
      ["gross_profit", 550000000000, 600000000000],
      ["operating_expense", 240000000000, 250000000000],
      ["operating_pnl", 310000000000, 350000000000],
      ["earnings_before_tax", 300000000000, 340000000000],
      ["tax", 66000000000, 75000000000],
      ["earnings", 234000000000, 265000000000],
      ["ebit", 310000000000, 350000000000],
      ["ebitda", 365000000000, 410000000000],
      ["total_assets", 5000000000000, 5200000000000],
      ["total_liabilities", 2050000000000, 2100000000000],
      ["total_equity", 2950000000000, 3100000000000],
      ["total_debt", null, 800000000000],
      ["operating_cash_flow", 390000000000, 420000000000],
      ["free_cash_flow", 280000000000, 300000000000],
      ["capital_expenditure", -110000000000, -120000000000],
      ["realized_capital_goods_investment", -110000000000, -120000000000],
    ]);
  });

  test("all=true: the null bank metrics are one empty row", () => {
    const every = run("QUARTERLY", ["KOPI", 2, "", "", "all=true"], "quarterly-nonbank.json").cells;
    expect(every).toEqual([...cells, ["financials_sector_metrics", null, null]]);
  });
});

describe("KLSE_REPORT", () => {
  const all = run("KLSE_REPORT", ["7123"], "klse-report.json");

  test("the whole report is a field, value table with dotted names", () => {
    expect(all.urls).toEqual(["http://127.0.0.1:9/v1/klse/company/report/7123/"]);
    expectRectangular(all.cells);
    expect(all.cells).toEqual([
      ["field", "value"],
      ["symbol", "7123"],
      ["name", "Tanjung Padi Berhad"],
      ["overview.market_cap", 8450000000],
      ["overview.volume", 1520300],
      ["overview.employee_num", null],
      ["overview.sector", "Consumer Products"],
      ["overview.sub_sector", "Food & Beverages"],
      ["overview.change_1d", 0.0125],
      ["overview.change_7d", -0.031],
      ["valuation.pe_ttm", 14.2],
      ["valuation.ps_ttm", 1.85],
      ["valuation.pcf", 9.75],
      ["valuation.pcf_ttm", 9.6],
      ["valuation.pb", 2.05],
      ["valuation.pe", 13.9],
      ["financials.historical_earnings.2023", null],
      ["financials.historical_earnings.2024", 575500000],
      ["financials.historical_earnings.TTM", 601000000],
      ["financials.historical_revenue.2023", 4020000000],
      ["financials.historical_revenue.2024", 4410000000],
      ["financials.historical_revenue.TTM", 4560000000],
      ["financials.eps", 0.42],
      ["financials.gross_margin", null],
      ["financials.operating_margin", 0.182],
      ["financials.net_profit_margin", 0.131],
      ["financials.quick_ratio", 1.4],
      ["financials.current_ratio", 1.9],
      ["financials.debt_to_equity", 0.35],
      ["dividend.dividend_yield_5y_avg", 0.041],
      ["dividend.dividend_growth_rate", -0.125],
      ["dividend.payout_ratio", 0.55],
      ["dividend.forward_dividend", 0.24],
      ["dividend.forward_dividend_yield", 0.038],
      ["dividend.dividend_ttm", 0.22],
    ]);
  });

  test("decimal strings dividend_growth_rate and payout_ratio are numbers; unknown ev_ebitda dropped", () => {
    const values = fieldValues(all.cells);
    expect(values["dividend.dividend_growth_rate"]).toBe(-0.125);
    expect(values["dividend.payout_ratio"]).toBe(0.55);
    expect(Object.keys(values)).not.toContain("valuation.ev_ebitda");
  });

  test.each([
    ["overview", "overview."],
    ["valuation", "valuation."],
    ["financials", "financials."],
    ["dividend", "dividend."],
  ])("section=%s keeps symbol, name and that part", (section, prefix) => {
    const { cells, urls } = run("KLSE_REPORT", ["7123", section], "klse-report.json");
    expect(urls).toEqual(["http://127.0.0.1:9/v1/klse/company/report/7123/"]);
    const expected = all.cells.filter((r, i) => i <= 2 || String(r[0]).startsWith(prefix));
    expect(cells).toEqual(expected);
    expect(cells.length).toBeGreaterThan(4);
  });

  test("section=historical_earnings: period, earnings rows, the years in the service's order, then TTM", () => {
    const { cells } = run("KLSE_REPORT", ["7123", "historical_earnings"], "klse-report.json");
    expect(cells).toEqual([
      ["period", "earnings"],
      [2024, 575500000],
      [2023, null],
      ["TTM", 601000000],
    ]);
  });

  test("section=historical_revenue: period, revenue rows", () => {
    const { cells } = run("KLSE_REPORT", ["7123", "historical_revenue"], "klse-report.json");
    expect(cells).toEqual([
      ["period", "revenue"],
      [2024, 4410000000],
      [2023, 4020000000],
      ["TTM", 4560000000],
    ]);
  });
});

describe("KLSE_TOP", () => {
  test("long rows classification, rank, symbol, company_name, value; empty rankings give no rows", () => {
    const { cells, urls } = run("KLSE_TOP", ["", "", ""], "klse-top.json");
    expect(urls).toEqual(["http://127.0.0.1:9/v1/klse/companies/top/"]);
    expect(cells).toEqual([
      ["classification", "rank", "symbol", "company_name", "value"],
      ["dividend_yield", 1, "7123", "Tanjung Padi Berhad", 0.0925],
      ["dividend_yield", 2, "6401", "Sungai Emas Holdings Bhd", 0.081],
      ["revenue", 1, "3308", "Kinabalu Industries Berhad", 51200000000],
      ["market_cap", 1, "2207", "Bank Selat Berhad", 98500000000],
      ["pe", 1, "0456", "Petra Minyak Berhad", 4.25],
      ["pe", 2, "5012", "Lembah Hijau Bhd", null],
    ]);
    expect(cells.flat()).not.toContain("MYR");
  });

  test("a ranking that arrives JSON-encoded gives the same rows", () => {
    const data = JSON.parse(fixture("klse-top.json"));
    data.pe = JSON.stringify(data.pe);
    expect(serve("KLSE_TOP", [], JSON.stringify(data)).cells).toEqual(run("KLSE_TOP", [], "klse-top.json").cells);
  });
});

describe("SEGMENTS", () => {
  const plain = run("SEGMENTS", ["KOPI", 2024], "segments.json");

  test("rows symbol, financial_year, source, target, value; unknown segment_id dropped", () => {
    expect(plain.urls).toEqual(["http://127.0.0.1:9/v1/company/get-segments/KOPI/?financial_year=2024"]);
    expect(plain.cells).toEqual([
      ["symbol", "financial_year", "source", "target", "value"],
      ["KOPI.JK", 2024, "Coffee (Domestic)", "Total Revenue", 1250000000000.5],
      ["KOPI.JK", 2024, "Coffee (Export)", "Total Revenue", 310000000000],
      ["KOPI.JK", 2024, "Others", "Total Revenue", null],
    ]);
  });

  test("a string-encoded revenue_breakdown gives the same table", () => {
    expect(run("SEGMENTS", ["KOPI", 2024], "segments-string-encoded.json").cells).toEqual(plain.cells);
  });
});
