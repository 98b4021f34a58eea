// Arguments in, exact URL and headers out, for every function; no network.

import { MdqError } from "../../../shared/base/errors";
import { CATALOGUE, functionNamed } from "../../../shared/catalogue/catalogue";
import { prepare } from "../../../shared/request/prepare";

const settings = { baseUrl: "https://api.example.com/", apiKey: "k3y" };
const url = (name: string, ...args: unknown[]) => prepare(functionNamed(name), args as never, settings).request.url;
const B = "https://api.example.com";

const CASES: Array<[string, unknown[], string]> = [
  [
    "FILINGS",
    ["bbca.jk, TLKM", "2024-01-01", "2024-06-30", "transaction_type=SELL; n=5"],
    `${B}/v1/filings/?end=2024-06-30&n=5&start=2024-01-01&tickers=BBCA.JK,TLKM.JK&transaction_type=sell`,
  ],
  ["FILINGS", [], `${B}/v1/filings/`],
  [
    "FILINGS",
    ["", "", "", "sector=Financials; sub_sector=Banks; tags=Bullish,insider-trading; page=2; page_size=50"],
    `${B}/v1/filings/?page=2&page_size=50&sector=financials&sub_sector=banks&tags=Bullish,insider-trading`,
  ],
  [
    "NEWS",
    [[["BBRI"], ["bmri.JK"]], "", "", "sub_sector=Banks, Insurance"],
    `${B}/v1/news/?sub_sector=banks,insurance&tickers=BBRI.JK,BMRI.JK`,
  ],
  ["COMPANIES", ["Oil, Gas & Coal", "Market_Cap", true], `${B}/v1/companies/?desc=true&sort_by=market_cap&sub_sector=oil-gas-coal`],
  ["COMPANIES", ["", "", "", "sub_industry=Diversified Metals & Minerals"], `${B}/v1/companies/?sub_industry=diversified-metals-minerals`],
  ["QUARTERLY", ["bbca.jk", 4], `${B}/v1/financials/quarterly/BBCA/?n_quarters=4`],
  ["QUARTERLY", ["BBRI", "", "2024-06-30", false], `${B}/v1/financials/quarterly/BBRI/?approx=false&report_date=2024-06-30`],
  ["SEGMENTS", ["TLKM", 2023], `${B}/v1/company/get-segments/TLKM/?financial_year=2023`],
  ["INDEX", ["LQ45", 45292, 45382], `${B}/v1/index-daily/lq45/?end=2024-03-31&start=2024-01-01`],
  ["INDEX", ["ihsg"], `${B}/v1/index-daily/ihsg/`],
  ["SGX_COMPANIES", ["Financial Services"], `${B}/v1/sgx/companies/?sector=financial-services`],
  ["KLSE_REPORT", [1155, "valuation"], `${B}/v1/klse/company/report/1155/`],
  ["KLSE_REPORT", [166], `${B}/v1/klse/company/report/0166/`],
  [
    "KLSE_TOP",
    ["PE, revenue", "Finance", 5000, "n_stock=3"],
    `${B}/v1/klse/companies/top/?classifications=pe,revenue&min_mcap_million=5000&n_stock=3&sector=finance`,
  ],
  ["MINING_COMPANIES", ["adaro", "coal", 10, 20], `${B}/v2/mining/companies/?commodity=Coal&keyword=adaro&limit=10&offset=20`],
  ["MINERAL_COMPANIES", ["", "NICKEL", 5], `${B}/v2/mineral-companies/?commodity=Nickel&limit=5`],
  ["MINING_COMPANY", [12], `${B}/v2/mining/companies/12/`],
  ["MINING_FINANCIALS", ["itmg", "2023, 2024"], `${B}/v2/mining/companies/ITMG.JK/financials/?years=2023,2024`],
  ["MINING_FINANCIALS", ["ITMG.JK", [[2022, 2023]]], `${B}/v2/mining/companies/ITMG.JK/financials/?years=2022,2023`],
  ["MINING_PERFORMANCE", ["3", ""], `${B}/v2/mining/companies/3/performance/`],
  [
    "MINING_LICENSES",
    ["kalimantan timur", "Coal", true, 30, 0],
    `${B}/v2/mining/licenses/?commodity=Coal&expiring_soon=true&limit=30&offset=0&province=Kalimantan%20Timur`,
  ],
  [
    "MINING_SITES",
    ["", "coal", 1.5, "PRODUCTION", 10],
    `${B}/v2/mining/sites/?limit=10&min_production=1.5&mineral_type=Coal&sort_by=production`,
  ],
  // The live edition's order_by, where the spec edition has the same sort, is sent as its sort_by.
  ["MINING_SITES", ["", "", "", "", "", "", "order_by=-production_volume"], `${B}/v2/mining/sites/?sort_by=production`],
  ["MINING_SITES", ["", "", "", "", "", "", "order_by=-YEAR"], `${B}/v2/mining/sites/?sort_by=year`],
  ["GLOBAL_COMMODITY", ["nickel", "", "limit=5; offset=5"], `${B}/v2/mining/global-commodity/?commodity_type=Nickel&limit=5&offset=5`],
  ["GLOBAL_COMMODITY", ["", "united states"], `${B}/v2/mining/global-commodity/?country=United%20States`],
  ["SALES_DESTINATION", ["itmg"], `${B}/v2/sales-destination/?ticker=ITMG.JK`],
  // VALUE's first request is its dataset's path for the key; its load adds the reach (test/shared/catalogue/value.test.ts).
  ["VALUE", ["bbca.jk", "revenue", "2024Q4"], `${B}/v1/financials/quarterly/BBCA/`],
  ["VALUE", ["1155", "financials.historical_revenue", 2023], `${B}/v1/klse/company/report/1155/`],
  ["LIST", ["subsectors"], `${B}/v1/subsectors/`],
  ["LIST", ["industries"], `${B}/v1/industries/`],
  ["LIST", ["subindustries"], `${B}/v1/subindustries/`],
  ["LIST", ["TAGS"], `${B}/v1/tags/`],
  ["LIST", ["index_members", "index=LQ45"], `${B}/v1/index/lq45/`],
  ["LIST", ["sgx_sectors"], `${B}/v1/sgx/sectors/`],
  ["LIST", ["klse_sectors"], `${B}/v1/klse/sectors/`],
  ["LIST", ["klse_companies", "sector=Finance"], `${B}/v1/klse/companies/?sector=finance`],
  ["LIST", ["quarterly_dates", "ticker=bbca.jk"], `${B}/v1/company/get_quarterly_financial_dates/BBCA/`],
  ["LIST", ["companies_with_segments"], `${B}/v1/companies/list_companies_with_segments/`],
  ["GET", ["/v2/mining/sites/", "sort_by=year&limit=2"], `${B}/v2/mining/sites/?limit=2&sort_by=year`],
  // SEARCH's first request is the first market's first list; its load sends the rest (test/shared/catalogue/search.test.ts).
  ["SEARCH", ["central asia"], `${B}/v1/subsectors/`],
  ["GET", ["v1/news", "q=a b&x=%26"], `${B}/v1/news?q=a%20b&x=%26`],
];

describe("request building", () => {
  test.each(CASES)("%s %j", (name, args, expected) => {
    expect(url(name, ...args)).toBe(expected);
  });

  test("every function of the spec edition has a case and its example builds", () => {
    for (const fn of CATALOGUE.filter((f) => f.editions.spec)) {
      expect(CASES.some(([name]) => name === fn.name)).toBe(true);
      expect(() => prepare(fn, fn.example, settings)).not.toThrow();
    }
  });

  test("the raw key is the Authorization header, and nowhere in the cache key", () => {
    const call = prepare(functionNamed("QUARTERLY"), ["BBCA"], { baseUrl: B, apiKey: "secret-key-123" });
    expect(call.request.headers).toEqual({ Authorization: "secret-key-123", Accept: "application/json" });
    expect(call.cacheKey).not.toContain("secret-key-123");
    expect(call.cacheKey).toContain("/v1/financials/quarterly/BBCA/");
  });

  test("a base path is kept and function names are case-insensitive", () => {
    expect(prepare(functionNamed("quarterly"), ["BBCA"], { baseUrl: "https://h.example/api/", apiKey: "k" }).request.url).toBe(
      "https://h.example/api/v1/financials/quarterly/BBCA/",
    );
  });

  test("equal requests share a cache key; the key changes it; refresh and display options do not", () => {
    const key = (args: unknown[], apiKey = "k") => prepare(functionNamed("INDEX"), args as never, { baseUrl: B, apiKey }).cacheKey;
    expect(key(["lq45", "2024-01-01"])).toBe(key(["LQ45", 45292, "", "headers=false; orient=columns"]));
    // The refresh generation lives inside the entry: a refresh rewrites the key it had.
    expect(key(["lq45", "", "", "refresh=1"])).toBe(key(["lq45", "", "", "refresh=2"]));
    const generation = (refresh: string) =>
      prepare(functionNamed("INDEX"), ["lq45", "", "", `refresh=${refresh}`], { baseUrl: B, apiKey: "k" }).generation;
    expect(generation("1")).not.toBe(generation("2"));
    expect(key(["lq45"], "a")).not.toBe(key(["lq45"], "b"));
  });
});

const BAD: Array<[string, unknown[], string]> = [
  ["FILINGS", ["", "", "", "n=50"], "MDQ: 'n' must be a whole number from 1 to 30 (got \"50\")"],
  ["FILINGS", ["", "", "", "transaction_type=hold"], "MDQ: 'transaction_type' must be one of buy, sell, others (got \"hold\")"],
  ["FILINGS", ["", "2024-06-30", "2024-01-01"], "MDQ: 'start' (2024-06-30) must be on or before 'end' (2024-01-01)"],
  ["NEWS", ["BBCA,TLKMX"], "MDQ: 'tickers' must be a comma list or range of 4-letter IDX tickers such as BBCA,TLKM (got \"BBCA,TLKMX\")"],
  ["QUARTERLY", [], "MDQ: 'ticker' is required: a 4-letter IDX ticker such as BBCA or BBCA.JK"],
  ["QUARTERLY", ["BBCA", 2.5], "MDQ: 'n_quarters' must be a whole number from 1 to 100 (got 2.5)"],
  ["QUARTERLY", ["BBCA", true], "MDQ: 'n_quarters' must be a whole number from 1 to 100 (got true)"],
  ["QUARTERLY", ["BBCA", "", "2024-02-30"], "MDQ: 'report_date' must be a date as YYYY-MM-DD text or a date cell (got \"2024-02-30\")"],
  ["QUARTERLY", ["BBCA", "", "", "maybe"], "MDQ: 'approx' must be TRUE or FALSE (got \"maybe\")"],
  [
    "QUARTERLY",
    ["BBCA", "", "", "", "colour=red"],
    "MDQ: unknown option 'colour' for QUARTERLY (allowed: all, headers, orient, fields, dates, refresh, notes, explain, stale)",
  ],
  [
    "INDEX",
    ["lq46"],
    "MDQ: 'index_code' must be one of ftse, idx30, idxbumn20, idxesgl, idxg30, idxhidiv20, idxq30, idxv30, ihsg, jii70, media100, lq45, sminfra18, srikehati, sti, economic30, idxvesta28, kompas100 (got \"lq46\")",
  ],
  ["KLSE_REPORT", ["11555"], "MDQ: 'ticker' must be a 4-digit KLSE stock code such as 1155 (got \"11555\")"],
  [
    "KLSE_TOP",
    ["pe,growth"],
    "MDQ: 'classifications' must be a comma list of dividend_yield, revenue, earnings, market_cap, pe (got \"pe,growth\")",
  ],
  ["KLSE_TOP", ["", "", "", "n_stock=11"], "MDQ: 'n_stock' must be a whole number from 1 to 10 (got \"11\")"],
  ["MINING_COMPANIES", ["", "", 31], "MDQ: 'limit' must be a whole number from 1 to 30 (got 31)"],
  [
    "MINING_COMPANY",
    [0],
    "MDQ: 'company' must be an IDX ticker (ADRO), a slug (pt-adaro-energy-indonesia-tbk) or, in the spec edition, an id (got 0)",
  ],
  ["MINING_FINANCIALS", ["ITMG", "2023,abc"], "MDQ: 'years' must be a comma list or range of years such as 2023,2024 (got \"2023,abc\")"],
  ["MINING_SITES", ["", "", -1], "MDQ: 'min_production' must be a number of 0 or more (got -1)"],
  ["GLOBAL_COMMODITY", [], "MDQ: 'commodity_type' or 'country' is required"],
  ["COMPANIES", ["", "pe"], "MDQ: 'sub_sector' or the option 'sub_industry' is required"],
  ["SGX_COMPANIES", [""], "MDQ: 'sector' is required: a name such as banks or oil-gas-coal"],
  ["LIST", ["index_members"], 'MDQ: LIST("index_members") needs the option \'index\', e.g. "index=lq45"'],
  [
    "LIST",
    ["everything"],
    "MDQ: 'kind' must be one of subsectors, industries, subindustries, tags, index_members, sgx_sectors, klse_sectors, klse_companies, quarterly_dates, commodities, companies_with_segments, sgx_subsectors, sgx_tags (got \"everything\")",
  ],
  [
    "GET",
    ["v1/../admin"],
    "MDQ: 'path' must be a path such as v1/subsectors/ made of letters, digits, '-', '_', '.' (got \"v1/../admin\")",
  ],
  ["GET", ["v1/news/", "a=1&b c=2"], "MDQ: 'query' must be name=value pairs joined by & (got \"a=1&b c=2\")"],
  ["SALES_DESTINATION", ["ITMG", "headers=maybe"], "MDQ: 'headers' must be TRUE or FALSE (got \"maybe\")"],
  ["SALES_DESTINATION", ["ITMG", "", "extra"], "MDQ: SALES_DESTINATION takes at most 2 arguments: company, options"],
  ["NOPE", [], 'MDQ: there is no function "NOPE"; see the function list'],
];

describe("bad arguments are refused before any request", () => {
  test.each(BAD)("%s %j", (name, args, message) => {
    let error: unknown;
    try {
      prepare(functionNamed(name), args as never, settings);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MdqError);
    expect((error as MdqError).kind).toBe("bad_argument");
    expect((error as MdqError).message).toBe(message);
  });
});

// Filters of the live edition only: refused in the spec edition before any request, naming the
// option and the setting.
const LIVE_ONLY: Array<[string, unknown[], string]> = [
  ["NEWS", ["", "", "", "keyword=laba"], "'keyword' of NEWS"],
  ["NEWS", ["", "", "", "extension=mining"], "'extension' of NEWS"],
  ["NEWS", ["", "", "", "commodity_type=Coal"], "'commodity_type' of NEWS"],
  ["FILINGS", ["", "", "", "holder_type=insider"], "'holder_type' of FILINGS"],
  ["FILINGS", ["", "", "", "transaction_type=others"], "transaction_type=others of FILINGS"],
  ["MINING_COMPANIES", ["", "", "", "", "company_type=Trader"], "'company_type' of MINING_COMPANIES"],
  ["MINING_COMPANIES", ["", "", "", "", "has_financials=true"], "'has_financials' of MINING_COMPANIES"],
  ["MINING_LICENSES", ["", "", "", "", "", "company=ADRO"], "'company' of MINING_LICENSES"],
  ["MINING_LICENSES", ["", "", "", "", "", "license_type=IUP"], "'license_type' of MINING_LICENSES"],
  ["MINING_LICENSES", ["", "", "", "", "", "activity=Eksplorasi"], "'activity' of MINING_LICENSES"],
  ["MINING_LICENSES", ["", "", "", "", "", "cnc=true"], "'cnc' of MINING_LICENSES"],
  ["MINING_LICENSES", ["", "", "", "", "", "order_by=licensed_area_ha"], "'order_by' of MINING_LICENSES"],
  ["MINING_SITES", ["", "", "", "", "", "", "company=ADRO"], "'company' of MINING_SITES"],
  ["MINING_SITES", ["", "", "", "", "", "", "year=2024"], "'year' of MINING_SITES"],
  ["MINING_SITES", ["", "", "", "", "", "", "order_by=strip_ratio"], "order_by=strip_ratio of MINING_SITES"],
  ["MINING_PERFORMANCE", ["3", "", "commodity_type=Coal"], "'commodity_type' of MINING_PERFORMANCE"],
];

describe("the live edition's own filters are refused in the spec edition, before any request", () => {
  test.each(LIVE_ONLY)("%s %j", (name, args, what) => {
    let error: unknown;
    try {
      prepare(functionNamed(name), args as never, settings);
    } catch (e) {
      error = e;
    }
    expect((error as MdqError).kind).toBe("unsupported");
    expect((error as MdqError).message).toContain(`MDQ: ${what} is not offered by the spec edition of the service.`);
    expect((error as MdqError).message).toContain("to live");
  });
});

// The IDX paths only the live edition has: the request each row builds (its first; pages and
// windows are the load's, test/shared/request/live-requests.test.ts), the bounds and choices of
// the provider's description checked before any request, and the spec edition's refusal.
const LIVE = { ...settings, edition: "live" as const };
const liveUrl = (name: string, ...args: unknown[]) => prepare(functionNamed(name), args as never, LIVE).request.url;

const LIVE_CASES: Array<[string, unknown[], string]> = [
  ["BROKERS", ["Retail", "domestic"], `${B}/v2/brokers/?cohort=retail&origin=domestic`],
  ["BROKERS", [], `${B}/v2/brokers/`],
  [
    "TOP_BROKERS",
    ["2025-06-27", "NET", 5, "cohort=all; origin=foreign"],
    `${B}/v2/brokers/top/?cohort=all&date=2025-06-27&metric=net&n_brokers=5&origin=foreign`,
  ],
  [
    "BROKER_ACTIVITY",
    ["mg", "2025-06-16", "2025-06-27", "ticker=bbca.jk"],
    `${B}/v2/broker-activity/MG/?end=2025-06-27&start=2025-06-16&symbol=BBCA`,
  ],
  ["BROKER_ACTIVITY_TOP", ["cc", "", "", "n_brokers=3"], `${B}/v2/broker-activity/CC/top/?n_brokers=3`],
  [
    "BROKER_SUMMARY_TOP",
    ["bbca", "2025-06-02", "2025-06-27", "n_brokers=90; cohort=institutional; origin=domestic"],
    `${B}/v2/broker-summary/BBCA/top/?cohort=institutional&end=2025-06-27&n_brokers=90&origin=domestic&start=2025-06-02`,
  ],
  ["MARKET_CLOSE", ["2025-06-27", "limit=100; offset=30"], `${B}/v2/close/?date=2025-06-27`],
  ["REPORTED_SINCE", ["2025-04-01", 2025], `${B}/v2/companies/quarterly-financial-dates/?since=2025-04-01&year=2025`],
  ["SUSPENSIONS", ["goto", "2024-01-01", "2024-12-31"], `${B}/v2/suspensions/?end=2024-12-31&start=2024-01-01&symbol=GOTO`],
  ["LIST", ["companies_with_segments"], `${B}/v2/companies/list_companies_with_segments/`],
];

const LIVE_BAD: Array<[string, unknown[], string]> = [
  ["BROKERS", ["all"], "MDQ: 'cohort' must be one of institutional, mixed, retail, unknown (got \"all\")"],
  ["TOP_BROKERS", ["", "volume"], "MDQ: 'metric' must be one of gross, net (got \"volume\")"],
  ["TOP_BROKERS", ["", "", 91], "MDQ: 'n_brokers' must be a whole number from 1 to 90 (got 91)"],
  ["TOP_BROKERS", ["", "", "", "origin=local"], "MDQ: 'origin' must be one of all, domestic, foreign (got \"local\")"],
  ["BROKER_ACTIVITY", [], "MDQ: 'broker_code' is required: a 2-letter IDX broker code such as MG"],
  ["BROKER_ACTIVITY", ["MGX"], "MDQ: 'broker_code' must be a 2-letter IDX broker code such as MG (got \"MGX\")"],
  ["BROKER_SUMMARY_TOP", ["BBCA", "2025-06-27", "2025-06-02"], "MDQ: 'start' (2025-06-27) must be on or before 'end' (2025-06-02)"],
  ["MARKET_CLOSE", ["", "limit=1001"], "MDQ: 'limit' must be a whole number from 1 to 1000 (got \"1001\")"],
  ["MARKET_CLOSE", ["2025-06-31"], "MDQ: 'date' must be a date as YYYY-MM-DD text or a date cell (got \"2025-06-31\")"],
  ["SUSPENSIONS", ["", "", "", "offset=-1"], "MDQ: 'offset' must be a whole number from 0 to 1000000 (got \"-1\")"],
];

describe("the IDX paths of the live edition", () => {
  test.each(LIVE_CASES)("%s %j", (name, args, expected) => {
    expect(liveUrl(name, ...args)).toBe(expected);
  });

  test.each(LIVE_BAD)("%s %j is refused before any request", (name, args, message) => {
    let error: unknown;
    try {
      prepare(functionNamed(name), args as never, LIVE);
    } catch (e) {
      error = e;
    }
    expect((error as MdqError).kind).toBe("bad_argument");
    expect((error as MdqError).message).toBe(message);
  });

  test.each([
    "BROKERS",
    "TOP_BROKERS",
    "BROKER_ACTIVITY",
    "BROKER_ACTIVITY_TOP",
    "BROKER_SUMMARY_TOP",
    "MARKET_CLOSE",
    "REPORTED_SINCE",
    "SUSPENSIONS",
  ])("%s: the spec edition refuses it, naming the setting", (name) => {
    const fn = functionNamed(name);
    expect(() => prepare(fn, fn.example, settings)).toThrow(/is not offered by the spec edition of the service\..*set .* to live/);
  });
});

test("the SGX feeds are the live edition's: the spec edition refuses them before any request, saying what to do", () => {
  for (const name of ["SGX_FILINGS", "SGX_NEWS", "SGX_SHORT_SELL", "SGX_BUYBACKS"]) {
    const fn = functionNamed(name);
    expect(() => prepare(fn, fn.example, settings)).toThrow(
      /is not offered by the spec edition of the service\. The spec edition has no SGX feeds: its SGX data is SGX_COMPANIES/,
    );
    expect(prepare(fn, fn.example, { ...settings, edition: "live" }).request.url).toMatch(/^https:\/\/api\.example\.com\/v2\/sgx\//);
  }
});

describe("settings", () => {
  const attempt = (baseUrl: string, apiKey?: string) => {
    try {
      prepare(functionNamed("INDEX"), ["lq45"], { baseUrl, apiKey });
      return "ok";
    } catch (e) {
      return `${(e as MdqError).kind}: ${(e as MdqError).message}`;
    }
  };

  test("plain http only to this computer", () => {
    expect(attempt("http://127.0.0.1:8787", "k")).toBe("ok");
    expect(attempt("http://localhost:8787", "k")).toBe("ok");
    expect(attempt("http://api.example.com", "k")).toMatch(/^bad_argument: MDQ: the base URL must use https:\/\/ for api.example.com/);
  });

  test("the base URL is checked", () => {
    expect(attempt("ftp://x", "k")).toMatch(/^bad_argument: .*must be an address/);
    expect(attempt("https://user:pw@api.example.com", "k")).toMatch(/must be an address/);
    expect(attempt("", "k")).toMatch(/must be an address/);
  });

  test("a missing key, or one with control characters, is refused without echoing it", () => {
    expect(attempt("https://api.example.com", "")).toBe("missing_key: MDQ: no API key is set. Add your key in MDQ settings.");
    // A service on this computer is most likely the sandbox: its key is named.
    expect(attempt("http://127.0.0.1:8788", "")).toBe(
      "missing_key: MDQ: no API key is set. Add your key in MDQ settings; MDQ's sandbox on this computer takes the key demo.",
    );
    const bad = attempt("https://api.example.com", "abc\ndef");
    expect(bad).toMatch(/^bad_argument: MDQ: the API key has characters an HTTP header cannot carry/);
    expect(bad).not.toContain("abc");
  });
});
