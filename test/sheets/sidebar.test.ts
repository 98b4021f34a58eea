// The formula builder's sidebar, end to end in real Chromium: the BUILT Apps Script bundle
// (dist/sheets/Code.js) in the stand-in, MDQ > Formula builder showing the built Sidebar.html,
// google.script.run bridged to the script's server functions (scripts/harness/sidebar.ts), the
// sandbox behind them. QUARTERLY with Bank Central Asia picked by typing "central", its preview and
// cost before anything is written, Insert into the selected cell, the builder reopening on that
// cell, and explain on a VALUE cell. The key never reaches the page.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { loadScript, type Script } from "../../scripts/harness/load-sheets";
import { openSidebar, type Sidebar } from "../../scripts/harness/sidebar";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { SELECTION_POLL_MS } from "../../src/sheets/page/host";

const KEY = "sheets-sidebar-e2e-key-91ab";
const WAIT_MS = 20_000;
let sandbox: Running;
let browser: Browser;
let script: Script;
let sidebar: Sidebar;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  browser = await launchChromium();
  script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  script.open();
  script.ctx.mdqFormulaBuilder();
  sidebar = await openSidebar(browser, script, { fakeClock: true });
  page = sidebar.page;
  await page.waitForSelector("body[data-ready=true]", { timeout: WAIT_MS });
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** Wait (bounded) until the script has done something the page asked for. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`never happened: ${what}`);
}

/** Let the page's selection poll ask the script once more. */
const poll = () => page.clock.fastForward(SELECTION_POLL_MS);

test("QUARTERLY: type 'central', pick Bank Central Asia, preview and cost, then Insert into the selected cell", async () => {
  script.rec.currentCell = "B2";
  await poll();
  await page.waitForFunction(() => /B2/.test(document.getElementById("builder-insert")?.textContent ?? ""), undefined, {
    timeout: WAIT_MS,
  });
  await page.selectOption("#builder-function", "QUARTERLY");
  const ticker = page.locator('[data-arg="ticker"]');
  await ticker.fill("central");
  await page.clock.fastForward(1000); // the picker's pause after typing
  const first = page.locator('[role="listbox"] li[role="option"]').first();
  await first.waitFor({ timeout: WAIT_MS });
  expect(await first.getAttribute("data-symbol")).toBe("BBCA");
  expect(await first.textContent()).toMatch(/Bank Central Asia/i);
  await first.dispatchEvent("mousedown");
  expect(await ticker.inputValue()).toBe("BBCA");
  await page.fill('[data-arg="n_quarters"]', "4");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ_QUARTERLY("BBCA", 4)');

  const before = script.rec.requests.length;
  await page.click("#builder-preview");
  await page.waitForFunction(() => /^Cost: /.test(document.getElementById("builder-cost")?.textContent ?? ""), undefined, {
    timeout: WAIT_MS,
  });
  // The preview's own request and what it costs, shown before anything is written.
  expect(await page.textContent("#builder-cost")).toMatch(/^Cost: 1 request, [1-9]\d* credits?\./);
  expect(script.rec.requests.length).toBe(before + 1);
  expect(await page.locator("#builder-preview-table tbody tr").count()).toBeGreaterThan(2);
  expect(script.rec.formulas.size).toBe(0);

  await page.click("#builder-insert");
  await until(() => script.rec.formulas.has("Sheet1!B2"), "the formula written to B2");
  expect(script.rec.formulas.get("Sheet1!B2")).toBe('=MDQ_QUARTERLY("BBCA", 4)');
  // The cell it made is answered from the cache the preview filled.
  script.ctx.MDQ_QUARTERLY("BBCA", 4);
  expect(script.rec.requests.length).toBe(before + 1);
});

test("selecting the cell again reopens the builder on its function and arguments", async () => {
  script.rec.currentCell = "E9";
  await poll();
  await page.waitForFunction(() => /E9/.test(document.getElementById("builder-insert")?.textContent ?? ""), undefined, {
    timeout: WAIT_MS,
  });
  await page.selectOption("#builder-function", "LIST");
  script.rec.currentCell = "B2";
  await poll();
  await page.waitForFunction(() => (document.getElementById("builder-function") as HTMLSelectElement).value === "QUARTERLY", undefined, {
    timeout: WAIT_MS,
  });
  expect(await page.inputValue('[data-arg="ticker"]')).toBe("BBCA");
  expect(await page.inputValue('[data-arg="n_quarters"]')).toBe("4");
  expect(await page.textContent("#builder-note")).toMatch(/B2 holds QUARTERLY/);
});

/** Explain the selected cell; the table's rows as [what, detail]. */
async function explainRows(): Promise<string[][]> {
  await page.evaluate(() => document.getElementById("explain-table")?.replaceChildren());
  await page.click("#explain-run");
  await page.waitForSelector("#explain-table tr", { timeout: WAIT_MS });
  return page.$$eval("#explain-table tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? "")));
}

test("explain on a VALUE cell: the statement and quarter used, the request, its fetch time and its credits", async () => {
  script.rec.formulas.set("Sheet1!D4", '=MDQ_VALUE("BBCA", "revenue", -1)');
  script.rec.currentCell = "D4";
  await poll();
  await page.waitForFunction(() => /D4: =MDQ_VALUE/.test(document.getElementById("explain-cell")?.textContent ?? ""), undefined, {
    timeout: WAIT_MS,
  });
  const rows = await explainRows();
  const detail = (what: string) => rows.filter((r) => r[0] === what).map((r) => r[1]);
  expect(detail("call")[0]).toMatch(/^VALUE\(key=BBCA, field=revenue, period=-1/);
  // Where the value is: the company's quarterly statements, the latest quarter's row.
  expect(detail("source")[0]).toMatch(/^BBCA's quarterly statements, the row of the latest: revenue/);
  expect(detail("request")[0]).toMatch(/^GET \/\S*BBCA/);
  expect(detail("fetched")[0]).toMatch(/^2025-06-30 \d\d:\d\d:\d\d UTC, from the service$/);
  expect(Number(detail("credits of this call")[0])).toBeGreaterThan(0);
  expect(await page.textContent("#explain-cell")).toBe('Sheet1!D4: =MDQ_VALUE("BBCA", "revenue", -1)');
});

test("explain reads the cells a formula refers to, as the cell's call receives them", async () => {
  script.rec.cells.set("Sheet1!A7", "BBCA");
  script.rec.cells.set("Sheet1!B6", "revenue");
  script.rec.formulas.set("Sheet1!B7", "=MDQ_VALUE($A7, B$6, -1)");
  script.rec.currentCell = "B7";
  await poll();
  await page.waitForFunction(() => /B7: =MDQ_VALUE/.test(document.getElementById("explain-cell")?.textContent ?? ""), undefined, {
    timeout: WAIT_MS,
  });
  const rows = await explainRows();
  expect(rows.find((r) => r[0] === "call")?.[1]).toMatch(/^VALUE\(key=BBCA, field=revenue, period=-1/);
});

test("a KLSE or SGX company is found by its name", async () => {
  const found = await page.evaluate(
    () =>
      new Promise<{ cells: unknown[][]; error?: string }>((resolve) =>
        (window as any).google.script.run.withSuccessHandler(resolve).mdqBuilderRun("SEARCH", ["malayan banking"]),
      ),
  );
  expect(found.error).toBeUndefined();
  const [header, ...rows] = found.cells;
  expect(header).toEqual(["symbol", "name", "market", "sector"]);
  expect(rows[0].slice(0, 3)).toEqual(["1155", "Malayan Banking Berhad", "KLSE"]);
});

test("the key never crossed to the page, and the page holds nothing of it", async () => {
  expect(sidebar.traffic.length).toBeGreaterThan(5);
  expect(sidebar.traffic.join("\n")).not.toContain(KEY);
  expect(await page.content()).not.toContain(KEY);
});
