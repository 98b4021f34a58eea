// The server side of the formula builder's sidebar, through the built Apps Script bundle against the
// sandbox: MDQ > Formula builder shows the built page as a sidebar; mdqBuilderRun answers a
// preview with its cost (then from the cache, at no cost), explain, and a failure as a message;
// what goes back passes google.script.run's rules (no Date) and never holds the key;
// mdqBuilderInsert writes only MDQ formulas into the selected cell; mdqBuilderSelected reads it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_SHEETS, loadScript } from "../../scripts/harness/load-sheets";
import { illegalValue } from "../../scripts/harness/sidebar";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { sidebarCatalogue } from "../../src/sheets/page/catalogue";

const KEY = "sheets-sidebar-key-7e11";
let sandbox: Running;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

const script = () => loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });

test("MDQ > Formula builder shows the built Sidebar.html, titled, as a sidebar", () => {
  const { ctx, rec } = script();
  ctx.onOpen();
  expect(rec.menus[0].items).toContainEqual(["Formula builder", "mdqFormulaBuilder"]);
  ctx.mdqFormulaBuilder();
  expect(existsSync(join(DIST_SHEETS, "Sidebar.html"))).toBe(true);
  expect(rec.sidebars).toHaveLength(1);
  expect(rec.sidebars[0].title).toBe("MDQ formula builder");
  expect(rec.sidebars[0].content).toMatch(/^<!DOCTYPE html>/i);
  // The page never holds the key: it is HTML any editor's browser runs.
  expect(rec.sidebars[0].content).not.toContain(KEY);
});

test("a preview: the cells as a cell shows them, what it cost, then the same from the cache at no cost", () => {
  const { ctx, rec } = script();
  const first = ctx.mdqBuilderRun("QUARTERLY", ["BBCA", 4]);
  expect(illegalValue(first)).toBeUndefined();
  expect(first.error).toBeUndefined();
  expect(first.cells.length).toBeGreaterThan(3);
  expect(first.requests).toBe(1);
  expect(first.credits).toBeGreaterThan(0);
  expect(first.fromCache).toBe(false);
  expect(rec.requests).toHaveLength(1);
  const again = ctx.mdqBuilderRun("QUARTERLY", ["BBCA", 4]);
  expect(again.cells).toEqual(first.cells);
  expect([again.requests, again.credits, again.fromCache]).toEqual([0, 0, true]);
  expect(rec.requests).toHaveLength(1);
  // The cell that formula makes is answered from the same cache, and shows the same table (its
  // dates as Dates, which the page gets as their day in the spreadsheet's zone, Asia/Jakarta).
  const cell: unknown[][] = ctx.MDQ_QUARTERLY("BBCA", 4);
  expect(rec.requests).toHaveLength(1);
  const day = (v: unknown) =>
    Object.prototype.toString.call(v) === "[object Date]" ? new Date((v as Date).getTime() + 7 * 3600_000).toISOString().slice(0, 10) : v;
  expect(cell.some((row) => row.some((v) => day(v) !== v))).toBe(true);
  expect(first.cells).toEqual(cell.map((row) => row.map((v) => (v === "" ? null : day(v)))));
  expect(JSON.stringify([first, again])).not.toContain(KEY);
});

test("a preview says whether its first row is a header, and each cell's number format as Format results applies it", () => {
  const { ctx } = script();
  const statement = ctx.mdqBuilderRun("QUARTERLY", ["BBCA", 4]);
  expect(statement.headers).toBe(true);
  // One value has no header: the preview must not show it as one. Its format is the one Format
  // results gives the cell (a margin, which the provider sends as a fraction, as a percentage).
  const one = ctx.mdqBuilderRun("VALUE", ["BBCA", "net_margin"]);
  expect(one.error).toBeUndefined();
  expect(one.cells).toEqual([[expect.any(Number)]]);
  expect(one.headers).toBe(false);
  expect(one.formats).toEqual([["0.00%"]]);
  expect(illegalValue(one)).toBeUndefined();
});

test("explain: the options cell last, blanks between as Sheets passes them; the request, its fetch time and credits", () => {
  const { ctx } = script();
  const run = ctx.mdqBuilderRun("QUARTERLY", ["BBCA", 2, "", "", "explain=true"]);
  expect(run.error).toBeUndefined();
  const rows = Object.fromEntries(run.cells.filter((r: unknown[]) => r[0] !== "request").map((r: unknown[]) => [r[0], r[1]]));
  expect(run.cells.find((r: unknown[]) => r[0] === "request")?.[1]).toMatch(/^GET \/\S+BBCA/);
  expect(rows.fetched).toMatch(/^2025-06-30 03:00:\d\d UTC, from the service$/);
  // Nothing shared, no bookkeeping billed: the cell's credits are what the call sent.
  expect(rows["credits of this cell"]).toBe(run.credits);
  expect(JSON.stringify(run)).not.toContain(KEY);
});

test("a failure is the answer's message in Sheets' words, never an exception, never the key", () => {
  const { ctx } = script();
  const run = ctx.mdqBuilderRun("QUARTERLY", [`x${KEY}`]);
  expect(run.cells).toEqual([]);
  expect(run.error).toMatch(/^MDQ: /);
  expect(run.error).not.toContain(KEY);
  expect(ctx.mdqBuilderRun("NO_SUCH", []).error).toMatch(/^MDQ: .*NO_SUCH/);
  // Settings not made yet: the menu item that makes them is named.
  expect(loadScript().ctx.mdqBuilderRun("LIST", ["tags"]).error).toMatch(/^MDQ: no base URL is set\. Use the menu MDQ > Set base URL/);
});

test("Insert writes the formula into the selected cell; Selected reads it back", () => {
  const { ctx, rec } = script();
  rec.currentCell = "C3";
  expect(ctx.mdqBuilderSelected()).toEqual({ address: "Sheet1!C3", formula: "" });
  expect(ctx.mdqBuilderInsert('=MDQ_QUARTERLY("BBCA", 4)')).toEqual({ address: "Sheet1!C3" });
  expect(rec.formulas.get("Sheet1!C3")).toBe('=MDQ_QUARTERLY("BBCA", 4)');
  expect(ctx.mdqBuilderSelected()).toEqual({ address: "Sheet1!C3", formula: '=MDQ_QUARTERLY("BBCA", 4)' });
});

test.each(['=IMPORTXML("https://example.com", "//a")', "=A1+1", 'MDQ_LIST("tags")', "=mdq_list()"])(
  "Insert refuses %s: the sidebar writes MDQ formulas only",
  (formula) => {
    const { ctx, rec } = script();
    expect(() => ctx.mdqBuilderInsert(formula)).toThrow(/writes only MDQ formulas/);
    expect(rec.formulas.size).toBe(0);
  },
);

test("Read: a reference's values as the cell's call receives them, dates as their day, blanks as null", () => {
  const { ctx, rec, dateCell } = script();
  rec.cells.set("Sheet1!A1", "BBCA");
  rec.cells.set("Sheet1!B1", 4);
  rec.cells.set("Sheet1!A2", dateCell("2024-03-31"));
  expect(ctx.mdqBuilderRead("$A$1")).toBe("BBCA");
  expect(ctx.mdqBuilderRead("Sheet1!B1")).toBe(4);
  const rows = ctx.mdqBuilderRead("A1:B2");
  expect(illegalValue(rows)).toBeUndefined();
  expect(rows).toEqual([
    ["BBCA", 4],
    ["2024-03-31", null],
  ]);
  expect(() => ctx.mdqBuilderRead("=A1+1")).toThrow(/not a cell or range address/);
  expect(() => ctx.mdqBuilderRead("Nowhere!A1")).toThrow(/Range not found/);
});

test("a read-only spreadsheet refuses the insert with Google's exception", () => {
  const { ctx, rec } = script();
  rec.readOnly = true;
  expect(() => ctx.mdqBuilderInsert('=MDQ_LIST("tags")')).toThrow(/permission/);
});

describe("the built Sidebar.html", () => {
  const html = () => readFileSync(join(DIST_SHEETS, "Sidebar.html"), "utf8");

  test("one file: the catalogue as Sheets describes it (JSON) and the page's script, neither ending its element early", () => {
    const page = html();
    const scripts = [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(2);
    expect(page.match(/<\/script/gi)).toHaveLength(2);
    const catalogue = JSON.parse(scripts[0][1]);
    expect(catalogue).toEqual(JSON.parse(JSON.stringify(sidebarCatalogue())));
    expect(catalogue.functions.map((f: { name: string }) => f.name)).toEqual(CATALOGUE.map((f) => f.name));
    // The help Sheets users get with the custom functions' autocomplete.
    const quarterly = catalogue.functions.find((f: { name: string }) => f.name === "QUARTERLY");
    expect(quarterly.args[0].help).toMatch(/IDX ticker/);
    expect(quarterly.args[0].company).toBe("IDX");
  });

  test("the page's script is the builder and its host, no core module: the server runs the calls", () => {
    const script = [...html().matchAll(/<script>([\s\S]*?)<\/script>/gi)][0][1];
    expect(script).toContain("mdqBuilderRun");
    // The core's rows, zod and the executor stay on the server.
    expect(script).not.toMatch(/zod|fetchWithRetry|callFunction|UrlFetchApp/);
    expect(script.length).toBeLessThan(40_000);
  });
});

test("a search that finds no company says so, marked empty (the builder's 'no company matches'), not as a failure", () => {
  const { ctx } = script();
  const none = ctx.mdqBuilderRun("SEARCH", ["zzzz"]);
  expect(none).toMatchObject({ cells: [], empty: true });
  expect(none.error).toMatch(/no company matches 'zzzz'/);
  expect(ctx.mdqBuilderRun("QUARTERLY", ["ZZZZ"]).empty).toBeUndefined();
});
