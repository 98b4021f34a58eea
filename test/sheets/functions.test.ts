// Every catalogue function through the built script against the sandbox: the table a Sheets
// cell gets is the one the core makes from the same answer (run here in Node with fetch), and
// QUARTERLY is also checked against the sandbox's raw JSON.

import { loadScript, plain, type Script } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { CATALOGUE } from "../../shared/catalogue";
import { callAsync, fetchHost } from "../../shared/fetch-transport";

const KEY = "sheets-sandbox-key-41c7";
let sandbox: Running;
let script: Script;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  script = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
});
afterAll(() => sandbox.close());

/** The core's table in Node, blanks as Sheets shows them. */
async function expected(name: string, args: unknown[]): Promise<unknown[][]> {
  const result = await callAsync(name, args as never, { baseUrl: sandbox.url, apiKey: KEY }, fetchHost(fetch));
  return result.cells.map((row) => row.map((c) => (c === null ? "" : c)));
}

test.each(CATALOGUE.map((fn) => [fn.name, fn.example] as const))("MDQ_%s(example) returns the core's table", async (name, example) => {
  // A fresh script each: GET's example asks for the same URL as LIST's and would hit the cache.
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const cells = ctx[`MDQ_${name}`](...example);
  expect(rec.requests).toHaveLength(1);
  expect(Array.isArray(cells)).toBe(true);
  const width = cells[0].length;
  for (const row of cells) expect(row).toHaveLength(width);
  expect(cells.length).toBeGreaterThan(1);
  expect(plain(cells)).toEqual(await expected(name, [...example]));
});

test("QUARTERLY spills the statement: field names down, quarters across, oldest left", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const cells = ctx.MDQ_QUARTERLY("BBCA", 4);
  const raw = JSON.parse(rec.bodies[0]) as Array<Record<string, unknown>>;
  const byDate = [...raw].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  expect(cells[0]).toEqual(["date", ...byDate.map((q) => q.date)]);
  expect(cells.length).toBeGreaterThan(10);
  const revenue = cells.find((row: unknown[]) => row[0] === "revenue");
  expect(revenue.slice(1)).toEqual(byDate.map((q) => (q.revenue === null ? "" : Number(q.revenue))));
  expect(byDate).toHaveLength(4);
});

test("date cells are accepted as arguments, as Sheets passes them", () => {
  const asText = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31");
  const { ctx, rec, evaluate } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const asDates = ctx.MDQ_INDEX("lq45", evaluate("new Date(2024, 0, 1)"), evaluate("new Date(2024, 2, 31)"));
  expect(plain(asDates)).toEqual(plain(asText));
  expect(rec.requests[0].url).toMatch(/end=2024-03-31.*start=2024-01-01/);
});

test("dates=date gives Date values in date columns, at midnight of that day", () => {
  const cells = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31", "dates=date");
  const dateColumn = cells[0].indexOf("date");
  expect(dateColumn).toBeGreaterThanOrEqual(0);
  const first = cells[1][dateColumn];
  expect(Object.prototype.toString.call(first)).toBe("[object Date]");
  const text = script.ctx.MDQ_INDEX("lq45", "2024-01-01", "2024-03-31")[1][dateColumn];
  expect([first.getFullYear(), first.getMonth() + 1, first.getDate(), first.getHours()]).toEqual([...text.split("-").map(Number), 0]);
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
