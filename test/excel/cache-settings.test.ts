// The runtime's cache (the catalogue's lifetimes, bounded) and settings (OfficeRuntime.storage,
// sandbox defaults when nothing is stored).
import { CACHE_CHARS, MemoryCache } from "../../src/excel/cache";
import { DEFAULT_CONCURRENCY, DEFAULT_SETTINGS, readSettings, STORAGE_KEYS, writeSettings } from "../../src/excel/settings";
import { memoryStorage } from "../../src/excel/stand-ins";

test("an answer is fresh for its lifetime, then gone", () => {
  let now = 1_000_000;
  const cache = new MemoryCache(() => now);
  cache.set("k", "body", 900);
  now += 899_999;
  expect(cache.get("k")).toBe("body");
  now += 1;
  expect(cache.get("k")).toBeUndefined();
  expect(cache.size).toBe(0);
});

test("the cache is bounded: the oldest answer goes first; clear() empties it", () => {
  const cache = new MemoryCache(() => 0, 3);
  for (const k of ["a", "b", "c", "d"]) cache.set(k, k, 60);
  expect(["a", "b", "c", "d"].map((k) => cache.get(k))).toEqual([undefined, "b", "c", "d"]);
  cache.clear();
  expect(cache.size).toBe(0);
});

test("the cache holds at most its budget of characters besides its entry cap; an answer past the budget is not kept", () => {
  const cache = new MemoryCache(() => 0, 500, 100);
  for (const k of ["a", "b", "c"]) cache.set(k, k.repeat(40), 60);
  expect(["a", "b", "c"].map((k) => cache.get(k)?.length)).toEqual([undefined, 40, 40]);
  expect(cache.heldChars).toBe(80);
  cache.set("big", "x".repeat(101), 60);
  expect(cache.get("big")).toBeUndefined();
  expect(cache.heldChars).toBe(80);
  cache.set("b", "y", 60); // replacing an entry gives its characters back
  expect(cache.heldChars).toBe(41);
  // The add-in's own budget: 64 MB of text, a few answers at the default 25 MB limit, not gigabytes.
  expect(CACHE_CHARS * 2).toBe(64 * 1_048_576);
});

test("nothing stored: the sandbox and its demo key", async () => {
  expect(await readSettings(memoryStorage())).toEqual({ baseUrl: "http://127.0.0.1:8787", apiKey: "demo", edition: "auto" });
  expect(await readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
});

test("saved settings are read back trimmed; a key saved blank stays blank", async () => {
  const storage = memoryStorage();
  await writeSettings(storage, { baseUrl: " https://api.sectors.app ", apiKey: " secret " });
  expect(storage.items.get(STORAGE_KEYS.apiKey)).toBe("secret");
  expect(await readSettings(storage)).toEqual({
    baseUrl: "https://api.sectors.app",
    apiKey: "secret",
    edition: "auto",
    answerMb: 25,
    concurrency: DEFAULT_CONCURRENCY,
  });
  await writeSettings(storage, { baseUrl: "https://api.sectors.app", apiKey: "" });
  expect((await readSettings(storage)).apiKey).toBe("");
});

test("requests at once: a whole number from 1 to 100, checked when saved; a bad stored value reads as the default", async () => {
  const storage = memoryStorage();
  for (const concurrency of [0, 101, 2.5, Number.NaN]) {
    await expect(writeSettings(storage, { ...DEFAULT_SETTINGS, concurrency })).rejects.toThrow(
      /the number of requests at once must be a whole number from 1 to 100/,
    );
  }
  expect(storage.items.size).toBe(0);
  await writeSettings(storage, { ...DEFAULT_SETTINGS, concurrency: 40 });
  expect(storage.items.get(STORAGE_KEYS.concurrency)).toBe("40");
  expect((await readSettings(storage)).concurrency).toBe(40);
  storage.items.set(STORAGE_KEYS.concurrency, "many");
  expect((await readSettings(storage)).concurrency).toBeUndefined();
});

test("saving without OfficeRuntime.storage fails with a message", async () => {
  await expect(writeSettings(undefined, DEFAULT_SETTINGS)).rejects.toThrow(/MDQ: settings cannot be saved here/);
});

test("a storage that never answers ends the call with a message instead of leaving it #BUSY!", async () => {
  jest.useFakeTimers();
  try {
    const { createRuntime } = await import("../../src/excel/runtime");
    const stuck = { getItem: () => new Promise<string | null>(() => undefined), setItem: async () => undefined };
    const rt = createRuntime({ fetch: () => Promise.reject(new Error("no fetch expected")), storage: stuck });
    const outcome = rt.run("LIST", ["tags"]).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    await jest.advanceTimersByTimeAsync(5000);
    expect(await outcome).toMatch(/^MDQ: the add-in's settings could not be read \(no answer from storage within 5 s\)/);
  } finally {
    jest.useRealTimers();
  }
});
