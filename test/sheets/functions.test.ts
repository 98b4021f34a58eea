// Every catalogue function through the built script against the sandbox: the table a Sheets
// cell gets is the one the core makes from the same answer (run here in Node with fetch), and
// QUARTERLY is also checked against the sandbox's raw JSON.

import { loadScript, plain, type Script } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { midnightIn, shownIn } from "../../scripts/harness/zones";
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { EVERY_LIST_KIND } from "../live-api";

const KEY = "sheets-sandbox-key-41c7";
let sandbox: Running;
let live: Running;
let script: Script;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  live = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
  script = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
});
afterAll(() => Promise.all([sandbox.close(), live.close()]));

const serverOf = (edition: Edition) => (edition === "live" ? live : sandbox);

/** What Sheets shows for an ISO date or timestamp in the spreadsheet's zone (no daylight saving
 *  in Jakarta, the stand-in's zone): an oracle written apart from src/sheets/dates.ts. */
function sheetsDate(iso: string): Date | undefined {
  const zone = script.rec.timeZone;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return new Date(midnightIn(iso, zone));
  const naive = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(iso);
  if (naive)
    return new Date(midnightIn(naive[1], zone) + (Number(naive[2]) * 60 + Number(naive[3])) * 60_000 + Number(naive[4] ?? 0) * 1000);
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** The core's table in Node as a Sheets cell gets it (date columns as dates, the default there),
 *  blanks as Sheets shows them, and the requests it sent. */
async function expected(name: string, args: unknown[], edition: Edition = "spec") {
  let requests = 0;
  // A connection per request: the synchronous script before this call holds the event loop for
  // seconds (SEARCH's many lists), past the sandbox's keep-alive, and a pooled socket the server
  // closed meanwhile would fail ("other side closed") and be sent again, counted twice.
  const counting = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
    requests++;
    return fetch(url, { ...init, headers: { ...init.headers, connection: "close" } });
  };
  const result = await callAsync(
    functionNamed(name),
    args as never,
    { baseUrl: serverOf(edition).url, apiKey: KEY, edition },
    fetchHost(counting as never, { datesByDefault: true }),
    sheetsDate,
  );
  return { cells: plain(result.cells.map((row) => row.map((c) => (c === null ? "" : c)))), requests };
}

const offered = [
  ...CATALOGUE.flatMap((fn) => EDITIONS.filter((e) => fn.editions[e]).map((e) => [fn.name, e, fn.example] as const)),
  // LIST's kinds in the live edition, each a path of its own.
  ...EVERY_LIST_KIND.map((args) => ["LIST", "live" as Edition, args] as const),
];

test.each(offered)("MDQ_%s(example), %s edition, returns the core's table with the core's requests", async (name, edition, example) => {
  // A fresh script each: GET's example asks for the same URL as LIST's and would hit the cache.
  const { ctx, rec } = loadScript({ baseUrl: serverOf(edition).url, apiKey: KEY, edition });
  const cells = ctx[`MDQ_${name}`](...example);
  const core = await expected(name, [...example], edition);
  expect(rec.requests).toHaveLength(core.requests);
  expect(Array.isArray(cells)).toBe(true);
  const width = cells[0].length;
  for (const row of cells) expect(row).toHaveLength(width);
  expect(cells.length).toBeGreaterThan(name === "VALUE" ? 0 : 1); // VALUE: one value, no header
  expect(plain(cells)).toEqual(core.cells);
});

test.each(CATALOGUE.flatMap((fn) => EDITIONS.filter((e) => !fn.editions[e]).map((e) => [fn.name, e, fn.example] as const)))(
  "MDQ_%s in the %s edition: the not-offered message, nothing sent",
  (name, edition, example) => {
    const { errorOf, rec } = loadScript({ baseUrl: serverOf(edition).url, apiKey: KEY, edition });
    expect(errorOf(`MDQ_${name}`, ...example)).toMatch(
      new RegExp(`^MDQ: ${name} is not offered by the ${edition} edition of the service\\. .*MDQ > Set edition`),
    );
    expect(rec.requests).toHaveLength(0);
  },
);

test("QUARTERLY spills the statement: field names down, quarters across, oldest left", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const cells = ctx.MDQ_QUARTERLY("BBCA", 4);
  const raw = JSON.parse(rec.bodies[0]) as Array<Record<string, unknown>>;
  const byDate = [...raw].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  // The quarter-end dates as Dates, each that day's midnight in the spreadsheet's zone.
  expect(plain(cells[0])).toEqual(["date", ...byDate.map((q) => sheetsDate(String(q.date))?.toISOString())]);
  expect(cells.length).toBeGreaterThan(10);
  const revenue = cells.find((row: unknown[]) => row[0] === "revenue");
  expect(revenue.slice(1)).toEqual(byDate.map((q) => (q.revenue === null ? "" : Number(q.revenue))));
  expect(byDate).toHaveLength(4);
});

test("date cells are accepted as arguments, as Sheets passes them", () => {
  // 90 days: the service's window, one request as asked.
  const asText = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-30");
  const { ctx, rec, dateCell } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const asDates = ctx.MDQ_INDEX("lq45", dateCell("2024-01-01"), dateCell("2024-03-30"));
  expect(plain(asDates)).toEqual(plain(asText));
  expect(rec.requests[0].url).toMatch(/end=2024-03-30.*start=2024-01-01/);
});

test("with no option, as with dates=date, date columns hold Date values at midnight of that day in the spreadsheet's zone", () => {
  const cells = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31");
  expect(plain(script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31", "dates=date"))).toEqual(plain(cells));
  const dateColumn = cells[0].indexOf("date");
  expect(dateColumn).toBeGreaterThanOrEqual(0);
  const first = cells[1][dateColumn];
  expect(Object.prototype.toString.call(first)).toBe("[object Date]");
  const text = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31", "dates=text")[1][dateColumn];
  expect(shownIn(first.getTime(), script.rec.timeZone)).toBe(`${text} 00:00`);
});

test("the options argument works as text and as a two-column range", () => {
  const text = script.ctx.MDQ_QUARTERLY("BBCA", 2, "", "", "orient=rows; fields=date,revenue; headers=false");
  const range = script.ctx.MDQ_QUARTERLY("BBCA", 2, "", "", [
    ["orient", "rows"],
    ["fields", "date,revenue"],
    ["headers", false],
  ]);
  expect(plain(range)).toEqual(plain(text));
  expect(text).toHaveLength(2);
  expect(text[0]).toHaveLength(2);
});

test("a range of tickers is a list argument", () => {
  const cells = script.ctx.MDQ_NEWS([["BBCA"], ["TLKM"], [""]], "", "", "n=5");
  expect(plain(cells)).toEqual(plain(script.ctx.MDQ_NEWS("BBCA,TLKM", "", "", "n=5")));
});
