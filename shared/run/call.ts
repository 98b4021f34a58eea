// The executor: one call of a catalogue function, written once for every host. It is a
// generator that yields effects (fetch, sleep, cache get/put) and never does I/O itself; a host
// drives it synchronously (Apps Script: UrlFetchApp, Utilities.sleep, CacheService) or
// asynchronously (Excel and Node: fetch, timers, memory) with runSync / runAsync.
//
// Stages:
//   1. prepare   validate arguments and settings, pick the edition, build the request (request.ts)
//   2. load      the endpoint's requests: one, or pages, one per item, a lookup first (loaders.ts);
//                each request:
//      lookup    answer from the cache when fresh (and of the call's refresh generation)
//      turn      wait while the service asked the runtime to pause      (pauses.ts)
//      fetch     send, within one overall deadline and the answer limit (policy.ts); time a
//                request waits in the host's own queue is bounded apart, outside the deadline
//      classify  status + body → JSON or a typed error                  (classify.ts)
//      retry     429 / 5xx / network / timeout, backoff with jitter     (policy.ts);
//                never a host's own limit (host_limit) or a local failure
//      stale     when the fetch fails for the service's trouble, the last good answer (stale.ts)
//   3. decode    lenient schema: decimals, JSON-encoded fields          (response.ts)
//   4. render    layout + display options → 2-D array within the grid  (display.ts, limits.ts)
//   5. store     keep each body for the function's lifetime, once the call succeeded

import { hostOf } from "../base/base-url";
import { type Batch, type Block, batchOf, keyText, stackBlocks } from "./key-range";
import { findFunction } from "../catalogue/catalogue";
import type { CellValue } from "../base/cells";
import { classify, type HttpResponse } from "../answer/classify";
import { type DateWriter, pickFields, present } from "../answer/display";
import { isMdqError, MdqError, toMdqError } from "../base/errors";
import type { Get, Loader } from "../rows/function-spec";
import { answerTooLarge, CLI_LIMITS, GridOverflow, type HostLimits, tableTooLarge } from "../answer/host-limits";
import { isEnvelope, otherEdition, resultsOf } from "../rows/loaders";
import type { PauseBoard } from "./pauses";
import { DEFAULT_POLICY, type RetryPolicy, retryDelay } from "./retry-policy";
import { type HttpRequest, type PreparedCall, prepare, type Settings, type Target } from "../request/prepare";
import { parseResponse } from "../answer/response";
import { decodeEntry, encodeEntry, isFresh, keepSeconds, mayServeStale, type Staleness } from "./cache-entry";
import type { Cell, Table } from "../base/table";

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

export interface FetchEffect {
  type: "fetch";
  request: HttpRequest;
  /** From the moment the request is sent. */
  timeoutMs: number;
  maxBytes: number;
  /** The most it may wait in the host's own queue before it is sent. */
  queueMs: number;
}

export type Effect =
  | FetchEffect
  /** Requests sent together (a call naming many keys); resumes with one Sent each, in order. */
  | { type: "fetchAll"; fetches: FetchEffect[] }
  | { type: "sleep"; ms: number }
  | { type: "cacheGet"; key: string }
  | { type: "cachePut"; key: string; value: string; ttlSeconds: number };

/** What each effect resumes with. */
export type EffectResult = Sent | Sent[] | string | null | undefined;

export interface Env {
  now(): number;
  random(): number;
  policy?: Partial<RetryPolicy>;
  /** The host's grid and URL length (default: the command line's). */
  limits?: HostLimits;
  /** The runtime's shared back-off, one per runtime (none: each call backs off on its own). */
  pauses?: PauseBoard;
  /** Answers fetched before this moment are not fresh (the host refreshed everything), though
   *  still there to be served stale. */
  refreshedAt?: number;
}

export interface CallResult<D> {
  cells: (Cell | D)[][];
  fromCache: boolean;
  attempts: number;
  /** The answer is a stale one (a refresh failed): the host must show its age and the reason. */
  stale?: Staleness;
  /** The call as the user reads it in a list of stale calls: QUARTERLY(symbol=BBCA, n=4). */
  label: string;
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
    const fn = findFunction(name);
    const batch = fn && batchOf(fn, args);
    if (batch) return yield* callMany(name, args, batch, settings, env, writeDate);
    const call = prepare(name, args, settings, limits);
    const session = new Session(call, env);
    const get: Get = (path, query, options) => session.get({ path, query }, options?.ttl);
    const raw = yield* (call.endpoint.load ?? loadOne(call))(get, call.sent, { ...call.target, fn: call.fn.name, now: env.now() });
    const cells = present(yield* keptIfAnswered(session, () => tableFor(call, raw, limits)), call.display, limits, writeDate);
    // Answers are kept only once the whole call made sense of them: never a body that failed.
    for (const put of session.puts) yield put;
    const result: CallResult<D> = { cells, fromCache: session.attempts === 0, attempts: session.attempts, label: callLabel(call) };
    return session.stale ? { ...result, stale: session.stale } : result;
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

/** A call naming many keys: each key's call prepared (and so checked) before any request, their
 *  requests sent together, the tables stacked (batch.ts). */
function* callMany<D>(
  name: string,
  args: readonly CellValue[],
  batch: Batch,
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallResult<D>, EffectResult> {
  const limits = env.limits ?? CLI_LIMITS;
  const calls = batch.keys.map((key) => {
    const one = args.slice();
    one[batch.at] = key;
    return prepare(name, one, settings, limits);
  });
  const sessions = calls.map((call) => new Session(call, env));
  const outcomes = yield* inParallel(calls.map((call, i) => loadTable(call, sessions[i], limits)));
  const blocks: Block[] = outcomes.map((outcome, i) => {
    const key = batch.keys[i];
    if (!outcome.ok) return { key, error: toMdqError(outcome.error, settings.apiKey) };
    if (outcome.value.rows.length === 0) return { key, error: new MdqError("no_data", "no data for this key.") };
    return { key, table: outcome.value };
  });
  const { display } = calls[0];
  const cells = present(stackBlocks(batch, blocks), { ...display, fields: undefined, orient: display.orient ?? "rows" }, limits, writeDate);
  // Each key's answers are kept once its table was made: a key that failed keeps nothing.
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.ok) for (const put of sessions[i].puts) yield put;
  }
  const attempts = sessions.reduce((sum, s) => sum + s.attempts, 0);
  const stale = sessions
    .map((s) => s.stale)
    .reduce<Staleness | undefined>((a, b) => (!a ? b : !b || a.since <= b.since ? a : b), undefined);
  const keys = batch.keys.map(keyText).join(",");
  const label = callLabel({ ...calls[0], values: { ...calls[0].values, [batch.arg.name]: keys } });
  const result: CallResult<D> = { cells, fromCache: attempts === 0, attempts, label };
  return stale ? { ...result, stale } : result;
}

/** One key's table, its `fields=` picked (a key without them is an error row, not a failed call). */
function* loadTable(call: PreparedCall, session: Session, limits: HostLimits): Generator<Effect, Table, EffectResult> {
  const get: Get = (path, query, options) => session.get({ path, query }, options?.ttl);
  const raw = yield* (call.endpoint.load ?? loadOne(call))(get, call.sent, { ...call.target, fn: call.fn.name });
  const table = tableFor(call, raw, limits);
  const fields = call.display.fields;
  if (!fields || table.rows.length === 0) return table;
  // The column that heads each record (QUARTERLY's date) stays, as it does in a statement.
  const key = table.key;
  return pickFields(table, key && !fields.some((f) => f.toLowerCase() === key) ? [key, ...fields] : fields);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Run generators side by side: their fetches leave together as one fetchAll effect, their waits
 *  are waited together (the longest), their cache effects one by one. */
function* inParallel<T>(gens: Generator<Effect, T, EffectResult>[]): Generator<Effect, Outcome<T>[], EffectResult> {
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

/** The function and its checked values (never the refresh value, which changes each refresh). */
function callLabel(call: PreparedCall): string {
  const values = Object.entries(call.values).filter(([, v]) => v !== undefined);
  const text = `${call.fn.name}(${values.map(([k, v]) => `${k}=${v}`).join(", ")})`;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
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

/** Seconds of an Age header (RFC 9111: a whole number); anything else is no age. */
const ageSeconds = (age: string | null | undefined): number => (age && /^\d{1,10}$/.test(age.trim()) ? Number(age.trim()) : 0);

/** The requests of one call: each from the cache when fresh, else sent within the call's deadline. */
class Session {
  attempts = 0;
  /** Set when a request of the call was answered from a stale entry (the oldest, the first reason). */
  stale?: Staleness;
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
    const entry = decodeEntry((yield { type: "cacheGet", key: cacheKey }) as string | null | undefined);
    const stored = entry && parsed(entry.body);
    if (stored && isFresh(entry, this.call.generation, this.env.now(), this.env.refreshedAt)) return stored.json;
    let fetched: { body: string; json: unknown; attempts: number; age?: string | null };
    try {
      fetched = yield* fetchWithRetry(request, this.env, this.policy, this.clock, this.call.maxAnswerBytes);
    } catch (e) {
      // The last good answer, marked stale, when the service (or the way to it) is in trouble.
      if (!stored || !isMdqError(e) || !mayServeStale(e, entry, this.call.stale, this.env.now())) throw e;
      const since = Math.min(entry.fetchedAt, this.stale?.since ?? entry.fetchedAt);
      // The reason is shown in lists and dialogs: never with the key, even if the service echoed it.
      this.stale = { since, reason: this.stale?.reason ?? toMdqError(e, request.headers.Authorization).sentence };
      return stored.json;
    }
    this.attempts += fetched.attempts;
    const now = this.env.now();
    // An answer that already aged in a shared cache (a team gateway's) is fresh only for what is
    // left; one at or past its lifetime is kept only as a stale fallback.
    const fresh = Math.max(0, ttl - ageSeconds(fetched.age));
    const value = encodeEntry({ body: fetched.body, fetchedAt: now, freshUntil: now + fresh * 1000, generation: this.call.generation });
    this.puts.push({ type: "cachePut", key: cacheKey, value, ttlSeconds: keepSeconds(fresh) });
    return fetched.json;
  }
}

/** A stored body read back; undefined when damaged (a miss). */
function parsed(body: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(body) };
  } catch {
    return undefined;
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
): Generator<Effect, { body: string; json: unknown; attempts: number; age?: string | null }, EffectResult> {
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
      return { body: answer.body, json, attempts: attempt, age: answer.age };
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
