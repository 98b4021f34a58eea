// The runtime counts a formula's deadline on its monotonic clock, as the gate measures the time
// the formula's request waited there for a slot (which the deadline leaves out): one clock on both
// sides, and the time of day (a time sync) moves neither. Both clocks are injected and moved by hand.
import type { FetchLike } from "../../shared/drive/fetch-transport";
import { createRuntime } from "../../src/excel/runtime";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { memoryStorage } from "../../src/excel/stand-ins";
import { startSandbox } from "../../src/sandbox/server";

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, today: "2025-06-18", edition: "live" });
});
afterAll(() => sandbox.close());

const HOUR = 3_600_000;
const unavailable = { status: 503, headers: { get: () => null }, text: async () => "" };

/** Until `done()` holds (bounded: a few hundred turns of the event loop). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

test("a request that queued 40 s then met a 503 while the time of day jumped an hour ahead is retried and answered", async () => {
  const clocks = { wall: Date.parse("2025-06-18T02:00:00Z"), monotonic: 0 };
  const asked: string[] = [];
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  const fetchImpl: FetchLike = async (url, init) => {
    asked.push(url.replace(sandbox.url, ""));
    if (asked.length === 1) await firstHeld;
    if (asked.length === 2) {
      // The second formula's first try: a second out, during which the system clock is synced.
      clocks.monotonic += 1000;
      clocks.wall += 1000 + HOUR;
      return unavailable;
    }
    return fetch(url, init as RequestInit) as never;
  };
  const runtime = createRuntime({
    fetch: fetchImpl,
    storage: memoryStorage({ [STORAGE_KEYS.baseUrl]: sandbox.url, [STORAGE_KEYS.apiKey]: sandbox.apiKey, [STORAGE_KEYS.edition]: "live" }),
    store: null,
    requirements: () => undefined,
    maxConcurrent: 1,
    // A back-off of a few milliseconds: the test waits for it in real time.
    policy: { baseDelayMs: 4 },
    now: () => clocks.wall,
    monotonic: () => clocks.monotonic,
    random: () => 0.5,
  });
  const first = runtime.formula("SGX_COMPANIES", ["financial-services", ""]);
  const second = runtime.formula("SGX_COMPANIES", ["real-estate", ""]);
  await until(() => asked.length === 1);
  // The second formula's request waits for the one slot 40 s, more than the call's 30 s: that
  // time is the gate's queue, left out of the deadline only when both count it on one clock.
  clocks.monotonic += 40_000;
  releaseFirst();
  expect((await first).length).toBeGreaterThan(1);
  expect((await second).length).toBeGreaterThan(1);
  // The first formula's request, then the second's twice: its 503, and the retry that answered.
  const sectors = asked.map((path) => /sector%20like%20%27(.+?)%27/.exec(path)?.[1]);
  expect(sectors).toEqual(["financial%25services", "real%25estate", "real%25estate"]);
  expect(runtime.stats()).toMatchObject({ calls: 2, requests: 3 });
});
