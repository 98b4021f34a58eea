// Custom-function cells run as Google Sheets runs them: every cell an execution of its own with a
// fresh global scope (a new vm context over the built Code.js), up to 30 at once (Google's limit
// per user), the next starting when one ends. The executions run side by side in worker threads
// (execution-worker.ts) and share one set of Apps Script stand-ins (apps-script.ts) on one virtual
// clock, held here:
//   - an execution runs until it calls a service that takes time (UrlFetchApp: the latency the
//     server declares; Utilities.sleep; LockService's tryLock while another execution holds the
//     script lock), then waits; the runner resumes the waiting execution whose call ends first on
//     the clock (ties in the order they began to wait). One execution runs at a time, so a run is
//     the same every time, whatever the machine's load;
//   - every call to Google's services takes the time `costs` gives it (CacheService, Script and
//     Document Properties, LockService, the spreadsheet's reads: none by default), as a call to
//     another of Google's servers does; a read sees the store as it is when the call is made, a
//     write (put, remove, a property set or deleted, a lock released) takes effect when its call
//     ends, on the one shared clock. So a read made while another execution's write is under way
//     misses it, as it may in Google's services: the widest windows for a race, never narrower;
//   - CacheService is shared: a write is seen by every read made later on the clock, and by none
//     made before it. Executions that start together all miss the cache and fetch the same
//     answer: that is what Sheets' 30-at-once costs a script that does nothing about it;
//   - the script lock is one: a tryLock waits for the holder's release (then has it) or its own
//     timeout (then fails), and its answer takes the lock's cost to come back; Google releases a
//     lock when its execution ends, and so does the runner;
//     `rec.lockHeldElsewhere` is a holder outside the cells that never releases;
//   - Script and Document Properties, the spreadsheet's time zone and the recorder are shared;
//   - an execution still waiting at Sheets' 30 s limit is stopped there (its cell: EXCEEDED), its
//     lock released, whatever it left in the cache left there.
// Each cell's outcome: its value (as JSON) or the message it threw, and when it started and ended.
import { join } from "node:path";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { SHEETS_LIMIT_MS } from "../../src/sheets/settings";
import { appsScript, type Recorder, VirtualClock } from "./apps-script";
import type { Answer, FromWorker, RunCell, WorkerSetup } from "./execution-worker";
import { BUNDLE, type LoadOptions, setProperties } from "./load-sheets";
import { workerBundle } from "./workers";

/** Google runs at most 30 custom-function executions at once per user. */
export const AT_ONCE = 30;
/** What Sheets shows in a cell whose execution it stopped at its time limit. */
export const EXCEEDED = "Exceeded maximum execution time";
/** The methods of CacheService and the property stores that only read. */
const READS = new Set(["get", "getAll", "getProperties", "getProperty"]);

/** Bounded: a worker that stops answering fails the run instead of hanging it. */
const WORKER_MS = 120_000;

export type Cell = [name: string, args: unknown[]];

export interface Outcome {
  value?: unknown;
  error?: string;
  startedAt: number;
  endedAt: number;
}

export interface Executions {
  rec: Recorder;
  clock: VirtualClock;
  /** Every cell an execution, `atOnce` at a time (default AT_ONCE), the next starting when one ends;
   *  the outcomes in the cells' order, once all have ended. */
  run(cells: Cell[], atOnce?: number): Promise<Outcome[]>;
  close(): Promise<void>;
}

let code: string | undefined;
const workerCode = () => (code ??= workerBundle({ entryPoints: [join(__dirname, "execution-worker.ts")] }));

/** A worker thread and the two ways to it: messages in, answers out (read synchronously there). */
class Slot {
  private inbox: FromWorker[] = [];
  private waiting?: (m: FromWorker) => void;
  private failed?: Error;
  readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly answers: MessagePort;
  readonly worker: Worker;

  constructor(bundle: string, now: SharedArrayBuffer) {
    const channel = new MessageChannel();
    this.answers = channel.port1;
    const setup: WorkerSetup = { bundle, signal: this.signal.buffer as SharedArrayBuffer, now, answers: channel.port2 };
    this.worker = new Worker(workerCode(), { eval: true, workerData: setup, transferList: [channel.port2] });
    this.worker.on("message", (m: FromWorker) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting(m);
      else this.inbox.push(m);
    });
    this.worker.on("error", (e) => {
      this.failed = e;
    });
  }

  /** The worker's next message. */
  next(): Promise<FromWorker> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("an execution's worker did not answer")), WORKER_MS);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
  }

  answer(a: Answer): void {
    this.answers.postMessage(a);
    Atomics.store(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
  }

  close(): Promise<number> {
    this.answers.close();
    return this.worker.terminate();
  }
}

interface Execution {
  index: number;
  slot: Slot;
  startedAt: number;
  /** When its pending call ends, and what it answers then. */
  wakeAt: number;
  answer: Answer;
  /** Order among executions waiting to the same moment. */
  order: number;
  /** Since when it waits for the script lock (undefined: not waiting for it). */
  lockSince?: number;
  /** A write that takes effect when its call ends: it makes the answer then. */
  effect?: () => Answer;
}

/** What each call to one of Google's services takes on the clock, in ms (0 when not named). */
export interface ServiceCosts {
  /** CacheService: get, getAll, put, putAll, remove. */
  cache?: number;
  /** Script and Document Properties: each method. */
  properties?: number;
  /** LockService: tryLock (besides any wait for the lock) and releaseLock. */
  lock?: number;
  /** The spreadsheet: a data range's formulas or values, its time zone. */
  sheet?: number;
}

export interface ExecutionOptions extends LoadOptions {
  /** A request's time when the server declares none (default 10 ms, as the stand-in's). */
  latencyMs?: number;
  costs?: ServiceCosts;
  /** The built script (default dist/sheets/Code.js). */
  bundle?: string;
}

export function startExecutions(options: ExecutionOptions = {}): Executions {
  const clock = new VirtualClock(options.startsAt);
  const costs = options.costs ?? {};
  const cost = (service: keyof ServiceCosts) => costs[service] ?? 0;
  const nowBuffer = new SharedArrayBuffer(8);
  const nowView = new Float64Array(nowBuffer);
  let running: Execution | undefined;
  let owner: Execution | undefined;
  let elapsed = 0;
  const { globals, rec } = appsScript({
    fetchCapMs: options.fetchCapMs,
    clock,
    timeZone: options.timeZone,
    documentStore: options.documentStore,
    latencyMs: options.latencyMs,
    concurrency: {
      elapse: (ms) => {
        elapsed += ms;
      },
      holdsLock: () => running !== undefined && owner === running,
    },
  });
  setProperties(rec, options);
  const slots: Slot[] = [];
  const idle: Slot[] = [];
  const waiting: Execution[] = [];
  const lockQueue: Execution[] = [];
  let order = 0;

  const wait = (e: Execution, ms: number, answer: Answer, effect?: () => Answer) => {
    e.wakeAt = clock.now() + ms;
    e.answer = answer;
    e.effect = effect;
    e.order = order++;
    waiting.push(e);
  };

  /** The lock to the first execution waiting for it, now: its answer comes the lock's cost later. */
  const release = () => {
    owner = undefined;
    const next = lockQueue.shift();
    if (!next) return;
    owner = next;
    rec.lockWaits.push(clock.now() - (next.lockSince as number));
    next.lockSince = undefined;
    next.wakeAt = clock.now() + cost("lock");
    next.answer = { value: true };
    next.order = order++;
  };

  const serialize = (r: ReturnType<typeof globals.UrlFetchApp.fetch>) => ({
    status: r.getResponseCode(),
    text: r.getContentText(),
    headers: r.getHeaders(),
  });

  /** A call that takes time ends later (the execution waits); any other is answered at once. */
  function handle(e: Execution, op: string, args: unknown[]): Answer | "waits" {
    elapsed = 0;
    const answerOf = (work: () => unknown): Answer => {
      try {
        return { value: work() };
      } catch (error) {
        return { error: String((error as Error)?.message ?? error) };
      }
    };
    /** An answer that comes `ms` later (at once when 0). */
    const after = (ms: number, answer: Answer): Answer | "waits" => {
      if (ms === 0) return answer;
      wait(e, ms, answer);
      return "waits";
    };
    /** A stand-in's call that takes the time it says (`elapsed`, set while it runs). */
    const timed = (work: () => unknown): Answer | "waits" => {
      const answer = answerOf(work);
      return after(elapsed, answer);
    };
    const [method, ...rest] = args as [string, ...unknown[]];
    const apply = (target: object) => (target as Record<string, (...a: unknown[]) => unknown>)[method](...rest);
    /** A write made when its call ends, `ms` later (at once when 0). */
    const madeAfter = (ms: number, effect: () => Answer): Answer | "waits" => {
      if (ms === 0) return effect();
      wait(e, ms, {}, effect);
      return "waits";
    };
    /** A call to a store that takes `ms`: a read answers what is there now, a write is made when
     *  the call ends. */
    const stored = (target: () => object, ms: number): Answer | "waits" => {
      const call = () => answerOf(() => apply(target()));
      return READS.has(method) ? after(ms, call()) : madeAfter(ms, call);
    };
    switch (op) {
      case "fetch":
        return timed(() => serialize(globals.UrlFetchApp.fetch(args[0] as string, args[1] as never)));
      case "fetchAll":
        return timed(() => globals.UrlFetchApp.fetchAll(args[0] as never).map(serialize));
      case "sleep":
        return timed(() => globals.Utilities.sleep(args[0] as number));
      case "cache":
        return stored(() => globals.CacheService.getScriptCache() as object, cost("cache"));
      case "script":
        return stored(() => globals.PropertiesService.getScriptProperties(), cost("properties"));
      case "document":
        return stored(() => globals.PropertiesService.getDocumentProperties() as object, cost("properties"));
      case "documentStore":
        return { value: rec.documentStore };
      case "sheet":
        // The cells' sheet is the active one.
        return after(
          cost("sheet"),
          answerOf(() => {
            const range = globals.SpreadsheetApp.getActiveSpreadsheet().getActiveSheet().getDataRange();
            return (range as unknown as Record<string, () => unknown>)[method]();
          }),
        );
      case "timeZone":
        return after(
          cost("sheet"),
          answerOf(() => globals.SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone()),
        );
      case "log":
        rec.logs.push(String(args[0]));
        return { value: undefined };
      case "lock":
        if (method === "hasLock") return { value: owner === e };
        if (method === "releaseLock") {
          return madeAfter(cost("lock"), () => {
            if (owner === e) release();
            return { value: undefined };
          });
        }
        if (!rec.lockHeldElsewhere && (owner === undefined || owner === e)) {
          owner = e;
          rec.lockWaits.push(0);
          return after(cost("lock"), { value: true });
        }
        e.lockSince = clock.now();
        lockQueue.push(e);
        wait(e, (rest[0] as number) + cost("lock"), { value: false });
        return "waits";
      default:
        return { error: `the runner has no ${op}` };
    }
  }

  /** Run `e` until its next call that takes time, or its end. */
  async function drive(e: Execution, outcomes: Outcome[]): Promise<void> {
    running = e;
    try {
      for (;;) {
        const m = await e.slot.next();
        if (m.type === "done") {
          if (owner === e) release();
          outcomes[e.index] = {
            ...(m.error !== undefined ? { error: m.error } : { value: m.value }),
            startedAt: e.startedAt,
            endedAt: clock.now(),
          };
          idle.push(e.slot);
          return;
        }
        const answer = handle(e, m.op, m.args);
        if (answer === "waits") return;
        e.slot.answer(answer);
      }
    } finally {
      running = undefined;
    }
  }

  async function run(cells: Cell[], atOnce = AT_ONCE): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(cells.length);
    let next = 0;
    for (;;) {
      nowView[0] = clock.now();
      while (next < cells.length && slots.length - idle.length < atOnce) {
        let slot = idle.pop();
        if (!slot) {
          slot = new Slot(options.bundle ?? BUNDLE, nowBuffer);
          slots.push(slot);
        }
        const e: Execution = { index: next, slot, startedAt: clock.now(), wakeAt: 0, answer: {}, order: 0 };
        const [name, args] = cells[next++];
        slot.worker.postMessage({ name, args } satisfies RunCell);
        await drive(e, outcomes);
      }
      if (waiting.length === 0) return outcomes;
      const e = waiting.reduce((a, b) => (due(b) < due(a) || (due(b) === due(a) && b.order < a.order) ? b : a));
      waiting.splice(waiting.indexOf(e), 1);
      clock.advance(due(e) - clock.now());
      nowView[0] = clock.now();
      if (e.lockSince !== undefined) {
        // Its timeout (or its end) came before the lock: tryLock answers false.
        lockQueue.splice(lockQueue.indexOf(e), 1);
        rec.lockWaits.push(clock.now() - e.lockSince);
        e.lockSince = undefined;
      }
      if (due(e) < e.wakeAt) {
        await stop(e, outcomes);
        continue;
      }
      const effect = e.effect;
      e.effect = undefined;
      e.slot.answer(effect ? effect() : e.answer);
      await drive(e, outcomes);
    }
  }

  /** When a waiting execution goes on: its call ends, or Sheets stops it first. */
  const due = (e: Execution) => Math.min(e.wakeAt, e.startedAt + SHEETS_LIMIT_MS);

  /** Sheets stops an execution at its time limit, wherever it is; Google releases its lock. */
  async function stop(e: Execution, outcomes: Outcome[]): Promise<void> {
    if (owner === e) release();
    slots.splice(slots.indexOf(e.slot), 1);
    await e.slot.close();
    outcomes[e.index] = { error: EXCEEDED, startedAt: e.startedAt, endedAt: clock.now() };
  }

  return {
    rec,
    clock,
    run,
    close: async () => {
      await Promise.all(slots.map((s) => s.close()));
    },
  };
}
