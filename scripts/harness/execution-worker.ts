// One Sheets execution at a time, in a worker thread of its own (executions.ts runs up to 30 of
// them on one virtual clock). Each execution is a fresh vm context running the built Code.js, as
// Apps Script gives every custom-function cell a fresh global scope. Its Apps Script services are
// the runner's, on the main thread: a call posts a message and blocks this thread until the runner
// answers, which it does when the call ends on the virtual clock (a fetch's latency, a sleep, a
// wait for the script lock). Only what is pure (Utilities' dates, gzip, base64) runs here.
import { readFileSync } from "node:fs";
import * as vm from "node:vm";
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { bytesUtilities } from "./apps-script";
import { VIRTUAL_DATE } from "./load-sheets";
import { formatDate } from "./zones";

export interface WorkerSetup {
  bundle: string;
  /** Set to 1 by the runner once its answer is on `answers`. */
  signal: SharedArrayBuffer;
  /** The virtual clock's time (ms), written by the runner before it resumes an execution. */
  now: SharedArrayBuffer;
  answers: MessagePort;
}

/** What the runner sends: run one cell. */
export interface RunCell {
  name: string;
  args: unknown[];
}

/** What this worker sends: a service call, or the end of the execution. */
export type FromWorker = { type: "call"; op: string; args: unknown[] } | { type: "done"; value?: unknown; error?: string; threw?: boolean };

export interface Answer {
  value?: unknown;
  error?: string;
}

/** Bounded: a runner that never answers fails the execution instead of hanging the thread. */
const ANSWER_MS = 120_000;

const setup = workerData as WorkerSetup;
const signal = new Int32Array(setup.signal);
const now = new Float64Array(setup.now);

const pause = new Int32Array(new SharedArrayBuffer(4));

function call(op: string, ...args: unknown[]): unknown {
  Atomics.store(signal, 0, 0);
  parentPort?.postMessage({ type: "call", op, args } satisfies FromWorker);
  // The answer is on the port once the signal is set; the port is read again until it is there,
  // as a wait may end before (a wake-up of the thread for something else).
  const deadline = Date.now() + ANSWER_MS;
  for (;;) {
    const received = receiveMessageOnPort(setup.answers);
    if (received) {
      const answer = received.message as Answer;
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.value;
    }
    if (Date.now() > deadline) throw new Error(`the runner did not answer ${op}`);
    if (Atomics.load(signal, 0) === 0) Atomics.wait(signal, 0, 0, 100);
    else Atomics.wait(pause, 0, 0, 1);
  }
}

interface Sent {
  status: number;
  text: string;
  headers: Record<string, string | string[]>;
}

const response = (r: Sent) => ({ getResponseCode: () => r.status, getContentText: () => r.text, getHeaders: () => r.headers });

/** A service object whose every method is the runner's. */
const remote = (op: string, methods: string[]) => Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => call(op, m, ...args)]));

const PROPERTY_METHODS = ["getProperties", "getProperty", "setProperty", "setProperties", "deleteProperty", "deleteAllProperties"];

function globals(): Record<string, unknown> {
  const log = (...args: unknown[]) => void call("log", args.map(String).join(" "));
  return {
    UrlFetchApp: {
      fetch: (url: string, params: unknown) => response(call("fetch", url, params) as Sent),
      fetchAll: (requests: unknown[]) => (call("fetchAll", requests) as Sent[]).map(response),
    },
    CacheService: { getScriptCache: () => remote("cache", ["get", "getAll", "put", "putAll", "remove"]) },
    PropertiesService: {
      getScriptProperties: () => remote("script", PROPERTY_METHODS),
      getDocumentProperties: () => (call("documentStore") ? remote("document", PROPERTY_METHODS) : null),
    },
    LockService: { getScriptLock: () => remote("lock", ["tryLock", "releaseLock", "hasLock"]) },
    Utilities: { sleep: (ms: number) => void call("sleep", ms), formatDate, ...bytesUtilities },
    SpreadsheetApp: {
      getActiveSpreadsheet: () => ({
        getSpreadsheetTimeZone: () => call("timeZone"),
        getActiveSheet: () => ({ getDataRange: () => remote("sheet", ["getFormulas", "getValues"]) }),
      }),
      getUi: () => {
        throw new Error("Exception: a custom function cannot use the UI");
      },
    },
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  };
}

const code = new vm.Script(readFileSync(setup.bundle, "utf8"), { filename: "Code.js" });

parentPort?.on("message", (cell: RunCell) => {
  let done: FromWorker;
  try {
    const ctx = vm.createContext(globals());
    vm.runInContext(VIRTUAL_DATE, ctx)({ now: () => now[0] });
    code.runInContext(ctx);
    done = { type: "done", value: JSON.parse(JSON.stringify(ctx[cell.name](...cell.args) ?? null)) };
  } catch (e) {
    done = { type: "done", error: String((e as Error)?.message ?? e), threw: true };
  }
  parentPort?.postMessage(done);
});
