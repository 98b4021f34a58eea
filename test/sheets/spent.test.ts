// MDQ > Status says what the formulas spent: requests and credits (what the provider bills), since
// the first one counted. The count is one CacheService item under the cache's generation, added to
// under the script lock so that executions running side by side do not overwrite each other.

import { appsScript } from "../../scripts/harness/apps-script";
import { loadScript } from "../../scripts/harness/load-sheets";
import { SheetsCache } from "../../src/sheets/cache";
import { readSpent, recordSpent, SPENT_KEY } from "../../src/sheets/status";

test("the status dialog shows the requests and credits spent, when there are any", () => {
  const script = loadScript({ baseUrl: "http://127.0.0.1:9", apiKey: "k", virtualTime: true });
  script.ctx.mdqStatus();
  expect(script.rec.alerts.at(-1)).not.toMatch(/Spent since/);
  const since = Date.parse("2025-06-30T02:15:00Z");
  // As recordSpent writes it, under the cache's generation (0 until Clear cache).
  script.rec.cache.set(`g0:${SPENT_KEY}`, {
    value: JSON.stringify({ since, requests: 3, credits: 12 }),
    expires: Number.MAX_SAFE_INTEGER,
  });
  script.ctx.mdqStatus();
  const since0 = new Intl.DateTimeFormat("sv-SE", { timeZone: script.rec.timeZone, dateStyle: "short", timeStyle: "short" }).format(since);
  expect(script.rec.alerts.at(-1)).toContain(`Spent since ${since0}: 3 requests, 12 credits (what the provider bills`);
});

describe("the count", () => {
  const { globals, rec } = appsScript();
  const saved = new Map(Object.keys(globals).map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
  beforeAll(() => Object.assign(globalThis, globals));
  afterAll(() => {
    for (const [k, v] of saved) (globalThis as Record<string, unknown>)[k] = v;
  });

  test("adds up without the script lock (the claims need it), from the first call counted; a call that sent nothing writes nothing", () => {
    const cache = new SheetsCache(globals.CacheService.getScriptCache(), "0");
    expect(readSpent(cache)).toBeUndefined();
    recordSpent(cache, 0, 0, 1000);
    expect(rec.cachePuts).toEqual([]);
    recordSpent(cache, 1, 8, 1000);
    recordSpent(cache, 3, 3, 5000);
    expect(readSpent(cache)).toEqual({ since: 1000, requests: 4, credits: 11 });
    expect(rec.cachePuts.map((p) => [p.key, p.locked])).toEqual([
      [`g0:${SPENT_KEY}`, false],
      [`g0:${SPENT_KEY}`, false],
    ]);
    // Another generation (after Clear cache) starts again.
    expect(readSpent(new SheetsCache(globals.CacheService.getScriptCache(), "1"))).toBeUndefined();
  });

  test("a damaged item reads as no count", () => {
    const cache = new SheetsCache(globals.CacheService.getScriptCache(), "2");
    cache.put(SPENT_KEY, '{"since":1,"requests":"many","credits":2}', 60);
    expect(readSpent(cache)).toBeUndefined();
  });
});
