// The answers' copies in Document Properties (src/sheets/copies.ts) written by formulas that run
// side by side: a full store is swept (read, then rewritten whole) under the script lock, so that
// one formula's sweep never drops the copy another wrote meanwhile; and the lock is never waited
// for past the call's budget (a copy is not worth the cell's answer). Through the built script (npm
// run build first), each cell an execution of its own on the virtual clock of
// scripts/harness/executions.ts. Google's Properties calls take time (tens of milliseconds each):
// so that two executions' calls can interleave there, each takes PROPERTY_CALL_MS on the clock.
import { type Cell, type Executions, startExecutions } from "../../scripts/harness/executions";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { STORE_LIMIT_BYTES } from "../../src/sheets/copies";

const KEY = "sheets-copies-key-5e0b";
const PROPERTY_CALL_MS = 50;
const HOUR = 3_600_000;

let sandbox: Running;
const runners: Executions[] = [];

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterEach(() => Promise.all(runners.splice(0).map((r) => r.close())));
afterAll(() => sandbox.close());

const quarterly = (symbol: string): Cell => ["MDQ_QUARTERLY", [symbol, 4, "", "", "fields=revenue,earnings"]];
const bytes = (props: Map<string, string>) => [...props].reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);

/** Copies of other answers (this cache generation's), ending within the hour: the sweep drops them
 *  first. Enough of them that the store has less room left than any new copy takes. */
function fillStore(runner: Executions): void {
  const { rec, clock } = runner;
  const value = (i: number) => `${clock.now() + HOUR}~1~${i}~${"A".repeat(7000)}`;
  for (let i = 0; bytes(rec.docProps) + 7100 < STORE_LIMIT_BYTES; i++) rec.docProps.set(`mdq~0~filler${i}`, value(i));
  const room = STORE_LIMIT_BYTES - bytes(rec.docProps);
  rec.docProps.set("mdq~0~last", `${clock.now() + HOUR}~1~x~${"A".repeat(room - 200)}`);
}

test("two formulas that both find the store full both sweep it, and both copies are kept", async () => {
  const runner = startExecutions({ baseUrl: sandbox.url, apiKey: KEY, costs: { properties: PROPERTY_CALL_MS } });
  runners.push(runner);
  const { rec, clock } = runner;
  fillStore(runner);
  const cells = [quarterly("BBCA"), quarterly("BBRI")];
  const first = await runner.run(cells);
  expect(first.filter((o) => o.error)).toEqual([]);
  // Both first writes were refused: the store was full for each.
  expect(rec.propertyErrors.filter((e) => /storage quota/.test(e)).length).toBeGreaterThanOrEqual(2);
  expect(bytes(rec.docProps)).toBeLessThanOrEqual(STORE_LIMIT_BYTES);
  // A day later CacheService has nothing and the service is down: each formula's copy answers.
  clock.advance(24 * HOUR);
  rec.cache.clear();
  rec.serviceDown = 503;
  const sent = rec.requests.length;
  const later = await runner.run(cells);
  expect(rec.requests.length).toBeGreaterThan(sent); // each tried the service first
  expect(later.map((o) => o.error)).toEqual([undefined, undefined]);
  expect(later.map((o) => o.value)).toEqual(first.map((o) => o.value));
});

test("under a script lock no one releases, the copy is written when the call's budget ends, not later", async () => {
  const runner = startExecutions({ baseUrl: sandbox.url, apiKey: KEY, timeLimitSeconds: 3 });
  runners.push(runner);
  runner.rec.lockHeldElsewhere = true;
  const [out] = await runner.run([quarterly("BBCA")]);
  expect(out.error).toBeUndefined();
  // The claim waited for the lock as long as it may wait, the copy's write the rest of the 3 s budget.
  expect(out.endedAt - out.startedAt).toBe(3000);
  expect([...runner.rec.docProps.keys()].filter((k) => k.startsWith("mdq~0~"))).toHaveLength(1);
});
