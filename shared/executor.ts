// The executor: one call of a catalogue function, written once for every host. It is a
// generator that yields effects (fetch, sleep, cache get/put) and never does I/O itself; a host
// drives it synchronously (Apps Script: UrlFetchApp, Utilities.sleep, CacheService) or
// asynchronously (Excel and Node: fetch, timers, memory) with runSync / runAsync.
//
// Stages:
//   1. prepare   validate arguments and settings, build the request    (request.ts)
//   2. lookup    answer from the cache when fresh
//   3. fetch     send, within one overall deadline                      (policy.ts)
//   4. classify  status + body → JSON or a typed error                  (classify.ts)
//   5. retry     429 / 5xx / network / timeout, backoff with jitter     (policy.ts)
//   6. decode    lenient schema: decimals, JSON-encoded fields          (response.ts)
//   7. store     keep the body for the function's lifetime
//   8. render    layout + display options → 2-D array                    (display.ts)

import { hostOf } from "./base-url";
import type { CellValue } from "./cells";
import { classify, type HttpResponse } from "./classify";
import { type DateWriter, present } from "./display";
import { MdqError, toMdqError } from "./errors";
import { DEFAULT_POLICY, type RetryPolicy, retryDelay } from "./policy";
import { type HttpRequest, type PreparedCall, prepare, type Settings } from "./request";
import { parseResponse } from "./response";
import type { Cell } from "./table";

/** A transport failure, reported instead of a response. */
export interface TransportFailure {
  failure: "network" | "timeout";
  message: string;
}

export type Effect =
  | { type: "fetch"; request: HttpRequest; timeoutMs: number }
  | { type: "sleep"; ms: number }
  | { type: "cacheGet"; key: string }
  | { type: "cachePut"; key: string; value: string; ttlSeconds: number };

/** What each effect resumes with. */
export type EffectResult = HttpResponse | TransportFailure | string | null | undefined;

export interface Env {
  now(): number;
  random(): number;
  policy?: Partial<RetryPolicy>;
}

export interface CallResult<D> {
  cells: (Cell | D)[][];
  fromCache: boolean;
  attempts: number;
}

export function* callFunction<D = never>(
  name: string,
  args: readonly CellValue[],
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallResult<D>, EffectResult> {
  let call: PreparedCall | undefined;
  try {
    call = prepare(name, args, settings);
    const cached = (yield { type: "cacheGet", key: call.cacheKey }) as string | null | undefined;
    if (typeof cached === "string") {
      return {
        cells: present(call.route.layout(decode(call, JSON.parse(cached)), call.values), call.display, writeDate),
        fromCache: true,
        attempts: 0,
      };
    }
    const { body, data, attempts } = yield* fetchWithRetry(call, env);
    yield { type: "cachePut", key: call.cacheKey, value: body, ttlSeconds: call.ttl };
    return { cells: present(call.route.layout(data, call.values), call.display, writeDate), fromCache: false, attempts };
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

function* fetchWithRetry(call: PreparedCall, env: Env): Generator<Effect, { body: string; data: unknown; attempts: number }, EffectResult> {
  const policy = { ...DEFAULT_POLICY, ...env.policy };
  const started = env.now();
  const deadline = started + policy.deadlineMs;
  const host = hostOf(call.request.url);
  let slowestMs = 0;
  for (let attempt = 1; ; attempt++) {
    const sentAt = env.now();
    const outcome = (yield { type: "fetch", request: call.request, timeoutMs: Math.max(1, deadline - sentAt) }) as
      | HttpResponse
      | TransportFailure;
    slowestMs = Math.max(slowestMs, env.now() - sentAt);
    let error: MdqError;
    try {
      const body = answerOf(outcome, host, policy.deadlineMs);
      const data = decode(call, classify(body, env.now()));
      return { body: body.body, data, attempts: attempt };
    } catch (e) {
      error = toMdqError(e, call.request.headers.Authorization);
    }
    const wait = retryDelay(error, attempt, env.random, policy);
    if (wait === undefined) throw attempt > 1 ? error.withNote(`after ${attempt} tries`) : error;
    const limit = `MDQ's ${seconds(policy.deadlineMs)} limit`;
    if (env.now() + wait >= deadline) {
      throw error.retryAfter !== undefined
        ? error.withNote(`the service asks to wait ${Math.ceil(error.retryAfter)} s, beyond ${limit}`)
        : attempt > 1
          ? error.withNote(`after ${attempt} tries`)
          : error;
    }
    // A host that cannot interrupt a request sends another only when it can come back in time.
    if (policy.uninterruptible && deadline - (env.now() + wait) < slowestMs) {
      const tries = `${attempt} ${attempt === 1 ? "try" : "tries"}`;
      throw error.withNote(`${tries} took ${seconds(env.now() - started)}, too long to try again within ${limit}`);
    }
    yield { type: "sleep", ms: wait };
  }
}

/** "1.5 s": milliseconds as seconds to a tenth. */
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function answerOf(outcome: HttpResponse | TransportFailure, host: string, deadlineMs: number): HttpResponse {
  if ("failure" in outcome) {
    if (outcome.failure === "timeout") {
      throw new MdqError(
        "timeout",
        `no answer from ${host} within ${deadlineMs / 1000} s. Try again later; if it persists, check the base URL.`,
      );
    }
    throw new MdqError("network", `could not reach ${host} (${outcome.message}). Check the base URL and your connection.`);
  }
  return outcome;
}

/** Validate parsed JSON against the route's lenient schema. */
export function decode(call: PreparedCall, json: unknown): unknown {
  const result = parseResponse(call.route.response, json);
  if (!result.success) {
    throw new MdqError(
      "malformed",
      `the service's answer for ${call.fn.name} has an unexpected shape. Check the base URL points at the Market Data Query Service.`,
    );
  }
  return result.data;
}

/** Drive a generator to its end with synchronous effect handlers (Apps Script). */
export function runSync<T>(gen: Generator<Effect, T, EffectResult>, handle: (effect: Effect) => EffectResult): T {
  let step = gen.next();
  while (!step.done) step = gen.next(handle(step.value));
  return step.value;
}

/** Drive a generator with asynchronous effect handlers (Excel, Node). */
export async function runAsync<T>(
  gen: Generator<Effect, T, EffectResult>,
  handle: (effect: Effect) => Promise<EffectResult> | EffectResult,
): Promise<T> {
  let step = gen.next();
  while (!step.done) step = gen.next(await handle(step.value));
  return step.value;
}
