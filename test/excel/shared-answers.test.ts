// Formulas over one answer share its parsed and decoded form (the memo the runtime's cache keeps
// beside each entry): parsed and decoded once per entry, laid out and shown per formula. The
// shared form is frozen here before every read, so a layout, a series or a display option that
// changed it would throw (strict mode) or give another table: every catalogue example is called
// twice in each edition, the second time over the frozen memo.
import * as decoding from "../../shared/answer/decode";
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import type { AnswerMemo, CachedAnswer } from "../../shared/rows/effects";
import { MemoryCache } from "../../src/excel/cache";
import { startSandbox } from "../../src/sandbox/server";

const TODAY = "2025-06-30";
const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** The runtime's cache, every memo value frozen before a call reads it. */
class FrozenCache extends MemoryCache {
  entry(key: string): CachedAnswer | undefined {
    const hit = super.entry(key);
    for (const v of hit?.memo.values() ?? []) deepFreeze(v);
    return hit;
  }
}

let fetches = 0;
const counting = (url: string, init: RequestInit) => {
  fetches++;
  return fetch(url, init);
};

function host(cache: MemoryCache, edition: Edition) {
  const settings = { baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition };
  const env = fetchHost(counting as never, { now: () => Date.parse(`${TODAY}T08:00:00Z`) });
  return (name: string, args: readonly unknown[]) => callAsync(functionNamed(name), args as never, settings, { ...env, cache });
}

const offered = CATALOGUE.flatMap((f) => EDITIONS.filter((e) => f.editions[e]).map((e) => [f.name, e, f.example] as const));

test.each(offered)("%s (%s): the example again over its frozen shared answer, the same table", async (name, edition, example) => {
  const call = host(new FrozenCache(() => 0), edition);
  const first = await call(name, example);
  const before = fetches;
  const again = await call(name, example);
  expect(fetches).toBe(before);
  expect(again.cells).toEqual(first.cells);
});

test("five formulas over one answer: parsed once (where fetched) and decoded once", async () => {
  const call = host(new FrozenCache(() => 0), "spec");
  const parse = jest.spyOn(JSON, "parse");
  const decode = jest.spyOn(decoding, "decode");
  try {
    const views = ["", "headers=false", "orient=columns", "dates=date", "headers=false; orient=columns"];
    const tables = [];
    for (const view of views) tables.push((await call("QUARTERLY", ["BBCA", 4, "", "", view])).cells);
    expect(decode).toHaveBeenCalledTimes(1);
    // The one parse is of the answer as it arrived; the four calls from the cache parse nothing.
    expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.length > 100)).toHaveLength(1);
    expect(tables[1]).not.toEqual(tables[0]); // each formula its own layout over the shared form
  } finally {
    parse.mockRestore();
    decode.mockRestore();
  }
});

test("a new version of an entry starts a new memo: nothing decoded from the old answer is shown", async () => {
  const cache = new MemoryCache(() => 0);
  const call = host(cache, "spec");
  await call("QUARTERLY", ["BBCA", 4]);
  const [key] = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
  const old = cache.entry(key) as CachedAnswer;
  const poisoned: AnswerMemo = old.memo;
  for (const k of poisoned.keys()) poisoned.set(k, k === "json" ? [] : { columns: ["poisoned"], rows: [] });
  // The same text again (a refetch of an unchanged answer, or a restore) is a new version.
  cache.set(key, old.text, 60);
  const { cells } = await call("QUARTERLY", ["BBCA", 4]);
  expect(JSON.stringify(cells)).not.toContain("poisoned");
});

test("five formulas calculating together share the one request in flight and decode its answer once", async () => {
  const { createRuntime } = await import("../../src/excel/runtime");
  const { memoryStorage } = await import("../../src/excel/stand-ins");
  const { STORAGE_KEYS } = await import("../../src/excel/settings");
  const storage = memoryStorage({
    [STORAGE_KEYS.baseUrl]: sandboxes.spec.url,
    [STORAGE_KEYS.apiKey]: sandboxes.spec.apiKey,
    [STORAGE_KEYS.edition]: "spec",
  });
  const rt = createRuntime({ fetch: counting as never, storage, store: null, requirements: () => undefined });
  const decode = jest.spyOn(decoding, "decode");
  try {
    const before = fetches;
    const views = ["", "headers=false", "orient=columns", "dates=date", "headers=false; orient=columns"];
    const results = await Promise.all(views.map((view) => rt.run("QUARTERLY", ["BBRI", 4, "", "", view])));
    expect(fetches - before).toBe(1);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => JSON.stringify(r.cells))).size).toBeGreaterThan(1);
  } finally {
    decode.mockRestore();
  }
});

test("formulas sharing a fetch keep its answer once: one write to the page's storage per answer, the edition question's too", async () => {
  const { createRuntime } = await import("../../src/excel/runtime");
  const { memoryStorage } = await import("../../src/excel/stand-ins");
  const { STORAGE_KEYS } = await import("../../src/excel/settings");
  const { mapStore } = await import("../../scripts/harness/map-store");
  // `auto` away from the provider's host: every formula of the first recalculation asks the edition.
  const storage = memoryStorage({ [STORAGE_KEYS.baseUrl]: sandboxes.spec.url, [STORAGE_KEYS.apiKey]: sandboxes.spec.apiKey });
  const store = mapStore();
  const writes: string[] = [];
  const put = store.put;
  store.put = (answer) => {
    writes.push(answer.key);
    put(answer);
  };
  const rt = createRuntime({ fetch: counting as never, storage, store, requirements: () => undefined });
  const before = fetches;
  const views = ["", "headers=false", "orient=columns", "dates=date", "headers=false; orient=columns"];
  const results = await Promise.all(views.map((view) => rt.run("QUARTERLY", ["BMRI", 4, "", "", view])));
  expect(results.map((r) => r.edition)).toEqual(views.map(() => "spec"));
  expect(fetches - before).toBe(2); // the edition question and the statements
  expect(writes).toHaveLength(2);
  expect(new Set(writes).size).toBe(2);
  // Each is still kept: the same five again send nothing.
  await Promise.all(views.map((view) => rt.run("QUARTERLY", ["BMRI", 4, "", "", view])));
  expect(fetches - before).toBe(2);
});
