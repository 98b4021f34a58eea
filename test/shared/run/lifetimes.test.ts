// The session applying the lifetimes (run/session.ts with rows/freshness.ts), through the core
// against a scripted live service: today's prices fetched after the IDX's close stay fresh until
// the next open; an answer that aged in a gateway's cache is dated from when it left the service
// (a price of before the close is not one of after it); a window of closed days never expires.
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { FOREVER_SECONDS } from "../../../shared/rows/freshness";
import { decodeEntry } from "../../../shared/run/cache-entry";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL } from "../harness";

const at = (iso: string) => Date.parse(iso);

/** DAILY against a service whose answers carry `age` (seconds in a gateway's cache, or none). */
function daily(args: (string | null)[], now: number, cache: Map<string, string>, age?: number) {
  let requests = 0;
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "cacheGet") return cache.get(effect.key) ?? null;
    if (effect.type === "cachePut") return void cache.set(effect.key, effect.value);
    if (effect.type !== "fetch") return undefined;
    requests++;
    const body = JSON.stringify([{ symbol: "BBCA.JK", date: "2026-11-25", close: 9000, volume: 1, market_cap: 1 }]);
    return { status: 200, body, age: age === undefined ? null : String(age) };
  };
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "live" as const };
  runSync(callFunction(functionNamed("DAILY"), args, settings, { now: () => now, random: () => 0.5 }), handle);
  const [entry] = [...cache.values()].map((v) => decodeEntry(v));
  return { requests, entry };
}

test("today's prices fetched after the close are fresh until the next open, then fetched again", () => {
  const cache = new Map<string, string>();
  const evening = at("2026-11-25T10:00:00Z"); // Wednesday 17:00 in Jakarta
  expect(daily(["BBCA"], evening, cache).entry?.freshUntil).toBe(at("2026-11-26T02:00:00Z"));
  expect(daily(["BBCA"], at("2026-11-26T01:59:00Z"), cache).requests).toBe(0);
  expect(daily(["BBCA"], at("2026-11-26T02:00:00Z"), cache).requests).toBe(1);
  // Fetched at the open, fresh for the live ttl.
  expect(daily(["BBCA"], at("2026-11-26T02:14:00Z"), cache).requests).toBe(0);
  expect(daily(["BBCA"], at("2026-11-26T02:15:00Z"), cache).requests).toBe(1);
});

test("an answer that aged in a gateway's cache is dated from when it left the service", () => {
  // At 17:00 in Jakarta an answer two hours old left the service at 15:00, while the IDX traded:
  // its 15 minutes are long over, so it is no fresher than that.
  const late = at("2026-11-25T10:00:00Z");
  expect(daily(["BBCA"], late, new Map(), 2 * 3600).entry?.freshUntil).toBe(late);
  // One that left at 16:30 (after the close and its settling) is fresh until the next open.
  expect(daily(["BBCA"], late, new Map(), 30 * 60).entry?.freshUntil).toBe(at("2026-11-26T02:00:00Z"));
});

test("a window of closed days, even one the service takes in one request, never expires", () => {
  const now = at("2026-11-25T03:00:00Z");
  const { entry } = daily(["BBCA", "2026-09-01", "2026-09-30"], now, new Map());
  expect(entry?.freshUntil).toBe(now + FOREVER_SECONDS * 1000);
  // A window that ends today is today's prices: the session rule.
  expect(daily(["BBCA", "2026-11-01", "2026-11-25"], now, new Map()).entry?.freshUntil).toBe(now + 15 * 60_000);
});
