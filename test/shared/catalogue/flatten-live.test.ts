// The live edition's answers, from fixtures shaped like the provider's current examples (own
// values), through the real pipeline to the exact table: envelopes unwrapped, decimal text as
// numbers, slugs looked up, one request per year where the service answers one year at a time.
import { expectRectangular, fieldValues, recordLive, serveLive } from "../harness";

const B = "http://127.0.0.1:9";

describe("envelopes and lists", () => {
  test("FILINGS: the envelope's results as rows; price_transaction as parallel joined columns", () => {
    const { cells, urls } = serveLive("FILINGS", ["KOPI"]);
    expect(urls).toEqual([`${B}/v2/filings/?limit=20&offset=0&symbol=KOPI`]);
    expectRectangular(cells);
    const [head, first] = cells;
    const at = (name: string) => first[head.indexOf(name)];
    expect(head.slice(0, 8)).toEqual(["title", "body", "source", "timestamp", "sector", "sub_sector", "tags", "symbol"]);
    expect(head).not.toContain("id");
    expect(at("price")).toBe(1240.5);
    expect(at("transaction_value")).toBe(15506250000);
    expect(at("price_transaction.date")).toBe("2026-09-10, 2026-09-11");
    expect(at("price_transaction.amount_transacted")).toBe("5000000, 7500000");
    expect(at("tags")).toBe("insider-trading, bullish");
    expect(cells).toHaveLength(3);
  });

  test("NEWS: symbols joined, the dimension scores dotted, a null dimension empty", () => {
    const { cells, urls } = serveLive("NEWS", ["KOPI,bknr.jk"]);
    expect(urls).toEqual([`${B}/v2/news/?limit=20&offset=0&symbols=KOPI,BKNR`]);
    expect(cells[0]).toContain("dimension.sustainability");
    expect(cells[2][cells[0].indexOf("symbols")]).toBe("BKNR.JK, KOPI.JK");
    expect(cells[2][cells[0].indexOf("dimension.future")]).toBeNull();
  });

  test("NEWS of the mining extension: its own fields, the commodities joined", () => {
    const { cells, urls } = serveLive("NEWS", ["", "", "", "commodity_type=coal"]);
    expect(urls).toEqual([`${B}/v2/news/?commodity_type=Coal&extension=mining&limit=20&offset=0`]);
    expect(cells).toEqual([
      ["title", "source", "timestamp", "commodity_type"],
      [
        "Coal exports from Kalimantan rise for a third month",
        "https://news.example/mining/coal-exports-kaltim",
        "2026-09-12T07:45:00",
        "Coal",
      ],
      [
        "Smelter expansion lifts nickel and cobalt output",
        "https://news.example/mining/smelter-expansion",
        "2026-09-09T10:15:00",
        "Nickel, Cobalt",
      ],
    ]);
  });

  test("COMPANIES: the screener by sub-sector, the sort key's value as sorted_by (whole-number text read as a number)", () => {
    const { cells, urls } = serveLive("COMPANIES", ["banks", "market_cap", true]);
    expect(urls).toEqual([
      `${B}/v2/companies/?desc=true&include_query_values=true&limit=200&offset=0&order_by=market_cap&where=sub_sector%20like%20%27banks%27`,
    ]);
    expect(cells).toEqual([
      ["symbol", "company_name", "sorted_by"],
      ["BKNR.JK", "PT Bank Kenari Tbk.", 912340000000000],
      ["BPRI.JK", "PT Bank Priangan Tbk.", 412500000000000],
    ]);
  });

  test("COMPANIES: a sub-sector slug with several words matches the screener's display name", () => {
    const { urls } = serveLive("COMPANIES", ["Oil, Gas & Coal"]);
    expect(decodeURIComponent(urls[0])).toContain("where=sub_sector like 'oil%gas%coal'");
  });

  test("MINING_LICENSES and MINING_SITES: live fields in the service's order", () => {
    const licenses = serveLive("MINING_LICENSES", ["", "coal", true]);
    expect(licenses.urls).toEqual([`${B}/v2/mining/licenses/?commodity_type=Coal&expiring_soon=true`]);
    expect(licenses.cells[1][licenses.cells[0].indexOf("licensed_area_ha")]).toBe(4820.5);
    const sites = serveLive("MINING_SITES", ["", "coal", "", "production"]);
    expect(sites.urls).toEqual([`${B}/v2/mining/sites/?commodity_type=Coal&order_by=-production_volume`]);
    expect(sites.cells[0]).toEqual([
      "name",
      "project_name",
      "year",
      "commodity_type",
      "production_volume",
      "unit",
      "strip_ratio",
      "province",
      "city",
      "company_slug",
      "company_name",
      "slug",
    ]);
  });

  test("GLOBAL_COMMODITY: a column per year of production and per year and direction of trade", () => {
    const { cells } = serveLive("GLOBAL_COMMODITY", ["Nickel"]);
    const row = Object.fromEntries(cells[0].map((name, i) => [name, cells[1][i]]));
    expect(row["export_import_usd.2025.export"]).toBe(8600000000);
    expect(row["production_volume.2024"]).toBe(2200000);
    expect(row.production_volume_unit).toBe("t");
  });
});

describe("single records and reports", () => {
  test("KLSE_REPORT: the year maps as dotted fields, TTM after the years; decimal text as numbers", () => {
    const { cells, urls } = serveLive("KLSE_REPORT", ["7123"]);
    expect(urls).toEqual([`${B}/v2/klse/company/report/7123/`]);
    const names = cells.map((r) => r[0]);
    const earnings = names.filter((n) => String(n).startsWith("financials.historical_earnings."));
    expect(earnings).toEqual([
      "financials.historical_earnings.2023",
      "financials.historical_earnings.2024",
      "financials.historical_earnings.2025",
      "financials.historical_earnings.TTM",
    ]);
    expect(fieldValues(cells)["dividend.payout_ratio"]).toBe(0.45);
    expect(fieldValues(cells)["valuation.beta"]).toBe(0.62);
  });

  test("KLSE_REPORT historical section: one section asked of the service, years then TTM", () => {
    const { cells, urls } = serveLive("KLSE_REPORT", ["7123", "historical_revenue"]);
    expect(urls).toEqual([`${B}/v2/klse/company/report/7123/?sections=financials`]);
    expect(cells).toEqual([
      ["period", "revenue"],
      [2023, 1610000000],
      [2024, 1705000000],
      [2025, 1760000000],
      ["TTM", 1790000000],
    ]);
  });

  test("COMPANY_REPORT: field, value rows; yearly lists by year, people by name, without repeating the label", () => {
    const { cells, urls } = serveLive("COMPANY_REPORT", ["kopi", "valuation, management"]);
    expect(urls).toEqual([`${B}/v2/company/report/KOPI/?sections=valuation&sections=management`]);
    const fields = fieldValues(cells);
    expect(cells[0]).toEqual(["field", "value"]);
    expect(fields["valuation.historical_valuation.2025.pe"]).toBe(15.8);
    expect(fields["management.key_executives.Ratna Dewi.position"]).toBe("President Director");
    expect(fields).not.toHaveProperty(["valuation.historical_valuation.2025.year"]);
    expect(fields["overview.indices"]).toBe("KOMPAS100, IDXG30");
  });

  test("DAILY and INDEX: daily rows; media100 is sent as the live code kompas100", () => {
    expect(serveLive("DAILY", ["KOPI"]).cells[2]).toEqual(["KOPI.JK", "2026-09-11", 1244, 21500000, 24880000000000]);
    const index = serveLive("INDEX", ["media100", "2026-09-01", "2026-09-11"]);
    expect(index.urls).toEqual([`${B}/v2/index-daily/kompas100/?end=2026-09-11&start=2026-09-01`]);
    expect(index.cells[1]).toEqual(["KOMPAS100", "2026-09-10", 1187.42]);
  });
});

describe("mining by ticker or slug", () => {
  test("MINING_COMPANY by ticker: one lookup in the companies list, then the company by its slug", () => {
    const { cells, urls } = serveLive("MINING_COMPANY", ["brsg.jk"]);
    expect(urls).toEqual([`${B}/v2/mining/companies/?keyword=BRSG&limit=30`, `${B}/v2/mining/companies/pt-bara-sungai-tbk/`]);
    expect(fieldValues(cells).slug).toBe("pt-bara-sungai-tbk");
    expect(fieldValues(cells).mining_site_count).toBe(2);
  });

  test("MINING_COMPANY by slug: no lookup", () => {
    expect(serveLive("MINING_COMPANY", ["pt-bara-sungai-tbk"]).urls).toEqual([`${B}/v2/mining/companies/pt-bara-sungai-tbk/`]);
  });

  test("MINING_FINANCIALS without years: the latest, then each other year the service lists; newest first", () => {
    const { cells, urls } = serveLive("MINING_FINANCIALS", ["BRSG"]);
    expect(urls).toEqual([
      `${B}/v2/mining/companies/?keyword=BRSG&limit=30`,
      `${B}/v2/mining/companies/financials/pt-bara-sungai-tbk/`,
      `${B}/v2/mining/companies/financials/pt-bara-sungai-tbk/?year=2024`,
    ]);
    expectRectangular(cells);
    expect(cells.map((r) => r[cells[0].indexOf("year")])).toEqual(["year", 2025, 2024]);
    expect(cells[0]).toContain("revenue_breakdown.port_services");
    expect(cells[1][cells[0].indexOf("cost_of_revenue_usd")]).toBe(1200100000);
  });

  test("MINING_PERFORMANCE: commodity_stats dotted, resources and reserves spread, each product a row with dotted columns", () => {
    const { cells } = serveLive("MINING_PERFORMANCE", ["pt-bara-sungai-tbk", "2025"]);
    expect(cells).toHaveLength(2);
    const row = Object.fromEntries(cells[0].map((name, i) => [name, cells[1][i]]));
    expect(row["commodity_stats.sales_volume"]).toBe(17.9);
    expect(row["commodity_stats.resources_reserves.total_reserves_Mt"]).toBe(310);
    expect(row["commodity_stats.products.product_name"]).toBe("Sungai 4800");
    expect(row["commodity_stats.products.calorific_value_kcal.max"]).toBe(4900);
    expect(cells[0]).not.toContain("commodity_stats.products");
  });

  test("SALES_DESTINATION: the year the service gives, one row per country", () => {
    const { cells, urls } = serveLive("SALES_DESTINATION", ["BRSG", "year=2025"]);
    expect(urls[1]).toBe(`${B}/v2/mining/sales-destination/pt-bara-sungai-tbk/?year=2025`);
    expect(cells).toEqual([
      ["year", "country", "revenue_usd", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume", "commodity_type", "unit"],
      [2025, "China", 720000000, 38.9, 7.1, 39.7, "Coal", "Mt"],
      [2025, "India", null, null, 3.2, 17.9, "Coal", "Mt"],
    ]);
  });
});

describe("what the provider's own add-in offers, and more", () => {
  test("SUBSECTOR_REPORT: field, value rows; a year map and a company map as tables of their own, one section asked", () => {
    const report = serveLive("SUBSECTOR_REPORT", ["Banks", "statistics"]);
    expect(report.urls).toEqual([`${B}/v2/subsector/report/banks/?sections=statistics`]);
    expect(fieldValues(report.cells)["valuation.historical_valuation.2026.pe"]).toBe(9.81);
    const years = serveLive("SUBSECTOR_REPORT", ["banks", "", "historical_valuation"]);
    expect(years.urls).toEqual([`${B}/v2/subsector/report/banks/?sections=valuation`]);
    expect(years.cells).toEqual([
      ["year", "pb", "pe", "ps", "pcf", "pe_rank"],
      [2025, 1.21, 11.2, 3.1, 2.2, 20],
      [2026, 1.05, 9.81, 2.8, 1.9, 18],
    ]);
    expect(serveLive("SUBSECTOR_REPORT", ["banks", "", "top_mcap"]).cells).toEqual([
      ["symbol", "name", "market_cap"],
      ["BKNR.JK", "PT Bank Kenari Tbk.", 912340000000000],
      ["BPRI.JK", "PT Bank Priangan Tbk.", 412500000000000],
    ]);
  });

  test("a table outside the sections asked for is refused before any request", () => {
    const { urls, error } = recordLive("SUBSECTOR_REPORT", ["banks", "statistics", "top_mcap"]);
    expect(urls).toEqual([]);
    expect(error?.message).toBe("MDQ: the table 'top_mcap' is in the section 'companies': add it to 'sections', or leave 'sections' blank");
  });

  test("COMPANY_REPORT tables: major shareholders as rows; dividends by year with their breakdown as JSON text", () => {
    expect(serveLive("COMPANY_REPORT", ["KOPI", "", "major_shareholders"]).cells).toEqual([
      ["name", "share_percentage", "share_amount"],
      ["PT Anugerah Dana", 0.2113, 422500000],
    ]);
    const dividends = serveLive("COMPANY_REPORT", ["KOPI", "", "historical_dividends"]);
    expect(dividends.urls).toEqual([`${B}/v2/company/report/KOPI/?sections=dividend`]);
    expect(dividends.cells[1].slice(0, 2)).toEqual([2025, 30]);
  });

  test("MOST_TRADED and TOP_CHANGES: long ranked rows, days ascending, periods in the service's order", () => {
    expect(serveLive("MOST_TRADED", ["", "", "Banks", "adjusted=true; n_stock=3"]).cells).toEqual([
      ["date", "rank", "symbol", "company_name", "volume", "price"],
      ["2025-06-02", 1, "KOPI.JK", "PT Kopi Nusantara Tbk.", 390000000, 1232],
      ["2025-06-03", 1, "BKNR.JK", "PT Bank Kenari Tbk.", 410000000, 9120],
      ["2025-06-03", 2, "KOPI.JK", "PT Kopi Nusantara Tbk.", 250000000, 1240],
    ]);
    const movers = serveLive("TOP_CHANGES", ["top_gainers", "7d,30d"]);
    expect(movers.urls).toEqual([`${B}/v2/companies/top-changes/?classifications=top_gainers&periods=7d&periods=30d`]);
    expect(movers.cells.map((r) => r.slice(0, 3))).toEqual([
      ["classification", "period", "rank"],
      ["top_gainers", "7d", 1],
      ["top_gainers", "30d", 1],
      ["top_gainers", "30d", 2],
    ]);
    expect(movers.cells[2][5]).toBe(0.305);
  });

  test("BROKER_SUMMARY: a row per day and broker; FOREIGN_FLOW: a row per day", () => {
    const brokers = serveLive("BROKER_SUMMARY", ["KOPI", "", "", "broker_code=mg"]);
    expect(brokers.urls).toEqual([`${B}/v2/broker-summary/KOPI/?broker_code=MG`]);
    expect(brokers.cells.map((r) => r.slice(0, 2))).toEqual([
      ["date", "broker_code"],
      ["2025-06-16", "MG"],
      ["2025-06-16", "YP"],
    ]);
    expect(serveLive("FOREIGN_FLOW", ["KOPI"]).cells).toEqual([
      ["symbol", "date", "net_foreign_inflow"],
      ["KOPI.JK", "2025-06-02", 1290000000],
      ["KOPI.JK", "2025-06-03", -450000000],
    ]);
  });

  test("CORPORATE_ACTIONS: every action a row with its kind first; one kind keeps only its own fields", () => {
    const all = serveLive("CORPORATE_ACTIONS", ["KOPI"]);
    expect(all.cells.map((r) => r[0])).toEqual(["action", "agm", "dividend", "dividend", "stock_split"]);
    expect(serveLive("CORPORATE_ACTIONS", ["KOPI", "dividend"]).cells).toEqual([
      ["action", "ex_date", "payment_date", "dividend_yield", "dividend_amount"],
      ["dividend", "2025-06-17", "2025-07-08", 0.022, 30],
      ["dividend", "2024-06-14", "2024-07-05", 0.019, 25],
    ]);
  });

  test("SHAREHOLDERS: a statement, categories down, months across, oldest on the left", () => {
    const { cells } = serveLive("SHAREHOLDERS", ["KOPI", 2025]);
    expect(cells[0]).toEqual(["date", "2025-01-31", "2025-02-28"]);
    expect(cells.find((r) => r[0] === "total_f")).toEqual(["total_f", 1390000000, 1400000000]);
  });

  test("SGX: the report's financials by year, the rankings, daily prices", () => {
    expect(serveLive("SGX_REPORT", ["k7q.si", "", "historical_financials"]).cells).toEqual([
      ["year", "date", "revenue", "earnings", "income_stmt_metrics.pretax_income"],
      [2024, "2024-12-31", 2410000000, 690000000, 820000000],
      [2025, "2025-12-31", 2560000000, 712000000, 850000000],
    ]);
    expect(serveLive("SGX_TOP", []).cells[1]).toEqual(["dividend_yield", 1, "K7Q", "Kallang Bay Holdings Ltd", 0.048]);
    expect(serveLive("SGX_DAILY", ["K7Q"]).cells[2]).toEqual(["K7Q", "2025-05-30", 12.3, 1830000]);
  });

  test("SGX_FILINGS: one row per filing, an extra field left out, an award without a price empty", () => {
    const { cells, urls } = serveLive("SGX_FILINGS", ["k7q.si", "", "", "transaction_type=BUY"]);
    expect(urls).toEqual([`${B}/v2/sgx/filings/?limit=20&offset=0&symbol=K7Q&transaction_type=buy`]);
    expect(cells[0]).toEqual([
      "symbol",
      "timestamp",
      "transaction_type",
      "holder_name",
      "holder_type",
      "holding_before",
      "holding_after",
      "amount_transaction",
      "transaction_value",
      "price_per_share",
      "share_percentage_before",
      "share_percentage_after",
      "share_percentage_transaction",
    ]);
    expect(cells[1].slice(7, 10)).toEqual([650000, 7995000, 12.3]);
    expect(cells[2].slice(2, 10)).toEqual(["award", "Lee Pei Shan", "insider", 88000, 120500, 32500, null, null]);
  });

  test("SGX_NEWS: sub-sectors, tags and symbols joined, the dimension dotted, a null dimension empty", () => {
    const { cells, urls } = serveLive("SGX_NEWS", ["K7Q,r2t", "", "", "sector=Financial Services"]);
    expect(urls).toEqual([`${B}/v2/sgx/news/?limit=20&offset=0&sector=financial-services&symbols=K7Q,R2T`]);
    const at = (row: number, name: string) => cells[row][cells[0].indexOf(name)];
    expect(cells[0].slice(0, 8)).toEqual(["title", "body", "source", "timestamp", "sector", "sub_sector", "tags", "symbols"]);
    expect([at(1, "sub_sector"), at(1, "tags"), at(1, "symbols")]).toEqual([
      "banks, credit-services",
      "dividend-announcement, bullish",
      "K7Q, R2T",
    ]);
    expect([at(1, "dimension.dividend"), at(2, "dimension.dividend")]).toEqual([1, null]);
    expect(cells).toHaveLength(3);
  });

  test("SGX_SHORT_SELL and SGX_BUYBACKS: decimal text as numbers; the price range and the mandate dotted, never JSON", () => {
    expect(serveLive("SGX_SHORT_SELL", ["K7Q"]).cells).toEqual([
      ["name", "symbol", "date", "volume", "value"],
      ["kallang bay", "K7Q", "2025-06-27", 214300, 2635890],
      ["kallang bay", "K7Q", "2025-06-26", 98100, 1198782],
    ]);
    const { cells, urls } = serveLive("SGX_BUYBACKS", ["K7Q", "2025-06-01", "2025-06-30"]);
    expect(urls).toEqual([`${B}/v2/sgx/buybacks/?end=2025-06-30&limit=20&offset=0&start=2025-06-01&symbol=K7Q`]);
    expectRectangular(cells);
    const row = (i: number) => Object.fromEntries(cells[0].map((name, c) => [name, cells[i][c]]));
    expect(row(1)).toMatchObject({
      "price_per_share.lowest": 12.18,
      "price_per_share.highest": 12.34,
      "mandate.mandate_start": "2025-04-22",
      "mandate.mandate_remaining": 78600000,
      "mandate.cumulative_purchased": 1400000,
    });
    // A single price where a range usually is, and no mandate: the row is kept.
    expect(row(2)).toMatchObject({ price_per_share: 12.05, "mandate.mandate_total": null, total_shares_purchased: 50000 });
    expect(cells.flat().some((c) => typeof c === "string" && /^[[{]/.test(c))).toBe(false);
  });

  test("LIST: the SGX sub-sectors as pairs, the SGX tags out of their object", () => {
    expect(serveLive("LIST", ["sgx_subsectors"]).cells[1]).toEqual(["financial-services", "banks"]);
    expect(serveLive("LIST", ["sgx_tags"]).cells).toEqual([["tag"], ["bullish"], ["dividend-announcement"], ["interest-rate"]]);
  });

  test("FREE_FLOAT, IDX_TOTAL, LISTING_PERFORMANCE, COMMODITY_PRICE, LIST(commodities), SCREENER_NL", () => {
    expect(serveLive("FREE_FLOAT", ["", "industry=Oil & Gas"]).urls).toEqual([`${B}/v2/free-float/?industry=oil-gas`]);
    expect(serveLive("FREE_FLOAT", ["banks"]).cells[2]).toEqual(["BKNR.JK", "PT Bank Kenari Tbk.", 0.4385]);
    expect(serveLive("IDX_TOTAL", []).cells[2]).toEqual(["2025-05-30", 12210000000000000]);
    expect(fieldValues(serveLive("LISTING_PERFORMANCE", ["KOPI"]).cells).chg_365d).toBe(0.18);
    expect(serveLive("COMMODITY_PRICE", ["coal", 2024, 2025]).urls).toEqual([
      `${B}/v2/mining/commodities/Coal/price/?end_year=2025&start_year=2024`,
    ]);
    expect(serveLive("COMMODITY_PRICE", ["Coal"]).cells[2]).toEqual(["Coal", "2025-02-01", 121.9]);
    expect(serveLive("LIST", ["commodities"]).cells[1]).toEqual(["Coal", 410, "1990-01-01", "2025-06-01"]);
    const nl = serveLive("SCREENER_NL", ["top 5 banks by market cap", "sgx"]);
    expect(nl.urls).toEqual([`${B}/v2/sgx/companies/?include_query_values=true&q=top%205%20banks%20by%20market%20cap`]);
  });

  test("limits of the service are checked before any request", () => {
    const refusal = (name: string, args: unknown[]) => {
      const { urls, error } = recordLive(name, args as never);
      expect(urls).toEqual([]);
      return error?.message;
    };
    expect(refusal("BROKER_SUMMARY", ["BBCA", "2024-01-01", "2025-06-27"])).toMatch(
      /'start' \(2024-01-01\) to 'end' \(2025-06-27\) spans 544 days, more than the 366 one call takes/,
    );
    expect(refusal("IDX_TOTAL", ["2020-12-01", "2020-12-31"])).toMatch(
      /'end' must be 2021-01-01 or later, the first day of the service's data \(got 2020-12-31\)/,
    );
    expect(refusal("COMMODITY_PRICE", ["Gold", 2020, 2024])).toMatch(/spans 5 years; the service gives at most 3 per call/);
    expect(refusal("BROKER_SUMMARY_TOP", ["BBCA", "2025-03-01", "2025-06-27"])).toMatch(
      /'start' \(2025-03-01\) to 'end' \(2025-06-27\) is 118 days; the service ranks over at most 90 days \(no request was sent\)/,
    );
    // 90 days after the start is the longest window the service ranks over: sent.
    expect(recordLive("BROKER_ACTIVITY_TOP", ["QA", "2025-03-29", "2025-06-27"]).urls).toHaveLength(1);
    expect(refusal("BROKER_ACTIVITY", ["QA", "2024-01-01", "2025-06-27"])).toMatch(/spans 544 days, more than the 366 one call takes/);
    expect(refusal("FREE_FLOAT", ["banks", "sector=financials"])).toMatch(
      /give one of sub_sector, sector, industry, sub_industry, not several/,
    );
  });
});

describe("the IDX lists and broker rankings", () => {
  test("BROKERS: the registry's rows; a null cohort or license empty", () => {
    const { cells, urls } = serveLive("BROKERS", ["retail"]);
    expect(urls).toEqual([`${B}/v2/brokers/?cohort=retail`]);
    expect(cells).toEqual([
      ["code", "name", "is_foreign", "cohort", "license_type"],
      ["QA", "PT Quarta Artha Sekuritas", false, "retail", "Broker-Dealer"],
      ["WK", "PT Wening Kapital Sekuritas Indonesia", true, "institutional", "Broker-Dealer, Underwriter"],
      ["YT", "PT Yasa Tama Sekuritas", false, null, null],
    ]);
  });

  test("TOP_BROKERS: the day on every row, the ranking in the service's order", () => {
    const { cells, urls } = serveLive("TOP_BROKERS", ["", "gross"]);
    expect(urls).toEqual([`${B}/v2/brokers/top/?metric=gross`]);
    expect(cells).toEqual([
      ["date", "rank", "broker_code", "gross", "net"],
      ["2026-09-11", 1, "WK", 1843200000000, -120450000000],
      ["2026-09-11", 2, "QA", 1210870000000, 88310000000],
      ["2026-09-11", 3, "YT", 640150000000, 2140000000],
    ]);
  });

  test("BROKER_ACTIVITY: a row per day and stock, the summary's columns", () => {
    const { cells, urls } = serveLive("BROKER_ACTIVITY", ["qa", "2026-09-10", "2026-09-11"]);
    expect(urls).toEqual([`${B}/v2/broker-activity/QA/?end=2026-09-11&start=2026-09-10`]);
    expectRectangular(cells);
    expect(cells.map((r) => r.slice(0, 3))).toEqual([
      ["date", "symbol", "bfreq"],
      ["2026-09-10", "KOPI", 312],
      ["2026-09-10", "BKNR", 41],
      ["2026-09-11", "KOPI", 120],
    ]);
    expect(cells[0].slice(-3)).toEqual(["nlot", "nval", "navg_per_share"]);
    expect(cells[2].slice(-3)).toEqual([-600, -567750000, 9462.5]);
  });

  test("BROKER_ACTIVITY_TOP and BROKER_SUMMARY_TOP: both sides as long rows, buying first", () => {
    expect(serveLive("BROKER_ACTIVITY_TOP", ["QA"]).cells).toEqual([
      ["side", "rank", "symbol", "net_idr", "buy_idr", "sell_idr"],
      ["accumulation", 1, "KOPI", 5120400000, 20410000000, 15289600000],
      ["accumulation", 2, "TEHB", 830000000, 2100000000, 1270000000],
      ["distribution", 1, "BKNR", -7410250000, 3200000000, 10610250000],
    ]);
    const top = serveLive("BROKER_SUMMARY_TOP", ["kopi.jk", "", "", "origin=foreign; n_brokers=2"]);
    expect(top.urls).toEqual([`${B}/v2/broker-summary/KOPI/top/?n_brokers=2&origin=foreign`]);
    expect(top.cells.map((r) => r.slice(0, 4))).toEqual([
      ["side", "rank", "broker_code", "net_idr"],
      ["buyer", 1, "QA", 5120400000],
      ["buyer", 2, "YT", 410000000],
      ["seller", 1, "WK", -5530400000],
    ]);
  });

  test("MARKET_CLOSE, REPORTED_SINCE, SUSPENSIONS: the envelope's results; the last page ends the paging", () => {
    const close = serveLive("MARKET_CLOSE", ["2026-09-11", "limit=100"]);
    expect(close.urls).toEqual([`${B}/v2/close/?date=2026-09-11&limit=30&offset=0`]);
    expect(close.cells[2]).toEqual(["KOPI", "2026-09-11", 1245]);
    const reported = serveLive("REPORTED_SINCE", ["2026-03-31"]);
    expect(reported.urls).toEqual([`${B}/v2/companies/quarterly-financial-dates/?limit=20&offset=0&since=2026-03-31`]);
    expect(reported.cells[3]).toEqual(["TEHB", "2026-03-31", "q1"]);
    const suspended = serveLive("SUSPENSIONS", ["kopi", "", "", "limit=5; offset=5"]);
    expect(suspended.urls).toEqual([`${B}/v2/suspensions/?limit=5&offset=5&symbol=KOPI`]);
    expect(suspended.cells[0]).toEqual(["symbol", "suspension_date", "reason", "pdf_url"]);
    expect(suspended.cells[2]).toEqual(["KOPI", "2026-02-02", null, null]);
  });

  test("LIST(companies_with_segments): a row per company and year; a company without a year has none", () => {
    expect(serveLive("LIST", ["companies_with_segments"]).cells).toEqual([
      ["symbol", "financial_year"],
      ["BKNR.JK", 2024],
      ["BKNR.JK", 2025],
      ["KOPI.JK", 2025],
    ]);
  });
});
