// CacheService through the built script: a repeated call is answered from the cache, `refresh`
// and "Clear cache" force a fetch, lifetimes stay within 6 h, and answers over the 100 KB value
// limit are chunked (or, when huge, not cached) without ever failing the formula.

import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker, startSandboxWorker } from "../../scripts/harness/workers";
import { utf8Bytes } from "../../shared/answer/host-limits";
import type { ScriptCache } from "../../src/sheets/apps-script";
import { CHUNK_BYTES, chunk, MAX_CHUNKS, SheetsCache } from "../../src/sheets/cache";
import { SPENT_KEY } from "../../src/sheets/status";

const KEY = "sheets-cache-key-93be";
let sandbox: Running;
let faults: Running;

beforeAll(async () => {
  [sandbox, faults] = await Promise.all([startSandboxWorker({ apiKey: KEY, today: "2025-06-30" }), startFaultWorker()]);
});
afterAll(() => Promise.all([sandbox.close(), faults.close()]));

test("a repeated call is answered from the cache, with the same table", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const first = ctx.MDQ_QUARTERLY("BBCA", 4);
  const second = ctx.MDQ_QUARTERLY("bbca.jk", 4);
  expect(rec.requests).toHaveLength(1);
  expect(second).toEqual(first);
  // QUARTERLY's lifetime is 6 h: stored for exactly that, the most CacheService keeps.
  const [entry] = [...rec.cache.values()];
  expect(entry.expires - Date.now()).toBeGreaterThan(6 * 3600 * 1000 - 60_000);
  expect(entry.expires - Date.now()).toBeLessThanOrEqual(6 * 3600 * 1000);
  expect(rec.cacheErrors).toEqual([]);
});

test("a 24 h lifetime is stored as the 6 h CacheService allows", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  ctx.MDQ_LIST("industries");
  expect(rec.cacheErrors).toEqual([]);
  const [entry] = [...rec.cache.values()];
  expect(entry.expires - Date.now()).toBeGreaterThan(6 * 3600 * 1000 - 60_000);
  expect(entry.expires - Date.now()).toBeLessThanOrEqual(6 * 3600 * 1000);
});

test("the cache never holds the key, in names or values", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  ctx.MDQ_LIST("subsectors");
  expect(rec.cache.size).toBeGreaterThan(0);
  for (const [name, { value }] of rec.cache) expect(`${name} ${value}`).not.toContain(KEY);
});

test("a new refresh value fetches again; the same one does not", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  ctx.MDQ_LIST("tags", "refresh=1");
  ctx.MDQ_LIST("tags", "refresh=1");
  ctx.MDQ_LIST("tags", [["refresh", 2]]);
  expect(rec.requests).toHaveLength(2);
});

test("Clear cache makes the next call fetch", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  ctx.MDQ_LIST("tags");
  ctx.mdqClearCache();
  ctx.MDQ_LIST("tags");
  ctx.MDQ_LIST("tags");
  expect(rec.requests).toHaveLength(2);
  expect(rec.toasts[0]).toMatch(/fetches fresh data/);
});

test("an answer over 100 KB is cached in chunks and read back whole", () => {
  const { ctx, rec } = loadScript({ baseUrl: faults.url, apiKey: KEY });
  const first = ctx.MDQ_GET("big/350000");
  expect(utf8Bytes(rec.bodies[0])).toBeGreaterThan(300_000);
  const second = ctx.MDQ_GET("big/350000");
  expect(rec.requests).toHaveLength(1);
  expect(second).toEqual(first);
  expect(rec.cacheErrors).toEqual([]);
  expect([...rec.cache.keys()].filter((k) => /#\d+$/.test(k)).length).toBeGreaterThanOrEqual(4);
});

test("a missing chunk is a miss: the call fetches again and still returns the table", () => {
  // Without the spreadsheet's copies (copies.test.ts), CacheService's miss is the call's.
  const { ctx, rec } = loadScript({ baseUrl: faults.url, apiKey: KEY, documentStore: false });
  const first = ctx.MDQ_GET("big/250000");
  const chunkKey = [...rec.cache.keys()].find((k) => k.endsWith("#1")) as string;
  rec.cache.delete(chunkKey);
  expect(ctx.MDQ_GET("big/250000")).toEqual(first);
  expect(rec.requests).toHaveLength(2);
});

test("with the spreadsheet's copy, a missing chunk is answered from the copy and put back whole", () => {
  const { ctx, rec } = loadScript({ baseUrl: faults.url, apiKey: KEY });
  const first = ctx.MDQ_GET("big/250000");
  const chunkKey = [...rec.cache.keys()].find((k) => k.endsWith("#1")) as string;
  rec.cache.delete(chunkKey);
  expect(ctx.MDQ_GET("big/250000")).toEqual(first);
  expect(rec.requests).toHaveLength(1);
  expect(rec.cache.has(chunkKey)).toBe(true);
});

test("an answer too big to cache is served every time and never fails", () => {
  const size = CHUNK_BYTES * MAX_CHUNKS + 200_000;
  const { ctx, rec } = loadScript({ baseUrl: faults.url, apiKey: KEY });
  const first = ctx.MDQ_GET(`big/${size}`, "", "fields=id");
  expect(first.length).toBeGreaterThan(1000);
  expect(ctx.MDQ_GET(`big/${size}`, "", "fields=id")).toEqual(first);
  expect(rec.requests).toHaveLength(2);
  // Nothing but MDQ > Status's count of what was spent.
  expect([...rec.cache.keys()].filter((k) => !k.endsWith(SPENT_KEY))).toEqual([]);
});

describe("SheetsCache against a failing CacheService", () => {
  const broken: ScriptCache = {
    get: () => {
      throw new Error("Service invoked too many times");
    },
    getAll: () => {
      throw new Error("Service invoked too many times");
    },
    put: () => {
      throw new Error("Argument too large: value");
    },
    putAll: () => {
      throw new Error("Argument too large: value");
    },
    remove: () => {
      throw new Error("Service invoked too many times");
    },
  };
  test("reads miss and writes are skipped, without throwing", () => {
    const cache = new SheetsCache(broken, "0");
    expect(() => cache.put("k", "x".repeat(200_000), 60)).not.toThrow();
    expect(cache.get("k")).toBeNull();
    expect(() => cache.putMany({ claim: "x" }, 60)).not.toThrow();
    expect(cache.getMany(["claim"])).toEqual({});
    expect(() => cache.remove("claim")).not.toThrow();
  });
  test("no cache at all (null) is a miss", () => {
    expect(new SheetsCache(null, "0").get("k")).toBeNull();
  });
});

describe("chunk", () => {
  test.each([
    ["ascii", "a".repeat(1000)],
    ["two-byte", "é".repeat(1000)],
    ["three-byte", "€".repeat(1000)],
    ["surrogate pairs", "😀".repeat(1000)],
    ["mixed", "a€é😀".repeat(300)],
  ])("%s: pieces fit the limit, rejoin to the text, never split a pair", (_, text) => {
    const pieces = chunk(text, 101);
    expect(pieces.join("")).toBe(text);
    for (const p of pieces) {
      expect(utf8Bytes(p)).toBeLessThanOrEqual(101);
      expect(Buffer.from(p, "utf8").toString("utf8")).toBe(p); // no lone surrogate
    }
  });
  test("utf8Bytes agrees with Buffer", () => {
    const text = "aé€😀\u0000\uffff";
    expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, "utf8"));
  });
});
