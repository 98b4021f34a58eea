// The Apps Script stand-ins the tests and the bench share (scripts/harness/apps-script.ts) hold
// MDQ to Google's documented rules: CacheService keeps 900 of more than 1,000 items (those
// farthest from expiring) and may drop items before their expiry; property stores refuse a value
// over 9 KB and a store over 500 KB, and count calls; the script lock makes a waiter wait its whole
// timeout; gzip and base64 work on Java's signed bytes; a viewer's open runs no onOpen.
import { CACHE_CAP, CACHE_KEEPS, PROPERTY_STORE_BYTES, PROPERTY_VALUE_BYTES } from "../../scripts/harness/apps-script";
import { loadScript } from "../../scripts/harness/load-sheets";

describe("CacheService", () => {
  test("past 1,000 items it keeps the 900 farthest from expiring", () => {
    const { ctx, rec } = loadScript({ virtualTime: true });
    const cache = ctx.CacheService.getScriptCache();
    cache.put("soon", "x", 1);
    for (let i = 0; i < CACHE_CAP - 1; i++) cache.put(`k${i}`, "x", 60 + i);
    expect(rec.cache.size).toBe(CACHE_CAP);
    expect(rec.cacheEvicted).toBe(0);
    cache.put("late", "x", 21600);
    expect(rec.cache.size).toBe(CACHE_KEEPS);
    expect(rec.cacheEvicted).toBe(CACHE_CAP + 1 - CACHE_KEEPS);
    expect(cache.get("late")).toBe("x");
    expect(cache.get("soon")).toBeNull();
    expect(cache.get("k0")).toBeNull(); // among the closest to expiring
    expect(cache.get(`k${CACHE_CAP - 2}`)).toBe("x");
  });
  test("an expired item makes room before any live one is dropped", () => {
    const { ctx, rec } = loadScript({ virtualTime: true });
    const cache = ctx.CacheService.getScriptCache();
    rec.cache.set("gone", { value: "x", expires: 0 });
    for (let i = 0; i < CACHE_CAP; i++) cache.put(`k${i}`, "x", 60);
    expect(rec.cache.size).toBe(CACHE_CAP);
    expect(rec.cache.has("gone")).toBe(false);
    expect(rec.cacheEvicted).toBe(0);
  });
  test("lifetimes outside 1 s to 6 h, values over 100 KB and keys over 250 characters are refused", () => {
    const cache = loadScript().ctx.CacheService.getScriptCache();
    expect(() => cache.put("k", "x", 21601)).toThrow(/expirationInSeconds/);
    expect(() => cache.put("k", "x", 0)).toThrow(/expirationInSeconds/);
    expect(() => cache.put("k", "x".repeat(100 * 1024 + 1), 60)).toThrow(/too large: value/);
    expect(() => cache.put("k".repeat(251), "x", 60)).toThrow(/too large: key/);
  });
  test("items may go before their expiry (evictCache), as Google says they may", () => {
    const script = loadScript();
    const cache = script.ctx.CacheService.getScriptCache();
    cache.put("a", "1", 600);
    cache.put("b", "2", 600);
    expect(script.evictCache((k) => k === "a")).toBe(1);
    expect([cache.get("a"), cache.get("b")]).toEqual([null, "2"]);
  });
});

describe("Properties", () => {
  test("a value over 9 KB and a store over 500 KB are refused; each call is counted", () => {
    const { ctx, rec } = loadScript();
    const store = ctx.PropertiesService.getDocumentProperties();
    expect(() => store.setProperty("big", "x".repeat(PROPERTY_VALUE_BYTES + 1))).toThrow(/too large/);
    const value = "x".repeat(8000);
    const fits = Math.floor(PROPERTY_STORE_BYTES / 8010);
    store.setProperties(Object.fromEntries(Array.from({ length: fits }, (_, i) => [`k${i}`, value])));
    expect(() => store.setProperty("one-more", value)).toThrow(/property storage quota/);
    expect(rec.docProps.size).toBe(fits);
    store.setProperties({ only: "1" }, true);
    expect([...rec.docProps.keys()]).toEqual(["only"]);
    expect(rec.propertyCalls.document).toBe(4); // refused writes count too
    expect(rec.propertyCalls.script).toBe(0);
  });
  test("a script without a document store gets null, as Google's getDocumentProperties says", () => {
    expect(loadScript({ documentStore: false }).ctx.PropertiesService.getDocumentProperties()).toBeNull();
  });
});

describe("LockService", () => {
  test("a free lock is had at once; a lock held elsewhere costs the whole wait, on the virtual clock", () => {
    const { ctx, rec, clock } = loadScript({ virtualTime: true });
    const lock = ctx.LockService.getScriptLock();
    const start = clock?.now() as number;
    expect(lock.tryLock(2000)).toBe(true);
    expect(lock.hasLock()).toBe(true);
    lock.releaseLock();
    rec.lockHeldElsewhere = true;
    expect(lock.tryLock(2000)).toBe(false);
    expect(lock.hasLock()).toBe(false);
    expect((clock?.now() as number) - start).toBe(2000);
    expect(rec.lockWaits).toEqual([0, 2000]);
  });
});

test("Utilities: gzip and base64 round-trip text through Java's signed bytes", () => {
  const { Utilities } = loadScript().ctx;
  const text = `{"note":"é€😀 ${"abc".repeat(500)}"}`;
  const bytes = Utilities.gzip(Utilities.newBlob(text)).getBytes();
  expect(bytes.some((b: number) => b < 0)).toBe(true);
  expect(bytes.every((b: number) => b >= -128 && b <= 127)).toBe(true);
  const encoded = Utilities.base64Encode(bytes);
  expect(Utilities.ungzip(Utilities.newBlob(Utilities.base64Decode(encoded))).getDataAsString()).toBe(text);
});

test("opening the spreadsheet runs onOpen for an editor only: Google runs no simple trigger in view or comment mode", () => {
  const viewer = loadScript();
  viewer.rec.readOnly = true;
  viewer.open();
  expect(viewer.rec.menus).toHaveLength(0);
  const editor = loadScript();
  editor.open();
  expect(editor.rec.menus).toHaveLength(1);
});
