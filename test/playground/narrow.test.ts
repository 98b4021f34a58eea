// The playground in a 1024×768 window, in headless Chromium on the built page (npm run build
// first): the side panel folded behind its toggle so the grid keeps its columns, the columns'
// minimum width, and undo and redo of edits, pastes, clears and template loads, by key and button.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { MIN_COLUMN_PX } from "../../src/playground/columns";
import type { Sandbox } from "../../src/sandbox/server";
import { openPlayground, requireBuilt, settled } from "./page";

const TODAY = "2025-06-30";
const WIDTH = 1024;
const HEIGHT = 768;

let browser: Browser;
let page: Page;
let sandbox: Sandbox;

beforeAll(async () => {
  requireBuilt([]);
  browser = await launchChromium();
  ({ sandbox, page } = await openPlayground(browser, TODAY, "spec", { width: WIDTH, height: HEIGHT }));
  await settled(page);
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

async function enter(address: string, text: string): Promise<void> {
  await page.click(`td[data-cell="${address}"]`);
  await page.fill("#formula", text);
  await page.press("#formula", "Enter");
  await settled(page);
}

const cellText = (address: string) => page.textContent(`td[data-cell="${address}"]`);
const input = (address: string) => page.evaluate((a) => (window as any).MDQ_PLAYGROUND.sheet.contents()[a] ?? "", address);
const contents = () => page.evaluate(() => (window as any).MDQ_PLAYGROUND.sheet.contents() as Record<string, string>);
const formats = () => page.evaluate(() => (window as any).MDQ_PLAYGROUND.sheet.savedFormats() as Record<string, string>);
const expanded = () => page.getAttribute("#panel-toggle", "aria-expanded");

/** The grid's column headers: letter, width, and whether the whole column is in the visible part
 *  of the grid (not under the panel, not scrolled off). */
const columns = () =>
  page.evaluate(() => {
    const sheet = document.getElementById("sheet")!.getBoundingClientRect();
    const panel = document.getElementById("panel")!.getBoundingClientRect();
    const right = Math.min(sheet.left + document.getElementById("sheet")!.clientWidth, panel.width > 0 ? panel.left : Infinity);
    return Array.from(document.querySelectorAll<HTMLTableCellElement>("#grid thead th:not(.corner)"), (th) => {
      const box = th.getBoundingClientRect();
      return { letter: th.textContent, width: box.width, visible: box.left >= sheet.left && box.right <= right + 0.5 };
    });
  });

/** Select a cell and press a key chord there, as a user on the grid does. */
async function onGrid(address: string, chord: string): Promise<void> {
  await page.click(`td[data-cell="${address}"]`);
  await page.keyboard.press(chord);
  await settled(page);
}

test("at 1024×768 the panel is folded behind its toggle and the grid shows at least 6 data columns of default width", async () => {
  await page.click("#clear");
  expect(await page.isVisible("#panel")).toBe(false);
  expect(await page.isVisible("#panel-toggle")).toBe(true);
  expect(await expanded()).toBe("false");
  const shown = (await columns()).filter((c) => c.visible && c.width >= MIN_COLUMN_PX - 0.5);
  expect(shown.length).toBeGreaterThanOrEqual(6);
  expect(shown.slice(0, 6).map((c) => c.letter)).toEqual(["A", "B", "C", "D", "E", "F"]);
});

test("the toggle opens and closes the panel, from the keyboard too; its builder and settings are reachable", async () => {
  await page.focus("#panel-toggle");
  await page.keyboard.press("Enter");
  expect(await expanded()).toBe("true");
  expect(await page.isVisible("#panel")).toBe(true);
  // The keyboard lands in the drawer; its controls are on screen, the settings after a scroll.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("panel");
  for (const control of ["#builder-function", "#builder-insert", "#settings-save"]) {
    await page.locator(control).scrollIntoViewIfNeeded();
    const box = (await page.locator(control).boundingBox())!;
    expect({ control, inWindow: box.x >= 0 && box.x + box.width <= WIDTH && box.y >= 0 && box.y + box.height <= HEIGHT }).toEqual({
      control,
      inWindow: true,
    });
  }
  // A cell clicked beside the open drawer is where the builder inserts.
  await page.click('td[data-cell="B2"]');
  expect(await page.textContent("#builder-insert")).toBe("Insert into B2");
  expect(await expanded()).toBe("true");

  // Escape in the drawer closes it and gives the focus back to the toggle.
  await page.focus("#builder-function");
  await page.keyboard.press("Escape");
  expect(await expanded()).toBe("false");
  expect(await page.isVisible("#panel")).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("panel-toggle");
  await page.keyboard.press("Space");
  expect(await expanded()).toBe("true");
  await page.click("#panel-toggle");
  expect(await expanded()).toBe("false");
  expect(await page.isVisible("#panel")).toBe(false);

  // A wide window has the panel beside the grid, and no toggle.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await page.isVisible("#panel")).toBe(true);
  expect(await page.isVisible("#panel-toggle")).toBe(false);
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  expect(await page.isVisible("#panel")).toBe(false);
});

test("no column is narrower than the minimum, empty ones included; a long text widens its own", async () => {
  await page.click("#clear");
  await enter("B1", "a long heading that needs room");
  await enter("C1", "7");
  const all = await columns();
  expect(all).toHaveLength(26);
  for (const c of all) expect({ letter: c.letter, wide: c.width >= MIN_COLUMN_PX - 0.5 }).toEqual({ letter: c.letter, wide: true });
  const width = (letter: string) => all.find((c) => c.letter === letter)!.width;
  expect(width("B")).toBeGreaterThan(2 * MIN_COLUMN_PX);
  expect(Math.round(width("A"))).toBe(MIN_COLUMN_PX);
  expect(Math.round(width("C"))).toBe(MIN_COLUMN_PX);
});

test("typing a formula, undo puts back what the cell held; redo brings the formula back, recalculated", async () => {
  await page.click("#clear");
  await enter("A1", "hello");
  await enter("A1", '=MDQ.QUARTERLY("BBCA", 4)');
  const calculated = [await cellText("A1"), await cellText("B1"), await cellText("B3")];
  expect(calculated[0]).toBe("date");
  expect(calculated[2]).not.toBe("");

  await onGrid("D5", "Control+z");
  expect(await input("A1")).toBe("hello");
  expect(await cellText("A1")).toBe("hello");
  expect(await cellText("B1")).toBe("");
  // The selection went to the cell undone, so the formula bar shows its text.
  expect(await page.inputValue("#name-box")).toBe("A1");
  expect(await page.inputValue("#formula")).toBe("hello");

  await onGrid("D5", "Control+y");
  expect(await page.inputValue("#formula")).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  expect([await cellText("A1"), await cellText("B1"), await cellText("B3")]).toEqual(calculated);

  // Ctrl+Shift+Z redoes as well, and the buttons do both.
  await onGrid("D5", "Control+z");
  expect(await cellText("A1")).toBe("hello");
  await onGrid("D5", "Control+Shift+z");
  expect(await input("A1")).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  await page.click("#undo");
  await settled(page);
  expect(await input("A1")).toBe("hello");
  await page.click("#redo");
  await settled(page);
  expect([await cellText("A1"), await cellText("B1"), await cellText("B3")]).toEqual(calculated);
});

test("an edit after an undo drops the redo branch", async () => {
  await page.click("#clear");
  await enter("A1", "first");
  await enter("A1", "second");
  await onGrid("A1", "Control+z");
  expect(await input("A1")).toBe("first");
  expect(await page.isEnabled("#redo")).toBe(true);
  await enter("A2", "elsewhere");
  expect(await page.isEnabled("#redo")).toBe(false);
  await onGrid("A1", "Control+y");
  expect(await input("A1")).toBe("first");
  expect(await input("A2")).toBe("elsewhere");
});

test("Ctrl+Z while typing in the formula bar is the bar's own: the sheet is left as it is", async () => {
  await page.click("#clear");
  await enter("A1", "kept");
  await page.click('td[data-cell="A1"]');
  // The grid takes the focus after a click on a cell; the bar is clicked once it has.
  await page.waitForFunction(() => document.activeElement?.id === "grid");
  await page.click("#formula");
  await page.keyboard.press("End");
  await page.keyboard.type("xyz");
  await page.keyboard.press("Control+z");
  expect(await page.inputValue("#formula")).toBe("kept");
  expect(await input("A1")).toBe("kept");
  expect(await page.evaluate(() => (window as any).MDQ_PLAYGROUND.history.nextRedo())).toBeUndefined();
  await page.keyboard.press("Escape");
});

test("a paste, a cleared cell, Clear sheet and a template load are each one step", async () => {
  await page.click("#clear");
  await enter("A1", "before");
  await page.click('td[data-cell="C3"]');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text/plain", "a\tb\r\n1\t2\r\n");
    document.getElementById("grid")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await settled(page);
  expect(await contents()).toEqual({ A1: "before", C3: "a", D3: "b", C4: "1", D4: "2" });
  await onGrid("C3", "Delete");
  expect(await input("C3")).toBe("");
  await onGrid("C3", "Control+z");
  expect(await input("C3")).toBe("a");
  await onGrid("C3", "Control+z");
  expect(await contents()).toEqual({ A1: "before" });

  await page.click("#clear");
  expect(await contents()).toEqual({});
  await page.click("#undo");
  expect(await contents()).toEqual({ A1: "before" });

  await page.selectOption("#templates", "klse-top");
  await settled(page);
  const template = await contents();
  expect(template.A1).toBe("KLSE top companies");
  expect(await formats()).toMatchObject({ G3: "@" });
  await onGrid("A30", "Control+z");
  expect(await contents()).toEqual({ A1: "before" });
  expect(await formats()).toEqual({});
  await onGrid("A30", "Control+y");
  expect(await contents()).toEqual(template);
  expect(await formats()).toMatchObject({ G3: "@" });
});
