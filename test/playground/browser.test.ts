// The playground end to end: the built page (dist/playground) and the built Excel bundle
// (dist/excel/functions.js) in headless Chromium, served by an in-process sandbox with the same
// static mounts as `mdq serve`. What spills into the grid is checked cell by cell against the
// built CLI's answer from the same sandbox. npm run build first.

import { execFile } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { TEMPLATES as CATALOGUE_TEMPLATES } from "../../shared/catalogue/templates";
import { columnFormat } from "../../shared/rows/number-formats";
import { look } from "../../src/playground/format";
import type { Sandbox } from "../../src/sandbox/server";
import { DIST, openPlayground, ROOT, requireBuilt, SHOTS, settled, WAIT_MS } from "./page";

const CLI = join(DIST, "cli", "mdq.js");
/** A fixed "today", so the sandbox's windows and the test's dates agree on every run. */
const TODAY = "2025-06-30";

type Value = string | number | boolean | null;

let browser: Browser;
let page: Page;
let sandbox: Sandbox;

beforeAll(async () => {
  requireBuilt([CLI]);
  browser = await launchChromium();
  ({ sandbox, page } = await openPlayground(browser, TODAY));
  await settle();
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** Until no formula is waiting for an answer (bounded). */
const settle = () => settled(page);

async function clearSheet(): Promise<void> {
  await page.click("#clear");
  await settle();
}

/** Select a cell, type in the formula bar, press Enter: as a user does. */
async function enter(address: string, text: string): Promise<void> {
  await page.click(`td[data-cell="${address}"]`);
  await page.fill("#formula", text);
  await page.press("#formula", "Enter");
  await settle();
}

interface Shown {
  text: string;
  title: string;
  className: string;
}

/** The cells of a block of the grid as shown: text, hover text and classes. */
function block(anchor: string, rows: number, cols: number): Promise<Shown[][]> {
  return page.evaluate(
    ({ anchor, rows, cols }) => {
      const start = document.querySelector<HTMLTableCellElement>(`td[data-cell="${anchor}"]`)!;
      const row0 = (start.parentElement as HTMLTableRowElement).sectionRowIndex;
      const body = (document.getElementById("grid") as HTMLTableElement).tBodies[0];
      return Array.from({ length: rows }, (_, i) =>
        Array.from({ length: cols }, (_, j) => {
          const td = body.rows[row0 + i]?.cells[start.cellIndex + j];
          return td
            ? { text: td.textContent ?? "", title: td.title, className: td.className }
            : { text: "", title: "", className: "outside" };
        }),
      );
    },
    { anchor, rows, cols },
  );
}

const run = promisify(execFile);

/** The built CLI against the same sandbox, as JSON. */
async function cli(fn: string, ...args: string[]): Promise<Value[][]> {
  const { stdout } = await run(process.execPath, [CLI, fn, ...args, "--base-url", sandbox.url, "--api-key", "demo", "--format", "json"], {
    timeout: WAIT_MS,
  });
  return JSON.parse(stdout);
}

/** The CLI's error message for a call that must fail. */
async function cliError(fn: string, ...args: string[]): Promise<string> {
  try {
    await run(process.execPath, [CLI, fn, ...args, "--base-url", sandbox.url, "--api-key", "demo"], { timeout: WAIT_MS });
  } catch (e) {
    return String((e as { stderr: string }).stderr).trim();
  }
  throw new Error(`mdq ${fn} ${args.join(" ")} succeeded`);
}

/** The grid shows `expected` from `anchor` (display formatting undone), and nothing beyond it; a
 *  number of a column `fn` types (by its header, or its row's field where the core reads it: the
 *  rule's own cases are in typed-look.test.ts) exactly as the core formats it. */
async function expectSpilled(anchor: string, expected: Value[][], fn?: string): Promise<void> {
  const spec = fn ? functionNamed(fn) : undefined;
  const typed = (i: number, j: number) => {
    const value = expected[i]?.[j];
    if (!spec || typeof value !== "number") return false;
    const labels = [expected[0]?.[j], expected[i]?.[0]];
    return labels.some((label) => typeof label === "string" && columnFormat(spec, label) !== undefined);
  };
  const cols = Math.max(...expected.map((r) => r.length));
  const shown = await block(anchor, expected.length + 1, cols + 1);
  for (const [i, row] of expected.entries()) {
    for (const [j, value] of row.entries()) {
      const cell = shown[i][j];
      const where = `${anchor} +${i},${j}: expected ${JSON.stringify(value)}, shown ${JSON.stringify(cell.text)}`;
      if (value === null || value === "") expect({ where, text: cell.text }).toEqual({ where, text: "" });
      else if (typeof value === "boolean") expect({ where, text: cell.text }).toEqual({ where, text: value ? "TRUE" : "FALSE" });
      else if (typeof value === "number" && typed(i, j)) {
        expect(cell.className).toContain("align-right");
        expect({ where, text: cell.text }).toEqual({ where, text: look(value, [expected[0]?.[j], expected[i]?.[0]], spec).text });
      } else if (typeof value === "number") {
        expect(cell.className).toContain("align-right");
        // Grouped thousands, at most 4 decimals: 27,423,895,000,000 or 971.32.
        expect(cell.text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,4})?$|^\d{4}$/);
        if (Math.abs(value) >= 1000 && !/^\d{4}$/.test(cell.text)) expect(cell.text).toContain(",");
        expect({ where, diff: Math.abs(Number(cell.text.replace(/,/g, "")) - value) <= 5e-5 * Math.max(1, Math.abs(value) / 1e6) }).toEqual(
          { where, diff: true },
        );
      } else expect({ where, text: cell.text }).toEqual({ where, text: value });
    }
  }
  // One past the last row and the last column: nothing spilled there.
  for (const cell of shown[expected.length]) expect(cell.text).toBe("");
  for (const row of shown) expect(row[cols].text).toBe("");
}

const drawn = () =>
  page.evaluate(() => (window as any).MDQ_PLAYGROUND.chart.drawn() as { title: string; labels: string[]; points: number[] } | undefined);
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test("settings start at the page's own sandbox with the demo key", async () => {
  expect(await page.inputValue("#settings-base-url")).toBe(sandbox.url);
  expect(await page.inputValue("#settings-api-key")).toBe("demo");
  // The functions came from the Excel bundle: one per catalogue row, registered by associate.
  expect(await page.evaluate(() => document.querySelectorAll("#builder-function option").length)).toBe(CATALOGUE.length);
});

test("QUARTERLY spills the statement exactly as the CLI answers it", async () => {
  await clearSheet();
  const expected = await cli("QUARTERLY", "BBCA", "4");
  await enter("A1", '=MDQ.QUARTERLY("BBCA", 4)');
  expect(expected[0][0]).toBe("date");
  // A bank's template rows blank in every quarter are left out...
  expect(expected.some((row) => row.slice(1).every((cell) => cell === null))).toBe(false);
  await expectSpilled("A1", expected);
  await shot("quarterly");
  // ... and all=true spills them, as blank cells.
  await clearSheet();
  const every = await cli("QUARTERLY", "BBCA", "4", "", "", "all=true");
  await enter("A1", '=MDQ.QUARTERLY("BBCA", 4, , , "all=true")');
  expect(every.some((row) => row.includes(null))).toBe(true);
  await expectSpilled("A1", every);
});

test("INDEX reads its dates from cells; editing a date recalculates it; the chart has one point per trading day", async () => {
  await clearSheet();
  await enter("A1", "2025-04-01");
  await enter("B1", "2025-05-15");
  await enter("A3", '=MDQ.INDEX("lq45", A1, B1)');
  const first = await cli("INDEX", "lq45", "2025-04-01", "2025-05-15");
  await expectSpilled("A3", first);

  await enter("B1", "2025-06-13");
  const second = await cli("INDEX", "lq45", "2025-04-01", "2025-06-13");
  expect(second.length).toBeGreaterThan(first.length);
  await expectSpilled("A3", second);

  await page.click('td[data-cell="B10"]');
  const chart = await drawn();
  expect(chart?.title).toBe("LQ45 closing price");
  expect(chart?.points).toEqual([second.length - 1]);
  expect(chart?.labels).toEqual(second.slice(1).map((row) => row[1]));
  await shot("index-chart");
});

test("KLSE_TOP spills its long rows as the CLI answers them", async () => {
  await clearSheet();
  // Typed straight into the selected cell, as in Excel: the first key starts the entry.
  await page.click('td[data-cell="B2"]');
  await page.keyboard.type('=MDQ.KLSE_TOP("pe")');
  await page.keyboard.press("Enter");
  await settle();
  expect(await page.inputValue("#name-box")).toBe("B3");
  await expectSpilled("B2", await cli("KLSE_TOP", "pe"), "KLSE_TOP");
  await shot("klse-top");
});

test("a bad argument is #VALUE! with the core's message on hover, and sends no request", async () => {
  await clearSheet();
  const before = await page.evaluate(() => (window as any).MDQ_PLAYGROUND.runtime.stats().requests);
  await enter("A1", '=MDQ.FILINGS("BBCA",,,"n=50")');
  const [[cell]] = await block("A1", 1, 1);
  const message = (await cliError("FILINGS", "BBCA", "", "", "n=50")).replace(/^MDQ error: /, "");
  expect(message).toMatch(/'n' must be/);
  expect(cell).toMatchObject({ text: "#VALUE!", title: `MDQ: ${message}` });
  expect(await page.evaluate(() => (window as any).MDQ_PLAYGROUND.runtime.stats().requests)).toBe(before);
  // Selected, the cell's message is also spelled out under the formula bar.
  await page.click('td[data-cell="A1"]');
  expect(await page.textContent("#cell-message")).toBe(`A1 #VALUE! MDQ: ${message}`);
  await page.hover('td[data-cell="A1"]');
  await shot("error");
});

test("the function builder lists the arguments with their help and choices, and its formula spills", async () => {
  await clearSheet();
  await page.click('td[data-cell="C3"]');
  await page.selectOption("#builder-function", "INDEX");
  const choices = await page.$$eval('#builder [data-arg="index_code"] option', (options) =>
    options.map((o) => (o as HTMLOptionElement).value),
  );
  expect(choices).toEqual([
    "",
    "ftse",
    "idx30",
    "idxbumn20",
    "idxesgl",
    "idxg30",
    "idxhidiv20",
    "idxq30",
    "idxv30",
    "ihsg",
    "jii70",
    "media100",
    "lq45",
    "sminfra18",
    "srikehati",
    "sti",
    "economic30",
    "idxvesta28",
    "kompas100",
  ]);
  const help = await page.textContent("#builder .fields");
  expect(help).toContain("Index code, e.g. lq45 (kompas100 = media100) (required). Or a range or comma list of up to 50");
  expect(help).toContain("One of: ftse");
  await page.selectOption('#builder [data-arg="index_code"]', "idx30");
  await page.fill('#builder [data-arg="start"]', "2025-05-01");
  await page.fill('#builder [data-arg="end"]', "2025-05-30");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.INDEX("idx30", "2025-05-01", "2025-05-30")');
  // The preview before Insert: the first rows, and what they cost.
  const cost = async () => {
    await page.click("#builder-preview");
    await page.waitForFunction(() => /^Cost:/.test(document.getElementById("builder-cost")!.textContent ?? ""));
    return page.textContent("#builder-cost");
  };
  expect(await cost()).toMatch(/^Cost: 1 request, 1 credit\. The first 10 rows of \d+\.$/);
  expect(await page.$$eval("#builder-preview-table th", (ths) => ths.map((th) => th.textContent))).toEqual(["index_code", "date", "price"]);
  expect(await page.textContent("#builder-insert")).toBe("Insert into C3");
  await page.click("#builder-insert");
  await settle();
  expect(await page.inputValue("#formula")).toBe('=MDQ.INDEX("idx30", "2025-05-01", "2025-05-30")');
  await expectSpilled("C3", await cli("INDEX", "idx30", "2025-05-01", "2025-05-30"), "INDEX");
  await shot("builder");
  // An empty cell leaves the fields to be inserted there; the formula's cell brings them back.
  await page.click('td[data-cell="A1"]');
  await page.selectOption("#builder-function", "QUARTERLY");
  expect(await page.textContent("#builder-insert")).toBe("Insert into A1");
  await page.click('td[data-cell="C3"]');
  await page.waitForFunction(() => (document.getElementById("builder-function") as HTMLSelectElement).value === "INDEX");
  expect(await page.inputValue('#builder [data-arg="index_code"]')).toBe("idx30");
  expect(await page.textContent("#builder-formula")).toBe('=MDQ.INDEX("idx30", "2025-05-01", "2025-05-30")');
  // The inserted formula's answer is kept: previewed again, it costs nothing.
  expect(await cost()).toMatch(/^Cost: 0 — answered from the cache\. /);
  // One value: no header row, and the cell as the core formats it (a margin as a percentage).
  await page.click('td[data-cell="A1"]');
  await page.selectOption("#builder-function", "VALUE");
  await page.fill('#builder [data-arg="key"]', "BBCA");
  await page.fill('#builder [data-arg="field"]', "net_margin");
  expect(await cost()).toMatch(/^Cost: 1 request, \d+ credits?\. 1 row\.$/);
  expect(await page.$$eval("#builder-preview-table th", (ths) => ths.length)).toBe(0);
  const [[margin]] = await cli("VALUE", "BBCA", "net_margin");
  expect(await page.$$eval("#builder-preview-table td", (tds) => tds.map((td) => td.textContent))).toEqual([
    `${((margin as number) * 100).toFixed(2)}%`,
  ]);
});

test("SALES_DESTINATION charts revenue by country; QUARTERLY revenue and earnings per quarter", async () => {
  await clearSheet();
  await enter("A1", '=MDQ.SALES_DESTINATION("ADRO")');
  const sales = await cli("SALES_DESTINATION", "ADRO");
  await page.click('td[data-cell="B3"]');
  const chart = await drawn();
  expect(chart?.labels).toEqual([...new Set(sales.slice(1).map((row) => row[1]))]);
  const yearsWithRevenue = new Set(
    sales
      .slice(1)
      .filter((row) => row[2] !== null)
      .map((row) => row[0]),
  );
  expect(chart?.points).toEqual([...yearsWithRevenue].map(() => chart!.labels.length));

  await enter("H1", '=MDQ.QUARTERLY("BBCA", 4)');
  await page.click('td[data-cell="I3"]');
  const quarters = await drawn();
  expect(quarters?.title).toBe("BBCA.JK revenue and earnings per quarter");
  expect(quarters?.points).toEqual([4, 4]);
});

test("a result with a value in its way is #SPILL! naming the cell, and spills once the way is clear", async () => {
  await clearSheet();
  await enter("B3", "in the way");
  await enter("A1", '=MDQ.KLSE_TOP("pe")');
  const [[anchor]] = await block("A1", 1, 1);
  expect(anchor.text).toBe("#SPILL!");
  expect(anchor.title).toContain("B3");
  await page.click('td[data-cell="B3"]');
  await page.keyboard.press("Delete");
  await settle();
  await expectSpilled("A1", await cli("KLSE_TOP", "pe"), "KLSE_TOP");
});

test("a wrong API key saved in the settings is #N/A with the service's refusal; the demo key brings the data back", async () => {
  await clearSheet();
  await enter("A1", '=MDQ.KLSE_TOP("revenue")');
  await page.fill("#settings-api-key", "wrong-key");
  await page.click("#settings-save");
  await settle();
  const [[refused]] = await block("A1", 1, 1);
  expect(refused.text).toBe("#N/A");
  expect(refused.title).toMatch(/key/i);
  expect(await page.evaluate(() => localStorage.getItem("mdq.apiKey"))).toBe("wrong-key");
  await page.click("#settings-reset");
  await page.click("#settings-save");
  await settle();
  await expectSpilled("A1", await cli("KLSE_TOP", "revenue"), "KLSE_TOP");
});

test("saving the panel keeps the settings it does not show (answer limit, requests at once)", async () => {
  await page.evaluate(() => {
    localStorage.setItem("mdq.answerMb", "40");
    localStorage.setItem("mdq.concurrency", "8");
  });
  await page.reload();
  await page.waitForFunction(() => (window as any).MDQ_PLAYGROUND !== undefined);
  await page.waitForFunction(() => (document.querySelector("#settings-base-url") as HTMLInputElement).value !== "");
  await page.click("#settings-save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("settings-status")!.textContent ?? ""));
  const stored = await page.evaluate(() => [localStorage.getItem("mdq.answerMb"), localStorage.getItem("mdq.concurrency")]);
  expect(stored).toEqual(["40", "8"]);
  await page.evaluate(() => {
    localStorage.removeItem("mdq.answerMb");
    localStorage.removeItem("mdq.concurrency");
  });
});

test("the formula bar and the builder's note follow every change of the sheet: Load example, a template, Clear, Undo", async () => {
  const bar = () => page.inputValue("#formula");
  const note = () => page.textContent("#builder-note");
  const input = (address: string) =>
    page.evaluate((a) => {
      const { sheet } = (window as any).MDQ_PLAYGROUND;
      return sheet.input({ row: Number(a.slice(1)) - 1, col: a.charCodeAt(0) - 65 }) as string;
    }, address);
  await clearSheet();
  await enter("A1", "old text");
  await page.click('td[data-cell="A1"]');
  expect(await bar()).toBe("old text");
  // The example replaces the sheet with A1 still selected: the bar reads A1's new text, and
  // Enter there keeps it.
  await page.click("#example");
  expect(await input("A1")).toBe("from");
  expect(await bar()).toBe("from");
  await page.press("#formula", "Enter");
  expect(await input("A1")).toBe("from");
  // E1 holds the example's statement: the builder says so; cleared under the selection, the note
  // no longer speaks of it; the example loaded again under it, it does again.
  await page.click('td[data-cell="E1"]');
  const holds = "E1 holds QUARTERLY: its arguments are in the fields.";
  expect(await note()).toBe(holds);
  await page.click("#clear");
  expect(await bar()).toBe("");
  expect(await note()).toBe("");
  await page.click("#example");
  expect(await bar()).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  expect(await note()).toBe(holds);
  // Undo moves to a cell it changed: the bar reads that cell's text as it is now.
  await page.click("#undo");
  expect(await bar()).toBe(await input(await page.inputValue("#name-box")));
  // A template: the bar shows the text of the cell selected in it, never the example's.
  for (const template of CATALOGUE_TEMPLATES) {
    await page.selectOption("#templates", template.id);
    const selected = await page.inputValue("#name-box");
    expect(await bar()).toBe(await input(selected));
    expect(await note()).not.toContain("E1");
  }
  await settle();
});

test("the overview: a tracker (dates in cells, INDEX and its chart) beside a spilled QUARTERLY", async () => {
  await clearSheet();
  await enter("A1", "from");
  await enter("B1", "to");
  await enter("C1", "index");
  await enter("A2", "2025-04-01");
  await enter("B2", "2025-06-30");
  await enter("C2", "lq45");
  await enter("A4", "=MDQ.INDEX(C2, A2, B2)");
  await enter("E1", '=MDQ.QUARTERLY("BBCA", 4)');
  // The sheet is kept in the browser: a reload brings back the cells and recalculates them.
  await page.reload();
  await page.waitForFunction(() => (window as any).MDQ_PLAYGROUND !== undefined);
  await settle();
  // 2025-04-01 to 2025-06-30 is 91 days, one more than the service's window: two windows, and the
  // statement; and the page's question of the sandbox's edition (its setting is auto), asked
  // again as the reload emptied the runtime's memory.
  expect(await page.evaluate(() => (window as any).MDQ_PLAYGROUND.runtime.stats().requests)).toBe(4);
  const index = await cli("INDEX", "lq45", "2025-04-01", "2025-06-30");
  await expectSpilled("A4", index, "INDEX");
  await expectSpilled("E1", await cli("QUARTERLY", "BBCA", "4"));
  await page.click('td[data-cell="A4"]');
  expect((await drawn())?.points).toEqual([index.length - 1]);
  await shot("overview");
  // The README's picture: refreshed on request only, so test runs leave the checkout clean.
  if (process.env.MDQ_UPDATE_SCREENSHOT) copyFileSync(join(SHOTS, "overview.png"), join(ROOT, "docs", "playground.png"));
});

test("served by a sandbox of the live edition (?edition=live), the page speaks it: DAILY and COMPANY_REPORT as the CLI answers them", async () => {
  const { sandbox: live, page: livePage } = await openPlayground(browser, TODAY, "live");
  try {
    expect(await livePage.inputValue("#settings-edition")).toBe("live");
    await livePage.click("#clear");
    const cliLive = async (...args: string[]) =>
      JSON.parse(
        (
          await run(
            process.execPath,
            [CLI, ...args, "--base-url", live.url, "--api-key", "demo", "--edition", "live", "--format", "json"],
            { timeout: WAIT_MS },
          )
        ).stdout,
      ) as Value[][];
    const cellText = (address: string) => livePage.textContent(`td[data-cell="${address}"]`);
    const enterLive = async (address: string, text: string) => {
      await livePage.click(`td[data-cell="${address}"]`);
      await livePage.fill("#formula", text);
      await livePage.press("#formula", "Enter");
      await settled(livePage);
    };
    const daily = await cliLive("DAILY", "BBCA", "2025-06-02", "2025-06-06");
    await enterLive("A1", '=MDQ.DAILY("BBCA", "2025-06-02", "2025-06-06")');
    expect(await cellText("B1")).toBe("date");
    expect(await cellText("B2")).toBe(daily[1][1]);
    // Every trading day of the week spilled (6 June 2025, Eid al-Adha, the IDX was closed), no more.
    expect(daily.length).toBe(5);
    expect(await cellText(`A${daily.length}`)).toBe("BBCA.JK");
    expect(await cellText(`A${daily.length + 1}`)).toBe("");
    const report = await cliLive("COMPANY_REPORT", "BBCA", "overview");
    await enterLive("H1", '=MDQ.COMPANY_REPORT("BBCA", "overview")');
    expect(await cellText("H2")).toBe(String(report[1][0]));
    expect(await cellText("I2")).toBe(String(report[1][1]));
  } finally {
    await livePage.close();
    await live.close();
  }
});
