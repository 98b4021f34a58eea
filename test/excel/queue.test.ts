// Cells waiting for their turn behind MDQ's own cap are not timed out by it: through the built
// bundle (npm run build first), 300 distinct QUARTERLY formulas against a service that answers
// each request in 1 s, with at most 6 requests out at once (the old default, set in the
// settings), need 50 s in all, far past the 30 s deadline of one call; every cell still gets its
// table, each request sent once. The add-in's clock (its timers, Date and performance) runs SCALE
// times faster, and the service's 1 s is 1 s on that clock, so the test takes about 5 s.
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "./load-bundle";
import { startDelayedSandbox, type TestServer } from "./servers";

const SCALE = 10;
const SERVICE_MS = 1000;
const CAP = 6;

let server: TestServer;
beforeAll(async () => (server = await startDelayedSandbox(SERVICE_MS / SCALE)));
afterAll(() => server.close());

/** Globals that run the bundle's clock SCALE times faster: timers, Date and performance alike. */
function fastClock() {
  const t0 = Date.now();
  class FastDate extends Date {
    static now() {
      return t0 + (Date.now() - t0) * SCALE;
    }
  }
  const fastPerformance = { now: () => performance.now() * SCALE };
  const fastTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    setTimeout(fn, Math.ceil((ms ?? 0) / SCALE), ...args);
  return { setTimeout: fastTimeout, Date: FastDate, performance: fastPerformance };
}

test("300 distinct formulas against a 1 s service, 6 at once: no cell fails, each request sent once", async () => {
  const excel = loadBundle(server.url, { stored: { [STORAGE_KEYS.concurrency]: String(CAP) }, globals: fastClock() });
  const formulas = ["BBCA", "BBRI", "TLKM"].flatMap((ticker) => Array.from({ length: 100 }, (_, i) => [ticker, i + 1] as const));
  const outcomes = await Promise.allSettled(formulas.map(([ticker, n]) => excel.call("QUARTERLY", ticker, n)));
  const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [`${formulas[i].join(" ")}: ${(o.reason as Error).message}`] : []));
  expect(failed).toEqual([]);
  expect(server.hits).toHaveLength(formulas.length);
  expect(new Set(server.hits).size).toBe(formulas.length);
  expect(server.maxOpen).toBeLessThanOrEqual(CAP);
  expect(excel.addin.runtime().stats().requests).toBe(formulas.length);
});

describe("requests at once", () => {
  /** Requests open at the service at most, for 80 distinct formulas against a service answering
   *  after `serviceMs`: long enough that every request the cap lets out is out before the first
   *  answer comes back, however slowly a loaded machine prepares them. */
  async function mostOpen(stored: Record<string, string>, serviceMs: number): Promise<{ maxOpen: number; hits: number }> {
    const slow = await startDelayedSandbox(serviceMs);
    try {
      const excel = loadBundle(slow.url, { stored });
      const outcomes = await Promise.allSettled(Array.from({ length: 80 }, (_, i) => excel.call("QUARTERLY", "BBCA", i + 1)));
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
      return { maxOpen: slow.maxOpen, hits: slow.hits.length };
    } finally {
      await slow.close();
    }
  }

  test("64 by default; the saved setting otherwise; each distinct request sent once", async () => {
    // 64 preparations before the first answer: 2 s is far more than they take, even on a loaded machine.
    expect(await mostOpen({}, 2000)).toEqual({ maxOpen: 64, hits: 80 });
    expect(await mostOpen({ [STORAGE_KEYS.concurrency]: "2" }, 100)).toEqual({ maxOpen: 2, hits: 80 });
  });
});
