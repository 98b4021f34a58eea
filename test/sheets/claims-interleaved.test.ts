// Two executions of one request, interleaved at the two moments where a claim protocol that only
// looks at claims pays twice (src/sheets/flights.ts, src/sheets/drive.ts):
//   - B misses the cache just before A stores the answer, and reads the slots just after A let go
//     of its claim: "no claim" there means "landed", not "free";
//   - B finds no claim, then waits for the script lock while A claims, fetches, stores and lets go:
//     with the lock, B must look again.
// Each execution is a call driven as the built script drives it (runClaimed over Flights), with its
// own module scope (an execution's own claim name), over the Apps Script stand-ins' CacheService;
// the second execution's cache read or lock wait runs the first one's whole call, which is exactly
// the interleaving.
import { appsScript, VirtualClock } from "../../scripts/harness/apps-script";
import type { Effect, EffectResult, Sent } from "../../shared";
import { cacheKey } from "../../shared/request/url";
import { SheetsCache } from "../../src/sheets/cache";
import type * as DriveModule from "../../src/sheets/drive";
import type * as FlightsModule from "../../src/sheets/flights";

const URL = "https://service.test/v1/financials/quarterly/BBCA/?n_quarters=2";
const KEY = cacheKey(URL, "key");
const BUDGET_MS = 25_000;

/** A fresh copy of the driver and its claims, as each execution has (its own claim name). */
function execution(): { drive: typeof DriveModule; flights: typeof FlightsModule } {
  let loaded: { drive: typeof DriveModule; flights: typeof FlightsModule } | undefined;
  jest.isolateModules(() => {
    loaded = { drive: require("../../src/sheets/drive"), flights: require("../../src/sheets/flights") };
  });
  return loaded as { drive: typeof DriveModule; flights: typeof FlightsModule };
}

/** A call as the core makes one: the cache first, then the request, its answer kept. */
function* call(): Generator<Effect, string, EffectResult> {
  const hit = yield { type: "cacheGet", key: KEY };
  if (typeof hit === "string") return hit;
  const fetch = {
    type: "fetch" as const,
    request: { url: URL, headers: { Authorization: "key" } },
    timeoutMs: 10_000,
    maxBytes: 1e6,
    queueMs: 0,
  };
  const sent = (yield fetch) as Sent;
  if ("failure" in sent) throw new Error(sent.failure);
  yield { type: "cachePut", key: KEY, value: sent.body, ttlSeconds: 3600 };
  return sent.body;
}

function world() {
  const clock = new VirtualClock();
  const { globals } = appsScript({ clock });
  const cache = new SheetsCache(globals.CacheService.getScriptCache(), "0");
  const fetched: string[] = [];
  /** One execution's call; `after(effect)` runs once each of its effects is done. */
  const run = (after: (effect: Effect) => void = () => {}) => {
    const { drive, flights } = execution();
    const startedAt = clock.now();
    const claims = new flights.Flights(
      cache,
      startedAt,
      BUDGET_MS,
      () => clock.now(),
      (ms) => clock.advance(ms),
    );
    const handle = (effect: Effect): EffectResult => {
      const result = perform(effect);
      after(effect);
      return result;
    };
    const perform = (effect: Effect): EffectResult => {
      switch (effect.type) {
        case "fetch":
          fetched.push(effect.request.url);
          clock.advance(100);
          return { status: 200, body: `[{"n":${fetched.length}}]`, retryAfter: null, age: null };
        case "cacheGet":
          return cache.get(effect.key);
        case "cachePut":
          // As src/sheets/run.ts: an answer stored is a landed mark in its slot.
          if (cache.put(effect.key, effect.value, effect.ttlSeconds)) claims.landed(effect.key);
          return undefined;
        default:
          return undefined;
      }
    };
    return drive.runClaimed(() => call(), handle, claims, { startedAt, ms: BUDGET_MS, now: () => clock.now() });
  };
  return { globals, run, fetched };
}

test("B reads the answer just before A stores it and the slots just after A lets go: one fetch, both answered", () => {
  const { globals, run, fetched } = world();
  Object.assign(globalThis, { LockService: globals.LockService });
  let a: string | undefined;
  let started = false;
  // B's first cache read misses; then A runs its whole call (claims, fetches, stores, lets go).
  const b = run((effect) => {
    if (effect.type !== "cacheGet" || started) return;
    started = true;
    a = run();
  });
  expect(fetched).toEqual([URL]);
  expect(b).toBe(a);
});

test("B finds no claim, then waits for the lock while A claims, fetches, stores and lets go: one fetch", () => {
  const { globals, run, fetched } = world();
  let a: string | undefined;
  let started = false;
  const lock = globals.LockService.getScriptLock();
  // The first tryLock is B's: A's whole call runs while B waits for the lock.
  Object.assign(globalThis, {
    LockService: {
      getScriptLock: () => ({
        ...lock,
        tryLock: (ms: number) => {
          if (!started) {
            started = true;
            a = run();
          }
          return lock.tryLock(ms);
        },
      }),
    },
  });
  const b = run();
  expect(fetched).toEqual([URL]);
  expect(b).toBe(a);
});
