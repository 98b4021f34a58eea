// The fault matrix for the built Excel bundle (dist/excel/functions.js, npm run build first):
// every fault of scripts/harness/fault-server.ts gives the right cell error (#VALUE! or #N/A, the
// code src/excel/errors.ts maps the family to) with the family's advice, within the overall
// deadline, with retries only where the policy says, and never the key, in the error or a log.
// Each fault runs in its own fresh context (its own runtime), all at once, as cells calculate.
import {
  ADVICE,
  API_KEY,
  callOf,
  FAULTS,
  type Fault,
  type FaultRow,
  type FaultServer,
  keyOf,
  leaksKey,
  printMatrix,
  requestsOf,
  startFaultServer,
} from "../../scripts/harness/fault-server";
import { CellError } from "../../src/excel/stand-ins";
import { type LoadedBundle, loadBundle } from "./load-bundle";

// Generous, so that every retry the policy allows fits even on a loaded machine: the counts below
// are the policy's, never the machine's speed.
const DEADLINE_MS = 10_000;

/** The cell error Excel shows per family: only #VALUE! and #N/A carry a message. */
const EXCEL_CODE: Record<string, string> = {
  bad_request: "#VALUE!",
  auth: "#N/A",
  not_found: "#N/A",
  gone: "#N/A",
  rate_limited: "#N/A",
  server: "#N/A",
  malformed: "#N/A",
  timeout: "#N/A",
  network: "#N/A",
  too_large: "#N/A",
  key: "#VALUE!",
};

/** How a call settled: the cell error (or the table) and how long it took. */
async function settle(loaded: LoadedBundle, call: readonly [string, ...string[]] = ["INDEX", "lq45"]) {
  const started = Date.now();
  try {
    const cells = await loaded.call(...call);
    return { ms: Date.now() - started, error: undefined, cells };
  } catch (e) {
    return { ms: Date.now() - started, error: e as CellError, cells: undefined };
  }
}

const familiesOf = (message: string) => Object.keys(ADVICE).filter((family) => ADVICE[family].test(message));

let server: FaultServer;
beforeAll(async () => (server = await startFaultServer()));
afterAll(() => server.close());

test("every fault, through the built Excel bundle, all at once", async () => {
  const faults = Object.keys(FAULTS) as Fault[];
  const results = await Promise.all(
    faults.map(async (fault) => {
      const row: FaultRow = FAULTS[fault];
      const loaded = loadBundle(fault === "refused" ? server.refusedUrl : `${server.url}/${fault}`, {
        deadlineMs: DEADLINE_MS,
        apiKey: keyOf(row),
      });
      return { fault, loaded, ...(await settle(loaded, callOf(row))) };
    }),
  );
  const rows = results.map((r) => {
    const message = r.error?.message ?? "";
    return {
      fault: r.fault,
      family: familiesOf(message).join("+") || "?",
      requests: r.loaded.addin.runtime().stats().requests as number,
      ms: r.ms,
    };
  });
  printMatrix("Excel bundle (dist/excel/functions.js)", rows);

  for (const r of results) {
    const expected = FAULTS[r.fault];
    const row = rows.find((x) => x.fault === r.fault)!;
    expect({ fault: r.fault, rejected: r.error instanceof CellError }).toEqual({ fault: r.fault, rejected: true });
    const error = r.error as CellError;
    // The exact family: its cell error code and its advice (and no other family's).
    expect({ fault: r.fault, code: error.code, families: familiesOf(error.message ?? "") }).toEqual({
      fault: r.fault,
      code: EXCEL_CODE[expected.family],
      families: [expected.family],
    });
    expect(error.message).toMatch(/^MDQ: /);
    // Retries only where the policy says, bounded by its 3 attempts.
    const requests = requestsOf(expected);
    expect({ fault: r.fault, requests: row.requests, fetches: r.loaded.fetches() }).toEqual({
      fault: r.fault,
      requests,
      fetches: requests,
    });
    if (r.fault !== "refused") expect({ fault: r.fault, hits: server.hits[r.fault] ?? 0 }).toEqual({ fault: r.fault, hits: requests });
    // The key is nowhere, whole or in part, in any case: not in the error, not in anything logged.
    const key = keyOf(expected);
    expect({ fault: r.fault, leaks: leaksKey(`${error.code} ${error.message} ${JSON.stringify(error)}`, key) }).toEqual({
      fault: r.fault,
      leaks: false,
    });
    expect(leaksKey(r.loaded.logs.join("\n"), key)).toBe(false);
  }
});

test("the add-in's DEFAULT deadline is 30 s at most: a server that never answers ends the call at 30 s", async () => {
  // The default runtime, exactly as the bundle makes it, on a clock running SCALE times faster
  // (timers, Date.now and performance.now alike), so 30 s of the add-in's time pass in 30_000 / SCALE ms.
  const SCALE = 50;
  const t0 = Date.now();
  const virtualNow = () => t0 + (Date.now() - t0) * SCALE;
  class FastDate extends Date {
    static now() {
      return virtualNow();
    }
  }
  const fastPerformance = { now: () => performance.now() * SCALE };
  const fastTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    setTimeout(fn, Math.ceil((ms ?? 0) / SCALE), ...args);
  const before = server.hits.slow ?? 0;
  const loaded = loadBundle(`${server.url}/slow`, {
    apiKey: API_KEY,
    globals: { setTimeout: fastTimeout, Date: FastDate, performance: fastPerformance },
  });
  const started = virtualNow();
  const outcome = await settle(loaded);
  const elapsed = virtualNow() - started;
  const error = outcome.error as CellError;
  expect(error).toBeInstanceOf(CellError);
  expect(error.code).toBe("#N/A");
  expect(familiesOf(error.message ?? "")).toEqual(["timeout"]);
  expect(error.message).toMatch(/within 30 s/);
  // Settled at the 30 s deadline (its own time), not before it and not long after.
  expect(elapsed).toBeGreaterThanOrEqual(29_000);
  expect(elapsed).toBeLessThanOrEqual(30_000 + 5_000);
  expect((server.hits.slow ?? 0) - before).toBe(1);
  expect(loaded.logs.join("\n")).not.toContain(API_KEY);
});
