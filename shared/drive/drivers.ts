// Drivers: a call's generator run to its end, each effect handed to the host's handler.
import type { Effect, EffectResult } from "../rows/effects";

/** Drive a generator to its end with synchronous effect handlers (Apps Script). */
export function runSync<T>(gen: Generator<Effect, T, EffectResult>, handle: (effect: Effect) => EffectResult): T {
  let step = gen.next();
  while (!step.done) step = gen.next(handle(step.value));
  return step.value;
}

/** Drive a generator with asynchronous effect handlers (Excel, Node). An effect handled at once
 *  (a cache lookup) goes on without yielding: when a sheet recalculates hundreds of cells, each
 *  call reaches its request without waiting behind every other call's preparation. */
export async function runAsync<T>(
  gen: Generator<Effect, T, EffectResult>,
  handle: (effect: Effect) => Promise<EffectResult> | EffectResult,
): Promise<T> {
  let step = gen.next();
  while (!step.done) {
    const result = handle(step.value);
    step = gen.next(result instanceof Promise ? await result : result);
  }
  return step.value;
}
