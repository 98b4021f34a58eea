// Every request the live edition builds, for every function with a live edition, with and without
// its optional arguments, checked against the live service's paths and parameter names (the facts
// in test/fixtures/live-api.json, written from the provider's published OpenAPI description):
// the path exists, every parameter is one the path takes, the required ones are there, limits and
// fixed choices hold. Answers come from fixtures shaped like the provider's current examples.
import { CATALOGUE } from "../../../shared/catalogue/catalogue";
import { fixture, recordLive } from "../harness";

interface PathFacts {
  query: string[];
  required?: string[];
  limit_max?: number;
  choices?: Record<string, string[]>;
}

const FACTS: Record<string, PathFacts> = JSON.parse(fixture("live-api.json"));
const TEMPLATES = Object.keys(FACTS).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

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
    [],
  ],
  NEWS: [["KOPI,BKNR", "2026-01-01", "2026-09-30", "sector=financials; sub_sector=banks,insurance; tags=Bullish; n=10"], []],
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
  CORPORATE_ACTIONS: [["BBCA", "dividend"], ["BBCA"]],
  SHAREHOLDERS: [["BBCA", 2025], ["BBCA"]],
  SGX_REPORT: [["D05", "overview,valuation"], ["d05.si", "", "historical_dividends"], ["D05"]],
  SGX_TOP: [["market_cap,pe", "financial-services", 500, "n_stock=3"], []],
  SGX_DAILY: [["D05", "2025-05-01", "2025-05-30"], ["D05"]],
  COMMODITY_PRICE: [["Coal", 2024, 2025], ["Coal", "", 2022], ["Gold"]],
  SGX_COMPANIES: [["Financial Services"]],
  KLSE_REPORT: [["7123", "historical_earnings"], ["7123", "valuation"], ["7123"]],
  KLSE_TOP: [["pe,revenue", "consumer-products", 500, "n_stock=3"], []],
  MINING_COMPANIES: [["bara", "Coal", 10, 20], []],
  MINING_COMPANY: [["BRSG"], ["pt-bara-sungai-tbk"]],
  MINING_FINANCIALS: [["BRSG", "2024,2025"], ["BRSG"]],
  MINING_PERFORMANCE: [["BRSG", "2025"], ["pt-bara-sungai-tbk"]],
  MINING_LICENSES: [["Kalimantan Timur", "Coal", true, 10, 0], []],
  MINING_SITES: [["Kalimantan Timur", "Coal", 1.5, "production", 10, 0], ["", "", "", "year"], []],
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
  ],
  GET: [["v2/mining/sites/", "limit=2"]],
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
      for (const url of urls) {
        const [path, search = ""] = url.replace(/^http:\/\/127\.0\.0\.1:9/, "").split("?");
        const match = TEMPLATES.find((t) => t.pattern.test(path));
        expect({ url, path: match?.template }).toEqual({ url, path: expect.any(String) });
        const facts = FACTS[match!.template];
        const query = new URLSearchParams(search);
        for (const [param, value] of query) {
          expect({ url, param, known: facts.query.includes(param) }).toEqual({ url, param, known: true });
          const choices = facts.choices?.[param];
          if (choices)
            for (const item of value.split(","))
              expect({ url, param, item, ok: choices.includes(item) }).toEqual({ url, param, item, ok: true });
        }
        for (const param of facts.required ?? []) expect({ url, param, present: query.has(param) }).toEqual({ url, param, present: true });
        if (facts.limit_max && query.has("limit")) expect(Number(query.get("limit"))).toBeLessThanOrEqual(facts.limit_max);
      }
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
