// The MDQ > Status list is rewritten whole by formulas running side by side: each write is made
// under Apps Script's script lock (which Google lists as working in custom functions), waiting for
// it at most LOCK_WAIT_MS; a fresh answer of a call the list does not name takes no lock.
import { loadScript, type Script } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { WAIT_MAX_MS } from "../../src/sheets/flights";
import { LOCK_WAIT_MS } from "../../src/sheets/lock";
import { SPENT_KEY, STATUS_KEY } from "../../src/sheets/status";

const KEY = "sheets-status-key-0b9e";
let sandbox: Running;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

const statusWrites = (script: Script) => script.rec.cachePuts.filter((p) => p.key.endsWith(STATUS_KEY));

/** LIST answered once, then its refresh failing (503): a stale answer, listed. */
function staleList(script: Script) {
  script.ctx.MDQ_LIST("tags", "refresh=1");
  script.rec.serviceDown = 503;
  script.ctx.MDQ_LIST("tags", "refresh=2");
}

test("a stale answer is listed under the script lock, and so is its removal", () => {
  const script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  staleList(script);
  script.rec.serviceDown = undefined;
  script.ctx.MDQ_LIST("tags", "refresh=3");
  expect(statusWrites(script).map((p) => p.locked)).toEqual([true, true]);
  script.ctx.mdqStatus();
  expect(script.rec.alerts.at(-1)).toMatch(/No stale answers/);
});

test("a fresh answer of a call the list does not name takes no lock for the list", () => {
  const script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  script.ctx.MDQ_LIST("tags");
  script.ctx.MDQ_QUARTERLY("BBCA", 4);
  expect(statusWrites(script)).toEqual([]);
  // The lock is taken only to claim each request before it is fetched (src/sheets/flights.ts) and
  // to add the requests sent to the count of what was spent.
  const locked = script.rec.cachePuts.filter((p) => p.locked);
  expect(locked.length).toBeGreaterThan(0);
  expect(locked.every((p) => p.key.includes("mdq-flight:") || p.key.endsWith(SPENT_KEY))).toBe(true);
});

test("when another execution keeps the lock, the write waits LOCK_WAIT_MS at most, then is made", () => {
  const script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  script.ctx.MDQ_LIST("tags", "refresh=1");
  script.rec.serviceDown = 503;
  script.rec.lockHeldElsewhere = true;
  const slept = () => script.rec.slept.reduce((a, b) => a + b, 0);
  const clock = script.clock as NonNullable<Script["clock"]>;
  const start = clock.now();
  const before = { slept: slept(), requests: script.rec.requests.length, lockWaits: script.rec.lockWaits.length };
  script.ctx.MDQ_LIST("tags", "refresh=2");
  // The call's own time (its retries' waits, 10 ms a request) and two waits for the lock, nothing
  // more: one to claim the request before fetching it (src/sheets/flights.ts: as long as it may
  // wait), one for the list (LOCK_WAIT_MS).
  const requests = script.rec.requests.length - before.requests;
  expect(requests).toBeGreaterThan(1);
  expect(clock.now() - start).toBe(slept() - before.slept + requests * 10 + WAIT_MAX_MS + LOCK_WAIT_MS);
  expect(script.rec.lockWaits.slice(before.lockWaits)).toEqual([WAIT_MAX_MS, LOCK_WAIT_MS]);
  expect(statusWrites(script).map((p) => p.locked)).toEqual([false]);
  script.ctx.mdqStatus();
  expect(script.rec.alerts.at(-1)).toMatch(/^MDQ: status: 1 call shows a stale answer[\s\S]*LIST\(/);
});
