// The stale window each function really has in Sheets, shown through the built script on a
// virtual clock under the strict stand-in (CacheService drops everything before each step, as
// Google may): fresh for its whole lifetime, then, when the service fails (503), its last good
// answer until its window ends, then the error; a daily tracker opened the next morning (or on
// Monday after Friday) while the service is down shows its last tables, listed as stale. The
// windows are the ones MDQ > Status states and docs/sheets.md tabulates (src/sheets/windows.ts); a
// last test holds the docs to them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadScript, plain, type Script } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker, startSandboxWorker } from "../../scripts/harness/workers";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { duration, type StaleWindow, staleWindows } from "../../src/sheets/windows";

const KEY = "sheets-windows-key-7d21";
let sandbox: Running;
let live: Running;
let faults: Running;

beforeAll(async () => {
  [sandbox, live, faults] = await Promise.all([
    startSandboxWorker({ apiKey: KEY, today: "2025-06-30" }),
    startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" }),
    startFaultWorker(),
  ]);
});
afterAll(() => Promise.all([sandbox.close(), live.close(), faults.close()]));

/** The sandbox of an edition that offers the function (the spec one where both do). */
const serviceFor = (name: string) =>
  functionNamed(name)?.editions.spec ? { baseUrl: sandbox.url, edition: "spec" } : { baseUrl: live.url, edition: "live" };

const MINUTE = 60;
const SERVER_ERROR = /503|server|unavailable/i;

/** A script on the virtual clock, and a way to stand at `seconds` after its start. */
function atClock(options: Parameters<typeof loadScript>[0]) {
  const script = loadScript({ ...options, virtualTime: true }) as Script & { clock: NonNullable<Script["clock"]> };
  const start = script.clock.now();
  const at = (seconds: number) => script.clock.advance(start + seconds * 1000 - script.clock.now());
  return { script, at };
}

/** The function's example, but a price row's window reaching today (its dates blank): a window of
 *  closed days never expires (docs/functions.md, Lifetimes), so it would show no window at all;
 *  today's prices, fetched while the exchange trades (the clock starts at 10:00 in Jakarta), are
 *  fresh for the row's ttl, as the window says. */
function exampleOf(name: string) {
  const fn = functionNamed(name);
  const dated = new Set(["start", "end", "date"]);
  const args = (fn?.example ?? []).map((v, i) => (fn?.until?.kind === "session" && dated.has(fn.args[i]?.name) ? "" : v));
  // A broker's two weeks across the whole demo universe (100 companies) is more than one cached
  // value holds in Sheets; one company's trades show the same windows.
  return name === "BROKER_ACTIVITY" ? [...args, "ticker=BBCA"] : args;
}

const every = staleWindows().flatMap((w) => w.functions.map((name) => [name, w] as const));

/** COMPANY's last close reads a month of daily prices ending today: the next day's request is
 *  another, which no earlier answer holds (docs/sheets.md). */
const MOVES_WITH_THE_DAY = new Set(["COMPANY"]);

test.each(every.filter(([name]) => !MOVES_WITH_THE_DAY.has(name)))(
  "%s: fresh for its lifetime, then its last good answer for its stale window, then the error",
  (name, w: StaleWindow) => {
    const { script, at } = atClock({ ...serviceFor(name), apiKey: KEY });
    const { ctx, rec } = script;
    const example = exampleOf(name);
    const call = () => plain(ctx[`MDQ_${name}`](...example));
    const first = call();
    const sent = rec.requests.length;
    // A minute before its lifetime ends, CacheService emptied: the copy answers, nothing is sent.
    at(w.freshSeconds - MINUTE);
    script.evictCache();
    expect(call()).toEqual(first);
    expect(rec.requests).toHaveLength(sent);
    // The service fails from now on.
    rec.serviceDown = 503;
    at(w.freshSeconds + w.staleSeconds - MINUTE);
    script.evictCache();
    expect(call()).toEqual(first);
    expect(rec.requests.length).toBeGreaterThan(sent);
    ctx.mdqStatus();
    expect(rec.alerts.at(-1)).toMatch(new RegExp(`^MDQ: status: 1 call shows a stale answer[\\s\\S]*• ${name}\\(`));
    at(w.freshSeconds + w.staleSeconds + MINUTE);
    script.evictCache();
    expect(script.errorOf(`MDQ_${name}`, ...example)).toMatch(SERVER_ERROR);
  },
);

test("COMPANY: its last good card within the day, listed as stale; the next day, whose month of prices is another request, the error", () => {
  const { script, at } = atClock({ ...serviceFor("COMPANY"), apiKey: KEY });
  const { ctx, rec } = script;
  const call = () => plain(ctx.MDQ_COMPANY("BBCA"));
  const first = call();
  rec.serviceDown = 503;
  // The clock starts at 10:00 in Jakarta (03:00 UTC): 12 h later is still the same day there.
  at(12 * 3600);
  script.evictCache();
  expect(call()).toEqual(first);
  ctx.mdqStatus();
  expect(rec.alerts.at(-1)).toMatch(/^MDQ: status: 1 call shows a stale answer[\s\S]*• COMPANY\(/);
  at(24 * 3600 + MINUTE);
  script.evictCache();
  expect(script.errorOf("MDQ_COMPANY", "BBCA")).toMatch(SERVER_ERROR);
});

describe("with no copy (Google offers no document store, or the answer is too large for one): CacheService alone", () => {
  const firstOfEach = staleWindows().map((w) => [w.functions[0], w] as const);
  test.each(firstOfEach)("%s: answered until its CacheService-only window ends, then the error", (name, w: StaleWindow) => {
    const { script, at } = atClock({ ...serviceFor(name), apiKey: KEY, documentStore: false });
    const { ctx, rec } = script;
    const example = exampleOf(name);
    const first = plain(ctx[`MDQ_${name}`](...example));
    rec.serviceDown = 503;
    const end = w.cacheOnly.freshSeconds + w.cacheOnly.staleSeconds;
    at(end - MINUTE);
    expect(plain(ctx[`MDQ_${name}`](...example))).toEqual(first);
    at(end + MINUTE);
    expect(script.errorOf(`MDQ_${name}`, ...example)).toMatch(SERVER_ERROR);
    expect(rec.docProps.size).toBe(0);
  });

  test("an answer whose copy would be too large gets none, and has the CacheService-only window", () => {
    const { script, at } = atClock({ baseUrl: faults.url, apiKey: KEY });
    const { ctx, rec } = script;
    const args = ["big/900000", "", "fields=id"]; // 1.6 MB: 18 CacheService chunks, 47,000 characters compressed
    const first = plain(ctx.MDQ_GET(...args));
    expect(rec.cache.size).toBeGreaterThan(1); // cached in chunks
    expect(rec.docProps.size).toBe(0); // but no copy
    const w = staleWindows().find((x) => x.functions.includes("GET")) as StaleWindow;
    rec.serviceDown = 503;
    at(w.cacheOnly.freshSeconds + w.cacheOnly.staleSeconds - MINUTE);
    expect(plain(ctx.MDQ_GET(...args))).toEqual(first);
    at(w.cacheOnly.freshSeconds + w.cacheOnly.staleSeconds + MINUTE);
    expect(script.errorOf("MDQ_GET", ...args)).toMatch(SERVER_ERROR);
  });
});

/** 09:00 in Jakarta (the stand-in spreadsheet's zone) on a Monday and on the Friday before. */
const MONDAY_9 = Date.UTC(2025, 5, 30, 2);
const FRIDAY_9 = Date.UTC(2025, 5, 27, 2);

test.each([
  ["at 09:00 the next day", MONDAY_9, 24],
  ["on Monday at 09:00 after Friday's", FRIDAY_9, 72],
])(
  "a tracker refreshed at 09:00, opened %s while the service answers 503, shows the last tables, listed as stale",
  (_, startsAt, hours) => {
    const { script, at } = atClock({ baseUrl: sandbox.url, apiKey: KEY, startsAt });
    const { ctx, rec } = script;
    // A daily tracker: a statement (6 h), an index's prices to today (15 min) and a reference list (24 h), each
    // with the refresh cell that MDQ > Refresh all changes.
    const index = exampleOf("INDEX");
    const tracker = (refresh: string) => [
      () => plain(ctx.MDQ_QUARTERLY("BBCA", 4, "", "", `refresh=${refresh}`)),
      () => plain(ctx.MDQ_INDEX(...index.slice(0, 3), `refresh=${refresh}`)),
      () => plain(ctx.MDQ_LIST("subsectors", `refresh=${refresh}`)),
    ];
    const yesterday = tracker("1").map((cell) => cell());
    // Nothing runs overnight: CacheService keeps nothing this long, only the copies are left.
    at(hours * 3600);
    script.evictCache();
    rec.serviceDown = 503;
    const sent = rec.requests.length;
    expect(tracker("2").map((cell) => cell())).toEqual(yesterday);
    expect(rec.requests.length).toBeGreaterThan(sent); // each asked the service first
    ctx.mdqStatus();
    const dialog = rec.alerts.at(-1) as string;
    expect(dialog).toMatch(/^MDQ: status: 3 calls show a stale answer/);
    const fetched = new Date(startsAt + 7 * 3600_000).toISOString().slice(0, 10); // the day in Jakarta
    for (const name of ["QUARTERLY", "INDEX", "LIST"]) {
      expect(dialog).toMatch(new RegExp(`• ${name}\\([^\\n]*: answer of ${fetched} 09:00 \\(${hours} h old\\)[^\\n]*503`));
    }
  },
);

test("MDQ > Status says how long each function keeps its last good answer", () => {
  const { ctx, rec } = loadScript();
  ctx.mdqStatus();
  const dialog = rec.alerts.at(-1) as string;
  expect(dialog).toMatch(/^MDQ: status: No stale answers/);
  for (const w of staleWindows()) {
    expect(dialog).toContain(
      `• ${w.functions.join(", ")}: fresh for ${duration(w.freshSeconds)}, then shown stale for up to ${duration(w.staleSeconds)} (until ${duration(w.freshSeconds + w.staleSeconds)} after it was fetched).`,
    );
  }
  expect(dialog).toMatch(/Copies kept in this spreadsheet now: 0 answers, 0 KB \(Google allows 500 KB/);
});

test("docs/sheets.md states the same windows", () => {
  const docs = readFileSync(join(__dirname, "..", "..", "docs", "sheets.md"), "utf8");
  for (const w of staleWindows()) {
    const cacheOnly = `${duration(w.cacheOnly.staleSeconds)}${w.cacheOnly.freshSeconds < w.freshSeconds ? `, and fresh for ${duration(w.cacheOnly.freshSeconds)} only` : ""}`;
    expect(docs).toContain(
      `| ${w.functions.join(", ")} | ${duration(w.freshSeconds)} | ${duration(w.staleSeconds)} (until ${duration(w.freshSeconds + w.staleSeconds)} after it was fetched) | ${cacheOnly} |`,
    );
  }
});
