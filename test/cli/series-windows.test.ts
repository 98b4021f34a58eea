// Price history of any length through the built mdq command against the live sandbox, which keeps
// only the last 90 days of a longer window as the service does: a year of DAILY is every trading
// day of the sandbox's year (the same days its 90-day windows give one by one), in date order, each
// once, for one request per 90-day window; again from the cache, nothing; a week more, at most one
// request more; a window before the service's first day starts there with a note; one wider than
// ten years is refused naming its dates and its cost, before any request. period=monthly against
// the daily rows; layout=wide aligned by date; the same in the built Excel and Sheets bundles.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "../excel/load-bundle";
import { mdqJson } from "./mdq-json";

const KEY = "series-key-3c9";
let sandbox: Running;
beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
});
afterAll(() => sandbox.close());

const mdq = (args: string[], cacheDir?: string) =>
  mdqJson([
    ...args,
    "--base-url",
    sandbox.url,
    "--api-key",
    KEY,
    "--edition",
    "live",
    "--verbose",
    ...(cacheDir ? ["--cache-dir", cacheDir] : []),
  ]);
/** The requests a run sent, from its --verbose line. */
const requestsOf = (stderr: string) => Number(/mdq: (?:answered from the cache: )?(\d+) requests?/.exec(stderr)?.[1] ?? "NaN");

/** The sandbox's own days, as its 90-day windows give them one by one (each within the limit). */
async function sandboxDays(ticker: string, start: string, end: string): Promise<string[]> {
  const days: string[] = [];
  for (let from = Date.parse(start); from <= Date.parse(end); from += 60 * 86_400_000) {
    const to = Math.min(from + 59 * 86_400_000, Date.parse(end));
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const answer = await fetch(`${sandbox.url}/v2/daily/${ticker}/?start=${iso(from)}&end=${iso(to)}`, { headers: { Authorization: KEY } });
    days.push(...((await answer.json()) as Array<{ date: string }>).map((r) => r.date));
  }
  return days;
}

test("a year of DAILY: every trading day of the year, in order, each once, one request per 90-day window", async () => {
  const cache = mkdtempSync(join(tmpdir(), "mdq-series-"));
  const year = await mdq(["DAILY", "BBCA", "2024-01-01", "2024-12-31", "dates=text"], cache);
  expect(year.code).toBe(0);
  const [head, ...rows] = year.out as unknown[][];
  const dates = rows.map((r) => r[head.indexOf("date")] as string);
  expect(dates).toEqual(await sandboxDays("BBCA", "2024-01-01", "2024-12-31"));
  expect(new Set(dates).size).toBe(dates.length);
  expect(dates.length).toBeGreaterThan(230);
  expect([dates[0] <= "2024-01-05", dates[dates.length - 1] >= "2024-12-27"]).toEqual([true, true]);
  // The service's windows are 90 days, aligned on fixed days: 366 days touch 5 or 6 of them.
  expect([5, 6]).toContain(requestsOf(year.stderr));
  expect(year.stderr).not.toMatch(/note:/);

  const again = await mdq(["DAILY", "BBCA", "2024-01-01", "2024-12-31", "dates=text"], cache);
  expect(requestsOf(again.stderr)).toBe(0);
  expect(again.out).toEqual(year.out);

  const longer = await mdq(["DAILY", "BBCA", "2024-01-01", "2025-01-07", "dates=text"], cache);
  expect(requestsOf(longer.stderr)).toBeLessThanOrEqual(1);
  expect((longer.out as unknown[][]).slice(1, rows.length + 1)).toEqual(rows);
}, 120_000);

test("a window starting before the service's first day starts there, and says so", async () => {
  const out = await mdq(["INDEX", "lq45", "2018-06-01", "2019-03-01", "dates=text"]);
  expect(out.code).toBe(0);
  const rows = (out.out as unknown[][]).slice(1);
  expect(rows[0][1]).toBe("2019-01-02");
  expect(out.stderr).toContain("mdq: note: from 2019-01-02: the service has no data before (asked from 2018-06-01)");
});

test("a window wider than ten years, or ending before the first day, is refused before any request, naming its dates", async () => {
  const wide = await mdq(["DAILY", "BBCA", "2014-01-01", "2025-06-01"]);
  expect(wide.code).toBe(2);
  expect(wide.stderr).toMatch(
    /'start' \(2014-01-01\) to 'end' \(2025-06-01\) spans 4170 days, more than the 3653 one call takes \(about \d+ requests, \d+ credits; no request was sent\)/,
  );
  const early = await mdq(["IDX_TOTAL", "2019-01-01", "2020-06-30"]);
  expect(early.code).toBe(2);
  expect(early.stderr).toMatch(/'end' must be 2021-01-01 or later, the first day of the service's data \(got 2020-06-30\)/);
});

test("period=monthly over 2024: 12 rows, each the month's last daily close, the sum of its volume, dated by its last trading day", async () => {
  const daily = await mdq(["DAILY", "BBCA", "2024-01-01", "2024-12-31", "dates=text"]);
  const monthly = await mdq(["DAILY", "BBCA", "2024-01-01", "2024-12-31", "dates=text; period=monthly"]);
  const [head, ...days] = daily.out as unknown[][];
  const [mHead, ...months] = monthly.out as unknown[][];
  expect(mHead).toEqual(head);
  expect(months).toHaveLength(12);
  const at = (name: string) => head.indexOf(name);
  for (const [m, row] of months.entries()) {
    const inMonth = days.filter((d) => (d[at("date")] as string).startsWith(`2024-${String(m + 1).padStart(2, "0")}`));
    const last = inMonth[inMonth.length - 1];
    expect(row[at("date")]).toBe(last[at("date")]);
    expect(row[at("close")]).toBe(last[at("close")]);
    expect(row[at("volume")]).toBe(inMonth.reduce((s, d) => s + (d[at("volume")] as number), 0));
  }
  expect(monthly.stderr).not.toMatch(/note:/);
  // A window starting mid-month says that month's row covers part of it.
  const mid = await mdq(["DAILY", "BBCA", "2024-01-15", "2024-03-31", "period=monthly"]);
  expect(mid.stderr).toContain("mdq: note: 2024-01 runs 2024-01-01 to 2024-01-31, partly outside the window (2024-01-15 to 2024-03-31)");
}, 60_000);

test('INDEX "lq45,idx30" layout=wide: one date column, a column per index, aligned by date', async () => {
  const both = await mdq(["INDEX", "lq45,idx30", "2024-01-01", "2024-06-30", "dates=text; layout=wide"]);
  const [head, ...rows] = both.out as unknown[][];
  expect(head).toEqual(["date", "LQ45", "IDX30"]);
  const one = async (code: string) =>
    new Map(((await mdq(["INDEX", code, "2024-01-01", "2024-06-30", "dates=text"])).out as unknown[][]).slice(1).map((r) => [r[1], r[2]]));
  const [lq45, idx30] = [await one("lq45"), await one("idx30")];
  expect(rows.map((r) => r[0])).toEqual([...new Set([...lq45.keys(), ...idx30.keys()])].sort());
  for (const [date, a, b] of rows) expect([a, b]).toEqual([lq45.get(date) ?? null, idx30.get(date) ?? null]);
}, 60_000);

test("the same wide table, and the note as a last row, through the built Excel and Sheets bundles", async () => {
  const args = ["lq45,idx30", "2024-01-01", "2024-06-30", "dates=text; layout=wide"];
  const cli = (await mdq(["INDEX", ...args])).out;
  const excel = loadBundle(sandbox.url, { apiKey: KEY, stored: { [STORAGE_KEYS.edition]: "live" } });
  const sheets = loadScript({ baseUrl: sandbox.url, apiKey: KEY, edition: "live" });
  expect(await excel.call("INDEX", [["lq45"], ["idx30"]], "2024-01-01", "2024-06-30", "dates=text; layout=wide")).toEqual(cli);
  expect(
    JSON.parse(JSON.stringify(sheets.ctx.MDQ_INDEX([["lq45"], ["idx30"]], "2024-01-01", "2024-06-30", "dates=text; layout=wide"))),
  ).toEqual(cli);
  // Before the first day: from there, and a last row saying so (the command line says it on stderr).
  const early = (await excel.call("INDEX", "lq45", "2018-12-01", "2019-01-31", "dates=text")) as unknown[][];
  expect(early[1][1]).toBe("2019-01-02");
  expect(early[early.length - 1]).toEqual(["note: from 2019-01-02: the service has no data before (asked from 2018-12-01)", "", ""]);
  const inSheets = JSON.parse(JSON.stringify(sheets.ctx.MDQ_INDEX("lq45", "2018-12-01", "2019-01-31", "dates=text"))) as unknown[][];
  expect(inSheets[inSheets.length - 1][0]).toBe("note: from 2019-01-02: the service has no data before (asked from 2018-12-01)");
  const quiet = (await excel.call("INDEX", "lq45", "2018-12-01", "2019-01-31", "dates=text; notes=false")) as unknown[][];
  expect(quiet).toEqual(early.slice(0, -1));
}, 60_000);

/** Every function that takes a window of days (the feeds, FILINGS, NEWS, SUSPENSIONS and the SGX
 *  feeds, take their newest items up to a count instead; COMMODITY_PRICE takes years and refuses more than the
 *  service gives). */
const FEEDS = ["FILINGS", "NEWS", "SUSPENSIONS", "SGX_FILINGS", "SGX_NEWS", "SGX_SHORT_SELL", "SGX_BUYBACKS"];
const WINDOWED = CATALOGUE.filter((fn) => {
  const names = fn.args.map((a) => a.name);
  return names.includes("start") && names.includes("end") && !FEEDS.includes(fn.name);
});

test.each(WINDOWED.map((fn) => [fn.name, fn] as const))(
  "%s over 400 days: every day of the window, or refused naming its dates, or a note; never silently shorter",
  async (_, fn) => {
    const [start, end] = ["2024-01-01", "2025-02-03"];
    const args = fn.args.map((a, i) => (a.name === "start" ? start : a.name === "end" ? end : String(fn.example[i] ?? "")));
    const out = await mdq([fn.name, ...args, "dates=text"]);
    if (out.code === 2) {
      expect(out.stderr).toMatch(new RegExp(`'start' \\(${start}\\) to 'end' \\(${end}\\)`));
      return;
    }
    expect(out.code).toBe(0);
    const [head, ...rows] = out.out as unknown[][];
    const dates = rows.map((r) => String(r[head.indexOf("date")])).sort();
    const covered = dates[0] <= "2024-01-08" && dates[dates.length - 1] >= "2025-01-27";
    expect({ covered, noted: /mdq: note:/.test(out.stderr) }).toMatchObject(covered ? { covered: true } : { noted: true });
  },
  60_000,
);
