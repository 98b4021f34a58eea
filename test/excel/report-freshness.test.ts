// A company's statements stay fresh until it files again, through the Excel runtime against a
// scripted live service: past QUARTERLY's fixed 6 hours the runtime asks the report-date feed (at
// most once an hour, one page for the whole market, billed like any request) instead of the
// statement, fetches the statement again once the feed shows a newer quarter, and falls back to
// the fixed lifetime when the feed fails.
import { mapStore } from "../../scripts/harness/map-store";
import type { AnswerStore } from "../../src/excel/answer-store";
import { createRuntime } from "../../src/excel/runtime";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { memoryStorage } from "../../src/excel/stand-ins";
import { FIXTURE_NOW } from "../shared/harness";

const BASE = "https://api.example.com";
const MIN = 60_000;
const HOUR = 60 * MIN;

/** The live service: each company's statements up to its latest quarter, and the feed of every company's
 *  latest quarter-end (`since=`, pages of `limit`), which the test can make fail. */
function service() {
  const latest = new Map([
    ["BBCA", "2026-06-30"], // late with its third quarter
    ["KOPI", "2026-09-30"],
    ["TEHB", "2026-09-30"],
  ]);
  // feedAge: the Age of the feed's answers, as a team gateway's cache would send it; feedPage: the
  // most rows a page of the feed holds, whatever `limit` asks, its next_offset then counting the
  // limit asked rather than the rows sent.
  const state = {
    latest,
    statements: 0,
    feeds: [] as string[],
    feedFails: false,
    feedAge: undefined as number | undefined,
    feedPage: undefined as number | undefined,
  };
  const json = (body: unknown, status = 200, age?: number) => ({
    status,
    headers: {
      get: (name: string) =>
        name.toLowerCase() === "content-type" ? "application/json" : name.toLowerCase() === "age" && age !== undefined ? String(age) : null,
    },
    text: async () => JSON.stringify(body),
  });
  const fetch = async (url: string) => {
    const u = new URL(url);
    // Both editions' statements (the spec edition's /v1/ path answers the same list).
    const company = u.pathname.match(/^\/v[12]\/financials\/quarterly\/(\w+)\/$/)?.[1];
    if (company && latest.has(company)) {
      state.statements++;
      const newest = latest.get(company) as string;
      const quarters = ["2026-03-31", "2026-06-30", "2026-09-30", "2026-12-31"].filter((d) => d <= newest);
      return json(quarters.map((date) => ({ symbol: `${company}.JK`, date, revenue: Number(date.slice(5, 7)) })));
    }
    if (u.pathname === "/v2/companies/quarterly-financial-dates/") {
      state.feeds.push(u.search);
      if (state.feedFails) return json({ detail: "down" }, 503);
      const since = u.searchParams.get("since") ?? "";
      const all = [...latest].filter(([, d]) => d >= since).map(([s, d]) => ({ symbol: `${s}.JK`, date: d, quarter: "q" }));
      const [limit, offset] = [Number(u.searchParams.get("limit")), Number(u.searchParams.get("offset"))];
      const results = all.slice(offset, offset + Math.min(limit, state.feedPage ?? limit));
      const more = offset + results.length < all.length;
      const pagination = { total_count: all.length, has_next: more, next_offset: more ? offset + limit : null };
      return json({ results, pagination }, 200, state.feedAge);
    }
    return json({ detail: "not here" }, 404);
  };
  return { state, fetch };
}

function setup(edition = "live", store: AnswerStore | null = null, service_ = service()) {
  const { state, fetch } = service_;
  const clock = { now: FIXTURE_NOW };
  const storage = memoryStorage({ [STORAGE_KEYS.baseUrl]: BASE, [STORAGE_KEYS.apiKey]: "report-key-31", [STORAGE_KEYS.edition]: edition });
  const rt = createRuntime({
    fetch,
    storage,
    now: () => clock.now,
    random: () => 0.5,
    policy: { attempts: 1 },
    requirements: () => undefined,
    store,
  });
  const quarters = async () => {
    const { cells } = await rt.run("QUARTERLY", ["BBCA", 3]);
    return cells[0].slice(1); // the `date` row: one column per quarter
  };
  return { state, clock, rt, quarters };
}

test("a statement fetched before the company's next report stays fresh a day later: the feed asked once an hour, the statement never", async () => {
  const { state, clock, rt, quarters } = setup();
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30"]);
  // Every half hour for a day.
  for (let k = 1; k <= 48; k++) {
    clock.now = FIXTURE_NOW + k * 30 * MIN;
    expect(await quarters()).toEqual(["2026-03-31", "2026-06-30"]);
  }
  expect(state.statements).toBe(1);
  // Fresh by the fixed 6 hours first (calls 1-11), then one check per hour from 6 h to 24 h.
  expect(state.feeds.length).toBe(19);
  // One request for the whole market: the companies that filed after BBCA's newest quarter.
  expect(new Set(state.feeds)).toEqual(new Set(["?limit=30&offset=0&since=2026-07-01"]));
  // Each check is billed like any request: 1 credit a page, beside the statement's 2 quarters.
  expect(rt.stats()).toMatchObject({ requests: 20, credits: 2 + 19 });
});

test("explain=true lists the feed's check as bookkeeping, apart from the cell's own request, once", async () => {
  const { clock, rt, quarters } = setup();
  await quarters();
  clock.now = FIXTURE_NOW + 7 * HOUR;
  const { cells } = await rt.run("QUARTERLY", ["BBCA", 3, "", "", "explain=true"]);
  const rows = (what: string) => cells.filter((r) => r[0] === what).map((r) => r[1]);
  expect(rows("request")).toEqual(["GET /v2/financials/quarterly/BBCA/?n_quarters=3"]);
  expect(rows("bookkeeping")).toEqual(["GET /v2/companies/quarterly-financial-dates/?limit=30&offset=0&since=2026-07-01"]);
  const at = cells.findIndex((r) => r[0] === "bookkeeping");
  expect(at).toBeGreaterThan(cells.findIndex((r) => r[0] === "credits of this cell"));
  expect(cells[at + 1]).toEqual(["asks for", "new reports since the statements were fetched, not this cell's data"]);
  // The statement came from the cache: this cell spent nothing; the check's credit is on its own row.
  expect(rows("credits of this cell")).toEqual([0]);
  expect(cells[at + 4]).toEqual(["credits", 1]);
});

test("once the feed shows a newer quarter the statement is fetched again, then is fresh as a new answer", async () => {
  const { state, clock, quarters } = setup();
  await quarters();
  clock.now = FIXTURE_NOW + 7 * HOUR;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([1, 1]);
  state.latest.set("BBCA", "2026-09-30");
  // Within the hour of the last check the feed is not asked again: the old answer stands.
  clock.now = FIXTURE_NOW + 7 * HOUR + 59 * MIN;
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30"]);
  expect([state.statements, state.feeds.length]).toEqual([1, 1]);
  clock.now = FIXTURE_NOW + 8 * HOUR;
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30", "2026-09-30"]);
  expect([state.statements, state.feeds.length]).toEqual([2, 2]);
  // The new answer is fresh for its own fixed lifetime: no request, not even the feed.
  clock.now = FIXTURE_NOW + 13 * HOUR;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 2]);
  // Past it, the answer holds the last quarter ended: no newer one can be filed before the next
  // ends (31 December), so nothing is asked until then.
  clock.now = FIXTURE_NOW + 14 * HOUR + MIN;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 2]);
  // From then on the feed is asked, from the day after the new quarter.
  clock.now = Date.UTC(2026, 11, 31, 0, 1);
  await quarters();
  expect(state.statements).toBe(2);
  expect(state.feeds.at(-1)).toBe("?limit=30&offset=0&since=2026-10-01");
});

test("a feed that fails says nothing: past the fixed lifetime the statement is fetched again", async () => {
  const { state, clock, rt, quarters } = setup();
  await quarters();
  state.feedFails = true;
  clock.now = FIXTURE_NOW + 6 * HOUR + MIN;
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30"]);
  expect([state.statements, state.feeds.length]).toEqual([2, 1]);
  expect(rt.staleCalls()).toEqual([]);
  // Within the fixed lifetime of that new answer, nothing is asked.
  clock.now += 5 * HOUR;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 1]);
});

test("VALUE's quarterly fields read QUARTERLY's request, and keep its lifetime", async () => {
  const { state, clock, rt } = setup();
  expect((await rt.run("VALUE", ["BBCA", "revenue", "-1"])).cells).toEqual([[6]]);
  clock.now = FIXTURE_NOW + 7 * HOUR;
  expect((await rt.run("VALUE", ["BBCA", "revenue", "-1"])).cells).toEqual([[6]]);
  expect([state.statements, state.feeds]).toEqual([1, ["?limit=30&offset=0&since=2026-07-01"]]);
});

test("the spec edition has no feed: its statements keep the fixed lifetime", async () => {
  const { state, clock, quarters } = setup("spec");
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30"]);
  clock.now = FIXTURE_NOW + 6 * HOUR - MIN;
  await quarters();
  expect(state.statements).toBe(1);
  clock.now = FIXTURE_NOW + 6 * HOUR + MIN;
  await quarters();
  expect([state.statements, state.feeds]).toEqual([2, []]);
});

test("a busy reporting season: the feed's pages are followed, and a company on a later page counts", async () => {
  const { state, clock, quarters } = setup();
  for (let i = 0; i < 40; i++) state.latest.set(`C${String(i).padStart(3, "0")}`, "2026-09-30");
  await quarters();
  clock.now = FIXTURE_NOW + 7 * HOUR;
  await quarters();
  expect(state.feeds).toEqual(["?limit=30&offset=0&since=2026-07-01", "?limit=30&offset=30&since=2026-07-01"]);
  expect(state.statements).toBe(1);
  // BBCA sorts after C039 here: on the second page.
  state.latest.delete("BBCA");
  state.latest.set("BBCA", "2026-09-30");
  clock.now = FIXTURE_NOW + 8 * HOUR;
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30", "2026-09-30"]);
  expect(state.statements).toBe(2);
});

test("feed pages shorter than asked, their next_offset past the rows sent: each page starts after the rows the last brought, so a company there counts", async () => {
  const { state, clock, quarters } = setup();
  state.feedPage = 20;
  await quarters();
  const more = (prefix: string, n: number) => {
    for (let i = 0; i < n; i++) state.latest.set(`${prefix}${String(i).padStart(3, "0")}`, "2026-09-30");
  };
  // BBCA's new quarter is the feed's 28th row: on the rows a next_offset of 30 would skip.
  more("C", 25);
  state.latest.delete("BBCA");
  state.latest.set("BBCA", "2026-09-30");
  more("D", 10);
  clock.now = FIXTURE_NOW + 7 * HOUR;
  expect(await quarters()).toEqual(["2026-03-31", "2026-06-30", "2026-09-30"]);
  expect(state.feeds).toEqual(["?limit=30&offset=0&since=2026-07-01", "?limit=30&offset=20&since=2026-07-01"]);
  expect(state.statements).toBe(2);
});

test("a column of companies: their statements of one quarter share one check of the feed", async () => {
  const { state, clock, rt } = setup();
  state.latest.set("BBRI", "2026-06-30");
  const column = () => rt.run("QUARTERLY", ["BBCA,BBRI,KOPI", 3]);
  await column();
  expect(state.statements).toBe(3);
  clock.now = FIXTURE_NOW + 7 * HOUR;
  await column();
  expect(state.statements).toBe(3);
  // BBCA and BBRI (2026-06-30) share since=2026-07-01; KOPI (2026-09-30) holds the last quarter
  // ended, which nothing newer can follow before 31 December: it asks nothing.
  expect(state.feeds).toEqual(["?limit=30&offset=0&since=2026-07-01"]);
});

test("a feed answer that aged past the hour elsewhere (a gateway's cache) is no check: the statement is fetched again", async () => {
  const { state, clock, quarters } = setup();
  await quarters();
  state.feedAge = 2 * 3600;
  clock.now = FIXTURE_NOW + 7 * HOUR;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 1]);
  // Half an hour old: a check of the last hour, dated from when it left the service.
  state.feedAge = 30 * 60;
  clock.now = FIXTURE_NOW + 14 * HOUR;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 2]);
  clock.now = FIXTURE_NOW + 14 * HOUR + 29 * MIN;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 2]);
  clock.now = FIXTURE_NOW + 14 * HOUR + 31 * MIN;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 3]);
});

test("after Recalculate MDQ cells the statement is fetched again without asking the feed", async () => {
  const { state, clock, rt, quarters } = setup();
  await quarters();
  clock.now = FIXTURE_NOW + 7 * HOUR;
  rt.refreshAll();
  clock.now += 1;
  await quarters();
  expect([state.statements, state.feeds.length]).toEqual([2, 0]);
});

test("a statement of the last quarter ended stays fresh across a reopen a day later with no request, and is fetched again once the feed shows a newer quarter", async () => {
  const store = mapStore();
  const live = service();
  live.state.latest.set("BBCA", "2026-09-30");
  const monday = setup("live", store, live);
  expect(await monday.quarters()).toEqual(["2026-03-31", "2026-06-30", "2026-09-30"]);
  expect(live.state.statements).toBe(1);
  // Excel closed and opened again the next day: a new runtime over the same stored answers.
  const tuesday = setup("live", store, live);
  tuesday.clock.now = FIXTURE_NOW + 24 * HOUR;
  expect(await tuesday.quarters()).toEqual(["2026-03-31", "2026-06-30", "2026-09-30"]);
  expect([live.state.statements, live.state.feeds.length]).toEqual([1, 0]);
  expect(tuesday.rt.stats()).toMatchObject({ requests: 0, credits: 0 });
  // In January, the quarter after has ended: the feed is asked, and while it does not list BBCA
  // the statement stands.
  const january = setup("live", store, live);
  january.clock.now = Date.UTC(2027, 0, 5, 3);
  await january.quarters();
  expect([live.state.statements, live.state.feeds]).toEqual([1, ["?limit=30&offset=0&since=2026-10-01"]]);
  // BBCA files its fourth quarter: past the hour of that check, the feed shows it and the
  // statement is fetched again.
  live.state.latest.set("BBCA", "2026-12-31");
  january.clock.now += HOUR;
  expect(await january.quarters()).toContain("2026-12-31");
  expect([live.state.statements, live.state.feeds.length]).toEqual([2, 2]);
});
