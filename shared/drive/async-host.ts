// A call driven on an asynchronous host (Node, the Excel runtime): its way to send a request,
// timers and an optional cache. The host passes its own send in: the core does no I/O of its own,
// and tests can hand in a counting or failing one.

import type { DateWriter } from "../answer/display";
import type { CellValue } from "../base/cells";
import type { HttpRequest, Sent } from "../base/http";
import type { Settings } from "../request/settings";
import type { AnswerMemo, CachedAnswer, Effect, EffectResult } from "../rows/effects";
import type { FunctionSpec } from "../rows/function-spec";
import { callFunction } from "../run/call";
import type { CallResult, Env } from "../run/env";
import { runAsync } from "./drivers";

export interface TextCache {
  get(key: string): string | undefined;
  /** `memo`: the answer as parsed by the call that fetched it, for a cache that keeps memos. */
  set(key: string, value: string, ttlSeconds: number, memo?: AnswerMemo): void;
  /** A cache that keeps a memo beside each entry answers reads with both: the calls over one
   *  entry then parse and decode it once (the memo goes with the entry's version). */
  entry?(key: string): CachedAnswer | undefined;
}

export interface AsyncHost extends Env {
  /** One request, always settled: a response, or a failure saying what went wrong. A host that
   *  queues requests waits at most `queueMs` for a turn, and counts `timeoutMs` from the sending. */
  send(request: HttpRequest, timeoutMs: number, maxBytes: number, queueMs: number): Promise<Sent>;
  cache?: TextCache;
  /** Aborts the call (Excel's @cancelable): waits end at once. */
  signal?: AbortSignal;
  /** Told before each wait the call makes (a retry's back-off, a pause the service asked for):
   *  a front end that shows progress says so. */
  onSleep?(ms: number): void;
}

/** A wait that a cancelled call ends early; its listener goes when it ends, as a call waiting
 *  out a pause sleeps many times on one signal. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/** Run one catalogue function on an asynchronous host. */
export function callAsync<D = never>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  host: AsyncHost,
  writeDate?: DateWriter<D>,
): Promise<CallResult<D>> {
  const handle = (effect: Effect): Promise<EffectResult> | EffectResult => {
    switch (effect.type) {
      case "fetch":
        return host.send(effect.request, effect.timeoutMs, effect.maxBytes, effect.queueMs);
      case "fetchAll":
        // In parallel, each through the host's own way to send (Excel: its cap on requests at once).
        return Promise.all(effect.fetches.map((f) => host.send(f.request, f.timeoutMs, f.maxBytes, f.queueMs)));
      case "sleep":
        host.onSleep?.(effect.ms);
        return sleep(effect.ms, host.signal).then(() => undefined);
      case "cacheGet":
        return host.cache?.entry ? host.cache.entry(effect.key) : host.cache?.get(effect.key);
      case "cachePut":
        host.cache?.set(effect.key, effect.value, effect.ttlSeconds, effect.memo);
        return undefined;
    }
  };
  return runAsync(callFunction(fn, args, settings, host, writeDate), handle);
}
