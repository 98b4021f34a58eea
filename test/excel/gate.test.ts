// The add-in's transport on its own, with a fetch the test answers by hand: sharing of identical
// requests, the concurrency cap, cancellation that never strands the other callers, and the two
// bounds of a wait: the turn in the queue, then the answer from the moment the request is sent.
import type { FetchLike } from "../../shared/drive/fetch-transport";
import { Gate } from "../../src/excel/gate";

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
