// The core's batch and stale rules, driven with scripted effects: a range call's requests leave
// together (one fetchAll), a key that must be retried goes out again alone after the wait, a
// failed key is an error row; cache entries carry their refresh generation and age.

import { MdqError } from "../../../shared/base/errors";
import type { Sent } from "../../../shared/base/http";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import { generationOf } from "../../../shared/input/options";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { MAX_BATCH_KEYS } from "../../../shared/run/batch";
import { decodeEntry, encodeEntry, isFresh, keepSeconds, mayServeStale, STALE_MAX_SECONDS } from "../../../shared/run/cache-entry";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL, failure, fixture } from "../harness";

// The spec edition named: these tests follow a batch's effects, not how the edition is found.
const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "spec" as const };
const env = { now: () => 1_000_000, random: () => 0.5 };

test("three keys: one fetchAll of 3, the 500 alone retried after the wait, one table with the key first", () => {
  const body = fixture("quarterly-bank.json");
  const effects: string[] = [];
  let round = 0;
  const handle = (effect: Effect): EffectResult => {
    effects.push(effect.type === "fetchAll" ? `fetchAll(${effect.fetches.length})` : effect.type);
    if (effect.type === "fetchAll") {
      round++;
      return effect.fetches.map(
        (f): Sent => (round === 1 && f.request.url.includes("/BBRI/") ? { status: 500, body: "{}" } : { status: 200, body }),
      );
    }
    return effect.type === "cacheGet" ? null : undefined;
  };
  const result = runSync(
    callFunction(functionNamed("QUARTERLY"), [[["BBCA"], ["BBRI"], [""], ["bbca"], ["TLKM"]], 1, "", "", "fields=revenue"], settings, env),
    handle,
  );
  expect(effects.filter((e) => e !== "cacheGet" && e !== "cachePut")).toEqual(["fetchAll(3)", "sleep", "fetchAll(1)"]);
  expect(effects.filter((e) => e === "cachePut")).toHaveLength(3);
  expect(result.cells[0]).toEqual(["ticker", "date", "revenue"]);
  const keys = result.cells.slice(1).map((row) => row[0]);
  // Blank cells and repeated keys (BBCA, bbca) are skipped; blocks in the order given.
  expect([...new Set(keys)]).toEqual(["BBCA", "BBRI", "TLKM"]);
  expect(result.label).toBe("QUARTERLY(ticker=BBCA,BBRI,TLKM, n_quarters=1)");
});

test("a key that fails for good is an error row; all failing is the call's error", () => {
  const body = fixture("quarterly-bank.json");
  const answer =
    (missing: (url: string) => boolean) =>
    (effect: Effect): EffectResult =>
      effect.type === "fetchAll"
        ? effect.fetches.map(
            (f): Sent => (missing(f.request.url) ? { status: 404, body: '{"error":"Company not found."}' } : { status: 200, body }),
          )
        : effect.type === "cacheGet"
          ? null
          : undefined;
  const some = runSync(
    callFunction(functionNamed("QUARTERLY"), ["BBCA,ZZZZ", 1], settings, env),
    answer((url) => url.includes("ZZZZ")),
  );
  expect(some.cells[0].at(-1)).toBe("error");
  const bad = some.cells.find((row) => row[0] === "ZZZZ") as unknown[];
  expect(bad.at(-1)).toMatch(/^MDQ: .*not found/i);
  expect(bad.slice(1, -1).every((cell) => cell === null)).toBe(true);
  const all = failure(() =>
    runSync(
      callFunction(functionNamed("QUARTERLY"), ["AAAA,ZZZZ", 1], settings, env),
      answer(() => true),
    ),
  );
  expect(all.message).toMatch(/and so did every one of the 2 keys of 'ticker'/);
});

test(`more than ${MAX_BATCH_KEYS} keys is refused before any effect, naming the argument`, () => {
  const keys = Array.from(
    { length: MAX_BATCH_KEYS + 1 },
    (_, i) => `K${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}A`,
  );
  const error = failure(() =>
    runSync(callFunction(functionNamed("QUARTERLY"), [keys.join(","), 1], settings, env), () => {
      throw new Error("no effect expected");
    }),
  );
  expect(error.kind).toBe("bad_argument");
  expect(error.message).toMatch(/^MDQ: 'ticker' names 51 keys, more than the 50 one call takes \(no request was sent\)/);
});

describe("cache entries", () => {
  const entry = { body: '[{"a":1}]', fetchedAt: 1000, freshUntil: 61_000, generation: generationOf("7") };

  test("round-trip; an older MDQ's bare body or a damaged header is no entry", () => {
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
    expect(decodeEntry(encodeEntry({ ...entry, generation: "" }))).toEqual({ ...entry, generation: "" });
    expect(decodeEntry('[{"a":1}]')).toBeUndefined();
    expect(decodeEntry("mdq-entry1 x y z\n[]")).toBeUndefined();
    expect(decodeEntry(null)).toBeUndefined();
  });

  test("fresh within its lifetime, for its generation or none, and since the host's last refresh", () => {
    expect(isFresh(entry, generationOf("7"), 60_999)).toBe(true);
    expect(isFresh(entry, "", 60_999)).toBe(true);
    expect(isFresh(entry, generationOf("8"), 60_999)).toBe(false);
    expect(isFresh(entry, generationOf("7"), 61_000)).toBe(false);
    expect(isFresh(entry, "", 2000, 1000)).toBe(false);
    expect(isFresh(entry, "", 2000, 999)).toBe(true);
  });

  test("served stale only for the service's trouble, within the window, and not with stale=error", () => {
    const at = entry.freshUntil + STALE_MAX_SECONDS * 1000;
    for (const kind of ["rate_limited", "server", "network", "timeout", "host_limit"] as const) {
      expect(mayServeStale(new MdqError(kind, "x"), entry, "serve", at)).toBe(true);
      expect(mayServeStale(new MdqError(kind, "x"), entry, "error", at)).toBe(false);
      expect(mayServeStale(new MdqError(kind, "x"), entry, "serve", at + 1)).toBe(false);
    }
    for (const kind of ["bad_argument", "auth", "not_found", "gone", "bad_request", "malformed", "too_large", "no_data"] as const) {
      expect(mayServeStale(new MdqError(kind, "x"), entry, "serve", entry.freshUntil + 1)).toBe(false);
    }
    expect(keepSeconds(900)).toBe(900 + STALE_MAX_SECONDS);
  });

  test("a host's own window (Env.staleSeconds) replaces the default, both to serve and to keep", () => {
    const days = 4 * 24 * 3600;
    const at = entry.freshUntil + days * 1000;
    expect(mayServeStale(new MdqError("server", "x"), entry, "serve", at, days)).toBe(true);
    expect(mayServeStale(new MdqError("server", "x"), entry, "serve", at + 1, days)).toBe(false);
    expect(mayServeStale(new MdqError("server", "x"), entry, "serve", at)).toBe(false);
    expect(mayServeStale(new MdqError("server", "x"), entry, "error", at, days)).toBe(false);
    expect(keepSeconds(900, days)).toBe(900 + days);
  });
});
