// The executor: one call of a catalogue function, written once for every host. It is a
// generator that yields effects (fetch, sleep, cache get/put) and never does I/O itself; a host
// drives it synchronously (Apps Script: UrlFetchApp, Utilities.sleep, CacheService) or
// asynchronously (Excel and Node: fetch, timers, memory) with runSync / runAsync.
//
// Stages:
//   1. prepare   validate arguments and settings, pick the edition, build the request (request.ts)
//   2. load      the endpoint's requests: one, or pages, one per item, a lookup first (loaders.ts);
//                each request:
//      lookup    answer from the cache when fresh
//      fetch     send, within one overall deadline                      (policy.ts)
//      classify  status + body → JSON or a typed error                  (classify.ts)
//      retry     429 / 5xx / network / timeout, backoff with jitter     (policy.ts)
//   3. decode    lenient schema: decimals, JSON-encoded fields          (response.ts)
//   4. render    layout + display options → 2-D array                   (display.ts)
//   5. store     keep each body for the function's lifetime, once the call succeeded

import { hostOf } from "./base-url";
import type { CellValue } from "./cells";
import { classify, type HttpResponse } from "./classify";
import { type DateWriter, present } from "./display";
import { MdqError, toMdqError } from "./errors";
import type { Get, Loader } from "./function-spec";
import { isEnvelope, otherEdition, resultsOf } from "./loaders";
import { DEFAULT_POLICY, type RetryPolicy, retryDelay } from "./policy";
import { type HttpRequest, type PreparedCall, prepare, type Settings, type Target } from "./request";
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
  try {
    const call = prepare(name, args, settings);
    const session = new Session(call, env);
    const get: Get = (path, query, options) => session.get({ path, query }, options?.ttl);
    const raw = yield* (call.endpoint.load ?? loadOne(call))(get, call.sent, { ...call.target, fn: call.fn.name });
    const cells = present(call.endpoint.layout(decode(call, raw), call.values), call.display, writeDate);
    // Answers are kept only once the whole call made sense of them: never a body that failed.
    for (const put of session.puts) yield put;
    return { cells, fromCache: session.attempts === 0, attempts: session.attempts };
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

/** The row's one request; an envelope's results are the data. */
const loadOne = (call: PreparedCall): Loader =>
  function* (get, _values, first) {
    const json = yield* get(first.path, first.query);
    return call.endpoint.envelope ? resultsOf(json, first.fn) : json;
  };

/** The requests of one call: each from the cache when fresh, else sent within the call's deadline. */
class Session {
  attempts = 0;
  readonly puts: Effect[] = [];
  private readonly policy: RetryPolicy;
  private readonly started: number;

  constructor(
    private readonly call: PreparedCall,
    private readonly env: Env,
  ) {
    this.policy = { ...DEFAULT_POLICY, ...env.policy };
    this.started = env.now();
  }

  *get(target: Target, ttl = this.call.ttl): Generator<Effect, unknown, EffectResult> {
    const { request, cacheKey } = this.call.requestFor(target);
    const cached = yield { type: "cacheGet", key: cacheKey };
    if (typeof cached === "string") {
      try {
        return JSON.parse(cached);
      } catch {
        // A damaged entry is a miss.
      }
    }
    const { body, json, attempts } = yield* fetchWithRetry(request, this.env, this.policy, this.started);
    this.attempts += attempts;
    this.puts.push({ type: "cachePut", key: cacheKey, value: body, ttlSeconds: ttl });
    return json;
  }
}

function* fetchWithRetry(
  request: HttpRequest,
  env: Env,
  policy: RetryPolicy,
  started: number,
): Generator<Effect, { body: string; json: unknown; attempts: number }, EffectResult> {
  const deadline = started + policy.deadlineMs;
  const host = hostOf(request.url);
  let slowestMs = 0;
  for (let attempt = 1; ; attempt++) {
    const sentAt = env.now();
    const outcome = (yield { type: "fetch", request, timeoutMs: Math.max(1, deadline - sentAt) }) as HttpResponse | TransportFailure;
    slowestMs = Math.max(slowestMs, env.now() - sentAt);
    let error: MdqError;
    try {
      const answer = answerOf(outcome, host, policy.deadlineMs);
      return { body: answer.body, json: classify(answer, env.now()), attempts: attempt };
    } catch (e) {
      error = toMdqError(e, request.headers.Authorization);
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

/** Validate parsed JSON against the endpoint's lenient schema. */
export function decode(call: PreparedCall, json: unknown): unknown {
  const result = parseResponse(call.endpoint.response, json);
  if (result.success) return result.data;
  if (call.edition === "spec" && isEnvelope(json)) throw otherEdition(call.fn.name, "live", "{results, pagination}");
  throw new MdqError(
    "malformed",
    `the service's answer for ${call.fn.name} has an unexpected shape. Check the base URL points at the Market Data Query Service.`,
  );
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
