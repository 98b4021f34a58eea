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
import { buildQuarterly, explainCell, type SidebarSession, selectCell, until } from "../../scripts/harness/sidebar-stages";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";

const KEY = "sheets-sidebar-e2e-key-91ab";
let sandbox: Running;
let browser: Browser;
let script: Script;
let sidebar: Sidebar;
let page: Page;
let session: SidebarSession;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  browser = await launchChromium();
  script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, virtualTime: true });
  script.open();
  script.ctx.mdqFormulaBuilder();
  sidebar = await openSidebar(browser, script, { fakeClock: true });
  page = sidebar.page;
  page.setDefaultTimeout(20_000);
  session = { script, page };
  await page.waitForSelector("body[data-ready=true]");
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

test("opening the sidebar reads the selected cell once, for both the builder and explain", async () => {
  // The sidebar's clock is fake, so no poll has run yet: every read so far is the opening's.
  expect(sidebar.traffic.filter((line) => line.startsWith("mdqBuilderSelected ")).length).toBe(1);
  expect(await page.textContent("#builder-insert")).toBe("Insert into A1");
  expect(await page.textContent("#explain-cell")).toMatch(/^Sheet1!A1: /);
});

test("QUARTERLY: type 'central', pick Bank Central Asia, preview and cost, then Insert into the selected cell", async () => {
  const cost = await buildQuarterly(session);
  expect(await page.inputValue('[data-arg="ticker"]')).toBe("BBCA");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ_QUARTERLY("BBCA", 4)');
  // The company search asked the service for its company lists; the preview sent one request of
  // its own, and says what it cost, before anything is written.
  const statements = () => script.rec.requests.filter((r) => /\/quarterly\/BBCA\//.test(r.url)).length;
  expect(statements()).toBe(1);
  expect(script.rec.requests.length).toBeGreaterThan(1);
  expect(cost).toMatch(/^Cost: 1 request, [1-9]\d* credits?\./);
  expect(await page.locator("#builder-preview-table tbody tr").count()).toBeGreaterThan(2);
  // Amounts as the sheet shows them, grouped (27,423,895,000,000), never raw digits.
  const shown = await page.locator("#builder-preview-table td").allTextContents();
  expect(shown.some((t) => /^\d{1,3}(,\d{3}){3,}$/.test(t))).toBe(true);
  expect(shown.some((t) => /^\d{7,}$/.test(t))).toBe(false);
  expect(script.rec.formulas.size).toBe(0);

  expect(await page.textContent("#builder-insert")).toBe("Insert into B2");
  await page.click("#builder-insert");
  await until(() => script.rec.formulas.has("Sheet1!B2"), "the formula written to B2");
  expect(script.rec.formulas.get("Sheet1!B2")).toBe('=MDQ_QUARTERLY("BBCA", 4)');
  // The cell it made is answered from the cache the preview filled.
  script.ctx.MDQ_QUARTERLY("BBCA", 4);
  expect(statements()).toBe(1);
});

test("selecting the cell again reopens the builder on its function and arguments", async () => {
  await selectCell(session, "E9");
  await page.selectOption("#builder-function", "LIST");
  await selectCell(session, "B2");
  expect(await page.inputValue("#builder-function")).toBe("QUARTERLY");
  expect(await page.inputValue('[data-arg="ticker"]')).toBe("BBCA");
  expect(await page.inputValue('[data-arg="n_quarters"]')).toBe("4");
  expect(await page.textContent("#builder-note")).toMatch(/^B2 holds QUARTERLY/);
});

test("explain on a VALUE cell: the quarter used, the request, its fetch time and its credits", async () => {
  const rows = await explainCell(session, "D4", '=MDQ_VALUE("BBCA", "revenue", -1)');
  const detail = (what: string) => rows.filter((r) => r[0] === what).map((r) => r[1]);
  expect(detail("call")[0]).toBe("VALUE of key BBCA, field revenue, period -1");
  expect(JSON.stringify(rows)).not.toContain("cover");
  // The quarter the value came from: the latest the sandbox reports on 2025-06-30.
  expect(detail("source")[0]).toBe("BBCA's quarterly statements: revenue at CY2025Q1 (dated 2025-03-31)");
  expect(detail("request")[0]).toMatch(/^GET \/\S*BBCA/);
  expect(detail("fetched")[0]).toMatch(/^2025-06-30 \d\d:\d\d:\d\d UTC, from the service$/);
  expect(Number(detail("credits of this cell")[0])).toBeGreaterThan(0);
  expect(await page.textContent("#explain-cell")).toBe('Sheet1!D4: =MDQ_VALUE("BBCA", "revenue", -1)');
});

test("explain reads the cells a formula refers to, as the cell's call receives them", async () => {
  script.rec.cells.set("Sheet1!A7", "BBCA");
  script.rec.cells.set("Sheet1!B6", "revenue");
  const rows = await explainCell(session, "B7", "=MDQ_VALUE($A7, B$6, -1)");
  expect(rows.find((r) => r[0] === "call")?.[1]).toBe("VALUE of key BBCA, field revenue, period -1");
});

test("a move of the selection costs one execution, whatever follows it (the builder and explain)", async () => {
  const read = script.ctx.mdqBuilderSelected as () => unknown;
  let reads = 0;
  script.ctx.mdqBuilderSelected = () => {
    reads++;
    return read();
  };
  try {
    await selectCell(session, "G4", '=MDQ_QUARTERLY("BBRI", 4)');
    expect(reads).toBe(1);
    expect(await page.inputValue('#builder [data-arg="ticker"]')).toBe("BBRI");
  } finally {
    script.ctx.mdqBuilderSelected = read;
  }
});

test("an insert the spreadsheet refuses (opened by a viewer) says why, and writes nothing", async () => {
  await selectCell(session, "F2");
  script.rec.readOnly = true;
  try {
    await page.click("#builder-insert");
    await page.waitForFunction(() => /could not be written/.test(document.getElementById("builder-note")?.textContent ?? ""));
    expect(await page.textContent("#builder-note")).toMatch(/permission to edit/);
    expect(script.rec.formulas.has("Sheet1!F2")).toBe(false);
  } finally {
    script.rec.readOnly = false;
  }
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
