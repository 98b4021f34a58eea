// A call driven synchronously with its fetches claimed across executions (flights.ts). Before a
// fetch the handler claims its requests; when other executions are fetching any of them, or have
// just stored one, it stops the run (Waiting), waits for their claims to go, and begins the call
// again with what is left of its budget: the new run finds their answers in the cache. Stopping a
// run is safe: a run writes nothing before its end (the core keeps its answers last, once the whole
// call made sense of them) and has only read the cache so far. What an earlier run of the call
// fetched itself (a step before the one that stopped) is handed to the next run instead of being
// fetched again: once each, so that a retry the core asks for is a new request.
import { cacheKey, type Effect, type EffectResult, type FetchEffect, runSync, type Sent } from "../../shared";
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
  const fetched = new Map<string, Sent>();
  try {
    for (let run = 1; ; run++) {
      try {
        const left = Math.max(1, budget.ms - (budget.now() - budget.startedAt));
        return runSync(begin(left), (effect) => claimed(effect, handle, flights, fetched, run < MAX_RUNS));
      } catch (e) {
        if (!(e instanceof Waiting)) throw e;
        flights.wait(e.claims);
      }
    }
  } finally {
    flights.end();
  }
}

function claimed(
  effect: Effect,
  handle: (effect: Effect) => EffectResult,
  flights: Flights,
  fetched: Map<string, Sent>,
  mayWait: boolean,
): EffectResult {
  if (effect.type === "fetch" || effect.type === "fetchAll") {
    const fetches = effect.type === "fetch" ? [effect] : effect.fetches;
    const keys = fetches.map(keyOf);
    const toSend = fetches.filter((_, i) => !fetched.has(keys[i]));
    const theirs = toSend.length > 0 ? flights.before(toSend.map(keyOf)) : undefined;
    if (theirs && mayWait) throw new Waiting(theirs);
    const sent = send(toSend, handle);
    const results = fetches.map((f, i) => {
      const kept = fetched.get(keys[i]);
      fetched.delete(keys[i]);
      return kept ?? (sent.get(f) as Sent);
    });
    // Kept for a next run, should a later step of this one stop it: answers only (a failure is
    // the core's to retry).
    for (const [f, outcome] of sent) if (answered(outcome)) fetched.set(keyOf(f), outcome);
    return effect.type === "fetch" ? results[0] : results;
  }
  const result = handle(effect);
  if (effect.type === "cachePut") flights.landed(effect.key);
  return result;
}

/** These requests sent as the core asked (one fetch, or one fetchAll), their outcomes by request. */
function send(fetches: FetchEffect[], handle: (effect: Effect) => EffectResult): Map<FetchEffect, Sent> {
  if (fetches.length === 0) return new Map();
  if (fetches.length === 1) return new Map([[fetches[0], handle(fetches[0]) as Sent]]);
  const outcomes = handle({ type: "fetchAll", fetches }) as Sent[];
  return new Map(fetches.map((f, i) => [f, outcomes[i]]));
}

const answered = (outcome: Sent) => !("failure" in outcome) && outcome.status >= 200 && outcome.status < 300;

/** The request's cache key, as the core makes it (the key is what the request was sent with). */
const keyOf = (f: FetchEffect) => cacheKey(f.request.url, f.request.headers.Authorization ?? "");
