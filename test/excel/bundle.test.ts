// The built dist/excel/functions.js itself (npm run build first), loaded in a fresh JavaScript
// context with stand-ins for Excel's globals, as Excel's shared runtime would load it.
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { DEFAULT_CONCURRENCY } from "../../src/excel/settings";
import { invocation } from "../../src/excel/stand-ins";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, startFaultServer, type TestServer } from "./servers";

let sandbox: TestServer;
let slow: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
  slow = await startFaultServer([{ symbol: "BBCA.JK", value: 1 }]);
});
afterAll(async () => {
  await sandbox.close();
  await slow.close();
});

const quarterlyHits = () => sandbox.hits.filter((h) => h.startsWith("/v1/financials/quarterly/BBCA/")).length;

test("every catalogue function is registered with CustomFunctions.associate", () => {
  const { registered } = loadBundle(sandbox.url);
  expect([...registered.keys()].sort()).toEqual(CATALOGUE.map((f) => f.name).sort());
  for (const fn of registered.values()) expect(typeof fn).toBe("function");
});

test("100 simultaneous identical calls reach the server once; a second round none; a new refresh value once more", async () => {
  const { registered, addin } = loadBundle(sandbox.url);
  const QUARTERLY = registered.get("QUARTERLY")!;
  const round = (options: unknown) =>
    Promise.all(Array.from({ length: 100 }, () => QUARTERLY("BBCA", 4, null, null, options, invocation())));

  const first = await round(null);
  expect(quarterlyHits()).toBe(1);
  expect(first[0][0][0]).toBe("date");
  for (const cells of first) expect(cells).toEqual(first[0]);

  const second = await round(null);
  expect(quarterlyHits()).toBe(1);
  expect(second[99]).toEqual(first[0]);

  await round([["refresh=1"]]);
  expect(quarterlyHits()).toBe(2);
  await round([["refresh=1"]]);
  expect(quarterlyHits()).toBe(2);
  await round([["refresh=2"]]);
  expect(quarterlyHits()).toBe(3);

  // The task pane's counters: 3 requests made; all 500 calls but the first of each fetch
  // round were either shared (in flight) or answered from the cache.
  const stats = addin.runtime().stats();
  expect(stats.requests).toBe(3);
  expect(stats.calls).toBe(500);
  expect(stats.fromCache).toBe(200);
  expect(typeof stats.lastRefresh).toBe("number");
});

test("at most the default number of requests are open at once, however many cells calculate", async () => {
  const { registered } = loadBundle(`${slow.url}/slow-ok`);
  const GET = registered.get("GET")!;
  const calls = Array.from({ length: 30 }, (_, i) => GET("/v1/anything/", `i=${i}`, null, invocation()));
  const results = await Promise.allSettled(calls);
  expect(slow.hits.filter((h) => h.startsWith("/slow-ok/")).length).toBe(30);
  expect(slow.maxOpen).toBeGreaterThan(1);
  expect(slow.maxOpen).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
  expect(results.every((r) => r.status === "fulfilled")).toBe(true);
});
