// The executor's deadline against a host with a queue of its own (Excel's concurrency cap): the
// time a request waited there for its turn, which the host reports, is not the service's and is
// kept out of the call's deadline; that wait has a bound of its own, for the whole call, and a
// request whose turn never came is final. Driven on a fake clock, as classify.test.ts does.

import { MdqError } from "../../../shared/base/errors";
import type { Sent } from "../../../shared/base/http";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { DEFAULT_POLICY } from "../../../shared/run/retry-policy";
import { failure, fixture } from "../harness";

const ok = { status: 200, body: fixture("companies.json") };
const serverError = { status: 500, body: "" };

interface Step {
  /** Milliseconds the request waits in the host's queue before it is sent. */
  queued: number;
  /** Milliseconds the service takes once it is sent. */
  takes: number;
  answer: Sent;
}

/** One COMPANIES call; each fetch is served by the next step, the clock moving as it says. */
function drive(steps: Step[]) {
  let clock = 0;
  const fetches: Array<{ at: number; timeoutMs: number; queueMs: number }> = [];
  const handler = (effect: Effect): EffectResult => {
    if (effect.type === "sleep") clock += effect.ms;
    if (effect.type !== "fetch") return undefined;
    const step = steps[Math.min(fetches.length, steps.length - 1)];
    fetches.push({ at: clock, timeoutMs: effect.timeoutMs, queueMs: effect.queueMs });
    clock += step.queued + step.takes;
    return { ...step.answer, queuedMs: step.queued };
  };
  const env = { now: () => clock, random: () => 0.5 };
  const run = () =>
    runSync(
      callFunction(functionNamed("COMPANIES"), ["banks"], { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" }, env),
      handler,
    );
  return { run, fetches };
}

test("a request that waited 40 s for its turn still has the whole deadline once sent, and is retried", () => {
  // Queued 40 s, then a 500 after 1 s; the retry waits its backoff, queues 20 s more, then answers.
  const { run, fetches } = drive([
    { queued: 40_000, takes: 1000, answer: serverError },
    { queued: 20_000, takes: 1000, answer: ok },
  ]);
  const result = run();
  expect(result.attempts).toBe(2);
  // The first gets 30 s from its sending; the second what is left of 30 s after 1 s out and the
  // 375 ms backoff, its 40 s in the queue not counted; the queue bound shrinks by what was used.
  expect(fetches.map((f) => f.timeoutMs)).toEqual([30_000, 30_000 - 1375]);
  expect(fetches.map((f) => f.queueMs)).toEqual([DEFAULT_POLICY.queueMs, DEFAULT_POLICY.queueMs - 40_000]);
});

test("a Retry-After that fits the deadline is still honoured after a long wait in the queue", () => {
  const rateLimited = { status: 429, body: JSON.stringify({ message: "Later." }), retryAfter: "10" };
  const { run, fetches } = drive([
    { queued: 60_000, takes: 500, answer: rateLimited },
    { queued: 0, takes: 500, answer: ok },
  ]);
  expect(run().attempts).toBe(2);
  expect(fetches.map((f) => f.at)).toEqual([0, 60_000 + 500 + 10_000]);
});

test("a request whose turn never came is final: one message that says so, no retry", () => {
  const { run, fetches } = drive([
    {
      queued: DEFAULT_POLICY.queueMs,
      takes: 0,
      answer: { failure: "queued", message: "waited 5 min for its turn behind MDQ's other requests" },
    },
  ]);
  const error = failure(run);
  expect(error).toBeInstanceOf(MdqError);
  expect(error.kind).toBe("timeout");
  expect(error.message).toBe(
    "MDQ: the request was not sent: it waited 5 min for its turn behind MDQ's other requests. Recalculate fewer MDQ cells at once, or allow more requests at once in MDQ settings.",
  );
  expect(fetches).toHaveLength(1);
});
