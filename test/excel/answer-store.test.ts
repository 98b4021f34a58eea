// The runtime with a store of answers kept across sessions (in the add-in: the page's IndexedDB,
// answer-store.ts, tested in real Chromium by warm-reopen.test.ts; here a store in a Map, to drive
// the runtime's own rules on a fake clock): answers written through in the core's entry format,
// read back by the next session as fresh or, once past their freshness, served stale with their
// age and reason when the service fails; a store that never answers does not hold the first
// formulas beyond a bounded wait.

import { mapStore } from "../../scripts/harness/map-store";
import { decodeEntry } from "../../shared/run/cache-entry";
import type { AnswerStore } from "../../src/excel/answer-store";
import { createRuntime, type RuntimeDeps } from "../../src/excel/runtime";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { memoryStorage } from "../../src/excel/stand-ins";
import { FIXTURE_NOW } from "../shared/harness";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox("2025-06-18");
});
afterAll(() => sandbox.close());

const settings = () =>
  memoryStorage({ [STORAGE_KEYS.baseUrl]: sandbox.url, [STORAGE_KEYS.apiKey]: "demo", [STORAGE_KEYS.edition]: "spec" });
const refused = () => Promise.reject(new TypeError("fetch failed"));
const FAST = { deadlineMs: 2000, baseDelayMs: 1, maxDelayMs: 2 };

/** A session of the add-in (a runtime) over `store`, on the sandbox, at FIXTURE_NOW unless told. */
const session = (store: AnswerStore, deps: Partial<RuntimeDeps> = {}) =>
  createRuntime({
    fetch: (u, i) => fetch(u, i),
    storage: settings(),
    now: () => FIXTURE_NOW,
    store,
    requirements: () => undefined,
    ...deps,
  });

test("the next session reads the answers back: fresh ones with no request, older ones stale when the service fails", async () => {
  const store = mapStore();
  const first = session(store);
  const fetched = await first.run("QUARTERLY", ["BBCA", 4]);
  expect(store.records.size).toBe(1);
  const [record] = store.records.values();
  const entry = decodeEntry(record.text)!;
  expect(entry.fetchedAt).toBe(FIXTURE_NOW);

  const fresh = session(store, { fetch: refused, now: () => FIXTURE_NOW + 1000 });
  const again = await fresh.run("QUARTERLY", ["BBCA", 4]);
  expect(again).toMatchObject({ cells: fetched.cells, fromCache: true });
  expect(again.stale).toBeUndefined();

  const later = entry.freshUntil + 60_000;
  const failing = session(store, { fetch: refused, now: () => later, policy: FAST });
  const stale = await failing.run("QUARTERLY", ["BBCA", 4]);
  expect(stale.cells).toEqual(fetched.cells);
  expect(stale.stale).toMatchObject({ since: FIXTURE_NOW, reason: expect.stringMatching(/connect|network|reach/i) });
  expect(failing.staleCalls()).toHaveLength(1);
});

test("Clear cache empties the store as well", async () => {
  const store = mapStore();
  const rt = session(store);
  await rt.run("LIST", ["subsectors"]);
  expect(store.records.size).toBe(1);
  await rt.clearCache();
  expect(store.records.size).toBe(0);
});

test("a store that never answers holds the first formulas for a bounded wait only", async () => {
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate"] });
  try {
    const stuck: AnswerStore = { load: () => new Promise(() => undefined), put: () => undefined, clear: async () => undefined };
    const before = sandbox.hits.length;
    const rt = session(stuck);
    const outcome = rt.run("LIST", ["subsectors"]);
    await jest.advanceTimersByTimeAsync(2000);
    jest.useRealTimers();
    expect((await outcome).cells.length).toBeGreaterThan(1);
    expect(sandbox.hits.length).toBe(before + 1);
    expect(await Promise.race([rt.storeNote(), Promise.resolve("still reading")])).toBe("still reading");
  } finally {
    jest.useRealTimers();
  }
});
