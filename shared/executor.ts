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
//      turn      wait while the service asked the runtime to pause      (pauses.ts)
//      fetch     send, within one overall deadline and the answer limit (policy.ts); time a
//                request waits in the host's own queue is bounded apart, outside the deadline
//      classify  status + body → JSON or a typed error                  (classify.ts)
//      retry     429 / 5xx / network / timeout, backoff with jitter     (policy.ts);
//                never a host's own limit (host_limit) or a local failure
//   3. decode    lenient schema: decimals, JSON-encoded fields          (response.ts)
//   4. render    layout + display options → 2-D array within the grid  (display.ts, limits.ts)
//   5. store     keep each body for the function's lifetime, once the call succeeded

import { hostOf } from "./base-url";
import type { CellValue } from "./cells";
import { classify, type HttpResponse } from "./classify";
import { type DateWriter, present } from "./display";
import { isMdqError, MdqError, toMdqError } from "./errors";
import type { Get, Loader } from "./function-spec";
import { answerTooLarge, CLI_LIMITS, GridOverflow, type HostLimits, tableTooLarge } from "./limits";
import { isEnvelope, otherEdition, resultsOf } from "./loaders";
import type { PauseBoard } from "./pauses";
import { DEFAULT_POLICY, type RetryPolicy, retryDelay } from "./policy";
import { type HttpRequest, type PreparedCall, prepare, type Settings, type Target } from "./request";
import { parseResponse } from "./response";
import type { Cell, Table } from "./table";

/** A transport failure, reported instead of a response: no connection, no answer in time, an
 *  answer past `maxBytes` (reading stopped), not sent at all: because the service asked the
 *  runtime to pause (`held`, a request that waited in a queue while the pause began) or because
 *  its turn in the host's own queue did not come within `queueMs` (`queued`), or refused by the
 *  host's own platform under one of its limits (`host_limit`, e.g. Google's daily quota of URL
 *  fetches: `message` is then the host's whole sentence for the user, and the error is final). */
export interface TransportFailure {
  failure: "network" | "timeout" | "too_large" | "held" | "queued" | "host_limit";
  message: string;
}

/** What a fetch resumes with; a host with a queue of its own (Excel's concurrency cap) says how
 *  long the request waited there before it was sent: that time is not the service's. */
export type Sent = (HttpResponse | TransportFailure) & { queuedMs?: number };

export type Effect =
  | {
      type: "fetch";
      request: HttpRequest;
      /** From the moment the request is sent. */
      timeoutMs: number;
      maxBytes: number;
      /** The most it may wait in the host's own queue before it is sent. */
      queueMs: number;
    }
  | { type: "sleep"; ms: number }
  | { type: "cacheGet"; key: string }
  | { type: "cachePut"; key: string; value: string; ttlSeconds: number };

/** What each effect resumes with. */
export type EffectResult = Sent | string | null | undefined;

export interface Env {
  now(): number;
  random(): number;
  policy?: Partial<RetryPolicy>;
  /** The host's grid and URL length (default: the command line's). */
  limits?: HostLimits;
  /** The runtime's shared back-off, one per runtime (none: each call backs off on its own). */
  pauses?: PauseBoard;
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
  const limits = env.limits ?? CLI_LIMITS;
  try {
    const call = prepare(name, args, settings, limits);
    const session = new Session(call, env);
    const get: Get = (path, query, options) => session.get({ path, query }, options?.ttl);
    const raw = yield* (call.endpoint.load ?? loadOne(call))(get, call.sent, { ...call.target, fn: call.fn.name, now: env.now() });
    const cells = present(yield* keptIfAnswered(session, () => tableFor(call, raw, limits)), call.display, limits, writeDate);
    // Answers are kept only once the whole call made sense of them: never a body that failed.
    for (const put of session.puts) yield put;
    return { cells, fromCache: session.attempts === 0, attempts: session.attempts };
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

/** The answer decoded and laid out; a table that outgrows every host stops while it is built. */
function tableFor(call: PreparedCall, raw: unknown, limits: HostLimits): Table {
  try {
    return call.endpoint.layout(decode(call, raw), call.values);
  } catch (e) {
    throw e instanceof GridOverflow ? tableTooLarge(e.size, limits) : e;
  }
}

/** The table; an answer that made sense but lacks what was asked (VALUE's field or period: no_data
 *  from a layout) is kept all the same, as asking again would give the same answer. */
function* keptIfAnswered(session: Session, table: () => Table): Generator<Effect, Table, EffectResult> {
  try {
    return table();
  } catch (e) {
    if (isMdqError(e) && e.kind === "no_data") for (const put of session.puts) yield put;
    throw e;
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
  private readonly clock: CallClock;

  constructor(
    private readonly call: PreparedCall,
    private readonly env: Env,
  ) {
    this.policy = { ...DEFAULT_POLICY, ...env.policy };
    this.clock = new CallClock(env.now(), this.policy);
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
    const { body, json, attempts } = yield* fetchWithRetry(request, this.env, this.policy, this.clock, this.call.maxAnswerBytes);
    this.attempts += attempts;
    this.puts.push({ type: "cachePut", key: cacheKey, value: body, ttlSeconds: ttl });
    return json;
  }
}

/** A call's time: its deadline counts from its start, leaving out the time its requests waited in
 *  the host's own queue, which has a bound of its own (for the whole call, all its requests). */
class CallClock {
  queuedMs = 0;

  constructor(
    readonly started: number,
    private readonly policy: RetryPolicy,
  ) {}

  get deadline(): number {
    return this.started + this.policy.deadlineMs + this.queuedMs;
  }

  /** What is left of the queue bound (at least 1 ms: a free slot still sends at once). */
  get queueLeftMs(): number {
    return Math.max(1, this.policy.queueMs - this.queuedMs);
  }
}

function* fetchWithRetry(
  request: HttpRequest,
  env: Env,
  policy: RetryPolicy,
  clock: CallClock,
  maxBytes: number,
): Generator<Effect, { body: string; json: unknown; attempts: number }, EffectResult> {
  const service = hostOf(request.url);
  const apiKey = request.headers.Authorization;
  let slowestMs = 0;
  for (let attempt = 1; ; attempt++) {
    const probe = yield* awaitTurn(env, service, clock.deadline, policy);
    const askedAt = env.now();
    const outcome = (yield {
      type: "fetch",
      request,
      timeoutMs: Math.max(1, clock.deadline - askedAt),
      maxBytes,
      queueMs: clock.queueLeftMs,
    }) as Sent;
    const queuedMs = Math.max(0, outcome.queuedMs ?? 0);
    clock.queuedMs += queuedMs;
    if ("failure" in outcome && outcome.failure === "queued") throw notSent(outcome.message);
    if ("failure" in outcome && outcome.failure === "held") {
      attempt--; // never sent: wait for the pause like any other call
      continue;
    }
    slowestMs = Math.max(slowestMs, env.now() - askedAt - queuedMs);
    let error: MdqError;
    try {
      const answer = answerOf(outcome, service, policy.deadlineMs, maxBytes);
      const json = classify(answer, env.now(), apiKey);
      if (probe) env.pauses?.resume(service);
      return { body: answer.body, json, attempts: attempt };
    } catch (e) {
      // Only the service's answers are retried; anything else failed here, and would fail again.
      if (!isMdqError(e)) throw e;
      error = toMdqError(e, apiKey);
    }
    const paused = sharePause(env, service, error, probe);
    const wait = retryDelay(error, attempt, env.random, policy);
    if (wait === undefined) throw attempt > 1 ? error.withNote(`after ${attempt} tries`) : error;
    const limit = `MDQ's ${seconds(policy.deadlineMs)} limit`;
    if (env.now() + wait >= clock.deadline) {
      throw error.retryAfter !== undefined
        ? error.withNote(`the service asks to wait ${Math.ceil(error.retryAfter)} s, beyond ${limit}`)
        : attempt > 1
          ? error.withNote(`after ${attempt} tries`)
          : error;
    }
    // A host that cannot interrupt a request sends another only when it can come back in time.
    if (policy.uninterruptible && clock.deadline - (env.now() + wait) < slowestMs) {
      const tries = `${attempt} ${attempt === 1 ? "try" : "tries"}`;
      throw error.withNote(`${tries} took ${seconds(env.now() - clock.started)}, too long to try again within ${limit}`);
    }
    // Under a shared pause the wait is the pause itself (the next turn), not a sleep of this call's own.
    if (!paused) yield { type: "sleep", ms: wait };
  }
}

/** Wait while the runtime holds requests to the service; true when this call goes first after a pause. */
function* awaitTurn(env: Env, service: string, deadline: number, policy: RetryPolicy): Generator<Effect, boolean, EffectResult> {
  if (!env.pauses) return false;
  for (;;) {
    const turn = env.pauses.turn(service, env.now());
    if (turn.go) return turn.probe;
    if (turn.until >= deadline) {
      const asked = Math.ceil((turn.until - env.now()) / 1000);
      throw new MdqError(
        "rate_limited",
        `the service's rate limit was reached: it asked MDQ to pause for ${asked} s, beyond MDQ's ${seconds(policy.deadlineMs)} limit (no request was sent). Wait a minute, then recalculate.`,
      );
    }
    yield { type: "sleep", ms: turn.waitMs };
  }
}

/** A 429 or 5xx that says when to come back pauses every call to the service; true when it did. */
function sharePause(env: Env, service: string, error: MdqError, probe: boolean): boolean {
  const board = env.pauses;
  if (!board) return false;
  if ((error.kind === "rate_limited" || error.kind === "server") && error.retryAfter !== undefined) {
    board.pause(service, env.now() + error.retryAfter * 1000);
    return true;
  }
  // The probe got an answer (the service is back, whatever it said) or none (the next call probes).
  if (probe) {
    if (error.status !== undefined) board.resume(service);
    else board.release(service);
  }
  return false;
}

/** A request whose turn in the host's queue never came: final, as a retry would queue again. */
const notSent = (waited: string) =>
  new MdqError(
    "timeout",
    `the request was not sent: it ${waited}. Recalculate fewer MDQ cells at once, or allow more requests at once in MDQ settings.`,
  );

/** "1.5 s": milliseconds as seconds to a tenth. */
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function answerOf(outcome: Sent, host: string, deadlineMs: number, maxBytes: number): HttpResponse {
  if ("failure" in outcome) {
    if (outcome.failure === "too_large") throw answerTooLarge(maxBytes);
    if (outcome.failure === "host_limit") throw new MdqError("host_limit", outcome.message);
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
