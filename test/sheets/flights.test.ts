// Cells that Sheets runs side by side, each an execution with a fresh global scope, fetch each
// request once: the first execution to need it claims it (CacheService, under the script lock),
// the others wait for its answer, then find it cached (src/sheets/flights.ts). Every wait is
// bounded under Sheets' 30 s: a lock no one releases or a claim no one lands costs the time an
// execution may wait (WAIT_MAX_MS, less with a smaller time limit), and then the execution fetches
// by itself. Through the built script (npm run build first), on the virtual clock of
// scripts/harness/executions.ts. The interleavings that used to cost a second fetch are in
// claims-interleaved.test.ts; the 500-cell model under Google's latencies in value.test.ts.
import { type Cell, type Executions, startExecutions } from "../../scripts/harness/executions";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { cacheKey } from "../../shared/request/url";
import { claimKey, POLL_MS, WAIT_MAX_MS, WAIT_SHARE } from "../../src/sheets/flights";
import { LOCK_WAIT_MS } from "../../src/sheets/lock";

const KEY = "sheets-flights-key-91c4";
/** The stand-in's time for a request the server declares none for. */
const LATENCY_MS = 10;
let sandbox: Running;
const runners: Executions[] = [];

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterEach(() => Promise.all(runners.splice(0).map((r) => r.close())));
afterAll(() => sandbox.close());

function sheets(timeLimitSeconds?: number): Executions {
  const runner = startExecutions({ baseUrl: sandbox.url, apiKey: KEY, timeLimitSeconds });
  runners.push(runner);
  return runner;
}

const quarterly = (keys: string, fields: string, refresh = "1"): Cell => [
  "MDQ_QUARTERLY",
  [keys, 4, "", "", `fields=${fields}; refresh=${refresh}`],
];
const FIELDS = ["revenue", "earnings", "net_income", "total_assets", "total_equity", "tax"];
/** Claims still in CacheService (a landed mark, "=<when>", is not one). */
const claimsLeft = (runner: Executions) =>
  [...runner.rec.cache].filter(([k, v]) => k.includes("mdq-flight:") && !v.value.startsWith("=")).map(([k]) => k);

test("30 cells of one request at once: one execution fetches, the others wait for its answer and find it cached", async () => {
  const runner = sheets();
  const cells = Array.from({ length: 30 }, (_, i) => quarterly("BBCA", FIELDS[i % FIELDS.length]));
  const first = await runner.run(cells);
  expect(runner.rec.requests).toHaveLength(1);
  expect(first.filter((o) => o.error)).toEqual([]);
  // The claimant ends with its answer; each other looks once, a poll later, and is answered.
  const took = first.map((o) => o.endedAt - o.startedAt);
  expect(took[0]).toBe(LATENCY_MS);
  expect(took.slice(1).every((ms) => ms === POLL_MS)).toBe(true);
  expect(claimsLeft(runner)).toEqual([]);
  // Refresh all: a new refresh value in every cell, the request fetched once again.
  const again = await runner.run(
    cells.map(([name, args]) => [name, [...args.slice(0, 4), String(args[4]).replace("refresh=1", "refresh=2")]]),
  );
  expect(runner.rec.requests).toHaveLength(2);
  expect(again.map((o) => o.value)).toEqual(first.map((o) => o.value));
});

test("a batch waits for the requests claimed elsewhere, then fetches only the rest", async () => {
  const runner = sheets();
  await runner.run([quarterly("BBCA,BBRI", "revenue"), quarterly("BBCA,BBRI", "earnings")]);
  expect(runner.rec.fetchAlls).toEqual([2]);
  const mixed = sheets();
  const out = await mixed.run([quarterly("BBCA", "revenue"), quarterly("BBCA,BBRI", "earnings")]);
  expect(out.filter((o) => o.error)).toEqual([]);
  expect(mixed.rec.requests.map((r) => r.url.split("/").at(-2))).toEqual(["BBCA", "BBRI"]);
});

test("a lock another execution never releases: each waits for it as long as it may wait, then claims without it", async () => {
  const runner = sheets();
  runner.rec.lockHeldElsewhere = true;
  const out = await runner.run(FIELDS.slice(0, 3).map((f) => quarterly("BBCA", f)));
  expect(out.filter((o) => o.error)).toEqual([]);
  // Each gives up when its time to wait is spent, at the same moment, and fetches. Then its copy's
  // write waits LOCK_WAIT_MS for the lock (copies.ts), and is made without it.
  expect(runner.rec.lockWaits.filter((ms) => ms > 0)).toEqual([...Array(3).fill(WAIT_MAX_MS), ...Array(3).fill(LOCK_WAIT_MS)]);
  expect(runner.rec.requests).toHaveLength(3);
  expect(out.map((o) => o.endedAt - o.startedAt)).toEqual(Array(3).fill(WAIT_MAX_MS + LATENCY_MS + LOCK_WAIT_MS));
});

describe.each([
  ["the default budget (25 s)", undefined, WAIT_MAX_MS],
  ["a 5 s time limit", 5, 5000 * WAIT_SHARE],
])("a claim nobody will land (its execution was stopped), with %s", (_, limit, waited) => {
  test(`each execution waits ${waited} ms for it, then fetches by itself`, async () => {
    const runner = sheets(limit);
    // As an execution stopped while fetching leaves it: claimed until the end of its budget.
    const request = cacheKey(`${sandbox.url}/v1/financials/quarterly/BBCA/?n_quarters=4`, KEY);
    const until = runner.clock.now() + 25_000;
    runner.rec.cache.set(`g0:${claimKey(request)}`, { value: `stopped-execution ${until}`, expires: until });
    const out = await runner.run(FIELDS.slice(0, 3).map((f) => quarterly("BBCA", f)));
    expect(out.filter((o) => o.error)).toEqual([]);
    expect(out.map((o) => o.endedAt - o.startedAt)).toEqual([waited + LATENCY_MS, waited + LATENCY_MS, waited + LATENCY_MS]);
    expect(runner.rec.requests).toHaveLength(3);
  });
});

test("a claimant that fails: the executions waiting for it then fetch by themselves, side by side, not one after another", async () => {
  const runner = sheets();
  runner.rec.serviceDown = 503;
  const out = await runner.run(FIELDS.slice(0, 3).map((f) => quarterly("BBCA", f)));
  expect(out.every((o) => o.error !== undefined)).toBe(true);
  // Three tries each (Sheets' retries for a 503): the claimant's, then each waiter's own.
  expect(runner.rec.requests).toHaveLength(9);
  // A waiter's own tries take at most 3 requests and the two longest back-offs (0.5 s, 1 s).
  const claimant = out[0].endedAt - out[0].startedAt;
  const ownTries = 3 * LATENCY_MS + 500 + 1000;
  for (const waiter of out.slice(1)) expect(waiter.endedAt - waiter.startedAt).toBeLessThanOrEqual(claimant + POLL_MS + ownTries);
  expect(claimsLeft(runner)).toEqual([]);
});
