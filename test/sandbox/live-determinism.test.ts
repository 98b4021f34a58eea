// The live edition is as deterministic as the spec edition: two servers with the same `today`
// answer byte for byte the same, and a later `today` keeps earlier history unchanged.
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { request } from "./helpers";

const PATHS = [
  "/v2/filings/?limit=30&offset=30",
  "/v2/news/?limit=30&symbols=BBCA",
  "/v2/news/?extension=mining&limit=30",
  `/v2/companies/?where=${encodeURIComponent("indices in ['LQ45'] and revenue[2024] > 0")}&order_by=-market_cap&include_query_values=true`,
  "/v2/sgx/companies/?order_by=-market_cap&limit=10&include_query_values=true",
  "/v2/financials/quarterly/BBCA/?n_quarters=8",
  "/v2/company/report/ASII/",
  "/v2/index-daily/kompas100/?start=2025-01-01&end=2025-03-01",
  "/v2/daily/GOTO/",
  "/v2/klse/company/report/1295/",
  "/v2/klse/companies/top/",
  "/v2/mining/companies/pt-aneka-tambang-tbk/",
  "/v2/mining/companies/performance/pt-vale-indonesia-tbk/",
  "/v2/mining/companies/financials/pt-bukit-asam-tbk/",
  "/v2/mining/sales-destination/pt-bukit-asam-tbk/",
  "/v2/mining/licenses/?expiring_soon=true",
  "/v2/mining/sites/?order_by=-production_volume",
  "/v2/mining/global-commodity/?commodity_type=Nickel",
  "/v2/brokers/top/?date=2025-06-13&metric=net",
  "/v2/broker-activity/CC/?start=2025-06-02&end=2025-06-13",
  "/v2/broker-summary/BBCA/top/?start=2025-05-01&end=2025-06-13",
  "/v2/close/?date=2025-06-13&limit=30",
  "/v2/companies/quarterly-financial-dates/?year=2024",
  "/v2/suspensions/?end=2025-06-13&limit=30",
  "/v2/sgx/filings/?limit=30&offset=30",
  "/v2/sgx/news/?limit=30",
  "/v2/sgx/short-sell/?limit=30",
  "/v2/sgx/buybacks/?symbol=U11&limit=30",
];

describe("live determinism", () => {
  let a: Sandbox, b: Sandbox, later: Sandbox;
  beforeAll(async () => {
    [a, b, later] = await Promise.all([
      startSandbox({ port: 0, today: "2025-06-18", edition: "live" }),
      startSandbox({ port: 0, today: "2025-06-18", edition: "live" }),
      startSandbox({ port: 0, today: "2026-02-20", edition: "live" }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close(), later.close()]));

  test("two servers with the same today answer byte for byte the same", async () => {
    for (const path of PATHS) {
      const [ra, rb] = await Promise.all([request(a.url, path), request(b.url, path)]);
      expect({ path, status: ra.status }).toEqual({ path, status: 200 });
      expect(rb.text).toBe(ra.text);
    }
  });

  test("a later today keeps the earlier history unchanged", async () => {
    const same = [
      "/v2/filings/?start=2023-01-01&end=2023-06-30&limit=30",
      "/v2/index-daily/lq45/?start=2024-01-01&end=2024-03-01",
      "/v2/daily/BBCA/?start=2024-01-01&end=2024-02-01",
      "/v2/financials/quarterly/BMRI/?report_date=2023-09-30&approx=false",
      `/v2/companies/?where=${encodeURIComponent("revenue[2022] > 50000000000000")}&order_by=-revenue[2022]&include_query_values=true`,
      "/v2/sgx/filings/?start=2023-01-01&end=2023-06-30&limit=30",
      "/v2/sgx/news/?start=2024-01-01&end=2024-12-31&limit=30",
      "/v2/sgx/short-sell/?start=2024-03-01&end=2024-03-05&limit=30",
      "/v2/sgx/buybacks/?symbol=U11&start=2024-01-01&end=2024-06-30&limit=30",
    ];
    for (const path of same) expect((await request(later.url, path)).text).toBe((await request(a.url, path)).text);
    // A year's figures stay; only the list of available years grows.
    const year = "/v2/mining/companies/financials/pt-adaro-energy-indonesia-tbk/?year=2022";
    expect((await request(later.url, year)).body.data).toEqual((await request(a.url, year)).body.data);
    expect((await request(later.url, "/v2/mining/companies/financials/pt-adaro-energy-indonesia-tbk/")).body.year).toBe(2025);
  });
});
