// The task pane's formula builder and "Explain this cell" in headless Chromium: the built
// dist/excel (taskpane.html with functions.js, taskpane.js and the builder.js it injects), the
// office.js stand-in's worksheet, and the sandbox's live edition. Issue 29's Done-when: QUARTERLY,
// "central" typed in its ticker and Bank Central Asia picked, a preview of the first rows with its
// cost, Insert writing =MDQ.QUARTERLY("BBCA", 4) to the active cell, the cell reopening the
// builder on its arguments; and explain on a VALUE cell.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { API_KEY, leaksKey } from "../../scripts/harness/fault-server";
import { buildQuarterly, explainCell, openSection, pickCompany, preview, selectCell, useService } from "../../scripts/harness/pane-stages";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./browser";

let browser: Browser;
let page: Page;
let sandbox: Sandbox;
let site: { url: string; close(): Promise<void> };
/** Every URL the page asked for, in order. */
const asked: string[] = [];
/** The sandbox's API paths the page asked for (no static files). */
const apiCalls = () => asked.filter((u) => u.startsWith(sandbox.url)).map((u) => u.slice(sandbox.url.length));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: "127.0.0.1", apiKey: API_KEY, edition: "live" });
  site = await serveDirectory(DIST_EXCEL);
  browser = await launchChromium();
  page = await openTaskPane(browser, site.url);
  page.on("request", (r) => asked.push(r.url()));
  await useService(page, sandbox.url, API_KEY);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

const mdq = <T>(read: string) =>
  page.evaluate((path) => path.split(".").reduce((o: any, k) => o?.[k], (window as any).__mdq), read) as Promise<T>;

test("the runtime page starts without the builder: builder.js is asked for once, when a section is first opened", async () => {
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.getAttribute("src")))).not.toContain("builder.js");
  expect(asked.filter((u) => u.endsWith("/builder.js"))).toEqual([]);
  await openSection(page, "builderSection");
  await openSection(page, "explainSection");
  expect(asked.filter((u) => u.endsWith("/builder.js"))).toHaveLength(1);
  // Opening the builder costs nothing: no list nor search is asked before a field is used.
  expect(apiCalls()).toEqual([]);
  // Help comes from functions.json, grouped by market.
  const groups = await page.$$eval("#builder-function optgroup", (gs) => gs.map((g) => (g as HTMLOptGroupElement).label));
  expect(groups).toEqual([
    "Indonesia (IDX)",
    "Singapore (SGX)",
    "Malaysia (KLSE)",
    "Indonesian mining and commodities",
    "Lists and any path",
  ]);
});

test("the function list is searchable: typing narrows it, and the first match is chosen", async () => {
  await page.fill("#builder-search", "quarterly statements");
  const shown = await page.$$eval("#builder-function option", (os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(shown).toContain("QUARTERLY");
  expect(shown).not.toContain("INDEX");
  expect(await page.inputValue("#builder-function")).toBe(shown[0]);
  await page.fill("#builder-search", "");
  expect(await page.$$eval("#builder-function option", (os) => os.length)).toBeGreaterThan(50);
});

test("QUARTERLY, central, Bank Central Asia, preview with its cost, Insert; the cell reopens the builder on its arguments", async () => {
  const before = apiCalls().length;
  const { searched, cost } = await buildQuarterly(page);
  // An IDX ticker searches IDX's companies: the day's first search read that list (one page), and
  // says what it cost.
  expect(searched).toBe("Reading the company lists cost 1 request, 1 credit; they are kept a day, so searching again is free.");
  expect(await page.inputValue('#builder [data-arg="ticker"]')).toBe("BBCA");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  // The help of the argument, from functions.json.
  expect(await page.textContent("#builder .fields")).toContain("IDX ticker, e.g. BBCA (required).");
  // The preview: the statement's first rows and what it cost, before anything is written.
  // One request, billed per quarter returned.
  expect(cost).toMatch(/^Cost: 1 request, 4 credits\. The first 10 rows of \d+\.$/);
  expect(
    apiCalls()
      .slice(before)
      .filter((p) => p.startsWith("/v2/financials/quarterly/BBCA/")),
  ).toHaveLength(1);
  const header = await page.$$eval("#builder-preview-table th", (ths) => ths.map((th) => th.textContent));
  // The statement: a column of field names, then one per quarter, newest first.
  expect(header).toHaveLength(5);
  expect(header.slice(1).every((h) => /^\d{4}-\d\d-\d\d$/.test(h ?? ""))).toBe(true);
  const rows = await page.$$eval("#builder-preview-table tbody tr", (trs) => trs.length);
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(10);
  // Amounts as the sheet shows them, with thousands separators (BBCA's quarterly revenue is tens
  // of trillions of rupiah), right-aligned; the symbol as text.
  const row = (field: string) =>
    page.$$eval(
      "#builder-preview-table tbody tr",
      (trs, f) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")).find((r) => r[0] === f) ?? [],
      field,
    );
  const revenue = (await row("revenue")).slice(1);
  expect(revenue).toHaveLength(4);
  for (const amount of revenue) expect(amount).toMatch(/^[1-9]\d{0,2}(,\d{3}){4}$/);
  expect((await row("symbol")).slice(1)).toEqual(["BBCA.JK", "BBCA.JK", "BBCA.JK", "BBCA.JK"]);
  expect(await page.$$eval("#builder-preview-table tbody tr td.number", (tds) => tds.length)).toBeGreaterThan(0);
  // The counters of "This session" hold the search and the preview, said as the pane's own.
  await page.waitForFunction(() => /preview/.test(document.getElementById("paneSpent")?.textContent ?? ""));
  expect(Number(await page.textContent("#requests"))).toBeGreaterThanOrEqual(2);
  expect(Number(await page.textContent("#credits"))).toBeGreaterThanOrEqual(5);
  expect(await page.textContent("#paneSpent")).toBe(
    "2 requests, 5 credits: company search 1 request, 1 credit; preview 1 request, 4 credits",
  );
  expect(await mdq<unknown[]>("formulaWrites")).toEqual([]);
  expect(await page.textContent("#builder-insert")).toBe("Insert into B2");
  await page.click("#builder-insert");
  await page.waitForFunction(() => (window as any).__mdq.formulaWrites.length === 1);
  expect(await mdq("cells.B2")).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  expect(await page.textContent("#builder-note")).toBe("Inserted into B2.");
  // The answer is kept: the same preview again costs nothing.
  expect(await preview(page)).toMatch(/^Cost: 0 — answered from the cache\. /);

  // Elsewhere, another function; back on B2, the builder is on B2's call again.
  await selectCell(page, "C5");
  await page.waitForFunction(() => document.getElementById("builder-insert")!.textContent === "Insert into C5");
  await page.selectOption("#builder-function", "INDEX");
  await selectCell(page, "B2");
  await page.waitForFunction(() => (document.getElementById("builder-function") as HTMLSelectElement).value === "QUARTERLY");
  expect(await page.inputValue('#builder [data-arg="ticker"]')).toBe("BBCA");
  expect(await page.inputValue('#builder [data-arg="n_quarters"]')).toBe("4");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  expect(await page.textContent("#builder-note")).toBe("B2 holds QUARTERLY: its arguments are in the fields.");
});

test("an SGX company is found by its name, and its symbol written as text (D05 is also a cell's address)", async () => {
  await selectCell(page, "C7");
  await page.selectOption("#builder-function", "SGX_REPORT");
  // The first SGX search reads SGX's list and says so; the list is kept, so the next one is free.
  expect(await pickCompany(page, "symbol", "dbs", "DBS Group")).toMatch(/^Reading the company lists cost 1 request, /);
  expect(await pickCompany(page, "symbol", "dbs gr", "DBS Group")).toBeNull();
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.SGX_REPORT("D05")');
  await page.click("#builder-insert");
  await page.waitForFunction(() => (window as any).__mdq.cells.C7 === '=MDQ.SGX_REPORT("D05")');
});

test("the company list is kept to the keyboard too: arrows move, Enter picks, Escape closes", async () => {
  await selectCell(page, "C8");
  await page.selectOption("#builder-function", "KLSE_REPORT");
  const field = '#builder [data-arg="ticker"]';
  await page.fill(field, "");
  await page.type(field, "malayan");
  await page.waitForSelector("#companies-ticker li[role=option]");
  const first = await page.getAttribute("#companies-ticker li[role=option]", "data-symbol");
  await page.press(field, "ArrowDown");
  expect(await page.getAttribute("#companies-ticker li[aria-selected=true]", "data-symbol")).toBe(first);
  await page.press(field, "Enter");
  expect(await page.inputValue(field)).toBe(first);
  expect(await page.isHidden("#companies-ticker")).toBe(true);
  expect(first).toBe("1155");
  // A symbol from the search is text, whatever its shape.
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.KLSE_REPORT("1155")');
  await page.type(field, "x");
  await page.waitForSelector("#companies-ticker li");
  await page.press(field, "Escape");
  expect(await page.isHidden("#companies-ticker")).toBe(true);
});

test("a name typed and not picked: Insert resolves it to the search's top match and says so; Enter and Tab take the top match", async () => {
  await selectCell(page, "C10");
  await page.selectOption("#builder-function", "QUARTERLY");
  const field = '#builder [data-arg="ticker"]';
  await page.fill(field, "telkom");
  await page.fill('#builder [data-arg="n_quarters"]', "4");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.QUARTERLY("telkom", 4)');
  await page.click("#builder-insert");
  await page.waitForFunction(() => (window as any).__mdq.cells.C10 !== undefined);
  expect(await mdq("cells.C10")).toBe('=MDQ.QUARTERLY("TLKM", 4)');
  const note = (await page.textContent("#builder-note")) ?? "";
  expect(note.startsWith('ticker "telkom" is TLKM (Telkom Indonesia')).toBe(true);
  expect(note.endsWith("), the company search's top match. Inserted into C10.")).toBe(true);
  expect(await page.inputValue(field)).toBe("TLKM");

  // Enter, or Tab, before the list is shown: the first company the search finds.
  for (const key of ["Enter", "Tab"]) {
    await page.fill(field, "");
    await page.type(field, "telkom");
    await page.press(field, key);
    await page.waitForFunction((f) => (document.querySelector(f) as HTMLInputElement).value === "TLKM", field);
    expect(await page.textContent("#builder-formula")).toBe('=MDQ.QUARTERLY("TLKM", 4)');
  }
});

test("a name no company matches is not inserted, and the note says why", async () => {
  await selectCell(page, "C11");
  const field = '#builder [data-arg="ticker"]';
  await page.fill(field, "zzzz");
  const writes = (await mdq<unknown[]>("formulaWrites")).length;
  await page.click("#builder-insert");
  await page.waitForFunction(() => /^Not inserted/.test(document.getElementById("builder-note")?.textContent ?? ""));
  expect(await page.textContent("#builder-note")).toBe(
    'Not inserted: no company matches "zzzz" (ticker). Type part of a company\'s name or ticker and pick one from the list.',
  );
  expect(await mdq<unknown[]>("formulaWrites")).toHaveLength(writes);
  expect(await mdq("cells.C11")).toBeUndefined();
});

test("a symbol the service answers shaped like another workbook's reference is inserted as quoted text", async () => {
  const hostile = String.raw`'\\h\x\[a.xlsx]S'!A1`;
  // The mining companies' list answers one company under that symbol.
  await page.route(
    (url) => url.href.startsWith(sandbox.url) && url.pathname === "/v2/mining/companies/",
    async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as unknown;
      const list = Array.isArray(json) ? json : (Object.values(json as object).find(Array.isArray) as Record<string, unknown>[]);
      Object.assign(list[0], {
        slug: hostile,
        symbol: hostile,
        ticker: hostile,
        name: "Hostile Symbol Mining",
        company_name: "Hostile Symbol Mining",
      });
      await route.fulfill({ response, json });
    },
  );
  await selectCell(page, "C12");
  await page.selectOption("#builder-function", "MINING_COMPANY");
  await pickCompany(page, "company", "hostile symbol", "Hostile Symbol Mining");
  expect(await page.inputValue('#builder [data-arg="company"]')).toBe(hostile);
  const quoted = `=MDQ.MINING_COMPANY("${hostile}")`;
  expect(await page.textContent("#builder-formula")).toBe(quoted);
  await page.click("#builder-insert");
  await page.waitForFunction(() => (window as any).__mdq.cells.C12 !== undefined);
  expect(await mdq("cells.C12")).toBe(quoted);
  expect(await page.textContent("#builder-note")).toBe("Inserted into C12.");
});

test("a preview reads the cells the formula names, as the formula will", async () => {
  await page.evaluate(() => ((window as any).__mdq.cells.A8 = "BBRI"));
  await selectCell(page, "C9");
  await page.selectOption("#builder-function", "QUARTERLY");
  await page.fill('#builder [data-arg="ticker"]', "A8");
  await page.fill('#builder [data-arg="n_quarters"]', "2");
  expect(await page.textContent("#builder-formula")).toBe("=MDQ.QUARTERLY(A8, 2)");
  const before = apiCalls().length;
  expect(await preview(page)).toMatch(/^Cost: 1 request, 2 credits\. /);
  expect(
    apiCalls()
      .slice(before)
      .filter((p) => p.startsWith("/v2/financials/quarterly/")),
  ).toEqual([expect.stringMatching(/^\/v2\/financials\/quarterly\/BBRI\//)]);
});

test("one value previews as a cell shows it: no header row, a margin as a percentage", async () => {
  await selectCell(page, "C10");
  await page.selectOption("#builder-function", "VALUE");
  await page.fill('#builder [data-arg="key"]', "BBCA");
  await page.fill('#builder [data-arg="field"]', "net_margin");
  expect(await preview(page)).toMatch(/^Cost: \d+ requests?, \d+ credits?\. 1 row\.$/);
  expect(await page.$$eval("#builder-preview-table th", (ths) => ths.length)).toBe(0);
  expect(await page.$$eval("#builder-preview-table td", (tds) => tds.map((td) => td.textContent))).toEqual([
    expect.stringMatching(/^\d+\.\d\d%$/),
  ]);
});

test("a KLSE sector argument offers the service's own list, asked once, when the field is first used", async () => {
  await page.selectOption("#builder-function", "KLSE_TOP");
  const sectors = () => apiCalls().filter((p) => p.startsWith("/v2/klse/sectors/"));
  const before = sectors().length;
  await page.focus('#builder [data-arg="sector"]');
  await page.waitForFunction(() => document.querySelectorAll("#suggest-arg-sector option").length > 0);
  const offered = await page.$$eval("#suggest-arg-sector option", (os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toContain("financials");
  expect(sectors().length - before).toBeLessThanOrEqual(1);
});

test("explain on a VALUE cell: the quarter used, its request, when it was fetched, how long it stays fresh, its credits; never the key", async () => {
  const rows = await explainCell(page, "D1", '=MDQ.VALUE("BBCA", "revenue")');
  const row = (what: string) => rows.filter((r) => r[0] === what).map((r) => r[1]);
  // The call in words: not the reach the cells of BBCA's dataset share (shared/catalogue/value-gathering.ts).
  expect(row("call")).toEqual(["VALUE of key BBCA, field revenue"]);
  expect(JSON.stringify(rows)).not.toContain("cover");
  // The value as Excel shows an amount, with thousands separators.
  expect(row("value")[0]).toMatch(/^\d{1,3}(,\d{3})+$/);
  // The server's edition is bookkeeping, listed apart once, never one of the cell's requests.
  expect(row("request").some((r) => r.includes("/v1/subsectors/"))).toBe(false);
  expect(row("bookkeeping").filter((r) => r.includes("/v1/subsectors/")).length).toBeLessThanOrEqual(1);
  // The quarter the value came from, by its name and date.
  expect(row("source")[0]).toMatch(/^BBCA's quarterly statements: revenue at (CY)?\d{4}Q[1-4] \(dated \d{4}-\d\d-\d\d\)/);
  expect(row("stale")).toEqual(["no: every answer above is within its freshness"]);
  expect(row("request")).toContain("GET /v2/financials/quarterly/BBCA/?n_quarters=1");
  expect(row("fetched")[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, from the (service|cache)$/);
  expect(row("fresh until")[0]).toMatch(/UTC$/);
  expect(row("credits of this cell")).toHaveLength(1);
  // Explain's call is the pane's own, counted and named in "This session".
  expect(await page.textContent("#paneSpent")).toMatch(/; explain \d+ requests?, \d+ credits?$/);
  expect(leaksKey(await page.evaluate(() => document.body.innerText), API_KEY)).toBe(false);
});

test("explain of a cell whose request reaches further to share it: the cell's share beside the whole, in the table and the note", async () => {
  // cover=8 as the gatherer sets it for a company's cells: the latest 8 quarters, of which 2024Q4 is one.
  const rows = await explainCell(page, "D4", '=MDQ.VALUE("BBRI", "revenue", "2024Q4", "cover=8")');
  const row = (what: string) => rows.filter((r) => r[0] === what).map((r) => r[1]);
  expect(row("shared")).toEqual(["with BBRI's other cells: this cell needs 1 of the 8 quarters"]);
  expect(row("whole request")[0]).toMatch(/^\d+ credits?, paid once for all the cells that use it$/);
  expect(row("credits")).toContain("1, this cell's share");
  expect(JSON.stringify(rows)).not.toContain("cover");
  const own = Number(row("credits of this cell")[0]);
  expect(await page.textContent("#explain-note")).toMatch(
    new RegExp(
      `^Explaining sent \\d+ requests?, \\d+ credits? in all, shared requests and bookkeeping counted whole; this cell's own: ${own} \\(see the table\\)\\.$`,
    ),
  );
});

test("explain reads the cells a formula names; a cell without an MDQ formula is said so", async () => {
  await page.evaluate(() => ((window as any).__mdq.cells.A9 = "BBCA"));
  const rows = await explainCell(page, "D2", '=MDQ.VALUE(A9, "revenue")');
  expect(rows.find((r) => r[0] === "call")?.[1]).toBe("VALUE of key BBCA, field revenue");
  expect(await explainCell(page, "D3", "=SUM(A1:A2)")).toEqual([]);
  expect(await page.textContent("#explain-note")).toBe("Sheet1!D3 holds no MDQ formula: select a cell whose formula is one MDQ call.");
});
