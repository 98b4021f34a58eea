// The built `mdq` command in the live edition, against the sandbox speaking it (behind a recording
// proxy): every function the live edition offers, the requests it sends, the table it prints.
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { liveBehindProxy } from "./live-proxy";

const live = liveBehindProxy();
const call = (args: string[]) => live.mdq(args);

const LOOKUP = (ticker: string) => `/v2/mining/companies/?keyword=${ticker}&limit=30`;

/** One call per live function: the requests the service must see, and a check of the table. */
const CALLS: Array<[string[], string[], (t: unknown[][]) => void]> = [
  [["FILINGS", "BBCA", "", "", "n=3"], ["/v2/filings/?limit=3&offset=0&symbol=BBCA"], (t) => expect(t).toHaveLength(4)],
  [["NEWS", "TLKM", "", "", "n=2"], ["/v2/news/?limit=2&offset=0&symbols=TLKM"], (t) => expect(t[0]).toContain("symbols")],
  [
    ["COMPANIES", "banks", "market_cap", "true"],
    ["/v2/companies/?desc=true&include_query_values=true&limit=200&offset=0&order_by=market_cap&where=sub_sector%20like%20%27banks%27"],
    (t) => {
      expect(t[0]).toEqual(["symbol", "company_name", "sorted_by"]);
      const caps = t.slice(1).map((r) => r[2] as number);
      expect(caps.every((c) => typeof c === "number")).toBe(true);
      expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    },
  ],
  [["QUARTERLY", "BBCA", "2"], ["/v2/financials/quarterly/BBCA/?n_quarters=2"], (t) => expect(t[0][0]).toBe("date")],
  [
    ["SEGMENTS", "BBCA"],
    ["/v2/company/get-segments/BBCA/"],
    (t) => expect(t[0]).toEqual(["symbol", "financial_year", "source", "target", "value"]),
  ],
  [["COMPANY_REPORT", "BBCA", "overview"], ["/v2/company/report/BBCA/?sections=overview"], (t) => expect(t[0]).toEqual(["field", "value"])],
  [
    ["COMPANY", "1155"],
    ["overview", "valuation", "dividend", "financials"].map((s) => `/v2/klse/company/report/1155/?sections=${s}`),
    (t) =>
      expect(t.slice(0, 3)).toEqual([
        ["field", "value"],
        ["symbol", "1155"],
        ["name", expect.any(String)],
      ]),
  ],
  [
    ["DAILY", "BBCA", "2025-06-02", "2025-06-06"],
    ["/v2/daily/BBCA/?end=2025-06-06&start=2025-06-02"],
    // 2025-06-06 was Eid al-Adha: IDX was shut.
    (t) => expect(t.map((r) => r[1])).toEqual(["date", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05"]),
  ],
  [["INDEX", "media100"], ["/v2/index-daily/kompas100/"], (t) => expect(t[1][0]).toBe("KOMPAS100")],
  [
    ["SCREENER", "sub_sector = 'Banks'", "-market_cap", "limit=3"],
    ["/v2/companies/?include_query_values=true&limit=3&offset=0&order_by=-market_cap&where=sub_sector%20%3D%20%27Banks%27"],
    (t) => expect(t).toHaveLength(4),
  ],
  [
    ["SGX_COMPANIES", "financial-services"],
    ["/v2/sgx/companies/?include_query_values=true&limit=200&offset=0&where=sector%20like%20%27financial%25services%27"],
    (t) => expect(t.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(["D05", "O39", "U11"])),
  ],
  [
    ["KLSE_REPORT", "1155", "historical_earnings"],
    ["/v2/klse/company/report/1155/?sections=financials"],
    (t) => expect(t[t.length - 1][0]).toBe("TTM"),
  ],
  [["KLSE_TOP", "pe"], ["/v2/klse/companies/top/?classifications=pe"], (t) => expect(t.slice(1).every((r) => r[0] === "pe")).toBe(true)],
  [["MINING_COMPANIES", "", "Coal", "5"], ["/v2/mining/companies/?commodity_type=Coal&limit=5"], (t) => expect(t[0][0]).toBe("slug")],
  [
    ["MINING_COMPANY", "ADRO"],
    [LOOKUP("ADRO"), "/v2/mining/companies/pt-adaro-energy-indonesia-tbk/"],
    (t) => expect(t).toContainEqual(["symbol", "ADRO.JK"]),
  ],
  [
    ["MINING_FINANCIALS", "ITMG", "2024"],
    [LOOKUP("ITMG"), "/v2/mining/companies/financials/pt-indo-tambang-raya-megah-tbk/?year=2024"],
    (t) => expect(t.slice(1).map((r) => r[t[0].indexOf("year")])).toEqual([2024]),
  ],
  [
    ["MINING_PERFORMANCE", "ADRO", "2024"],
    [LOOKUP("ADRO"), "/v2/mining/companies/performance/pt-adaro-energy-indonesia-tbk/?year=2024"],
    (t) => expect(t[0]).toContain("commodity_stats.production_volume"),
  ],
  [
    ["MINING_LICENSES", "Kalimantan Timur", "Coal", "", "3"],
    ["/v2/mining/licenses/?commodity_type=Coal&limit=3&province=Kalimantan%20Timur"],
    (t) => expect(t.length).toBeLessThanOrEqual(4),
  ],
  [
    ["MINING_SITES", "", "Coal", "", "production", "3"],
    ["/v2/mining/sites/?commodity_type=Coal&limit=3&order_by=-production_volume"],
    (t) => expect(t[0]).toContain("production_volume"),
  ],
  [["GLOBAL_COMMODITY", "Nickel"], ["/v2/mining/global-commodity/?commodity_type=Nickel"], (t) => expect(t[0]).toContain("country")],
  [
    ["MINERAL_COMPANIES", "", "Nickel", "5"],
    ["/v2/mining/companies/?commodity_type=Nickel&limit=5"],
    (t) => expect(t[0]).toEqual(["id", "name", "idx_ticker", "company_type", "key_operation"]),
  ],
  [
    ["MINING_OWNERSHIP", "BUMI"],
    [LOOKUP("BUMI"), "/v2/mining/companies/ownership/pt-bumi-resources-tbk/"],
    (t) => expect(t).toContainEqual(["subsidiary", "PT Kaltim Prima Coal", "pt-kaltim-prima-coal", null, 51]),
  ],
  [
    ["MINING_CONTRACTS", "", "PT Kaltim Prima Coal"],
    ["/v2/mining/contracts/?mine_owner=pt-kaltim-prima-coal"],
    (t) => expect(t.slice(1).map((r) => r[3])).toEqual(["PT Pama Persada Nusantara"]),
  ],
  [
    ["LICENSE_AUCTIONS", "", "Coal", "", "", "3", "", "order_by=participant_count"],
    ["/v2/mining/license-auctions/?commodity_type=Coal&limit=3&order_by=participant_count"],
    (t) => {
      const counts = t.slice(1).map((r) => r[t[0].indexOf("participant_count")] as number);
      expect(counts).toHaveLength(3);
      expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    },
  ],
  [
    ["LICENSE_AUCTION", "5551202224715742", "phases"],
    ["/v2/mining/license-auctions/5551202224715742/"],
    (t) => expect(t[0]).toEqual(["order", "description", "start_date", "end_date"]),
  ],
  [["MINING_SITE", "pit-hatari"], ["/v2/mining/sites/pit-hatari/"], (t) => expect(t[1][t[0].indexOf("year")]).toBe(2024)],
  [
    ["RESOURCES_RESERVES", "Sumatera Selatan", "", "2024"],
    ["/v2/mining/resources-reserves/Sumatera%20Selatan/?year=2024"],
    (t) => expect(t.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([["Sumatera Selatan", 2024, "Coal"]]),
  ],
  [
    ["TOTAL_PRODUCTION", "Nickel"],
    ["/v2/mining/total-production/?commodity_type=Nickel"],
    (t) => expect(t.slice(1, 3).map((r) => r[0])).toEqual([2024, 2023]),
  ],
  [
    ["MINING_EXPORTS", "Gold", "2023", "3"],
    ["/v2/mining/exports/?commodity_type=Gold&limit=3&year=2023"],
    (t) => {
      const usd = t.slice(1).map((r) => r[1] as number);
      expect(usd).toHaveLength(3);
      expect([...usd].sort((a, b) => b - a)).toEqual(usd);
    },
  ],
  [
    ["SALES_DESTINATION", "ITMG"],
    [LOOKUP("ITMG"), "/v2/mining/sales-destination/pt-indo-tambang-raya-megah-tbk/"],
    (t) => expect(t[0]).toEqual(expect.arrayContaining(["year", "country", "revenue_usd"])),
  ],
  [
    ["SCREENER_NL", "top 3 banks by market cap"],
    ["/v2/companies/?include_query_values=true&q=top%203%20banks%20by%20market%20cap"],
    (t) => {
      expect(t).toHaveLength(4);
      const caps = t.slice(1).map((r) => r[t[0].indexOf("query_values.market_cap")] as number);
      expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    },
  ],
  [
    ["SCREENER", "sector = 'Financial Services'", "-market_cap", "sgx", "limit=3"],
    ["/v2/sgx/companies/?include_query_values=true&limit=3&offset=0&order_by=-market_cap&where=sector%20%3D%20%27Financial%20Services%27"],
    (t) => expect(t.slice(1).every((r) => r[t[0].indexOf("query_values.sector")] === "Financial Services")).toBe(true),
  ],
  [
    ["FREE_FLOAT", "banks"],
    ["/v2/free-float/?sub_sector=banks"],
    (t) => {
      const floats = t.slice(1).map((r) => r[2] as number);
      expect(floats.every((f) => f > 0 && f < 1)).toBe(true);
      expect([...floats].sort((a, b) => b - a)).toEqual(floats);
    },
  ],
  [
    ["SUBSECTOR_REPORT", "banks", "statistics"],
    ["/v2/subsector/report/banks/?sections=statistics"],
    (t) => expect(t.slice(1).every((r) => /^(sub_sector|sector|statistics\.)/.test(String(r[0])))).toBe(true),
  ],
  [
    ["IDX_TOTAL", "2025-06-02", "2025-06-06"],
    ["/v2/idx-total/?end=2025-06-06&start=2025-06-02"],
    // 2025-06-06 was Eid al-Adha: IDX was shut.
    (t) => expect(t.map((r) => r[0])).toEqual(["date", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05"]),
  ],
  [
    ["MOST_TRADED", "2025-06-02", "2025-06-03", "", "n_stock=2"],
    ["/v2/most-traded/?end=2025-06-03&n_stock=2&start=2025-06-02"],
    (t) =>
      expect(t.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ["2025-06-02", 1],
        ["2025-06-02", 2],
        ["2025-06-03", 1],
        ["2025-06-03", 2],
      ]),
  ],
  [
    ["TOP_CHANGES", "top_losers", "7d"],
    ["/v2/companies/top-changes/?classifications=top_losers&periods=7d"],
    (t) => {
      expect(t.slice(1).every((r) => r[0] === "top_losers" && r[1] === "7d")).toBe(true);
      expect(t.slice(1).every((r) => (r[t[0].indexOf("price_change")] as number) < 0)).toBe(true);
    },
  ],
  [["LISTING_PERFORMANCE", "GOTO"], ["/v2/listing-performance/GOTO/"], (t) => expect(t).toContainEqual(["symbol", "GOTO.JK"])],
  [
    ["BROKER_SUMMARY", "BBCA", "2025-06-23", "2025-06-24"],
    ["/v2/broker-summary/BBCA/?end=2025-06-24&start=2025-06-23"],
    (t) => expect(new Set(t.slice(1).map((r) => r[0]))).toEqual(new Set(["2025-06-23", "2025-06-24"])),
  ],
  [
    ["FOREIGN_FLOW", "BBCA", "2025-06-23", "2025-06-27"],
    ["/v2/foreign-flow/BBCA/?end=2025-06-27&start=2025-06-23"],
    // 2025-06-27 was the Islamic New Year: IDX was shut.
    (t) => expect(t.slice(1).map((r) => r[1])).toEqual(["2025-06-23", "2025-06-24", "2025-06-25", "2025-06-26"]),
  ],
  [
    ["CORPORATE_ACTIONS", "BBCA", "dividend"],
    ["/v2/company/corporate-actions/BBCA/"],
    (t) => expect(t.slice(1).every((r) => r[0] === "dividend")).toBe(true),
  ],
  [
    ["SHAREHOLDERS", "BBCA", "2025"],
    ["/v2/company/shareholders-composition/BBCA/?year=2025"],
    (t) => expect(t[0].slice(1).every((d) => String(d).startsWith("2025-"))).toBe(true),
  ],
  [
    ["SGX_REPORT", "D05", "overview"],
    ["/v2/sgx/company/report/D05/?sections=overview"],
    (t) => expect(t).toContainEqual(["overview.sub_sector", "Banks"]),
  ],
  [
    ["SGX_TOP", "pe", "", "", "n_stock=3"],
    ["/v2/sgx/companies/top/?classifications=pe&n_stock=3"],
    (t) => {
      expect(t.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ["pe", 1],
        ["pe", 2],
        ["pe", 3],
      ]);
      const pes = t.slice(1).map((r) => r[4] as number);
      expect([...pes].sort((a, b) => a - b)).toEqual(pes);
    },
  ],
  [
    ["SGX_DAILY", "D05", "2025-06-23", "2025-06-27"],
    ["/v2/sgx/daily/D05/?end=2025-06-27&start=2025-06-23"],
    (t) => expect(t.slice(1).map((r) => r[1])).toEqual(["2025-06-23", "2025-06-24", "2025-06-25", "2025-06-26", "2025-06-27"]),
  ],
  [
    ["SGX_FILINGS", "D05", "", "", "n=3"],
    ["/v2/sgx/filings/?limit=3&offset=0&symbol=D05"],
    (t) => {
      expect(t).toHaveLength(4);
      expect(t.slice(1).every((r) => r[0] === "D05")).toBe(true);
    },
  ],
  [
    // More than a page of the service: two requests, 30 then the rest.
    ["SGX_NEWS", "", "", "", "page_size=35"],
    ["/v2/sgx/news/?limit=30&offset=0", "/v2/sgx/news/?limit=5&offset=30"],
    (t) => {
      expect(t).toHaveLength(36);
      expect(t[0]).toContain("dimension.dividend");
    },
  ],
  [
    ["SGX_SHORT_SELL", "D05", "2025-06-23", "2025-06-27"],
    ["/v2/sgx/short-sell/?end=2025-06-27&limit=20&offset=0&start=2025-06-23&symbol=D05"],
    (t) => {
      expect(t[0]).toEqual(["name", "symbol", "date", "volume", "value"]);
      expect(t.slice(1).every((r) => r[1] === "D05" && String(r[2]) >= "2025-06-23" && String(r[2]) <= "2025-06-27")).toBe(true);
    },
  ],
  [
    ["SGX_BUYBACKS", "", "", "", "n=5"],
    ["/v2/sgx/buybacks/?limit=5&offset=0"],
    (t) => expect(t[0]).toEqual(expect.arrayContaining(["price_per_share.lowest", "price_per_share.highest", "mandate.mandate_remaining"])),
  ],
  [["LIST", "sgx_subsectors"], ["/v2/sgx/subsectors/"], (t) => expect(t).toContainEqual(["financial-services", "banks"])],
  [
    ["COMMODITY_PRICE", "Coal", "2024", "2025"],
    ["/v2/mining/commodities/Coal/price/?end_year=2025&start_year=2024"],
    (t) => {
      expect(t[0]).toEqual(["name", "date", "price_usd_per_ton"]);
      expect(t[1][1]).toBe("2024-01-01");
    },
  ],
  [
    ["LIST", "commodities"],
    ["/v2/mining/commodities/"],
    (t) => expect(t[0]).toEqual(["name", "data_points", "earliest_date", "latest_date"]),
  ],
  [
    ["VALUE", "BBCA", "close", "2025-06-04"],
    ["/v2/daily/BBCA/?end=2025-06-04&start=2025-05-14"],
    (t) => expect(t).toEqual([[expect.any(Number)]]),
  ],
  [["LIST", "tags"], ["/v2/tags/"], (t) => expect(t[0]).toEqual(["tag"])],
  [
    ["LIST", "companies_with_segments"],
    ["/v2/companies/list_companies_with_segments/"],
    (t) => expect(t.filter((r) => r[0] === "BBCA.JK").map((r) => r[1])).toEqual([2019, 2020, 2021, 2022, 2023, 2024]),
  ],
  [
    ["BROKERS", "", "foreign"],
    ["/v2/brokers/?origin=foreign"],
    (t) => {
      expect(t[0]).toEqual(["code", "name", "is_foreign", "cohort", "license_type"]);
      expect(t.slice(1).every((r) => r[2] === true)).toBe(true);
    },
  ],
  [
    ["TOP_BROKERS", "2025-06-26", "net", "3"],
    ["/v2/brokers/top/?date=2025-06-26&metric=net&n_brokers=3"],
    (t) => {
      expect(t.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ["2025-06-26", 1],
        ["2025-06-26", 2],
        ["2025-06-26", 3],
      ]);
      const nets = t.slice(1).map((r) => Math.abs(r[4] as number));
      expect([...nets].sort((a, b) => b - a)).toEqual(nets);
    },
  ],
  [
    ["BROKER_ACTIVITY", "cc", "2025-06-23", "2025-06-24", "ticker=BBCA"],
    ["/v2/broker-activity/CC/?end=2025-06-24&start=2025-06-23&symbol=BBCA"],
    (t) => {
      expect(t[0].slice(0, 3)).toEqual(["date", "symbol", "bfreq"]);
      expect(t.slice(1).every((r) => r[1] === "BBCA.JK")).toBe(true);
    },
  ],
  [
    ["BROKER_ACTIVITY_TOP", "CC", "2025-06-02", "2025-06-27", "n_brokers=3"],
    ["/v2/broker-activity/CC/top/?end=2025-06-27&n_brokers=3&start=2025-06-02"],
    (t) => {
      expect(t[0]).toEqual(["side", "rank", "symbol", "net_idr", "buy_idr", "sell_idr"]);
      expect(t.slice(1).every((r) => (r[0] === "accumulation") === (r[3] as number) > 0)).toBe(true);
    },
  ],
  [
    ["BROKER_SUMMARY_TOP", "BBCA", "2025-06-02", "2025-06-27", "origin=foreign"],
    ["/v2/broker-summary/BBCA/top/?end=2025-06-27&origin=foreign&start=2025-06-02"],
    (t) => {
      expect(t[0]).toEqual(["side", "rank", "broker_code", "net_idr", "buy_idr", "sell_idr"]);
      expect(t.slice(1).every((r) => ["AK", "BK", "KZ", "RX", "ZP"].includes(r[2] as string))).toBe(true);
    },
  ],
  [
    ["MARKET_CLOSE", "2025-06-26", "limit=40"],
    // 40 of the universe's closes: the service's 30 a page, then the next 10.
    ["/v2/close/?date=2025-06-26&limit=30&offset=0", "/v2/close/?date=2025-06-26&limit=10&offset=30"],
    (t) => {
      expect(t[0]).toEqual(["symbol", "date", "close"]);
      expect(t).toHaveLength(41);
      expect(t.slice(1).every((r) => r[1] === "2025-06-26")).toBe(true);
    },
  ],
  [
    ["REPORTED_SINCE", "2025-01-01"],
    ["/v2/companies/quarterly-financial-dates/?limit=20&offset=0&since=2025-01-01"],
    (t) => {
      expect(t).toHaveLength(21);
      expect(t.slice(1).every((r) => r[1] === "2025-03-31" && r[2] === "q1")).toBe(true);
    },
  ],
  [
    // A quarter: fewer than the 20 a call lists, so no note that the service has more.
    ["SUSPENSIONS", "", "2024-01-01", "2024-03-31"],
    ["/v2/suspensions/?end=2024-03-31&limit=20&offset=0&start=2024-01-01"],
    (t) => {
      const days = t.slice(1).map((r) => r[1] as string);
      expect(days.length).toBeGreaterThan(0);
      expect(days.every((d) => d >= "2024-01-01" && d <= "2024-03-31")).toBe(true);
      expect([...days].sort().reverse()).toEqual(days);
    },
  ],
  [["GET", "v2/mining/sites/", "limit=2"], ["/v2/mining/sites/?limit=2"], (t) => expect(t).toHaveLength(3)],
  [
    // The SGX screener ordered by sector shows each company's sector: one request for the market.
    ["SEARCH", "dbs", "SGX"],
    ["/v2/sgx/companies/?include_query_values=true&limit=200&offset=0&order_by=sector"],
    (t) =>
      expect(t).toEqual([
        ["symbol", "name", "market", "sector"],
        ["D05", "DBS Group Holdings Ltd", "SGX", "Financial Services"],
      ]),
  ],
];

test("every function of the live edition is exercised", () => {
  expect(new Set(CALLS.map(([args]) => args[0]))).toEqual(new Set(CATALOGUE.filter((f) => f.editions.live).map((f) => f.name)));
});

test.each(CALLS)("%j", async (args, paths, check) => {
  const result = await call(args);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(live.proxy.seen).toEqual(paths.map((url) => ({ url, auth: "test-key" })));
  const table = JSON.parse(result.stdout) as unknown[][];
  expect(new Set(table.map((r) => r.length)).size).toBe(1);
  check(table);
});

test("a /v1/ path in the live edition: 410, and the message names both fixes", async () => {
  const result = await call(["GET", "v1/subsectors/"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(
    /^MDQ error: this service path was retired \(410\): .*set the edition to live with --edition or the MDQ_EDITION variable, or point the base URL at an address that serves the spec edition \(MDQ's sandbox serves it under \/spec\) with --base-url or the MDQ_BASE_URL variable\.\n$/,
  );
});

test("BROKER_ACTIVITY over a month: the service's 14-day windows, merged in date order, each day once", async () => {
  const result = await call(["BROKER_ACTIVITY", "CC", "2025-05-01", "2025-05-31", "ticker=BBCA"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(live.proxy.seen.map((s) => s.url).sort()).toEqual([
    "/v2/broker-activity/CC/?end=2025-05-12&start=2025-04-29&symbol=BBCA",
    "/v2/broker-activity/CC/?end=2025-05-26&start=2025-05-13&symbol=BBCA",
    "/v2/broker-activity/CC/?end=2025-06-09&start=2025-05-27&symbol=BBCA",
  ]);
  const days = (JSON.parse(result.stdout) as unknown[][]).slice(1).map((r) => r[0] as string);
  expect(days).toEqual([...new Set(days)].sort());
  // IDX's May 2025: Labour Day on the 1st, Ascension on the 29th and a joint leave day on the 30th.
  expect([days[0], days[days.length - 1]]).toEqual(["2025-05-02", "2025-05-28"]);
});

test("an SGX filter the provider would refuse is refused here first: exit 2, nothing sent, the choices named", async () => {
  const result = await call(["SGX_FILINGS", "D05", "", "", "transaction_type=gift"]);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/'transaction_type' must be one of award, buy, others, sell, transfer \(got "gift"\)/);
  expect(live.proxy.seen).toEqual([]);
});

test("the sandbox's SGX feeds agree with SGX_DAILY: a short sale is a share of the day's volume, at its close", async () => {
  const shorts = JSON.parse((await call(["SGX_SHORT_SELL", "U11", "2025-06-23", "2025-06-27"])).stdout) as unknown[][];
  const daily = JSON.parse((await call(["SGX_DAILY", "U11", "2025-06-23", "2025-06-27"])).stdout) as unknown[][];
  const byDate = new Map(daily.slice(1).map((r) => [r[1], { close: r[2] as number, volume: r[3] as number }]));
  expect(shorts.length).toBeGreaterThan(1);
  for (const [, , date, volume, value] of shorts.slice(1) as [string, string, string, number, number][]) {
    const day = byDate.get(date)!;
    expect(volume).toBeLessThanOrEqual(day.volume);
    expect(value).toBeCloseTo(volume * day.close, 2);
  }
});
