// One request sent until it is answered: the runtime's shared pause awaited, the deadline and the
// host's queue bound kept, the answer classified, 429 / 5xx / network / timeout retried with
// back-off (retry-policy.ts), a pause shared with every call when the service asks for one.

import { classify } from "../answer/classify";
import { answerTooLarge } from "../answer/host-limits";
import { whereToSet } from "../base/advice";
import { hostOf } from "../base/base-url";
import { isMdqError, MdqError, toMdqError } from "../base/errors";
import type { HttpRequest, HttpResponse, Sent } from "../base/http";
import type { AnswerMemo, Effect, EffectResult } from "../rows/effects";
import { JSON_MEMO } from "./cache-entry";
import { type Env, monotonicNow } from "./env";
import { type RetryPolicy, retryDelay } from "./retry-policy";

/** A call's time: its deadline counts from its start, leaving out the time its requests waited in
 *  the host's own queue, which has a bound of its own (for the whole call, all its requests). On
 *  the host's monotonic clock (env.ts monotonicNow), as the queued time it reports must be: a time
 *  sync during the call neither ends it early nor stretches it. */
export class CallClock {
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

/** An answer classified, its JSON if it is a success: with the memo of the calls that share it,
 *  by the first of them only (or by the host, which reads a success's records to bill it). */
export function answerJson(answer: HttpResponse, memo: AnswerMemo | undefined, nowMs: number, apiKey?: string): unknown {
  if (memo?.has(JSON_MEMO)) return memo.get(JSON_MEMO);
  const json = classify(answer, nowMs, apiKey);
  memo?.set(JSON_MEMO, json);
  return json;
}

/** `sent`: the tries sent so far, kept up to date also when it throws (a 404 that ends the request
 *  was sent, and billed). */
export function* fetchWithRetry(
  request: HttpRequest,
  env: Env,
  policy: RetryPolicy,
  clock: CallClock,
  maxBytes: number,
  sent: { attempts: number } = { attempts: 0 },
): Generator<Effect, { body: string; json: unknown; attempts: number; age?: string | null; memo?: AnswerMemo }, EffectResult> {
  const service = hostOf(request.url);
  const apiKey = request.headers.Authorization;
  let slowestMs = 0;
  for (let attempt = 1; ; attempt++) {
    const probe = yield* awaitTurn(env, service, clock.deadline, policy);
    const askedAt = monotonicNow(env);
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
    sent.attempts = attempt;
    slowestMs = Math.max(slowestMs, monotonicNow(env) - askedAt - queuedMs);
    let error: MdqError;
    try {
      const answer = answerOf(outcome, service, policy.deadlineMs, maxBytes);
      // The time of day: a Retry-After may be a date.
      const json = answerJson(answer, answer.memo, env.now(), apiKey);
      if (probe) env.pauses?.resume(service);
      return { body: answer.body, json, attempts: attempt, age: answer.age, memo: answer.memo };
    } catch (e) {
      // Only the service's answers are retried; anything else failed here, and would fail again.
      if (!isMdqError(e)) throw e;
      error = toMdqError(e, apiKey);
    }
    const paused = sharePause(env, service, error, probe);
    const wait = retryDelay(error, attempt, env.random, policy);
    if (wait === undefined) throw attempt > 1 ? error.withNote(`after ${attempt} tries`) : error;
    const limit = `MDQ's ${seconds(policy.deadlineMs)} limit`;
    if (monotonicNow(env) + wait >= clock.deadline) {
      throw error.retryAfter !== undefined
        ? error.withNote(`the service asks to wait ${Math.ceil(error.retryAfter)} s, beyond ${limit}`)
        : attempt > 1
          ? error.withNote(`after ${attempt} tries`)
          : error;
    }
    // A host that cannot interrupt a request sends another only when it can come back in time.
    if (policy.uninterruptible && clock.deadline - (monotonicNow(env) + wait) < slowestMs) {
      const tries = `${attempt} ${attempt === 1 ? "try" : "tries"}`;
      throw error.withNote(`${tries} took ${seconds(monotonicNow(env) - clock.started)}, too long to try again within ${limit}`);
    }
    // Under a shared pause the wait is the pause itself (the next turn), not a sleep of this call's own.
    if (!paused) yield { type: "sleep", ms: wait };
  }
}

/** Wait while the runtime holds requests to the service; true when this call goes first after a pause. */
function* awaitTurn(env: Env, service: string, deadline: number, policy: RetryPolicy): Generator<Effect, boolean, EffectResult> {
  if (!env.pauses) return false;
  for (;;) {
    const turn = env.pauses.turn(service, monotonicNow(env));
    if (turn.go) return turn.probe;
    if (turn.until >= deadline) {
      const asked = Math.ceil((turn.until - monotonicNow(env)) / 1000);
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
    board.pause(service, monotonicNow(env) + error.retryAfter * 1000);
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
    `the request was not sent: it ${waited}. Recalculate fewer MDQ cells at once, or allow more requests at once ${whereToSet("concurrency")}.`,
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
        `no answer from ${host} within ${seconds(deadlineMs)}. Try again later; if it persists, check the base URL.`,
      );
    }
    if (outcome.failure === "blocked") throw blocked(host);
    throw new MdqError("network", `could not reach ${host} (${outcome.message}). Check the base URL and your connection.`);
  }
  return outcome;
}

/** A request the browser refused without a reason: a service that does not allow calls from the
 *  add-in's origin (CORS) fails so, as does one the browser cannot reach at all. */
const blocked = (host: string) =>
  new MdqError(
    "network",
    `could not reach ${host}: the browser refused the call without a reason, which is how a service that does not accept calls from the add-in's origin (CORS) fails. If ${host} opens in a browser tab, it does not allow this add-in's origin: use your team's MDQ gateway, which does (set it ${whereToSet("gateway")}), or ask the service to allow the add-in's origin. Otherwise check the base URL and your connection.`,
  );
