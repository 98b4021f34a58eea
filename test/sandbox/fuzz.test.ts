// Property test: whatever path values and query values a client sends to any endpoint, the
// answer is JSON with a 200, 400 or 404 status (never a 500, never a dropped connection).
import fc from "fast-check";
import { useSandbox } from "./helpers";

const api = useSandbox();

const TEMPLATES = [
  "/v1/filings/",
  "/v1/news/",
  "/v1/companies/",
  "/v1/index/{}/",
  "/v1/index-daily/{}/",
  "/v1/financials/quarterly/{}/",
  "/v1/company/get-segments/{}/",
  "/v1/company/get_quarterly_financial_dates/{}/",
  "/v1/sgx/companies/",
  "/v1/klse/companies/",
  "/v1/klse/company/report/{}/",
  "/v1/klse/companies/top/",
  "/v2/mining/companies/",
  "/v2/mineral-companies/",
  "/v2/mining/companies/{}/",
  "/v2/mining/companies/{}/financials/",
  "/v2/mining/companies/{}/performance/",
  "/v2/mining/licenses/",
  "/v2/mining/sites/",
  "/v2/sales-destination/",
  "/v2/mining/global-commodity/",
];
const PARAMS = [
  "sector",
  "sub_sector",
  "sub_industry",
  "tags",
  "tickers",
  "ticker",
  "transaction_type",
  "start",
  "end",
  "n",
  "page",
  "page_size",
  "sort_by",
  "desc",
  "report_date",
  "approx",
  "n_quarters",
  "financial_year",
  "years",
  "province",
  "commodity",
  "expiring_soon",
  "limit",
  "offset",
  "keyword",
  "mineral_type",
  "min_production",
  "country",
  "commodity_type",
  "classifications",
  "min_mcap_million",
  "n_stock",
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
  "BBCA.JK",
  "1155",
  "lq45",
  "Coal",
  "%",
  "%ZZ",
  "..",
  "\u0000",
  "😀",
  "a,b,,c",
  "9".repeat(40),
];

const value = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), fc.integer().map(String));

test("no input makes an endpoint fail", async () => {
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
    { numRuns: 400, seed: 20250618 },
  );
});
