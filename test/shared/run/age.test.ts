// An answer that already aged in a shared cache (the team gateway's, which says so in Age) is
// fresh in a front end only for the rest of its lifetime, then kept as a stale fallback like any
// answer: never shown as fresh past it.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findFunction, functionNamed } from "../../../shared/catalogue/catalogue";
import { callAsync } from "../../../shared/drive/async-host";
import { type FetchLike, fetchHost } from "../../../shared/drive/fetch-transport";
import { decodeEntry, STALE_MAX_SECONDS } from "../../../shared/run/cache-entry";

const BODY = readFileSync(join(__dirname, "..", "..", "fixtures", "klse-top.json"), "utf8");

function host(age: string | null, staleSeconds?: number) {
  const puts: { freshSeconds: number; keptSeconds: number }[] = [];
  const fetchImpl: FetchLike = async () => ({
    status: 200,
    headers: { get: (name: string) => (name.toLowerCase() === "age" ? age : null) },
    text: async () => BODY,
  });
  const cache = {
    get: () => undefined,
    set: (_key: string, value: string, keptSeconds: number) => {
      const entry = decodeEntry(value)!;
      puts.push({ freshSeconds: (entry.freshUntil - entry.fetchedAt) / 1000, keptSeconds });
    },
  };
  return { puts, host: { ...fetchHost(fetchImpl), cache, staleSeconds } };
}

// The spec edition named: these tests count what one answer keeps, not how the edition is found.
const settings = { baseUrl: "http://127.0.0.1:8787", apiKey: "demo", edition: "spec" as const };
const ttl = findFunction("KLSE_TOP")!.ttl;

test.each([
  [null, ttl],
  ["0", ttl],
  ["600", ttl - 600],
  [" 42 ", ttl - 42],
  ["soon", ttl],
  ["-5", ttl],
])("Age %p: fresh for %p s", async (age, expected) => {
  const { puts, host: h } = host(age);
  await callAsync(functionNamed("KLSE_TOP"), ["pe"], settings, h);
  expect(puts).toEqual([{ freshSeconds: expected, keptSeconds: expected + STALE_MAX_SECONDS }]);
});

test("an answer at or past its lifetime is shown, and kept only as a stale fallback (never fresh)", async () => {
  for (const age of [String(ttl), String(ttl + 3600)]) {
    const { puts, host: h } = host(age);
    const result = await callAsync(functionNamed("KLSE_TOP"), ["pe"], settings, h);
    expect(result.cells.length).toBeGreaterThan(1);
    expect(puts).toEqual([{ freshSeconds: 0, keptSeconds: STALE_MAX_SECONDS }]);
  }
});

test("a host with its own stale window (Sheets keeps days) keeps the answer its lifetime and that window", async () => {
  const days = 4 * 24 * 3600;
  const { puts, host: h } = host(null, days);
  await callAsync(functionNamed("KLSE_TOP"), ["pe"], settings, h);
  expect(puts).toEqual([{ freshSeconds: ttl, keptSeconds: ttl + days }]);
});
