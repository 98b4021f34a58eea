// Refresh without new keys, and stale-if-error, through the built script: the cache key is the
// request alone (Refresh all rewrites the keys it had), and a refresh that fails for the
// service's trouble (5xx, 429, no connection, a Google quota) answers with the last good answer,
// listed by MDQ > Status with its age and reason; stale=error, a 401/404 or a bad argument do not.
import { loadScript, plain, type Script } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker, startSandboxWorker } from "../../scripts/harness/workers";
import { STALE_SECONDS } from "../../src/sheets/answers";

const KEY = "sheets-stale-key-5c1e";
let sandbox: Running;
let faults: Running;

beforeAll(async () => {
  [sandbox, faults] = await Promise.all([startSandboxWorker({ apiKey: KEY, today: "2025-06-30" }), startFaultWorker()]);
});
afterAll(() => Promise.all([sandbox.close(), faults.close()]));

/** What GET /switch/... answers from now on: ok, or a status. */
const mode = async (m: string) => {
  const response = await fetch(`${faults.url}/switch/mode/${m}`);
  expect(response.status).toBe(200);
};

/** The refresh option as a formula passes the MDQ_REFRESH cell after Refresh all. */
const refreshOption = (script: Script) => {
  const at = script.rec.namedRanges.get("MDQ_REFRESH") as string;
  return `refresh=${(script.rec.cells.get(at) as Date).getTime()}`;
};

test("Refresh all twice fetches every formula again and leaves the number of CacheService keys unchanged", () => {
  const script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  const { ctx, rec, clock } = script;
  const tracker = () => {
    const option = refreshOption(script);
    ctx.MDQ_QUARTERLY("BBCA", 4, "", "", option);
    ctx.MDQ_INDEX("lq45", "", "", option);
    ctx.MDQ_LIST("tags", option);
    ctx.MDQ_QUARTERLY("BBRI", 4, "", "", option);
  };
  ctx.mdqRefreshAll();
  tracker();
  tracker(); // the same generation: answered from the cache
  expect(rec.requests).toHaveLength(4);
  const keys = rec.cache.size;
  expect(keys).toBeGreaterThanOrEqual(4);
  for (const round of [1, 2]) {
    clock?.advance(60_000);
    ctx.mdqRefreshAll();
    tracker();
    expect(rec.requests).toHaveLength(4 + 4 * round);
    expect(rec.cache.size).toBe(keys);
  }
  // A formula without the refresh option takes the fresh answers the refresh wrote.
  ctx.MDQ_LIST("tags");
  expect(rec.requests).toHaveLength(12);
});

describe("stale-if-error", () => {
  let script: Script;
  let first: unknown;
  let refreshes = 0;
  const next = (more = "") => `refresh=${++refreshes}${more}`;

  beforeEach(async () => {
    await mode("ok");
    script = loadScript({ baseUrl: faults.url, apiKey: KEY, virtualTime: true });
    first = plain(script.ctx.MDQ_GET("switch/data", "", next()));
  });

  test.each([
    ["a 500", "500", /upstream|server|500/i],
    ["a 503", "503", /503|server|unavailable/i],
    ["a 429", "429", /rate limit/i],
  ])("a refresh that meets %s answers with the last good answer, listed in MDQ > Status", async (_, fault, reason) => {
    await mode(fault);
    const before = script.rec.requests.length;
    const answer = plain(script.ctx.MDQ_GET("switch/data", "", next()));
    expect(answer).toEqual(first);
    // It was tried, with its retries, before the stale answer was taken.
    expect(script.rec.requests.length - before).toBeGreaterThanOrEqual(2);
    script.ctx.mdqStatus();
    const dialog = script.rec.alerts.at(-1) as string;
    expect(dialog).toMatch(/^MDQ: status: 1 call shows a stale answer/);
    expect(dialog).toContain("GET(path=switch/data)");
    expect(dialog).toMatch(reason);
    expect(dialog).toMatch(/answer of \d{4}-\d\d-\d\d \d\d:\d\d \(\d+ s old\)/);
  });

  test("Google's daily quota or no connection: the last good answer too", () => {
    script.rec.googleRefuses = "Exception: Service invoked too many times for one day: urlfetch.";
    expect(plain(script.ctx.MDQ_GET("switch/data", "", next()))).toEqual(first);
    script.rec.googleRefuses = "Exception: Address unavailable: {url}";
    expect(plain(script.ctx.MDQ_GET("switch/data", "", next()))).toEqual(first);
    script.ctx.mdqStatus();
    expect(script.rec.alerts.at(-1)).toMatch(/could not reach/);
  });

  test("stale=error shows the failure instead", async () => {
    await mode("500");
    expect(script.errorOf("MDQ_GET", "switch/data", "", next("; stale=error"))).toMatch(/^MDQ: .*(server|500)/i);
  });

  test.each([
    ["401", /refused|key/i],
    ["404", /not found/i],
  ])("a %s is the answer now: shown, never papered over with the old one", async (fault, message) => {
    await mode(fault);
    expect(script.errorOf("MDQ_GET", "switch/data", "", next())).toMatch(message);
    script.ctx.mdqStatus();
    expect(script.rec.alerts.at(-1)).toMatch(/No stale answers/);
  });

  test("a bad argument costs no request and gets no stale answer", () => {
    const before = script.rec.requests.length;
    expect(script.errorOf("MDQ_GET", "switch/data", "", `${next()}; stale=maybe`)).toMatch(/'stale' must be/);
    expect(script.rec.requests.length).toBe(before);
  });

  test("a fresh answer takes the call off the status list", async () => {
    await mode("500");
    script.ctx.MDQ_GET("switch/data", "", next());
    await mode("ok");
    const fresh = plain(script.ctx.MDQ_GET("switch/data", "", next()));
    expect(fresh).not.toEqual(first);
    script.ctx.mdqStatus();
    expect(script.rec.alerts.at(-1)).toMatch(/No stale answers/);
  });

  test("past its freshness and Sheets' stale window, nothing is served", async () => {
    await mode("500");
    script.clock?.advance((15 * 60 + STALE_SECONDS + 60) * 1000);
    expect(script.errorOf("MDQ_GET", "switch/data", "", next())).toMatch(/server|500/i);
  });
});
