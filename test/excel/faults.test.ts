// The fault matrix for the built Excel bundle (dist/excel/functions.js, npm run build first):
// every fault of scripts/harness/fault-server.ts gives the right cell error (#VALUE! or #N/A, the
// code src/excel/errors.ts maps the family to) with the family's advice, within the overall
// deadline, with retries only where the policy says, and never the key, in the error or a log.
// Each fault runs in its own fresh context (its own runtime), all at once, as cells calculate.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { ADVICE, API_KEY, FAULTS, type Fault, type FaultServer, printMatrix, startFaultServer } from "../../scripts/harness/fault-server";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { CellError, invocation, standIns } from "../../src/excel/stand-ins";

const BUNDLE = join(__dirname, "..", "..", "dist", "excel", "functions.js");
const DEADLINE_MS = 4000;
/** Slack over the deadline for the event loop of a busy CI machine. */
const MARGIN_MS = 2000;

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
};

interface Loaded {
  INDEX: (...args: unknown[]) => Promise<unknown[][]>;
  addin: { runtime(): any; useRuntime(rt: unknown): unknown; createRuntime(deps: unknown): any };
  logs: string[];
  /** fetch calls this context made (the server cannot count a refused connection). */
  fetches: () => number;
}

/** The built bundle in a fresh context, its settings in OfficeRuntime.storage, console captured.
 *  With deadlineMs, the add-in's own way to set the deadline: a runtime made with that policy
 *  (as the playground does), on the context's fetch and storage. */
function load(baseUrl: string, options: { deadlineMs?: number; globals?: Record<string, unknown> } = {}): Loaded {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first`);
  const stand = standIns({ [STORAGE_KEYS.baseUrl]: baseUrl, [STORAGE_KEYS.apiKey]: API_KEY });
  const logs: string[] = [];
  const record = (...args: unknown[]) =>
    void logs.push(
      args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "),
    );
  let fetches = 0;
  const countingFetch = (url: string, init: RequestInit) => {
    fetches++;
    return fetch(url, init);
  };
  const context = vm.createContext({
    ...stand.globals,
    fetch: countingFetch,
    AbortController,
    setTimeout,
    clearTimeout,
    URL,
    console: { log: record, info: record, warn: record, error: record, debug: record },
    ...options.globals,
  });
  vm.runInContext(readFileSync(BUNDLE, "utf8"), context, { filename: "functions.js" });
  const addin = context.MDQ_ADDIN as Loaded["addin"];
  if (options.deadlineMs !== undefined) {
    addin.useRuntime(addin.createRuntime({ fetch: context.fetch, storage: stand.storage, policy: { deadlineMs: options.deadlineMs } }));
  }
  return { INDEX: stand.registered.get("INDEX")!, addin, logs, fetches: () => fetches };
}

/** How a call settled: the cell error (or the table) and how long it took. */
async function settle(loaded: Loaded) {
  const started = Date.now();
  try {
    const cells = await loaded.INDEX("lq45", null, null, null, invocation());
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
      const loaded = load(fault === "refused" ? server.refusedUrl : `${server.url}/${fault}`, { deadlineMs: DEADLINE_MS });
      return { fault, loaded, ...(await settle(loaded)) };
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
    const requests = expected.retried ? 3 : 1;
    expect({ fault: r.fault, requests: row.requests, fetches: r.loaded.fetches() }).toEqual({
      fault: r.fault,
      requests,
      fetches: requests,
    });
    if (r.fault !== "refused") expect({ fault: r.fault, hits: server.hits[r.fault] }).toEqual({ fault: r.fault, hits: requests });
    // Nothing hangs: the call, retries included, settles within the deadline.
    expect(r.ms).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    // The key is nowhere: not in the error, not in anything the bundle logged.
    expect(`${error.code} ${error.message} ${JSON.stringify(error)}`).not.toContain(API_KEY);
    expect(r.loaded.logs.join("\n")).not.toContain(API_KEY);
  }
});

test("the add-in's DEFAULT deadline is 30 s at most: a server that never answers ends the call at 30 s", async () => {
  // The default runtime, exactly as the bundle makes it, on a clock running SCALE times faster
  // (timers and Date.now alike), so 30 s of the add-in's time pass in 30_000 / SCALE ms.
  const SCALE = 50;
  const t0 = Date.now();
  const virtualNow = () => t0 + (Date.now() - t0) * SCALE;
  class FastDate extends Date {
    static now() {
      return virtualNow();
    }
  }
  const fastTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    setTimeout(fn, Math.ceil((ms ?? 0) / SCALE), ...args);
  const before = server.hits.slow ?? 0;
  const loaded = load(`${server.url}/slow`, { globals: { setTimeout: fastTimeout, Date: FastDate } });
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
