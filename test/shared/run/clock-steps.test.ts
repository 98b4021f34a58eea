// A call's deadline, what is left of it for each try, its back-offs and the shared pauses are
// counted on the host's monotonic clock (Env.monotonic), not the time of day: a system clock
// stepped during a call (a time sync) neither ends it early nor stretches it past its bound.
// Driven on two fake clocks, the time of day stepped by hand while the monotonic one runs on.

import type { EditionSetting } from "../../../shared/base/editions";
import type { Sent } from "../../../shared/base/http";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { PauseBoard } from "../../../shared/run/pauses";
import { BASE_URL, FIXTURE_NOW, failure, fixture } from "../harness";

const HOUR = 3_600_000;
const ok: Sent = { status: 200, body: fixture("companies.json") };
const unavailable: Sent = { status: 503, body: "" };

interface Step {
  /** Milliseconds the service takes (on the monotonic clock); "all": the whole time the try has. */
  takes: number | "all";
  answer: Sent;
  /** How far the time of day is stepped while this try is out (a time sync). */
  wallStep?: number;
}

/** One COMPANIES call; each fetch is served by the next step. `stepInSleep`: the time of day is
 *  stepped during the call's first wait instead. */
function drive(steps: Step[], options: { edition?: EditionSetting; pauses?: PauseBoard; stepInSleep?: number } = {}) {
  const clocks = { wall: FIXTURE_NOW, monotonic: 0 };
  const fetches: Array<{ at: number; timeoutMs: number }> = [];
  const sleeps: number[] = [];
  let stepInSleep = options.stepInSleep;
  const handler = (effect: Effect): EffectResult => {
    if (effect.type === "sleep") {
      sleeps.push(effect.ms);
      clocks.monotonic += effect.ms;
      clocks.wall += effect.ms + (stepInSleep ?? 0);
      stepInSleep = undefined;
    }
    if (effect.type !== "fetch") return undefined;
    const step = steps[Math.min(fetches.length, steps.length - 1)];
    fetches.push({ at: clocks.monotonic, timeoutMs: effect.timeoutMs });
    const takes = step.takes === "all" ? effect.timeoutMs : step.takes;
    clocks.monotonic += takes;
    clocks.wall += takes + (step.wallStep ?? 0);
    return step.takes === "all" ? { failure: "timeout", message: "no answer in time" } : step.answer;
  };
  const env = { now: () => clocks.wall, monotonic: () => clocks.monotonic, random: () => 0.5, pauses: options.pauses };
  const settings = { baseUrl: BASE_URL, apiKey: "k", edition: options.edition ?? "spec" };
  const run = () => runSync(callFunction(functionNamed("COMPANIES"), ["banks"], settings, env), handler);
  return { run, fetches, sleeps, clocks };
}

test("the time of day stepped an hour forward between a 503 and its retry: the call still retries, and is answered", () => {
  const { run, fetches } = drive([
    { takes: 1000, answer: unavailable, wallStep: HOUR },
    { takes: 1000, answer: ok },
  ]);
  const result = run();
  expect(result.attempts).toBe(2);
  expect(result.cells.length).toBeGreaterThan(1);
  // The retry has what is left of 30 s after 1 s out and the 375 ms back-off, not nothing.
  expect(fetches.map((f) => f.timeoutMs)).toEqual([30_000, 30_000 - 1375]);
});

test("the time of day set an hour back during a try: the call still ends at its 30 s, counted on the monotonic clock", () => {
  const { run, fetches, clocks } = drive([
    { takes: 20_000, answer: unavailable, wallStep: -HOUR },
    { takes: "all", answer: unavailable },
  ]);
  const error = failure(run);
  expect(error.kind).toBe("timeout");
  expect(error.message).toMatch(/after 2 tries/);
  // The second try has the 9.6 s left, not an hour more; the call ends at its deadline.
  expect(fetches.map((f) => f.timeoutMs)).toEqual([30_000, 30_000 - 20_375]);
  expect(clocks.monotonic).toBe(30_000);
});

test("the time of day set an hour back during a pause the service asked for: the pause ends when it said", () => {
  const rateLimited: Sent = { status: 429, body: JSON.stringify({ message: "Later." }), retryAfter: "10" };
  const { run, fetches, sleeps } = drive(
    [
      { takes: 500, answer: rateLimited },
      { takes: 500, answer: ok },
    ],
    { pauses: new PauseBoard(), stepInSleep: -HOUR },
  );
  expect(run().attempts).toBe(2);
  // One wait of the 10 s asked, then the retry: no second wait of the hour the time of day went back.
  expect(sleeps).toEqual([10_000]);
  expect(fetches.map((f) => f.at)).toEqual([0, 10_500]);
});

test("the time of day stepped an hour forward while the server is asked its edition: the call keeps the rest of its 30 s", () => {
  // `auto` away from the provider asks first (one try, a third of the deadline), then sends the call's request.
  const { run, fetches } = drive(
    [
      { takes: 2000, answer: { status: 200, body: "[]" }, wallStep: HOUR },
      { takes: 1000, answer: ok },
    ],
    { edition: "auto" },
  );
  const result = run();
  expect([result.edition, result.attempts]).toEqual(["spec", 2]);
  expect(fetches.map((f) => f.timeoutMs)).toEqual([10_000, 28_000]);
});
