// A call driven synchronously with its fetches claimed across executions (flights.ts). Before a
// fetch the handler claims its requests; when other executions are fetching any of them, or have
// just stored one, it stops the run (Waiting), waits for their claims to go, and begins the call
// again with what is left of its budget: the new run finds their answers in the cache. Stopping a
// run is safe: a run writes nothing but answers (the core keeps them once the whole
// call made sense of them, or, here, each as it arrives: Env.keepAsFetched) and has only read the
// cache so far; what it fetched for an earlier step is in the cache for the next run.
import { cacheKey, type Effect, type EffectResult, type FetchEffect, runSync } from "../../shared";
import { type Flights, Waiting } from "./flights";

/** Runs of one call at most: each but the last may stop to wait (the waits are bounded in time too). */
export const MAX_RUNS = 8;

export interface Budget {
  startedAt: number;
  ms: number;
  now(): number;
}

/** The call begun with `begin(budget left)` and driven to its end; without flights (no cache), once. */
export function runClaimed<T>(
  begin: (budgetLeftMs: number) => Generator<Effect, T, EffectResult>,
  handle: (effect: Effect) => EffectResult,
  flights: Flights | undefined,
  budget: Budget,
): T {
  if (!flights) return runSync(begin(budget.ms), handle);
  try {
    for (let run = 1; ; run++) {
      try {
        const left = Math.max(1, budget.ms - (budget.now() - budget.startedAt));
        return runSync(begin(left), (effect) => claimed(effect, handle, flights, run < MAX_RUNS));
      } catch (e) {
        if (!(e instanceof Waiting)) throw e;
        flights.wait(e.claims);
      }
    }
  } finally {
    flights.end();
  }
}

function claimed(effect: Effect, handle: (effect: Effect) => EffectResult, flights: Flights, mayWait: boolean): EffectResult {
  if (effect.type === "fetch" || effect.type === "fetchAll") {
    const theirs = flights.before((effect.type === "fetch" ? [effect] : effect.fetches).map(keyOf));
    if (theirs && mayWait) throw new Waiting(theirs);
  }
  return handle(effect);
}

/** The request's cache key, as the core makes it (the key is what the request was sent with). */
const keyOf = (f: FetchEffect) => cacheKey(f.request.url, f.request.headers.Authorization ?? "");
