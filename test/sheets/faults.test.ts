// The fault matrix for the built Apps Script bundle (dist/sheets/Code.js, npm run build first):
// every fault of scripts/harness/fault-server.ts ends the call with the thrown Error("MDQ: ...")
// Sheets shows on the cell, carrying the family's advice, within the time budget, with retries
// only where the policy says, and never the key, in the message or in anything logged.
//
// The script is synchronous (UrlFetchApp and Utilities.sleep block), so each call runs in a
// worker thread of its own, several at once, as Sheets runs the cells of a sheet in parallel
// executions; the fault server stays on this thread's event loop.
//
// The budget is set the script's own way, the Script Property MDQ_TIME_LIMIT_SECONDS.
// UrlFetchApp takes no timeout and cannot be interrupted, so a server slower than the budget is
// ended by UrlFetchApp's own timeout (about 60 s in Apps Script, past Sheets' 30 s limit); the
// stand-in plays that timeout here with a cap inside the budget.
//
// Time is the script's own (a virtual clock, scripts/harness/apps-script.ts): waits do not wait,
// a request takes what the server declares, so how many tries fit in the budget never depends
// on how busy the machine is.

import { join } from "node:path";
import { Worker } from "node:worker_threads";
import {
  ADVICE,
  API_KEY,
  callOf,
  FAULTS,
  type Fault,
  type FaultServer,
  keyOf,
  leaksKey,
  printMatrix,
  requestsOf,
  startFaultServer,
} from "../../scripts/harness/fault-server";
import { inPool } from "../../scripts/harness/pool";
import { workerBundle } from "../../scripts/harness/workers";
import { MdqError } from "../../shared/base/errors";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { runSync } from "../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../shared/rows/effects";
import { callFunction } from "../../shared/run/call";
import { urlFetch } from "../../src/sheets/transport";

const HARNESS = join(__dirname, "..", "..", "scripts", "harness");
const DEADLINE_S = 4;
/** UrlFetchApp's own timeout, played by the stand-in: inside the budget, as explained above. */
const FETCH_CAP_MS = 3000;
/** Slack over the budget, in the script's time: the last request may start just before the end. */
const MARGIN_MS = 2500;
/** Calls at once, each a worker with a child process per request. */
const WORKERS = 6;

interface CallOptions {
  baseUrl: string;
  apiKey?: string;
  /** The function and its arguments (default INDEX("lq45")). */
  call?: readonly string[];
  timeLimitSeconds?: number;
  fetchCapMs?: number;
}

interface CallOutcome {
  /** The thrown message, or undefined when the call returned. */
  error?: string;
  ms: number;
  /** UrlFetchApp.fetch calls (the server cannot count a refused connection). */
  requests: number;
  /** Everything the script logged (console, Logger), alerted or toasted. */
  logged: string[];
  limits: { DEFAULT_BUDGET_MS: number; SHEETS_LIMIT_MS: number; defaultBudget: number; cappedBudget: number };
}

// Runs in the worker: load the built script with the stand-ins, call MDQ_INDEX("lq45") (or the
// row's call) as a cell would.
const WORKER_SOURCE = `
import { parentPort, workerData } from "node:worker_threads";
import { loadScript } from "./load-sheets";
const script = loadScript({ ...workerData, virtualTime: true });
const started = script.clock.now();
const [name, ...args] = workerData.call ?? ["INDEX", "lq45"];
const error = script.errorOf("MDQ_" + name, ...args);
const ms = script.clock.now() - started;
const { DEFAULT_BUDGET_MS, SHEETS_LIMIT_MS, budgetMs } = script.ctx.MdqSheets.limits;
const { rec } = script;
parentPort.postMessage({
  error, ms, requests: rec.requests.length,
  logged: [...rec.logs, ...rec.alerts, ...rec.toasts],
  limits: { DEFAULT_BUDGET_MS, SHEETS_LIMIT_MS, defaultBudget: budgetMs(null), cappedBudget: budgetMs("3600") },
});
`;

let code: string | undefined;
/** The worker's code: the harness bundled in memory (a worker cannot use ts-jest). */
function workerCode(): string {
  code ??= workerBundle({
    stdin: { contents: WORKER_SOURCE, resolveDir: HARNESS, loader: "ts", sourcefile: "faults-worker.ts" },
    // The harness finds the bundle and its sync-get.js next to itself.
    define: { __dirname: JSON.stringify(HARNESS) },
  });
  return code;
}

/** One call in a worker of its own; bounded, so a stuck call fails the test instead of hanging it. */
function callInWorker(options: CallOptions, boundMs = 30_000): Promise<CallOutcome> {
  const worker = new Worker(workerCode(), { eval: true, workerData: options });
  return new Promise<CallOutcome>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the call did not settle within ${boundMs} ms`)), boundMs);
    worker.once("message", (m: CallOutcome) => {
      clearTimeout(timer);
      resolve(m);
    });
    worker.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  }).finally(() => void worker.terminate());
}

const familiesOf = (message: string) => Object.keys(ADVICE).filter((family) => ADVICE[family].test(message));

let server: FaultServer;
beforeAll(async () => (server = await startFaultServer()));
afterAll(() => server.close());

test("every fault, through the built Apps Script bundle, several at once", async () => {
  const faults = Object.keys(FAULTS) as Fault[];
  // The longest calls first (the slow server, then the retried faults), so the pool ends sooner.
  const length = (fault: Fault) => (fault === "slow" ? 2 : FAULTS[fault].retried ? 1 : 0);
  const longestFirst = [...faults].sort((a, b) => length(b) - length(a));
  const settled = await inPool(longestFirst, WORKERS, async (fault) => ({
    fault,
    ...(await callInWorker({
      baseUrl: fault === "refused" ? server.refusedUrl : `${server.url}/${fault}`,
      apiKey: keyOf(FAULTS[fault]),
      call: callOf(FAULTS[fault]),
      timeLimitSeconds: DEADLINE_S,
      fetchCapMs: FETCH_CAP_MS,
    })),
  }));
  const results = faults.map((fault) => settled.find((r) => r.fault === fault)!);
  const rows = results.map((r) => ({ fault: r.fault, family: familiesOf(r.error ?? "").join("+") || "?", requests: r.requests, ms: r.ms }));
  printMatrix("Apps Script bundle (dist/sheets/Code.js)", rows);

  for (const r of results) {
    const expected = FAULTS[r.fault];
    // The exact family: the thrown message carries its advice (and no other family's).
    expect({ fault: r.fault, thrown: typeof r.error }).toEqual({ fault: r.fault, thrown: "string" });
    expect({ fault: r.fault, families: familiesOf(r.error as string) }).toEqual({ fault: r.fault, families: [expected.family] });
    expect(r.error).toMatch(/^MDQ: /);
    // Retries only where the policy says, bounded by its 3 attempts.
    const requests = requestsOf(expected);
    expect({ fault: r.fault, requests: r.requests }).toEqual({ fault: r.fault, requests });
    if (r.fault !== "refused") expect({ fault: r.fault, hits: server.hits[r.fault] ?? 0 }).toEqual({ fault: r.fault, hits: requests });
    // Nothing hangs: the call, retries and waits included, ends within the budget.
    expect(r.ms).toBeLessThan(DEADLINE_S * 1000 + MARGIN_MS);
    // The key is nowhere, whole or in part, in any case: not in the message, a log, an alert or a toast.
    const key = keyOf(expected);
    expect({ fault: r.fault, leaks: leaksKey(`${r.error} ${r.logged.join("\n")}`, key) }).toEqual({ fault: r.fault, leaks: false });
  }
});

test("the script's DEFAULT budget is 30 s at most, and a larger setting is capped", async () => {
  // No MDQ_TIME_LIMIT_SECONDS: a server that never answers (UrlFetchApp's timeout played by a
  // short cap) ends with the timeout advice naming the default budget.
  const before = server.hits.slow ?? 0;
  const r = await callInWorker({ baseUrl: `${server.url}/slow`, apiKey: API_KEY, fetchCapMs: 300 });
  const { DEFAULT_BUDGET_MS, SHEETS_LIMIT_MS, defaultBudget, cappedBudget } = r.limits;
  expect(SHEETS_LIMIT_MS).toBe(30_000);
  expect(DEFAULT_BUDGET_MS).toBeLessThanOrEqual(30_000);
  expect(defaultBudget).toBe(DEFAULT_BUDGET_MS);
  expect(cappedBudget).toBe(DEFAULT_BUDGET_MS);
  expect(familiesOf(r.error ?? "")).toEqual(["timeout"]);
  expect(r.error).toMatch(new RegExp(`within ${DEFAULT_BUDGET_MS / 1000} s.*MDQ gives up after ${DEFAULT_BUDGET_MS / 1000} s\\.$`));
  expect(r.ms).toBeLessThan(DEFAULT_BUDGET_MS);
  expect((server.hits.slow ?? 0) - before).toBeLessThanOrEqual(3);
  expect(r.error).not.toContain(API_KEY);
  expect(r.logged.join("\n")).not.toContain(API_KEY);
});

test.each([
  ["a 429", { status: 429, body: '{"message":"Rate limit exceeded."}', headers: { "Retry-After": "1" } }, "rate_limited"],
  ["a 503", { status: 503, body: '{"error":"upstream trouble"}', headers: {} }, "server"],
  ["a reset", new Error("Exception: Address unavailable: http://127.0.0.1:9/x"), "network"],
  ["no answer", new Error("Exception: Timeout: http://127.0.0.1:9/x"), "timeout"],
] as const)("a retry with no time left for it keeps the family of the last try's error: %s", (_, answer, family) => {
  // The executor as the Sheets host drives it (UrlFetchApp, which cannot be interrupted), with a
  // clock that a try advances by 1.5 s and a wait by its length: of a 3 s budget, less than a try
  // takes is left after the first try and its wait, so the second try is not sent.
  let now = 0;
  const fetchStandIn = () => {
    now += 1500;
    if (answer instanceof Error) throw answer;
    return { getResponseCode: () => answer.status, getContentText: () => answer.body, getHeaders: () => answer.headers };
  };
  const globals = globalThis as { UrlFetchApp?: unknown };
  globals.UrlFetchApp = { fetch: fetchStandIn };
  try {
    const settings = { baseUrl: "http://127.0.0.1:9/x", apiKey: API_KEY, edition: "spec" as const };
    const env = { now: () => now, random: () => 0.5, policy: { deadlineMs: 3000, uninterruptible: true } };
    const handle = (effect: Effect): EffectResult => {
      if (effect.type === "fetch") return urlFetch(effect.request, effect.maxBytes);
      if (effect.type === "sleep") now += effect.ms;
      return undefined;
    };
    let thrown: unknown;
    try {
      runSync(callFunction(functionNamed("INDEX"), ["lq45"], settings, env), handle);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(MdqError);
    const error = thrown as MdqError;
    expect(error.kind).toBe(family);
    expect(familiesOf(error.message)).toEqual([family]);
    expect(error.message).toMatch(/1 try took 1\.5 s/);
    expect(error.message).not.toContain(API_KEY);
    expect(now).toBe(1500); // the second try was not sent
  } finally {
    delete globals.UrlFetchApp;
  }
});
