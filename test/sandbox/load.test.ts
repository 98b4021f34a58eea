// Bounded load on loopback: 2,000 requests from 50 concurrent clients over a mix of endpoints.
// Behaviour only (every answer 200 and complete JSON); timing is the bench script's job.
import http from "node:http";
import { request, useSandbox } from "./helpers";

const api = useSandbox();
const MIX = [
  "/v1/filings/?n=10",
  "/v1/news/?tickers=BBCA.JK",
  "/v1/companies/?sub_sector=banks&sort_by=market_cap&desc=true",
  "/v1/financials/quarterly/BBRI/?n_quarters=4",
  "/v1/index-daily/lq45/",
  "/v1/klse/companies/top/?n_stock=3",
  "/v2/mining/sites/?sort_by=production",
  "/v2/mining/licenses/?expiring_soon=true",
  "/v1/klse/company/report/5347/",
  "/v2/mining/global-commodity/?country=Indonesia",
];

test("2,000 requests, 50 at a time, all succeed", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  let next = 0;
  const statuses: number[] = [];
  const worker = async () => {
    while (next < 2000) {
      const path = MIX[next++ % MIX.length];
      const r = await request(api.url, path, { agent });
      expect(typeof r.body).toBe("object");
      statuses.push(r.status);
    }
  };
  try {
    await Promise.all(Array.from({ length: 50 }, worker));
  } finally {
    agent.destroy();
  }
  expect(statuses).toHaveLength(2000);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});
