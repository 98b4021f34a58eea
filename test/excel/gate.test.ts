// The add-in's transport on its own, with a fetch the test answers by hand: sharing of identical
// requests, the concurrency cap, and cancellation that never strands the other callers.
import type { FetchLike } from "../../shared/fetch-transport";
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
const request = (url: string, key = "k") => ({ url, headers: { Authorization: key, Accept: "application/json" } });
const flush = () => new Promise((r) => setImmediate(r));

test("identical requests share one fetch; a different key is a different request", async () => {
  const { fetchImpl, pending } = fakeFetch();
  let made = 0;
  const gate = new Gate(fetchImpl, 6, () => made++);
  const calls = [
    gate.send(request("http://x/a"), 10_000, MB),
    gate.send(request("http://x/a"), 10_000, MB),
    gate.send(request("http://x/a", "other"), 10_000, MB),
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
  const gate = new Gate(fetchImpl, 2, () => undefined);
  const calls = ["a", "b", "c", "d"].map((p) => gate.send(request(`http://x/${p}`), 10_000, MB));
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
  const gate = new Gate(fetchImpl, 6, () => undefined);
  const first = new AbortController();
  const second = new AbortController();
  const a = gate.send(request("http://x/a"), 10_000, MB, first.signal);
  const b = gate.send(request("http://x/a"), 10_000, MB, second.signal);
  await flush();
  first.abort();
  expect(await a).toEqual({ failure: "network", message: "the call was cancelled" });
  expect(pending[0].signal.aborted).toBe(false);
  second.abort();
  expect(await b).toEqual({ failure: "network", message: "the call was cancelled" });
  expect(pending[0].signal.aborted).toBe(true);
});

test("a caller's own timeout ends its wait even while queued behind the cap", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, 1, () => undefined);
  const blocker = gate.send(request("http://x/slow"), 10_000, MB);
  const queued = gate.send(request("http://x/queued"), 20, MB);
  expect(await queued).toEqual({ failure: "timeout", message: "no answer within 0 s" });
  pending[0].answer("done");
  await blocker;
  await flush();
  // The queued request was abandoned by its only caller: it is never sent.
  expect(pending.map((p) => p.url)).toEqual(["http://x/slow"]);
});

test("an already cancelled call sends nothing", async () => {
  const { fetchImpl, pending } = fakeFetch();
  const gate = new Gate(fetchImpl, 6, () => undefined);
  const controller = new AbortController();
  controller.abort();
  expect(await gate.send(request("http://x/a"), 10_000, MB, controller.signal)).toMatchObject({ failure: "network" });
  await flush();
  expect(pending).toHaveLength(0);
});
