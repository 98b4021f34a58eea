// Formulas that ask the same request share everything of it (src/excel/requests.ts, runtime.ts
// formula): one preparation, one deadline and one abort while it is in flight, one layout per display
// variant; the gate's deadlines share one timer. Counted through the runtime's injected timers and controllers and the core's own
// functions, never timed. A cancelled formula leaves the request; the last one to leave aborts it.
import * as display from "../../shared/answer/display";
import * as preparing from "../../shared/request/prepare";
import { FormulaCancelled } from "../../src/excel/requests";
import { createRuntime } from "../../src/excel/runtime";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { invocation, memoryStorage } from "../../src/excel/stand-ins";
import { startSandbox } from "../../src/sandbox/server";

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, today: "2025-06-18", edition: "live" });
});
afterAll(() => sandbox.close());
afterEach(() => jest.restoreAllMocks());

/** A runtime whose fetches wait for `release()` (or go at once after `free()`), and what it started: fetches (with their
 *  signals), timers set (and the most armed at once), controllers made. */
function heldRuntime(edition = "live", now?: () => number) {
  const made = { fetches: [] as AbortSignal[], timers: 0, mostArmed: 0, controllers: [] as AbortController[] };
  const armed = new Set<unknown>();
  let open!: () => void;
  let opened = new Promise<void>((resolve) => (open = resolve));
  let held = true;
  const runtime = createRuntime({
    fetch: async (url, init) => {
      const signal = init.signal as AbortSignal;
      made.fetches.push(signal);
      if (held) await Promise.race([opened, new Promise((resolve) => signal.addEventListener("abort", resolve))]);
      return fetch(url, init);
    },
    storage: memoryStorage({ [STORAGE_KEYS.baseUrl]: sandbox.url, [STORAGE_KEYS.apiKey]: sandbox.apiKey, [STORAGE_KEYS.edition]: edition }),
    store: null,
    requirements: () => undefined,
    now,
    monotonic: now,
    timers: {
      set: (run, ms) => {
        made.timers++;
        const timer = setTimeout(() => {
          armed.delete(timer);
          run();
        }, ms);
        armed.add(timer);
        made.mostArmed = Math.max(made.mostArmed, armed.size);
        return timer;
      },
      clear: (timer) => {
        armed.delete(timer);
        clearTimeout(timer as ReturnType<typeof setTimeout>);
      },
    },
    newController: () => {
      const controller = new AbortController();
      made.controllers.push(controller);
      return controller;
    },
  });
  const release = () => {
    open();
    opened = new Promise<void>((resolve) => (open = resolve));
  };
  /** Every fetch from now on goes at once. */
  const free = () => {
    held = false;
    open();
  };
  return { runtime, made, release, free };
}

/** Until the runtime has sent `n` fetches (bounded: a few hundred turns of the event loop). */
async function sent(made: { fetches: unknown[] }, n: number): Promise<void> {
  for (let i = 0; i < 500 && made.fetches.length < n; i++) await new Promise((r) => setImmediate(r));
  expect(made.fetches).toHaveLength(n);
}

const SECTOR = "financial-services";

test("ten formulas of one request (five identical, five in other display options): one preparation, one fetch, one timer, one abort of its own", async () => {
  const prepares = jest.spyOn(preparing, "prepare");
  const { runtime, made, release } = heldRuntime();
  const options = ["", "", "", "", "", "headers=false", "orient=columns", "dates=text", "notes=false", "headers=false; orient=columns"];
  const pending = options.map((o) => runtime.formula("SGX_COMPANIES", [SECTOR, o], invocation()));
  await sent(made, 1);
  release();
  const cells = await Promise.all(pending);
  expect(prepares).toHaveBeenCalledTimes(1);
  expect(made.fetches).toHaveLength(1);
  expect([made.timers, made.mostArmed]).toEqual([1, 1]);
  // The request's own abort and the transport's for its one fetch: none per formula.
  expect(made.controllers).toHaveLength(2);
  expect(runtime.stats()).toMatchObject({ calls: 10, requests: 1 });
  // The identical formulas show one array; the variants differ as their options say.
  for (const same of cells.slice(1, 5)) expect(same).toBe(cells[0]);
  expect(cells[5]).toEqual(cells[0].slice(1));
  expect(cells[6][0][0]).toBe(cells[0][0][0]);
  expect(cells[6].length).toBe(cells[0][0].length);
});

test("each display variant is laid out once, whatever the number of formulas that show it", async () => {
  const presented = jest.spyOn(display, "presentFormatted");
  const { runtime, made, release } = heldRuntime();
  const options = ["headers=false", "", "headers=false", "", "headers=false", "HEADERS=false"];
  const pending = options.map((o) => runtime.formula("SGX_COMPANIES", [SECTOR, o]));
  await sent(made, 1);
  release();
  const cells = await Promise.all(pending);
  // "headers=false" and "HEADERS=false" are one variant: the options as read, not as written.
  expect(presented).toHaveBeenCalledTimes(2);
  expect(cells[2]).toBe(cells[0]);
  expect(cells[5]).toBe(cells[0]);
  expect(cells[3]).toBe(cells[1]);
});

test("a cancelled formula leaves the request: the others get their answer, it is not aborted", async () => {
  const { runtime, made, release } = heldRuntime();
  const [a, b] = [invocation(), invocation()];
  const leaving = runtime.formula("SGX_COMPANIES", [SECTOR, ""], a);
  const staying = runtime.formula("SGX_COMPANIES", [SECTOR, "headers=false"], b);
  await sent(made, 1);
  a.cancel();
  expect(made.fetches[0].aborted).toBe(false);
  expect(made.controllers.some((c) => c.signal.aborted)).toBe(false);
  release();
  expect((await staying).length).toBeGreaterThan(0);
  await expect(leaving).rejects.toBeInstanceOf(FormulaCancelled);
});

test("the request is aborted when its last formula is cancelled; a formula after that asks anew", async () => {
  const { runtime, made, release } = heldRuntime();
  const [a, b] = [invocation(), invocation()];
  const first = runtime.formula("SGX_COMPANIES", [SECTOR, ""], a);
  const second = runtime.formula("SGX_COMPANIES", [SECTOR, "orient=columns"], b);
  await sent(made, 1);
  a.cancel();
  b.cancel();
  expect(made.fetches[0].aborted).toBe(true);
  await expect(first).rejects.toBeInstanceOf(FormulaCancelled);
  await expect(second).rejects.toBeInstanceOf(FormulaCancelled);
  const again = runtime.formula("SGX_COMPANIES", [SECTOR, ""], invocation());
  await sent(made, 2);
  release();
  expect((await again).length).toBeGreaterThan(0);
});

test("Recalculate MDQ cells and a settings change: a formula asking the same then prepares a request of its own", async () => {
  const prepares = jest.spyOn(preparing, "prepare");
  const { runtime, made, release } = heldRuntime();
  const before = runtime.formula("SGX_COMPANIES", [SECTOR, ""]);
  await sent(made, 1);
  const prepared = async (n: number) => {
    for (let i = 0; i < 500 && prepares.mock.calls.length < n; i++) await new Promise((r) => setImmediate(r));
    expect(prepares).toHaveBeenCalledTimes(n);
  };
  await prepared(1);
  runtime.refreshAll();
  const refreshed = runtime.formula("SGX_COMPANIES", [SECTOR, ""]);
  await prepared(2);
  await runtime.saveSettings({ ...(await runtime.settings()), concurrency: 3 });
  const resaved = runtime.formula("SGX_COMPANIES", [SECTOR, ""]);
  await prepared(3);
  release();
  await Promise.all([before, refreshed, resaved]);
});

test("a formula whose display option the core refuses fails alone; the request's other formulas are answered", async () => {
  const { runtime, made, release } = heldRuntime();
  const good = runtime.formula("SGX_COMPANIES", [SECTOR, ""]);
  const bad = runtime.formula("SGX_COMPANIES", [SECTOR, "orient=sideways"]);
  await expect(bad).rejects.toMatchObject({ kind: "bad_argument" });
  await sent(made, 1);
  release();
  expect((await good).length).toBeGreaterThan(0);
});

test("the next recalculation shows a fresh answer again without running its request; after Recalculate MDQ cells it runs again", async () => {
  const prepares = jest.spyOn(preparing, "prepare");
  const presented = jest.spyOn(display, "presentFormatted");
  const { runtime, made, free } = heldRuntime();
  free();
  const recalculate = () => Promise.all(["", "headers=false"].map((o) => runtime.formula("SGX_COMPANIES", [SECTOR, o])));
  const first = await recalculate();
  expect([prepares.mock.calls.length, presented.mock.calls.length, made.fetches.length]).toEqual([1, 2, 1]);
  const second = await recalculate();
  expect([prepares.mock.calls.length, presented.mock.calls.length, made.fetches.length]).toEqual([1, 2, 1]);
  expect(second[0]).toBe(first[0]);
  expect(runtime.stats()).toMatchObject({ calls: 4, fromCache: 2 });
  runtime.refreshAll();
  await recalculate();
  expect([prepares.mock.calls.length, made.fetches.length]).toEqual([2, 2]);
});

test("auto's edition question is asked by the first request only: the others wait for its answer, then read it", async () => {
  // A clock that stands still: the three requests' bounds end at one moment.
  const at = Date.now();
  const { runtime, made, release } = heldRuntime("auto", () => at);
  const sectors = ["financial-services", "technology", "industrials"];
  const pending = sectors.map((sector) => runtime.formula("SGX_COMPANIES", [sector, ""]));
  // The question alone, until it is answered.
  await sent(made, 1);
  release();
  await sent(made, 1 + sectors.length);
  release();
  await Promise.all(pending);
  // The gate's one timer: set for the question, cleared once nothing waited, set again for the
  // three requests together (each request's deadline is on it: none a timer of its own).
  expect([made.timers, made.mostArmed]).toEqual([2, 1]);
  expect(runtime.stats().requests).toBe(1 + sectors.length);
});
