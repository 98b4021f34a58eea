// Same day, same answer: two servers with the same `today` give byte-identical bodies, and
// moving `today` forward never rewrites history that was already there.
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { request } from "./helpers";

const PATHS = [
  "/v1/filings/?n=30",
  "/v1/news/?page=3&page_size=30",
  "/v1/companies/?sub_sector=banks&sort_by=pe&desc=true",
  "/v1/financials/quarterly/BBCA/?n_quarters=8",
  "/v1/financials/quarterly/GOTO/?report_date=2023-05-01",
  "/v1/company/get-segments/ASII/",
  "/v1/index-daily/ihsg/?start=2024-01-01&end=2024-03-31",
  "/v1/index-daily/sti/",
  "/v1/klse/company/report/1295/",
  "/v1/klse/companies/top/",
  "/v2/mining/companies/9/",
  "/v2/mining/licenses/?expiring_soon=true",
  "/v2/mining/sites/?sort_by=production",
  "/v2/mining/companies/ADRO/financials/",
  "/v2/mining/companies/1/performance/",
  "/v2/sales-destination/?ticker=PTBA",
  "/v2/mining/global-commodity/?commodity_type=Coal",
  "/v1/index/idx30/",
];

describe("determinism", () => {
  let a: Sandbox, b: Sandbox, later: Sandbox;
  beforeAll(async () => {
    [a, b, later] = await Promise.all([
      startSandbox({ port: 0, today: "2025-06-18" }),
      startSandbox({ port: 0, today: "2025-06-18" }),
      startSandbox({ port: 0, today: "2026-02-20" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), later.close()]);
  });

  test("two servers with the same today answer byte for byte the same", async () => {
    for (const path of PATHS) {
      const [ra, rb] = await Promise.all([request(a.url, path), request(b.url, path)]);
      expect(ra.status).toBe(200);
      expect(rb.text).toBe(ra.text);
    }
  });

  test("a later today keeps the earlier history unchanged", async () => {
    const same = [
      "/v1/index-daily/lq45/?start=2024-01-01&end=2024-03-01",
      "/v1/filings/?start=2023-01-01&end=2023-06-30&n=30",
      "/v1/news/?start=2022-01-01&end=2022-02-01&n=30",
      "/v1/financials/quarterly/BMRI/?report_date=2023-09-30&approx=false",
      "/v1/company/get-segments/TLKM/?financial_year=2022",
    ];
    for (const path of same) expect((await request(later.url, path)).text).toBe((await request(a.url, path)).text);
    const newer = (await request(later.url, "/v1/financials/quarterly/BMRI/")).body[0].date;
    expect(newer).toBe("2025-12-31");
  });
});
