// Long windows in the service's windows (rows/loaders.ts windowed), through the core against a fake
// service that, as the real one, keeps only the last 90 days of a longer window: requests aligned
// on fixed 90-day windows, each day once and in order, windows of closed days kept for good
// and today's 15 minutes, a window before the first day answered from there with a note that the
// spreadsheets show as a last row (unless notes=false).
import type { CellValue } from "../../../shared/base/cells";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { FOREVER_SECONDS } from "../../../shared/rows/freshness";
import { decodeEntry } from "../../../shared/run/cache-entry";
import { callFunction } from "../../../shared/run/call";
import type { CallResult } from "../../../shared/run/env";
import { API_KEY, BASE_URL } from "../harness";

const NOW = Date.parse("2025-06-30T03:00:00Z");
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The service: one record per weekday from 2019-01-02, the last 90 days of a longer window. */
function service(url: string, listed = "2019-01-02") {
  const u = new URL(url);
  const end = Math.min(Date.parse(u.searchParams.get("end") ?? iso(NOW)), NOW);
  const start = Math.max(Date.parse(u.searchParams.get("start") ?? iso(end - 29 * DAY)), end - 89 * DAY, Date.parse(listed));
  const rows = [];
  for (let d = start; d <= end; d += DAY) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) rows.push({ index_code: "LQ45", date: iso(d), price: d / DAY });
  }
  return JSON.stringify(rows);
}

function call(args: CellValue[], cache = new Map<string, string>(), notesInCells = false, listed?: string) {
  const urls: string[] = [];
  const ttls: number[] = [];
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "cacheGet") return cache.get(effect.key) ?? null;
    if (effect.type === "cachePut") {
      ttls.push(effect.ttlSeconds);
      return void cache.set(effect.key, effect.value);
    }
    const answer = (url: string) => {
      urls.push(url.slice(BASE_URL.length));
      return { status: 200, body: service(url, listed) };
    };
    // The windows leave together, as one fetchAll.
    if (effect.type === "fetchAll") return effect.fetches.map((f) => answer(f.request.url));
    if (effect.type !== "fetch") return undefined;
    return answer(effect.request.url);
  };
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "spec" as const };
  const env = { now: () => NOW, random: () => 0.5, notesInCells };
  const result = runSync(callFunction(functionNamed("INDEX"), args, settings, env), handle) as CallResult<never>;
  return { result, urls, ttls, cache };
}

const datesOf = (cells: unknown[][]) => cells.slice(1).map((r) => r[1] as string);
const weekdays = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = Date.parse(from); d <= Date.parse(to); d += DAY) if (![0, 6].includes(new Date(d).getUTCDay())) out.push(iso(d));
  return out;
};

test("a year: every day of it, in order, each once, from 90-day windows aligned on fixed days", () => {
  const { result, urls } = call(["lq45", "2024-01-01", "2024-12-31"]);
  expect(datesOf(result.cells)).toEqual(weekdays("2024-01-01", "2024-12-31"));
  // Windows of 90 days counted from 2019-01-01 (1800 days on, 2023-12-06, starts the 21st).
  expect(urls).toEqual([
    "/v1/index-daily/lq45/?end=2024-03-04&start=2023-12-06",
    "/v1/index-daily/lq45/?end=2024-06-02&start=2024-03-05",
    "/v1/index-daily/lq45/?end=2024-08-31&start=2024-06-03",
    "/v1/index-daily/lq45/?end=2024-11-29&start=2024-09-01",
    "/v1/index-daily/lq45/?end=2025-02-27&start=2024-11-30",
  ]);
  expect(result.notes).toBeUndefined();
});

test("windows of closed days never expire, the one reaching today (the IDX trading) 15 minutes; a longer series reuses them", () => {
  const first = call(["lq45", "2024-11-01", "2025-06-30"]);
  const fresh = [...first.cache.values()].map((v) => decodeEntry(v)).map((e) => ((e?.freshUntil ?? 0) - (e?.fetchedAt ?? 0)) / 1000);
  expect(fresh).toEqual([FOREVER_SECONDS, FOREVER_SECONDS, FOREVER_SECONDS, 15 * 60]);
  // A month earlier is within the windows already kept; three months earlier, one window more.
  expect(call(["lq45", "2024-10-01", "2025-06-30"], first.cache).urls).toEqual([]);
  const longer = call(["lq45", "2024-08-01", "2025-06-30"], first.cache);
  expect(longer.urls).toEqual(["/v1/index-daily/lq45/?end=2024-08-31&start=2024-06-03"]);
  expect(datesOf(longer.result.cells)).toEqual(weekdays("2024-08-01", "2025-06-30"));
});

test("a window the service takes in one request is the row's own request, as before", () => {
  const { urls } = call(["lq45", "2025-05-01", "2025-06-27"]);
  expect(urls).toEqual(["/v1/index-daily/lq45/?end=2025-06-27&start=2025-05-01"]);
});

test("before the first day: from there, said once; the spreadsheets' last row unless notes=false", () => {
  const { result } = call(["lq45", "2018-10-01", "2019-02-28"], new Map(), true);
  expect(result.notes).toEqual(["from 2019-01-02: the service has no data before (asked from 2018-10-01)"]);
  expect(datesOf(result.cells.slice(0, -1))[0]).toBe("2019-01-02");
  expect(result.cells[result.cells.length - 1]).toEqual([
    "note: from 2019-01-02: the service has no data before (asked from 2018-10-01)",
    null,
    null,
  ]);
  const quiet = call(["lq45", "2018-10-01", "2019-02-28", "notes=false"], new Map(), true);
  expect(quiet.result.cells).toEqual(result.cells.slice(0, -1));
  // A window within the service's days but starting before the first day: from there too.
  const short = call(["lq45", "2018-12-20", "2019-01-31"], new Map(), true);
  expect(short.urls).toEqual(["/v1/index-daily/lq45/?end=2019-01-31&start=2019-01-02"]);
  expect(short.result.notes).toHaveLength(1);
});

test("a series that starts well after the window's start (listed later) says from when", () => {
  const { result } = call(["lq45", "2024-01-01", "2024-12-31"], new Map(), false, "2024-03-11");
  expect(datesOf(result.cells)[0]).toBe("2024-03-11");
  expect(result.notes).toEqual(["from 2024-03-11: the service has nothing from 2024-01-01 to 2024-03-10"]);
  // A window starting on a holiday weekend is not a gap worth a note.
  expect(call(["lq45", "2023-12-30", "2024-12-31"]).result.notes).toBeUndefined();
});
