// Generators run side by side as one: what lets a batch's requests leave together (Sheets sends
// them in one UrlFetchApp.fetchAll) while each key keeps its own retries and cache.

import type { Sent } from "../base/http";
import type { Effect, EffectResult, FetchEffect } from "../rows/effects";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Run generators side by side: their fetches leave together as one fetchAll effect, their waits
 *  are waited together (the longest), their cache effects one by one. */
export function* inParallel<T>(gens: Generator<Effect, T, EffectResult>[]): Generator<Effect, Outcome<T>[], EffectResult> {
  const outcomes: Outcome<T>[] = new Array(gens.length);
  const waiting: (Effect | undefined)[] = new Array(gens.length);
  const step = (i: number, input: EffectResult) => {
    try {
      const next = gens[i].next(input);
      if (next.done) outcomes[i] = { ok: true, value: next.value };
      waiting[i] = next.done ? undefined : next.value;
    } catch (error) {
      outcomes[i] = { ok: false, error };
      waiting[i] = undefined;
    }
  };
  gens.forEach((_, i) => {
    step(i, undefined);
  });
  const all = gens.map((_, i) => i);
  for (;;) {
    for (const i of all) {
      for (let effect = waiting[i]; effect && effect.type !== "fetch" && effect.type !== "sleep"; effect = waiting[i]) {
        step(i, yield effect);
      }
    }
    const fetching = all.filter((i) => waiting[i]?.type === "fetch");
    if (fetching.length > 0) {
      const sent = (yield { type: "fetchAll", fetches: fetching.map((i) => waiting[i] as FetchEffect) }) as Sent[];
      fetching.forEach((i, j) => {
        step(i, sent[j]);
      });
      continue;
    }
    const sleeping = all.filter((i) => waiting[i]?.type === "sleep");
    if (sleeping.length === 0) return outcomes;
    yield { type: "sleep", ms: Math.max(...sleeping.map((i) => (waiting[i] as { ms: number }).ms)) };
    for (const i of sleeping) step(i, undefined);
  }
}
