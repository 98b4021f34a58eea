// Property test for the live edition: whatever path values and query values a client sends to
// any live endpoint, the answer is JSON with a 200, 400 or 404 status (never a 500), as the spec
// edition's fuzz test demands of its table. Every endpoint also survives an early and a far
// `today` without a 500.
import fc from "fast-check";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { request, useSandbox } from "./helpers";

const api = useSandbox({ edition: "live" });

const TEMPLATES = [
  "/v2/filings/",
  "/v2/news/",
  "/v2/companies/",
  "/v2/sgx/companies/",
  "/v2/financials/quarterly/{}/",
  "/v2/company/get-segments/{}/",
  "/v2/company/get_quarterly_financial_dates/{}/",
  "/v2/company/report/{}/",
  "/v2/index-daily/{}/",
  "/v2/daily/{}/",
  "/v2/klse/company/report/{}/",
  "/v2/klse/companies/top/",
  "/v2/klse/companies/",
  "/v2/mining/companies/",
  "/v2/mining/companies/{}/",
  "/v2/mining/companies/financials/{}/",
  "/v2/mining/companies/performance/{}/",
  "/v2/mining/sales-destination/{}/",
  "/v2/mining/licenses/",
  "/v2/mining/sites/",
  "/v2/mining/global-commodity/",
  "/v2/sgx/company/report/{}/",
  "/v2/sgx/companies/top/",
  "/v2/sgx/daily/{}/",
  "/v2/sgx/filings/",
  "/v2/sgx/news/",
  "/v2/sgx/short-sell/",
  "/v2/sgx/buybacks/",
  "/v2/sgx/subsectors/",
  "/v2/sgx/tags/",
  "/v2/mining/commodities/",
  "/v2/mining/commodities/{}/price/",
];
const PARAMS = [
  "symbol",
  "symbols",
  "sector",
  "sub_sector",
  "start",
  "end",
  "limit",
  "offset",
  "transaction_type",
  "tags",
  "holder_type",
  "commodity_type",
  "extension",
  "keyword",
  "where",
  "q",
  "order_by",
  "desc",
  "include_query_values",
  "report_date",
  "approx",
  "n_quarters",
  "financial_year",
  "sections",
  "n_stock",
  "classifications",
  "min_mcap_million",
  "company_type",
  "has_financials",
  "year",
  "province",
  "company",
  "expiring_soon",
  "license_type",
  "activity",
  "cnc",
  "min_production",
  "country",
  "start_year",
  "end_year",
];
const TRICKY = [
  "",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "2024-02-30",
  "9999-12-31",
  "2018-12-31",
  "BBCA.jk",
  "D05",
  "bbca",
  "1155",
  "lq45",
  "kompas100",
  "Coal",
  "mining",
  "pt-adaro-energy-indonesia-tbk",
  "-license_expiry_date",
  "overview,peers",
  "market_cap > 1 and sector = 'Energy'",
  "revenue[2024] / earnings[2024] > 2",
  "((((",
  "'",
  "%",
  "%ZZ",
  "..",
  "\u0000",
  "😀",
  "a,b,,c",
  "9".repeat(40),
];

const value = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), fc.integer().map(String));

test("no input makes a live endpoint fail", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TEMPLATES),
      value,
      fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 4 }),
      async (template, pathValue, pairs) => {
        const path = template.replace("{}", encodeURIComponent(pathValue) || "x");
        const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
        const r = await api.get(query ? `${path}?${query}` : path);
        expect([200, 400, 404]).toContain(r.status);
        expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(typeof r.body).toBe("object");
        if (r.status !== 200) expect(typeof r.body.error).toBe("string");
      },
    ),
    { numRuns: 500, seed: 20260520 },
  );
});

describe("every live endpoint on an early and a far-off today", () => {
  const PATHS = TEMPLATES.map((t) =>
    t.replace(
      "{}",
      t.includes("index-daily")
        ? "ihsg"
        : t.includes("klse")
          ? "1155"
          : t.includes("/sgx/")
            ? "D05"
            : t.includes("commodities")
              ? "Coal"
              : t.includes("mining")
                ? "pt-adaro-energy-indonesia-tbk"
                : "BBCA",
    ),
  ).map((p) => (p.includes("global-commodity") ? `${p}?country=Indonesia` : p.endsWith("/klse/companies/") ? `${p}?sector=financials` : p));
  let servers: Sandbox[] = [];
  beforeAll(async () => {
    servers = await Promise.all(
      ["2019-01-01", "2019-04-10", "2033-03-03"].map((today) => startSandbox({ port: 0, today, edition: "live" })),
    );
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  test("answers are 200, or a 400/404 with a sentence, never a 500", async () => {
    for (const s of servers) {
      for (const path of PATHS) {
        const r = await request(s.url, path);
        expect({ path, status: r.status < 500 }).toEqual({ path, status: true });
        if (r.status !== 200) expect(typeof r.body.error).toBe("string");
      }
    }
    // Three sandboxes price every company to their day (2033 is 14 years of data): more than the
    // usual minute on a loaded machine.
  }, 180_000);
});
