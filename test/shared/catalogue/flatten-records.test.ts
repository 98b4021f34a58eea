// Flattening of the record-list resources (filings, news, company lists, index prices, mining
// lists), the helper lists and GET: fixture in, exact 2-D array out, through the real pipeline.
import { LIST_KINDS } from "../../../shared/catalogue/vocabularies";
import { expectRectangular, fixture, run, serve } from "../harness";

describe("FILINGS", () => {
  const { cells, urls } = run("FILINGS", ["KOPI", "2026-03-01", "2026-03-31"], "filings.json");
  const header = cells[0];
  // Ids are codes: text, whatever the service wrote (rows/column-types.ts).
  const row = (id: number) => cells.find((r) => r[0] === String(id))!;
  const col = (name: string) => header.indexOf(name);

  test("asks the filings path and gives a rectangular table, one row per filing", () => {
    expect(urls).toEqual(["http://127.0.0.1:9/v1/filings/?end=2026-03-31&start=2026-03-01&tickers=KOPI.JK"]);
    expectRectangular(cells);
    expect(cells).toHaveLength(4);
    expect(cells.slice(1).map((r) => r[0])).toEqual(["9101", "9102", "9103"]);
  });

  test("header: the service's field names in order, price_transaction as two dotted columns", () => {
    expect(header).toEqual([
      "id",
      "created_at",
      "title",
      "body",
      "source",
      "timestamp",
      "sector",
      "sub_sector",
      "tags",
      "tickers",
      "transaction_type",
      "holding_before",
      "holding_after",
      "amount_transaction",
      "holder_type",
      "holder_name",
      "price",
      "transaction_value",
      "price_transaction.prices",
      "price_transaction.amount_transacted",
      "share_percentage_before",
      "share_percentage_after",
      "share_percentage_transaction",
      "uid",
    ]);
  });

  test("an unknown field (idx_investor_slug) does not appear", () => {
    expect(header).not.toContain("idx_investor_slug");
    expect(cells.flat()).not.toContain("budi-santoso");
  });

  test("decimal strings become numbers", () => {
    expect(row(9101)[col("price")]).toBe(1250.5);
    expect(row(9101)[col("transaction_value")]).toBe(3126250000);
    expect(row(9102)[col("price")]).toBe(87.25);
    expect(row(9102)[col("transaction_value")]).toBe(34900000);
    expect(row(9103)[col("price")]).toBe(512);
  });

  test("lists are joined with ', ', an empty list is an empty cell", () => {
    expect(row(9101)[col("tags")]).toBe("insider-trading, Bullish");
    expect(row(9102)[col("tags")]).toBeNull();
    expect(row(9102)[col("tickers")]).toBe("BJTM.JK, KOPI.JK");
    expect(row(9101)[col("price_transaction.prices")]).toBe("1250, 1251.5, 1249");
    expect(row(9101)[col("price_transaction.amount_transacted")]).toBe("1000000, 1000000, 500000");
    expect(row(9102)[col("price_transaction.prices")]).toBe("87.25");
  });

  test("missing and null fields are empty cells; a null price_transaction adds no column of its own", () => {
    expect(row(9102)[col("holder_name")]).toBeNull();
    expect(row(9102)[col("share_percentage_transaction")]).toBeNull();
    expect(row(9103)[col("transaction_value")]).toBeNull();
    expect(row(9103)[col("price_transaction.prices")]).toBeNull();
    expect(row(9103)[col("price_transaction.amount_transacted")]).toBeNull();
    expect(header).not.toContain("price_transaction");
    expect(row(9101)[col("uid")]).toBeNull();
  });

  test("the first row in full", () => {
    expect(row(9101)).toEqual([
      "9101",
      "2026-03-02T08:15:30.123456Z",
      "Budi Santoso Buys Shares of Kopi Nusantara Tbk",
      "Budi Santoso, a director, bought 2,500,000 shares of Kopi Nusantara Tbk (KOPI.JK) in three trades.",
      "https://example.test/filings/9101.pdf",
      "2026-03-02T15:40:00Z",
      "consumer-non-cyclicals",
      "food-beverage",
      "insider-trading, Bullish",
      "KOPI.JK",
      "buy",
      10000000,
      12500000,
      2500000,
      "insider",
      "Budi Santoso",
      1250.5,
      3126250000,
      "1250, 1251.5, 1249",
      "1000000, 1000000, 500000",
      4.1,
      5.125,
      1.025,
      null,
    ]);
  });
});

describe("NEWS", () => {
  const { cells } = run("NEWS", ["TLKM", "", ""], "news.json");
  const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"];

  test("header with the dimension scores as dotted columns; unknown fields dropped", () => {
    expectRectangular(cells);
    expect(cells[0]).toEqual([
      "id",
      "created_at",
      "title",
      "body",
      "source",
      "timestamp",
      "sector",
      "sub_sector",
      "tags",
      "tickers",
      ...DIMENSIONS.map((d) => `dimension.${d}`),
    ]);
    expect(cells[0]).not.toContain("sentiment_model");
    expect(cells.flat()).not.toContain("v9");
  });

  test("rows: joined lists, empty tickers, one score per column", () => {
    expect(cells.slice(1)).toEqual([
      [
        "7701",
        "2026-04-10T03:20:11.654321Z",
        "Telco Upgrades Rural Network",
        "A national telecom operator finished a rural network upgrade ahead of plan.",
        "https://example.test/news/7701",
        "2026-04-10T03:30:00Z",
        "infrastructures",
        "telecommunication",
        "Expansion, Bullish",
        "TLKM.JK, EXCL.JK",
        2,
        0,
        0,
        1,
        0,
        1,
        0,
        3,
      ],
      [
        "7702",
        "2026-04-11T05:00:00.000000Z",
        "Banks Report Loan Growth",
        "Lenders reported steady loan growth in the first quarter.",
        "https://example.test/news/7702",
        "2026-04-11T05:10:00Z",
        "financials",
        "banks, financing-service",
        "Loan Growth",
        null,
        0,
        1,
        0,
        0,
        2,
        3,
        0,
        0,
      ],
    ]);
  });
});

describe("simple record lists", () => {
  test("COMPANIES: symbol, company_name, sorted_by; unknown field dropped, null kept empty", () => {
    const { cells } = run("COMPANIES", ["banks", "market_cap", true], "companies.json");
    expect(cells).toEqual([
      ["symbol", "company_name", "sorted_by"],
      ["BKPA.JK", "Bank Kapuas Tbk", 412000000000000],
      ["BMLK.JK", "Bank Maluku Tbk", 98500000000.5],
      ["BSRY.JK", "Bank Sriwijaya Tbk", null],
    ]);
  });

  test("SGX_COMPANIES: a missing company_name is an empty cell", () => {
    const { cells, urls } = run("SGX_COMPANIES", ["financial-services"], "sgx-companies.json");
    expect(urls).toEqual(["http://127.0.0.1:9/v1/sgx/companies/?sector=financial-services"]);
    expect(cells).toEqual([
      ["symbol", "company_name"],
      ["Q1X", "Harbourline Holdings Ltd"],
      ["7ZK", "Merlion Credit Ltd"],
      ["B2T", null],
    ]);
  });

  test("INDEX: index_code, date, price; a decimal-string price is a number", () => {
    const { cells } = run("INDEX", ["lq45", "2026-02-01", "2026-02-05"], "index-daily.json");
    expect(cells).toEqual([
      ["index_code", "date", "price"],
      ["LQ45", "2026-02-02", 812.45],
      ["LQ45", "2026-02-03", 815.1],
      ["LQ45", "2026-02-04", null],
    ]);
  });

  test("MINING_COMPANIES: the list columns; unknown commodity_type dropped, missing fields empty", () => {
    const { cells } = run("MINING_COMPANIES", ["", "Coal", 10, ""], "mining-companies.json");
    expect(cells).toEqual([
      ["id", "name", "idx_ticker", "company_type", "key_operation"],
      ["11", "PT Bara Sungai Tbk", "BRSG.JK", "Mine Owner", "Coal Mining"],
      ["12", "PT Nikel Teluk", null, "Holding", "Nickel Processing"],
      ["15", "PT Emas Gunung", null, "Contractor", null],
    ]);
  });

  test("MINERAL_COMPANIES: the same columns; unknown slug dropped", () => {
    const { cells, urls } = run("MINERAL_COMPANIES", ["", "Copper", ""], "mineral-companies.json");
    expect(urls).toEqual(["http://127.0.0.1:9/v2/mineral-companies/?commodity=Copper"]);
    expect(cells).toEqual([
      ["id", "name", "idx_ticker", "company_type", "key_operation"],
      ["21", "PT Tembaga Selatan Tbk", "TBSL.JK", "Mine Owner", "Copper Mining"],
      ["22", "PT Pasir Besi Jaya", null, "Trader", "Iron Sand Trading"],
    ]);
  });

  test("MINING_LICENSES: license columns; id stays text, null expiry empty, unknown cnc dropped", () => {
    const { cells } = run("MINING_LICENSES", ["Kalimantan Timur", "Coal", "", 10, ""], "mining-licenses.json");
    expect(cells).toEqual([
      ["id", "license_number", "province", "city", "permit_expiry_date", "commodity", "company_name"],
      ["5501", "12/IUP-OP/DPMPTSP/2019", "Kalimantan Timur", "Berau", "2027-01-15", "Coal", "PT Bara Sungai Tbk"],
      ["5502", "88/IUP/PMDN/2020", "Kalimantan Timur", "Paser", null, "Coal", "CV Tanah Hitam"],
    ]);
  });

  test("MINING_SITES: site columns; null production empty, unknown unit dropped", () => {
    const { cells } = run("MINING_SITES", ["", "Coal", "", "production", 10, ""], "mining-sites.json");
    expect(cells).toEqual([
      ["id", "name", "year", "mineral_type", "company_id", "production_volume"],
      ["301", "Blok Sungai Utara", 2025, "Coal", "11", 12.75],
      ["302", "Blok Bukit Merah", 2024, "Nickel", "12", null],
    ]);
  });
});

describe("LIST, every kind", () => {
  const cases: Array<[string, string, string, string, unknown[][]]> = [
    [
      "subsectors",
      "",
      "/v1/subsectors/",
      "list-subsectors.json",
      [
        ["sector", "subsector"],
        ["financials", "banks"],
        ["infrastructures", "telecommunication"],
        ["energy", "oil-gas-coal"],
      ],
    ],
    [
      "industries",
      "",
      "/v1/industries/",
      "list-industries.json",
      [
        ["subsector", "industry"],
        ["banks", "banks"],
        ["oil-gas-coal", "coal"],
      ],
    ],
    [
      "subindustries",
      "",
      "/v1/subindustries/",
      "list-subindustries.json",
      [
        ["industry", "sub_industry"],
        ["coal", "coal-production"],
        ["banks", "banks"],
      ],
    ],
    ["tags", "", "/v1/tags/", "list-tags.json", [["tag"], ["acquisition"], ["dividend"], ["insider-trading"], ["rights-issue"]]],
    [
      "index_members",
      "index=LQ45",
      "/v1/index/lq45/",
      "list-index-members.json",
      [
        ["symbol", "company_name"],
        ["BKPA.JK", "Bank Kapuas Tbk"],
        ["KOPI.JK", "Kopi Nusantara Tbk"],
      ],
    ],
    ["sgx_sectors", "", "/v1/sgx/sectors/", "list-sgx-sectors.json", [["sector"], ["financial-services"], ["real-estate"], ["technology"]]],
    ["klse_sectors", "", "/v1/klse/sectors/", "list-klse-sectors.json", [["sector"], ["consumer-products"], ["finance"], ["plantation"]]],
    [
      "klse_companies",
      "sector=finance",
      "/v1/klse/companies/?sector=finance",
      "list-klse-companies.json",
      [
        ["symbol", "company_name"],
        ["2207", "Bank Selat Berhad"],
        ["0789", "Pelaburan Utara Bhd"],
      ],
    ],
    [
      "quarterly_dates",
      "ticker=kopi",
      "/v1/company/get_quarterly_financial_dates/KOPI/",
      "list-quarterly-dates.json",
      [
        ["year", "date", "quarter"],
        [2024, "2024-03-31", "q1"],
        [2024, "2024-06-30", "q2"],
        [2024, "2024-09-30", "q3"],
        [2024, "2024-12-31", "q4"],
        [2025, "2025-03-31", "q1"],
        [2025, "2025-06-30", "q2"],
      ],
    ],
    [
      "companies_with_segments",
      "",
      "/v1/companies/list_companies_with_segments/",
      "list-companies-with-segments.json",
      [
        ["symbol", "financial_year"],
        ["KOPI.JK", 2023],
        ["KOPI.JK", 2024],
        ["BKNR.JK", 2024],
      ],
    ],
  ];

  test.each(cases)("LIST(%s %s)", (kind, options, path, file, expected) => {
    const { cells, urls } = run("LIST", [kind, options], file);
    expect(urls).toEqual([`http://127.0.0.1:9${path}`]);
    expectRectangular(cells);
    expect(cells).toEqual(expected);
  });

  test("the cases cover every kind of the spec edition (commodities and the SGX sub-sectors and tags are the live edition's)", () => {
    const liveOnly = ["commodities", "sgx_subsectors", "sgx_tags"];
    expect(cases.map((c) => c[0]).sort()).toEqual(LIST_KINDS.filter((k) => !liveOnly.includes(k)).sort());
    for (const kind of liveOnly)
      expect(() => run("LIST", [kind], "list-tags.json")).toThrow(new RegExp(`LIST\\("${kind}"\\) is not offered by the spec edition`));
  });
});

describe("GET", () => {
  test("a list of records: rows, nested fields dotted, lists joined", () => {
    const body = JSON.stringify([
      { symbol: "KOPI.JK", stats: { pe: 12.5, pb: 1.1 }, tags: ["a", "b"] },
      { symbol: "BKPA.JK", stats: { pe: null, pb: 2 }, extra: true },
    ]);
    const { cells, urls } = serve("GET", ["v1/anything/", "b=2&a=x y"], body);
    expect(urls).toEqual(["http://127.0.0.1:9/v1/anything/?a=x%20y&b=2"]);
    expect(cells).toEqual([
      ["symbol", "stats.pe", "stats.pb", "tags", "extra"],
      ["KOPI.JK", 12.5, 1.1, "a, b", null],
      ["BKPA.JK", null, 2, null, true],
    ]);
  });

  test("one record: a field, value table", () => {
    const { cells } = serve("GET", ["v1/one/"], JSON.stringify({ name: "x", counts: { a: 1, b: 2 } }));
    expect(cells).toEqual([
      ["field", "value"],
      ["name", "x"],
      ["counts.a", 1],
      ["counts.b", 2],
    ]);
  });

  test("a list of values: one value column", () => {
    const { cells } = serve("GET", ["v1/tags/"], fixture("list-tags.json"));
    expect(cells).toEqual([["value"], ["acquisition"], ["dividend"], ["insider-trading"], ["rights-issue"]]);
  });
});
