// The add-in's transport on its own, with a fetch the test answers by hand: sharing of identical
// requests, the concurrency cap, cancellation that never strands the other callers, and the two
// bounds of a wait: the turn in the queue, then the answer from the moment the request is sent,
// every caller's bounds on one timer for the whole gate (timers fired by hand, a clock moved by hand).
import { getEventListeners } from "node:events";
import type { FetchLike } from "../../shared/drive/fetch-transport";
import { Gate } from "../../src/excel/gate";
import { manualTimers } from "./manual-timers";

interface Pending {
  url: string;
  signal: AbortSignal;
  answer(body: string): void;
}

function fakeFetch() {
  const pending: Pending[] = [];
  const fetchImpl: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      init.signal.addEventListener("abort", () => reject(new Error("aborted")));
      pending.push({
        url,
        signal: init.signal,
        answer: (body) => resolve({ status: 200, headers: { get: () => null }, text: async () => body }),
      });
    });
  return { fetchImpl, pending };
}

/** The answer limit every send here passes: far above these bodies. */
const MB = 1_048_576;
/** A queue bound no test here reaches unless it means to. */
const QUEUE = 60_000;
const request = (url: string, key = "k") => ({ url, headers: { Authorization: key, Accept: "application/json" } });
const flush = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("identical requests share one fetch; a different key is a different request", async () => {
  const { fetchImpl, pending } = fakeFetch();
  let made = 0;
  const gate = new Gate(fetchImpl, { limit: 6, onRequest: () => made++ });
  const calls = [
    gate.send(request("http://x/a"), 10_000, MB, QUEUE),
    gate.send(request("http://x/a"), 10_000, MB, QUEUE),
    gate.send(request("http://x/a", "other"), 10_000, MB, QUEUE),
  ];
  await flush();
  expect(made).toBe(2);
  expect(pending.map((p) => p.url)).toEqual(["http://x/a", "http://x/a"]);
  for (const [i, p] of pending.entries()) p.answer(`body${i}`);
  const outcomes = await Promise.all(calls);
  expect(outcomes.map((o) => ("body" in o ? o.body : o.failure))).toEqual(["body0", "body0", "body1"]);
  expect(gate.inFlight).toBe(0);
});

test("at most maxConcurrent fetches run; the others start as slots free", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 2 });
  const calls = ["a", "b", "c", "d"].map((p) => gate.send(request(`http://x/${p}`), 10_000, MB, QUEUE));
  await flush();
  expect(pending).toHaveLength(2);
  pending[0].answer("1");
  await flush();
  expect(pending).toHaveLength(3);
  pending[1].answer("2");
  pending[2].answer("3");
  await flush();
  expect(pending).toHaveLength(4);
  pending[3].answer("4");
  expect((await Promise.all(calls)).map((o) => ("body" in o ? o.body : o.failure))).toEqual(["1", "2", "3", "4"]);
});

test("one caller cancelling leaves the shared fetch to the others; the last one leaving aborts it", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 6 });
  const first = new AbortController();
  const second = new AbortController();
  const a = gate.send(request("http://x/a"), 10_000, MB, QUEUE, first.signal);
  const b = gate.send(request("http://x/a"), 10_000, MB, QUEUE, second.signal);
  await flush();
  first.abort();
  expect(await a).toMatchObject({ failure: "network", message: "the call was cancelled" });
  expect(pending[0].signal.aborted).toBe(false);
  second.abort();
  expect(await b).toMatchObject({ failure: "network", message: "the call was cancelled" });
  expect(pending[0].signal.aborted).toBe(true);
});

test("a queued caller's timeout counts from when its request is sent, not while it waits for a slot", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 1 });
  const blocker = gate.send(request("http://x/slow"), 10_000, MB, QUEUE);
  // 30 ms to answer once sent; it waits longer than that for its turn.
  const queued = gate.send(request("http://x/queued"), 30, MB, QUEUE);
  await sleep(80);
  pending[0].answer("first");
  await blocker;
  await flush();
  expect(pending.map((p) => p.url)).toEqual(["http://x/slow", "http://x/queued"]);
  pending[1].answer("second");
  const outcome = await queued;
  expect("body" in outcome && outcome.body).toBe("second");
  // It says how long it waited for the slot, which the executor keeps out of the call's deadline.
  expect(outcome.queuedMs).toBeGreaterThanOrEqual(50);
});

test("a queued caller that never gets a turn ends at the queue bound, unsent; a sent request is not cut by it", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 1 });
  const blocker = gate.send(request("http://x/slow"), 10_000, MB, 20);
  const queued = gate.send(request("http://x/queued"), 10_000, MB, 20);
  expect(await queued).toMatchObject({ failure: "queued", message: "waited 0 s for its turn behind MDQ's other requests" });
  await sleep(40);
  pending[0].answer("done");
  expect(await blocker).toMatchObject({ status: 200, body: "done" });
  await flush();
  // The queued request was abandoned by its only caller: it is never sent.
  expect(pending.map((p) => p.url)).toEqual(["http://x/slow"]);
});

test("a raised cap lets queued requests go at once; a lowered one holds new ones back", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 1 });
  const calls = ["a", "b", "c"].map((p) => gate.send(request(`http://x/${p}`), 10_000, MB, QUEUE));
  await flush();
  expect(pending).toHaveLength(1);
  gate.setLimit(3);
  await flush();
  expect(pending).toHaveLength(3);
  gate.setLimit(1);
  const later = gate.send(request("http://x/d"), 10_000, MB, QUEUE);
  for (const p of pending.slice(0, 2)) p.answer(p.url);
  await flush();
  expect(pending).toHaveLength(3);
  pending[2].answer("c");
  await flush();
  expect(pending).toHaveLength(4);
  pending[3].answer("d");
  expect((await Promise.all([...calls, later])).map((o) => ("body" in o ? o.body : o.failure))).toEqual([
    "http://x/a",
    "http://x/b",
    "c",
    "d",
  ]);
});

test("an already cancelled call sends nothing", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, { limit: 6 });
  const controller = new AbortController();
  controller.abort();
  expect(await gate.send(request("http://x/a"), 10_000, MB, QUEUE, controller.signal)).toMatchObject({ failure: "network" });
  await flush();
  expect(pending).toHaveLength(0);
});

afterEach(() => jest.restoreAllMocks());

/** A gate on timers fired by hand and a clock moved by hand: the monotonic clock of its deadlines,
 *  which firing a timer moves to its moment. `wall`: the time of day (Date.now), moved by hand. */
function handTimedGate(limit: number, wall?: { now: number }) {
  const { fetchImpl, pending } = fakeFetch();
  const manual = manualTimers();
  if (wall) jest.spyOn(Date, "now").mockImplementation(() => wall.now);
  const gate = new Gate(fetchImpl, { limit, monotonic: manual.now, timers: manual.timers });
  return { gate, pending, ...manual };
}

test("callers that joined at different times each end at their own queue bound, on one timer armed again for the next", async () => {
  const { gate, pending, clock, counts, armedAt, fire } = handTimedGate(1);
  const blocker = gate.send(request("http://x/slow"), 60_000, MB, 10_000);
  expect([armedAt(), counts.set]).toEqual([60_000, 1]);
  clock.now = 1000;
  const first = gate.send(request("http://x/first"), 60_000, MB, 10_000);
  // Its queue bound comes before the blocker's answer bound: the timer is armed again, for it.
  expect([armedAt(), counts.set, counts.clear]).toEqual([11_000, 2, 1]);
  clock.now = 4000;
  const second = gate.send(request("http://x/second"), 60_000, MB, 10_000);
  expect([armedAt(), counts.set]).toEqual([11_000, 2]);
  fire();
  expect(await first).toMatchObject({
    failure: "queued",
    message: "waited 10 s for its turn behind MDQ's other requests",
    queuedMs: 10_000,
  });
  expect(armedAt()).toBe(14_000);
  fire();
  expect(await second).toMatchObject({ failure: "queued", queuedMs: 10_000 });
  expect(armedAt()).toBe(60_000);
  pending[0].answer("done");
  expect(await blocker).toMatchObject({ body: "done", queuedMs: 0 });
  // Nothing waits: nothing stays armed. Neither queued request was ever sent.
  expect([armedAt(), counts.set, counts.mostArmed]).toEqual([undefined, 4, 1]);
  await flush();
  expect(pending.map((p) => p.url)).toEqual(["http://x/slow"]);
});

test("a caller whose answer bound is earlier than the armed timer's re-arms it and ends there; the others keep theirs", async () => {
  const { gate, pending, clock, counts, armedAt, fire } = handTimedGate(6);
  const patient = gate.send(request("http://x/patient"), 60_000, MB, QUEUE);
  clock.now = 1000;
  const hasty = gate.send(request("http://x/hasty"), 5000, MB, QUEUE);
  expect([armedAt(), counts.set, counts.clear]).toEqual([6000, 2, 1]);
  fire();
  expect(await hasty).toMatchObject({ failure: "timeout", message: "no answer within 5 s", queuedMs: 0 });
  // The last (only) caller of the hasty request gave up: its fetch is stopped; the other runs on.
  expect(pending.map((p) => p.signal.aborted)).toEqual([false, true]);
  expect(armedAt()).toBe(60_000);
  pending[0].answer("late but in time");
  expect(await patient).toMatchObject({ body: "late but in time" });
  expect([armedAt(), counts.set, counts.clear, counts.mostArmed]).toEqual([undefined, 3, 2, 1]);
});

test("a caller answered before its deadline leaves the timer armed: it fires, ends no one early, and is armed for the next", async () => {
  const { gate, pending, clock, counts, armedAt, fire } = handTimedGate(6);
  const early = gate.send(request("http://x/early"), 30_000, MB, QUEUE);
  clock.now = 2000;
  const later = gate.send(request("http://x/later"), 30_000, MB, QUEUE);
  await flush();
  pending[0].answer("first");
  expect(await early).toMatchObject({ body: "first" });
  expect([armedAt(), counts.set, counts.clear]).toEqual([30_000, 1, 0]);
  let ended = false;
  void later.then(() => (ended = true));
  fire();
  await flush();
  expect(ended).toBe(false);
  expect(armedAt()).toBe(32_000);
  fire();
  expect(await later).toMatchObject({ failure: "timeout", message: "no answer within 30 s" });
  expect(armedAt()).toBeUndefined();
});

test("a queued caller's answer bound starts when its request is sent, on the gate's one timer, and says how long it queued", async () => {
  const { gate, pending, clock, counts, armedAt, fire } = handTimedGate(1);
  const blocker = gate.send(request("http://x/slow"), 60_000, MB, QUEUE);
  const queued = gate.send(request("http://x/queued"), 5000, MB, QUEUE);
  expect([armedAt(), counts.set]).toEqual([60_000, 1]);
  clock.now = 20_000;
  pending[0].answer("first");
  await blocker;
  await flush();
  expect(pending.map((p) => p.url)).toEqual(["http://x/slow", "http://x/queued"]);
  // Sent at 20 s: answer by 25 s, earlier than the queue bound it was waiting on.
  expect(armedAt()).toBe(25_000);
  fire();
  expect(await queued).toMatchObject({ failure: "timeout", message: "no answer within 5 s", queuedMs: 20_000 });
  expect([armedAt(), counts.mostArmed]).toEqual([undefined, 1]);
});

test("fifty requests in flight at once: one timer set for all of them, cleared once when the last is answered", async () => {
  const { gate, pending, clock, counts, armedAt } = handTimedGate(6);
  const calls = [];
  for (let i = 0; i < 50; i++) {
    clock.now = i;
    calls.push(gate.send(request(`http://x/${i}`), 30_000, MB, QUEUE));
  }
  for (let i = 0; i < 50; i++) {
    await flush();
    pending[i].answer(String(i));
  }
  expect((await Promise.all(calls)).map((o) => ("body" in o ? o.body : o.failure))).toEqual(calls.map((_, i) => String(i)));
  expect([armedAt(), counts.set, counts.clear]).toEqual([undefined, 1, 1]);
});

test("a cancelled caller leaves the gate's deadlines: the last to leave clears the timer", async () => {
  const { gate, counts, armedAt } = handTimedGate(6);
  const controller = new AbortController();
  const call = gate.send(request("http://x/a"), 30_000, MB, QUEUE, controller.signal);
  expect(armedAt()).toBe(30_000);
  controller.abort();
  expect(await call).toMatchObject({ failure: "network", message: "the call was cancelled" });
  expect([armedAt(), counts.set, counts.clear]).toEqual([undefined, 1, 1]);
});

test("the time of day stepped an hour forward while callers wait ends no one before their own deadline", async () => {
  const wall = { now: 1_700_000_000_000 };
  const { gate, pending, clock, armedAt, fire } = handTimedGate(6, wall);
  const patient = [gate.send(request("http://x/a"), 30_000, MB, QUEUE), gate.send(request("http://x/b"), 30_000, MB, QUEUE)];
  clock.now = 1000;
  const hasty = gate.send(request("http://x/hasty"), 5000, MB, QUEUE);
  let ended = 0;
  for (const call of patient) void call.then(() => ended++);
  // A time sync: the system clock jumps an hour ahead; the monotonic clock goes on as it was.
  wall.now += 3_600_000;
  expect(armedAt()).toBe(6000);
  fire();
  expect(await hasty).toMatchObject({ failure: "timeout", message: "no answer within 5 s" });
  await flush();
  // The patient callers' 30 s have not passed: they wait on, the timer armed for their deadline.
  expect(ended).toBe(0);
  expect(armedAt()).toBe(30_000);
  pending[0].answer("in time");
  expect(await patient[0]).toMatchObject({ body: "in time" });
  fire();
  expect(await patient[1]).toMatchObject({ failure: "timeout", message: "no answer within 30 s" });
  expect(armedAt()).toBeUndefined();
});

test("the time of day set an hour back while callers wait pushes no deadline back", async () => {
  const wall = { now: 1_700_000_000_000 };
  const { gate, clock, armedAt, armedMs, fire } = handTimedGate(6, wall);
  const before = gate.send(request("http://x/before"), 30_000, MB, QUEUE);
  wall.now -= 3_600_000;
  clock.now = 1000;
  const after = gate.send(request("http://x/after"), 5000, MB, QUEUE);
  // 5 s from now on the monotonic clock, not an hour and 5 s.
  expect([armedAt(), armedMs()]).toEqual([6000, 5000]);
  fire();
  expect(await after).toMatchObject({ failure: "timeout", message: "no answer within 5 s" });
  // 24 s left of the first caller's 30 s.
  expect([armedAt(), armedMs()]).toEqual([30_000, 24_000]);
  fire();
  expect(await before).toMatchObject({ failure: "timeout", message: "no answer within 30 s" });
});

test("the time a caller queued is measured on the monotonic clock, as the call's deadline it is left out of", async () => {
  const wall = { now: 1_700_000_000_000 };
  const { gate, pending, clock } = handTimedGate(1, wall);
  const blocker = gate.send(request("http://x/slow"), 60_000, MB, QUEUE);
  const queued = gate.send(request("http://x/queued"), 30_000, MB, QUEUE);
  // 20 s in the queue, while the time of day jumps an hour ahead.
  wall.now += 3_600_000;
  clock.now = 20_000;
  pending[0].answer("first");
  expect(await blocker).toMatchObject({ body: "first", queuedMs: 0 });
  await flush();
  pending[1].answer("second");
  expect(await queued).toMatchObject({ body: "second", queuedMs: 20_000 });
});

test("one call's signal has a listener per request it has in flight, each removed as its wait ends", async () => {
  // A call's requests side by side (a long series' windows, a batch's keys) on its one signal.
  const { gate, pending, fire } = handTimedGate(20);
  const controller = new AbortController();
  const listeners = () => getEventListeners(controller.signal, "abort").length;
  const calls = Array.from({ length: 30 }, (_, i) => gate.send(request(`http://x/${i}`), 5000, MB, 3000, controller.signal));
  await flush();
  expect([pending.length, listeners()]).toEqual([20, 30]);
  // The 10 queued reach their queue bound first, then 10 sent are answered, the last 10 time out.
  fire();
  for (const call of calls.slice(20)) expect(await call).toMatchObject({ failure: "queued" });
  expect(listeners()).toBe(20);
  for (const p of pending.slice(0, 10)) p.answer("in time");
  for (const call of calls.slice(0, 10)) expect(await call).toMatchObject({ body: "in time" });
  expect(listeners()).toBe(10);
  fire();
  for (const call of calls.slice(10, 20)) expect(await call).toMatchObject({ failure: "timeout" });
  expect([listeners(), controller.signal.aborted]).toEqual([0, false]);
});
