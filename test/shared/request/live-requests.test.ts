// Every request the live edition builds for chosen calls of every function with a live edition,
// with and without its optional arguments, checked by an OpenAPI validator against the generated
// description (src/sandbox/described/, test/live-api.ts): the path exists, every parameter is one
// the path takes, of its type, within its bounds and choices, the required ones there. Answers come
// from fixtures shaped like the provider's current examples. (Generated calls of every function:
// described-requests.test.ts.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE } from "../../../shared/catalogue/catalogue";
import { SGX_HOLDER_TYPES, SGX_TRANSACTION_TYPES } from "../../../shared/catalogue/vocabularies";
import { LiveApi } from "../../live-api";
import { recordLive } from "../harness";

let api: LiveApi;
beforeAll(async () => {
  api = await LiveApi.load();
});

/** Each live function: a call with every optional argument and option given, and a bare one. */
const CALLS: Record<string, unknown[][]> = {
  FILINGS: [
    [
      "KOPI,BKNR",
      "2026-01-01",
      "2026-09-30",
      "sector=consumer-non-cyclicals; sub_sector=food-beverage; tags=bullish; transaction_type=buy; n=5",
    ],
    ["KOPI", "", "", "page=2; page_size=40"],
    ["", "", "", "holder_type=institution; transaction_type=others"],
    [],
  ],
  NEWS: [
    ["KOPI,BKNR", "2026-01-01", "2026-09-30", "sector=financials; sub_sector=banks,insurance; tags=Bullish; n=10; keyword=laba"],
    ["", "2026-01-01", "", "extension=mining; commodity_type=sand, stone, gravel; keyword=ekspor"],
    ["", "", "", "commodity_type=Coal"],
    ["", "", "", "extension=idx"],
    [],
  ],
  COMPANIES: [["banks", "market_cap", true], ["", "pe", false, "sub_industry=banks"], ["food-beverage"]],
  QUARTERLY: [["KOPI", 4], ["KOPI", "", "2026-06-30", false], ["KOPI"]],
  VALUE: [
    ["KOPI", "revenue", "2026Q2"],
    ["KOPI", "close", -1],
    ["KOPI", "overview.market_cap"],
    ["7123", "financials.historical_revenue", 2024],
    ["K7Q", "overview.market_cap"],
    ["BRSG", "revenue_usd", 2024, "dataset=mining_financials"],
  ],
  COMPANY: [["KOPI"], ["7123"], ["K7Q", "refresh=1"]],
  SEGMENTS: [["KOPI", 2025], ["KOPI"]],
  COMPANY_REPORT: [["KOPI", "overview,valuation"], ["KOPI"]],
  DAILY: [["KOPI", "2026-09-01", "2026-09-11"], ["KOPI"]],
  INDEX: [["media100", "2026-09-01", "2026-09-11"], ["lq45"]],
  SCREENER: [["sub_sector = 'Banks'", "-market_cap", "", "desc=true; limit=250; offset=10"], ["market_cap > 1", "", "sgx"], []],
  SCREENER_NL: [["top 5 banks by market cap"], ["top 3 banks by market cap", "sgx"]],
  FREE_FLOAT: [["banks"], ["", "industry=oil-gas"], []],
  SUBSECTOR_REPORT: [["banks", "statistics,valuation"], ["banks", "", "top_mcap"], ["banks"]],
  IDX_TOTAL: [["2025-05-01", "2025-05-30"], []],
  MOST_TRADED: [["2025-06-02", "2025-06-06", "banks", "adjusted=true; n_stock=3"], []],
  TOP_CHANGES: [["top_gainers", "7d,30d", "banks", "n_stock=3; min_mcap_billion=1000"], []],
  LISTING_PERFORMANCE: [["GOTO"]],
  BROKER_SUMMARY: [["BBCA", "2025-06-16", "2025-06-27", "broker_code=mg"], ["BBCA"]],
  FOREIGN_FLOW: [["BBCA", "2025-06-02", "2025-06-27"], ["BBCA"]],
  BROKER_SUMMARY_TOP: [["KOPI", "2026-08-12", "2026-09-11", "n_brokers=5; cohort=retail; origin=domestic"], ["KOPI"]],
  BROKERS: [["institutional", "foreign"], []],
  TOP_BROKERS: [["2026-09-11", "net", 10, "cohort=mixed; origin=all"], []],
  BROKER_ACTIVITY: [["QA", "2026-08-31", "2026-09-11", "ticker=KOPI"], ["QA"]],
  BROKER_ACTIVITY_TOP: [["QA", "2026-08-12", "2026-09-11", "n_brokers=3"], ["QA"]],
  MARKET_CLOSE: [["2026-09-11", "limit=75; offset=10"], []],
  REPORTED_SINCE: [["2026-06-30", 2026, "limit=45"], []],
  SUSPENSIONS: [["KOPI", "2026-01-01", "2026-09-11", "limit=31; offset=3"], []],
  CORPORATE_ACTIONS: [["BBCA", "dividend"], ["BBCA"]],
  SHAREHOLDERS: [["BBCA", 2025], ["BBCA"]],
  SGX_REPORT: [["D05", "overview,valuation"], ["d05.si", "", "historical_dividends"], ["D05"]],
  SGX_TOP: [["market_cap,pe", "financial-services", 500, "n_stock=3"], []],
  SGX_DAILY: [["D05", "2025-05-01", "2025-05-30"], ["D05"]],
  SGX_FILINGS: [
    ["d05.si", "2025-01-01", "2025-06-30", "transaction_type=Award; holder_type=insider; n=5"],
    ["", "", "", "page=2; page_size=45"],
    [],
  ],
  SGX_NEWS: [
    ["D05,u11", "2025-01-01", "2025-06-30", "sector=Financial Services; sub_sector=banks; tags=Dividend-Announcement,bullish; n=10"],
    [],
  ],
  SGX_SHORT_SELL: [["C38U", "2025-06-01", "2025-06-30", "n=30"], []],
  SGX_BUYBACKS: [["U11", "2025-01-01", "", "page=3; page_size=10"], []],
  COMMODITY_PRICE: [["Coal", 2024, 2025], ["Coal", "", 2022], ["Gold"]],
  SGX_COMPANIES: [["Financial Services"]],
  KLSE_REPORT: [["7123", "historical_earnings"], ["7123", "valuation"], ["7123"]],
  KLSE_TOP: [["pe,revenue", "consumer-products", 500, "n_stock=3"], []],
  MINING_COMPANIES: [["bara", "Coal", 10, 20, "company_type=mine owner; has_financials=true"], []],
  MINING_COMPANY: [["BRSG"], ["pt-bara-sungai-tbk"]],
  MINING_FINANCIALS: [["BRSG", "2024,2025"], ["BRSG"]],
  MINING_PERFORMANCE: [["BRSG", "2025", "commodity_type=coal"], ["pt-bara-sungai-tbk"]],
  MINING_LICENSES: [
    [
      "Kalimantan Timur",
      "Coal",
      true,
      10,
      0,
      "company=BRSG; license_type=iupk; activity=operasi produksi; cnc=true; order_by=-licensed_area_ha",
    ],
    ["", "", "", "", "", "company=pt-bara-sungai-tbk"],
    [],
  ],
  MINING_SITES: [
    ["Kalimantan Timur", "Coal", 1.5, "production", 10, 0, "company=BRSG; year=2024"],
    ["", "", "", "year"],
    ["", "", "", "", "", "", "order_by=strip_ratio; company=pt-bara-sungai-tbk"],
    [],
  ],
  GLOBAL_COMMODITY: [["Nickel", "Indonesia", "limit=5"], ["Nickel"]],
  MINERAL_COMPANIES: [["bara", "Coal", 10], []],
  MINING_OWNERSHIP: [["BRSG"], ["pt-bara-sungai-tbk"]],
  MINING_CONTRACTS: [["pt-gali-tanah-perkasa", "PT Bara Sungai Tbk"], []],
  LICENSE_AUCTIONS: [
    [
      "Maluku Utara",
      "nickel",
      "Lelang Selesai",
      "Nikel",
      10,
      5,
      "area_type=wiupk; order_by=-participant_count; qualified=true; min_participants=2",
    ],
    [],
  ],
  LICENSE_AUCTION: [["8203012052025004"], [8203012052025004, "participants"]],
  MINING_SITE: [["sungai-hulu"]],
  RESOURCES_RESERVES: [["Kalimantan Timur", "Coal", 2024], ["", "Gold"], []],
  TOTAL_PRODUCTION: [["Coal"]],
  MINING_EXPORTS: [
    ["Coal", 2024, 10],
    ["gold", 2023],
  ],
  SALES_DESTINATION: [["BRSG", "year=2025"], ["BRSG"]],
  LIST: [
    ["subsectors"],
    ["industries"],
    ["subindustries"],
    ["tags"],
    ["index_members", "index=kompas100"],
    ["sgx_sectors"],
    ["klse_sectors"],
    ["klse_companies", "sector=financials"],
    ["quarterly_dates", "ticker=KOPI"],
    ["commodities"],
    ["companies_with_segments"],
    ["sgx_subsectors"],
    ["sgx_tags"],
  ],
  GET: [["v2/mining/sites/", "limit=2"]],
  SEARCH: [["central asia"], ["dbs", "sgx", "limit=5"], ["petronas", "KLSE"], ["adaro", "mining"]],
};

const LIVE = CATALOGUE.filter((f) => f.editions.live);

test("every function with a live edition has calls here, and the rest are not offered", () => {
  expect(Object.keys(CALLS).sort()).toEqual(LIVE.map((f) => f.name).sort());
  for (const fn of CATALOGUE.filter((f) => !f.editions.live)) {
    const { urls, error } = recordLive(fn.name, fn.example);
    expect(urls).toEqual([]);
    expect(error?.kind).toBe("unsupported");
    expect(error?.message).toMatch(/is not offered by the live edition of the service/);
  }
});

describe.each(Object.entries(CALLS).flatMap(([name, calls]) => calls.map((args) => [name, JSON.stringify(args), args] as const)))(
  "%s(%s)",
  (name, _shown, args) => {
    test("sends only requests the live service takes", () => {
      const { urls, error } = recordLive(name, args as never);
      if (error) expect(error.kind).toBe("no_data");
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect({ url, problems: api.requestProblems(url) }).toEqual({ url, problems: [] });
    });
  },
);

test("COMMODITY_PRICE with end_year alone asks for the three years up to it (the service would count from today)", () => {
  expect(recordLive("COMMODITY_PRICE", ["Coal", "", 2022]).urls).toEqual([
    expect.stringMatching(/\/v2\/mining\/commodities\/Coal\/price\/\?end_year=2022&start_year=2020$/),
  ]);
  expect(recordLive("COMMODITY_PRICE", ["Coal"]).urls).toEqual([expect.stringMatching(/\/price\/$/)]);
});

test("SGX symbols of three or four characters (C38U, a REIT), with or without .SI; five are refused unsent", () => {
  expect(recordLive("SGX_REPORT", ["c38u.si", "overview"]).urls).toEqual([expect.stringMatching(/\/v2\/sgx\/company\/report\/C38U\/\?/)]);
  expect(recordLive("SGX_DAILY", ["D05.SI"]).urls).toEqual([expect.stringMatching(/\/v2\/sgx\/daily\/D05\/(\?|$)/)]);
  const refused = recordLive("SGX_REPORT", ["C38UX"]);
  expect(refused.urls).toEqual([]);
  expect(refused.error?.message).toMatch(/'symbol' must be a 3- or 4-character SGX symbol.*C38UX/);
});

// Every filter of the live paths MDQ covers is an option: the request each one builds.
const FILTERS: Array<[string, unknown[], string[]]> = [
  ["NEWS", ["", "", "", "keyword=Laba Bersih"], ["/v2/news/?keyword=Laba%20Bersih&limit=20&offset=0"]],
  ["NEWS", ["", "", "", "extension=MINING"], ["/v2/news/?extension=mining&limit=20&offset=0"]],
  ["NEWS", ["", "", "", "commodity_type=nickel"], ["/v2/news/?commodity_type=Nickel&extension=mining&limit=20&offset=0"]],
  ["FILINGS", ["KOPI", "", "", "holder_type=Insider"], ["/v2/filings/?holder_type=insider&limit=20&offset=0&symbol=KOPI"]],
  ["FILINGS", ["", "", "", "transaction_type=others"], ["/v2/filings/?limit=20&offset=0&transaction_type=others"]],
  ["MINING_COMPANIES", ["", "", "", "", "company_type=contractor"], ["/v2/mining/companies/?company_type=Contractor"]],
  ["MINING_COMPANIES", ["", "", "", "", "has_financials=TRUE"], ["/v2/mining/companies/?has_financials=true"]],
  [
    "MINING_LICENSES",
    ["", "", "", "", "", "company=brsg.jk"],
    ["/v2/mining/companies/?keyword=BRSG&limit=30", "/v2/mining/licenses/?company=pt-bara-sungai-tbk"],
  ],
  ["MINING_LICENSES", ["", "", "", "", "", "company=pt-bara-sungai-tbk"], ["/v2/mining/licenses/?company=pt-bara-sungai-tbk"]],
  ["MINING_LICENSES", ["", "", "", "", "", "license_type=pkp2b"], ["/v2/mining/licenses/?license_type=PKP2B"]],
  ["MINING_LICENSES", ["", "", "", "", "", "activity=EKSPLORASI"], ["/v2/mining/licenses/?activity=Eksplorasi"]],
  ["MINING_LICENSES", ["", "", "", "", "", "cnc=false"], ["/v2/mining/licenses/?cnc=false"]],
  ["MINING_LICENSES", ["", "", "", "", "", "order_by=-license_effective_date"], ["/v2/mining/licenses/?order_by=-license_effective_date"]],
  [
    "MINING_SITES",
    ["", "", "", "", "", "", "company=BRSG"],
    ["/v2/mining/companies/?keyword=BRSG&limit=30", "/v2/mining/sites/?company=pt-bara-sungai-tbk"],
  ],
  ["MINING_SITES", ["", "", "", "", "", "", "year=2024"], ["/v2/mining/sites/?year=2024"]],
  ["MINING_SITES", ["", "", "", "", "", "", "order_by=production_volume"], ["/v2/mining/sites/?order_by=production_volume"]],
  [
    "MINING_PERFORMANCE",
    ["pt-bara-sungai-tbk", "2025", "commodity_type=COAL"],
    ["/v2/mining/companies/performance/pt-bara-sungai-tbk/?commodity_type=Coal&year=2025"],
  ],
];

test.each(FILTERS)("%s %j sends the filter", (name, args, paths) => {
  const { urls, error } = recordLive(name, args as never);
  expect(error).toBeUndefined();
  expect(urls).toEqual(paths.map((path) => `http://127.0.0.1:9${path}`));
});

// A bad value of each filter: refused before any request, naming the option, the value and what is allowed.
const REFUSED: Array<[string, unknown[], RegExp]> = [
  ["NEWS", ["", "", "", `keyword=${"x".repeat(101)}`], /^MDQ: 'keyword' must be text of at most 100 characters \(got "x+\.\.\."\)$/],
  ["NEWS", ["", "", "", "extension=sgx"], /^MDQ: 'extension' must be one of idx, mining \(got "sgx"\)$/],
  ["NEWS", ["", "", "", "commodity_type=Cobalt"], /^MDQ: 'commodity_type' must be one of Bauxite, Coal, .*, Tin \(got "Cobalt"\)$/],
  ["NEWS", ["KOPI", "", "", "commodity_type=Coal"], /^MDQ: 'tickers' filters IDX articles: leave it blank for mining articles/],
  ["NEWS", ["", "", "", "extension=mining; tags=Bullish"], /^MDQ: 'tags' filters IDX articles/],
  [
    "NEWS",
    ["", "", "", "extension=idx; commodity_type=Coal"],
    /^MDQ: 'commodity_type' is for mining articles: leave it blank with extension=idx$/,
  ],
  [
    "FILINGS",
    ["", "", "", "holder_type=director"],
    /^MDQ: 'holder_type' must be one of corporate-investor, insider, institution \(got "director"\)$/,
  ],
  [
    "MINING_COMPANIES",
    ["", "", "", "", "company_type=Miner"],
    /^MDQ: 'company_type' must be one of Consultant, .*, Trader \(got "Miner"\)$/,
  ],
  ["MINING_COMPANIES", ["", "", "", "", "has_financials=yes please"], /^MDQ: 'has_financials' must be TRUE or FALSE \(got "yes please"\)$/],
  [
    "MINING_LICENSES",
    ["", "", "", "", "", "company=PT Bara"],
    /^MDQ: 'company' must be an IDX ticker \(ADRO\) or a slug \(pt-adaro-energy-indonesia-tbk\) \(got "PT Bara"\)$/,
  ],
  [
    "MINING_LICENSES",
    ["", "", "", "", "", "license_type=IUPX"],
    /^MDQ: 'license_type' must be one of IPR, IUP, IUPK, KK, PKP2B, SIPB \(got "IUPX"\)$/,
  ],
  [
    "MINING_LICENSES",
    ["", "", "", "", "", "activity=Produksi"],
    /^MDQ: 'activity' must be one of Eksplorasi, Operasi Produksi \(got "Produksi"\)$/,
  ],
  ["MINING_LICENSES", ["", "", "", "", "", "cnc=2"], /^MDQ: 'cnc' must be TRUE or FALSE \(got "2"\)$/],
  [
    "MINING_LICENSES",
    ["", "", "", "", "", "order_by=expiry"],
    /^MDQ: 'order_by' must be one of license_expiry_date, -license_expiry_date, .* \(got "expiry"\)$/,
  ],
  ["MINING_SITES", ["", "", "", "", "", "", "year=24"], /^MDQ: 'year' must be a year such as 2024 \(got "24"\)$/],
  [
    "MINING_SITES",
    ["", "", "", "", "", "", "order_by=-name"],
    /^MDQ: 'order_by' must be one of -year, year, .*strip_ratio \(got "-name"\)$/,
  ],
  ["MINING_SITES", ["", "", "", "year", "", "", "order_by=-year"], /^MDQ: give 'sort_by' or the option 'order_by', not both$/],
  [
    "MINING_PERFORMANCE",
    ["ADRO", "", "commodity_type=Tin"],
    /^MDQ: 'commodity_type' must be one of Coal, Copper, Gold, Nickel, Silver \(got "Tin"\)$/,
  ],
];

test.each(REFUSED)("%s %j is refused unsent", (name, args, message) => {
  const { urls, error } = recordLive(name, args as never);
  expect(urls).toEqual([]);
  expect(error?.kind).toBe("bad_argument");
  expect(error?.message).toMatch(message);
});

test("a numeric mining company id is no company filter: the live lists filter by slug", () => {
  const { urls, error } = recordLive("MINING_SITES", ["", "", "", "", "", "", "company=12"]);
  expect(urls).toEqual([]);
  expect(error?.kind).toBe("bad_argument");
  expect(error?.message).toBe("MDQ: 'company' must be an IDX ticker (ADRO) or a slug (pt-adaro-energy-indonesia-tbk) (got \"12\")");
});

test("the SGX feeds page to the count asked, 30 at a time, and check their filters unsent", () => {
  expect(recordLive("SGX_FILINGS", ["", "", "", "page=2; page_size=45"]).urls).toEqual([
    expect.stringMatching(/\/v2\/sgx\/filings\/\?limit=30&offset=45$/),
  ]);
  expect(recordLive("SGX_NEWS", ["D05,u11.si", "", "", "tags=Dividend Announcement"]).urls).toEqual([
    expect.stringMatching(/\/v2\/sgx\/news\/\?limit=20&offset=0&symbols=D05,U11&tags=dividend-announcement$/),
  ]);
  const refused = (name: string, args: unknown[]) => {
    const { urls, error } = recordLive(name, args as never);
    expect(urls).toEqual([]);
    return error?.message;
  };
  expect(refused("SGX_FILINGS", ["", "", "", "transaction_type=gift"])).toMatch(
    /'transaction_type' must be one of award, buy, others, sell, transfer \(got "gift"\)/,
  );
  expect(refused("SGX_FILINGS", ["", "", "", "holder_type=corporate-investor"])).toMatch(
    /'holder_type' must be one of insider, institution/,
  );
  expect(refused("SGX_SHORT_SELL", ["D05", "2025-06-30", "2025-06-01"])).toMatch(/'start' \(2025-06-30\) must be on or before 'end'/);
  expect(refused("SGX_BUYBACKS", ["D05", "", "", "n=31"])).toMatch(/'n' must be a whole number from 1 to 30 \(got "31"\)/);
  expect(refused("SGX_NEWS", ["D05,TOOLONG"])).toMatch(/'symbols' must be a comma list or range of SGX symbols/);
});

test("the SGX filings' choices are the provider's enums, as its description (generated) lists them", () => {
  const described = JSON.parse(readFileSync(join(__dirname, "../../../src/sandbox/described/live-api.generated.json"), "utf8"));
  const enumOf = (name: string) =>
    described.paths["/v2/sgx/filings/"].get.parameters.find((p: { name: string }) => p.name === name).schema.enum;
  expect([...SGX_TRANSACTION_TYPES].sort()).toEqual([...enumOf("transaction_type")].sort());
  expect([...SGX_HOLDER_TYPES].sort()).toEqual([...enumOf("holder_type")].sort());
});
