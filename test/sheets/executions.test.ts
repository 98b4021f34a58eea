// The runner of side-by-side executions (scripts/harness/executions.ts) keeps what the Sheets tests
// and the bench rely on: a cache write is seen by reads after it on the clock and by none before
// it; one script lock, had by a waiter at the holder's release or refused at its timeout, and
// released when its execution ends; at most 30 executions at once; Sheets' 30 s limit. Checked
// with a small script of its own whose functions only call the services, on the virtual clock.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXCEEDED, type Executions, startExecutions } from "../../scripts/harness/executions";

const SCRIPT = `
function PUT(key, ms) { Utilities.sleep(ms); CacheService.getScriptCache().put(key, "v", 60); return [[Date.now()]]; }
function GET(key, ms) { Utilities.sleep(ms); return [[CacheService.getScriptCache().get(key)]]; }
function HOLD(ms) {
  var lock = LockService.getScriptLock();
  var had = lock.tryLock(10000);
  Utilities.sleep(ms);
  lock.releaseLock();
  return [[had]];
}
function KEEP(ms) { LockService.getScriptLock().tryLock(10000); Utilities.sleep(ms); return [[Date.now()]]; }
function TRY(timeout) { var had = LockService.getScriptLock().tryLock(timeout); return [[had, Date.now()]]; }
function SLEEP(ms) { Utilities.sleep(ms); return [[Date.now()]]; }
`;

let dir: string;
let runner: Executions;
let t0: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mdq-executions-"));
  writeFileSync(join(dir, "Code.js"), SCRIPT);
});
beforeEach(() => {
  runner = startExecutions({ bundle: join(dir, "Code.js") });
  t0 = runner.clock.now();
});
afterEach(() => runner.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a cache write is seen by the reads after it on the clock, by none before it", async () => {
  const out = await runner.run([
    ["PUT", ["k", 100]],
    ["GET", ["k", 50]],
    ["GET", ["k", 150]],
  ]);
  expect(out.map((o) => o.value)).toEqual([[[t0 + 100]], [[null]], [["v"]]]);
});

test("one script lock: a waiter has it at the holder's release, another's timeout comes first", async () => {
  const out = await runner.run([
    ["HOLD", [300]],
    ["TRY", [100]],
    ["TRY", [1000]],
  ]);
  expect(out.map((o) => o.value)).toEqual([[[true]], [[false, t0 + 100]], [[true, t0 + 300]]]);
  expect(runner.rec.lockWaits).toEqual([0, 100, 300]);
});

test("a lock its execution never released is released when the execution ends, as Google does", async () => {
  const out = await runner.run([
    ["KEEP", [200]],
    ["TRY", [5000]],
  ]);
  expect(out[1].value).toEqual([[true, t0 + 200]]);
});

test("a lock held outside the cells is never had: tryLock waits its whole timeout", async () => {
  runner.rec.lockHeldElsewhere = true;
  const out = await runner.run([["TRY", [2000]]]);
  expect(out[0].value).toEqual([[false, t0 + 2000]]);
});

test("at most 30 at once: the 31st starts when one ends", async () => {
  const out = await runner.run(Array.from({ length: 31 }, () => ["SLEEP", [100]] as [string, unknown[]]));
  expect(out.slice(0, 30).every((o) => o.startedAt === t0 && o.endedAt === t0 + 100)).toBe(true);
  expect(out[30]).toMatchObject({ startedAt: t0 + 100, endedAt: t0 + 200 });
});

test("Sheets stops an execution at 30 s, and its lock is free from then on", async () => {
  const out = await runner.run(
    [
      ["KEEP", [40_000]],
      ["TRY", [1000]],
    ],
    1,
  );
  expect(out[0]).toEqual({ error: EXCEEDED, startedAt: t0, endedAt: t0 + 30_000 });
  expect(out[1].value).toEqual([[true, t0 + 30_000]]);
});
