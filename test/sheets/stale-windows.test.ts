// The stale window each function really has in Sheets, shown through the built script on a
// virtual clock under the strict stand-in (CacheService drops everything before each step, as
// Google may): fresh for its whole lifetime, then, when the service fails (503), its last good
// answer until its window ends, then the error. The windows are the ones MDQ > Status states and
// docs/sheets.md tabulates (src/sheets/windows.ts); a last test holds the docs to them.
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

test.each(every)("%s: fresh for its lifetime, then its last good answer for its stale window, then the error", (name, w: StaleWindow) => {
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

test("the morning after: a refresh 16 h later that meets a 429 shows LIST's last good answer, QUARTERLY's error", () => {
  const { script, at } = atClock({ baseUrl: sandbox.url, apiKey: KEY });
  const { ctx, rec } = script;
  const tracker = (refresh: string) => ({
    list: () => plain(ctx.MDQ_LIST("subsectors", `refresh=${refresh}`)),
    quarterly: () => plain(ctx.MDQ_QUARTERLY("BBCA", 4, "", "", `refresh=${refresh}`)),
  });
  const evening = tracker("evening");
  const list = evening.list();
  evening.quarterly();
  // Nothing runs overnight: CacheService keeps nothing 16 h.
  at(16 * 3600);
  rec.serviceDown = 429;
  const morning = tracker("morning");
  expect(morning.list()).toEqual(list);
  // QUARTERLY's window ended at 12 h (6 h fresh, 6 h stale): the core shows the error now.
  expect(script.errorOf("MDQ_QUARTERLY", "BBCA", 4, "", "", "refresh=morning")).toMatch(/rate limit/i);
});

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
