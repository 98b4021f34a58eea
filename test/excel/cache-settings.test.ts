// The runtime's cache (the catalogue's lifetimes, bounded) and settings (OfficeRuntime.storage,
// sandbox defaults when nothing is stored).
import { BYTES_PER_CHAR, CACHE_BYTES, MemoryCache } from "../../src/excel/cache";
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

test("the cache is bounded by bytes: the least recently used answer goes first; clear() empties it", () => {
  // Room for three answers of 10 characters (40 bytes each as estimated).
  const cache = new MemoryCache(() => 0, 3 * 10 * BYTES_PER_CHAR);
  for (const k of ["a", "b", "c"]) cache.set(k, k.repeat(10), 60);
  expect(cache.get("a")).toBe("a".repeat(10)); // "a" is now the most recently used
  cache.set("d", "d".repeat(10), 60);
  expect(["a", "b", "c", "d"].map((k) => cache.get(k)?.[0])).toEqual(["a", undefined, "c", "d"]);
  expect(cache.heldBytes).toBe(3 * 10 * BYTES_PER_CHAR);
  cache.clear();
  expect(cache.size).toBe(0);
  expect(cache.heldBytes).toBe(0);
});

test("an answer past the whole bound is not kept; replacing an entry gives its bytes back; many small answers fit", () => {
  const cache = new MemoryCache(() => 0, 100 * BYTES_PER_CHAR);
  cache.set("a", "a".repeat(40), 60);
  cache.set("big", "x".repeat(101), 60);
  expect(cache.get("big")).toBeUndefined();
  expect(cache.get("a")).toHaveLength(40);
  cache.set("a", "y", 60);
  expect(cache.heldBytes).toBe(BYTES_PER_CHAR);
  // No cap on the count: 2,000 small answers within the add-in's 64 MB are all kept.
  const big = new MemoryCache(() => 0);
  for (let i = 0; i < 2000; i++) big.set(`k${i}`, `{"n":${i}}`.padEnd(2000), 60);
  expect(big.size).toBe(2000);
  expect(big.heldBytes).toBeLessThanOrEqual(CACHE_BYTES);
  expect(CACHE_BYTES).toBe(64 * 1_048_576);
});

test("each entry has its memo, kept with its version: a new text for the key starts a new one", () => {
  const cache = new MemoryCache(() => 0);
  cache.set("k", "v1", 60);
  const first = cache.entry("k")!;
  first.memo.set("json", 1);
  expect(cache.entry("k")!.memo.get("json")).toBe(1);
  cache.set("k", "v2", 60);
  expect(cache.entry("k")).toEqual({ text: "v2", memo: new Map() });
  const given = new Map([["json", 2]]);
  cache.set("k", "v3", 60, given);
  expect(cache.entry("k")!.memo).toBe(given);
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
