// What following the selection costs, on the BUILT sidebar in real Chromium (dist/sheets/
// Sidebar.html, google.script.run bridged to the built script in the stand-in): every read of the
// selection is an Apps Script execution, so the page reads it only when it can have changed
// (src/sheets/page/follow.ts). The page's clock is paused and moved by the test half a second at a
// time, each step waiting for the page's calls to come back: ten minutes pass in seconds, and every
// read is counted as the script received it. Asking every 2 s, the page read it 300 times.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import type { Script } from "../../scripts/harness/load-sheets";
import type { Sidebar } from "../../scripts/harness/sidebar";
import { enterSidebar, leaveSidebar, sheetsSidebar, showPage } from "../../scripts/harness/sidebar-stages";
import { FOLLOW_FIRST_MS, FOLLOW_MAX_MS } from "../../src/sheets/page/follow";

const AT = Date.parse("2025-06-30T02:00:00Z");
const TEN_MINUTES = 10 * 60_000;
/** How far the clock moves between two looks at what the page did. */
const STEP_MS = 500;

let browser: Browser;
let sidebar: Sidebar;
let page: Page;
let script: Script;
let close: () => Promise<void>;
/** The page's time moved since the clock was paused. */
let elapsed = 0;
/** When each read of the selection came, in `elapsed` time, to within a step. */
const readsAt: number[] = [];

/** Reads of the selection the script has received, the opening's included. */
const reads = () => sidebar.traffic.filter((line) => line.startsWith("mdqBuilderSelected ")).length;

/** The page's time moved on by `ms`, a step at a time, each step's calls answered and their
 *  handlers run before the next; stops early once `done` holds. */
async function advance(ms: number, done?: () => Promise<boolean>): Promise<void> {
  const end = elapsed + ms;
  for (;;) {
    const step = Math.min(STEP_MS, end - elapsed);
    const before = reads();
    await page.clock.runFor(step);
    await sidebar.settled();
    // A step of 0 runs what is due now: the handlers of the answers just back.
    if (reads() !== before || step === 0) await page.clock.runFor(0);
    elapsed += step;
    for (let n = reads() - before; n > 0; n--) readsAt.push(elapsed);
    if (elapsed >= end || (await done?.())) return;
  }
}

const insertTarget = () => page.textContent("#builder-insert");

beforeAll(async () => {
  browser = await launchChromium();
  const opened = await sheetsSidebar(browser, AT);
  ({ sidebar, close } = opened);
  ({ page, script } = opened.session);
  page.setDefaultTimeout(20_000);
  // From here the page's time moves only when a test moves it (a second on from now: never back).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await sidebar.settled();
  for (let n = reads(); n > 0; n--) readsAt.push(0);
});

afterAll(async () => {
  await close?.();
  await browser?.close();
});

test("an open sidebar left alone for 10 minutes reads the selection at most 10 times, the opening's read included", async () => {
  expect(await insertTarget()).toBe("Insert into A1");
  await advance(TEN_MINUTES);
  // Polling every 2 s read it 300 times.
  expect(reads()).toBeLessThanOrEqual(10);
  // Still following: the waits grow, and never past 2 minutes (and a step). A read is timed to
  // within a step (one whose answer is late on a busy machine counts in the next), so two waits
  // at the cap may differ by a step either way.
  const waits = readsAt.slice(1).map((t, i) => t - readsAt[i]);
  for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] - STEP_MS);
  expect(Math.max(...waits)).toBeLessThanOrEqual(FOLLOW_MAX_MS + STEP_MS);
  expect(TEN_MINUTES - readsAt[readsAt.length - 1]).toBeLessThanOrEqual(FOLLOW_MAX_MS + STEP_MS);
});

test("a click in the grid while the sidebar is left alone shows within the backed-off wait, by one read", async () => {
  script.rec.currentCell = "C3";
  const before = reads();
  const start = elapsed;
  await advance(FOLLOW_MAX_MS + STEP_MS, async () => (await insertTarget()) === "Insert into C3");
  expect(await insertTarget()).toBe("Insert into C3");
  expect(elapsed - start).toBeLessThanOrEqual(FOLLOW_MAX_MS + STEP_MS);
  expect(reads() - before).toBe(1);
});

test("coming back to the sidebar reads the selection at once", async () => {
  await leaveSidebar(page);
  script.rec.formulas.set("Sheet1!D4", '=MDQ_QUARTERLY("BBRI", 4)');
  script.rec.currentCell = "D4";
  const before = reads();
  await enterSidebar(page);
  await advance(0);
  expect(reads() - before).toBe(1);
  expect(await insertTarget()).toBe("Insert into D4");
  expect(await page.inputValue('#builder [data-arg="ticker"]')).toBe("BBRI");
  expect(await page.textContent("#explain-cell")).toBe('Sheet1!D4: =MDQ_QUARTERLY("BBRI", 4)');
});

test("after the pointer leaves for the grid, the next read comes in 2 s", async () => {
  await leaveSidebar(page);
  script.rec.currentCell = "E5";
  const before = reads();
  await advance(FOLLOW_FIRST_MS);
  expect(reads() - before).toBe(1);
  expect(await insertTarget()).toBe("Insert into E5");
});

test("the sidebar taking the keyboard focus reads the selection at once", async () => {
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  script.rec.currentCell = "F6";
  const before = reads();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await advance(0);
  expect(reads() - before).toBe(1);
  expect(await insertTarget()).toBe("Insert into F6");
});

test("a hidden sidebar reads nothing, and reads the selection once as soon as it is shown", async () => {
  await leaveSidebar(page);
  await showPage(page, false);
  const before = reads();
  script.rec.currentCell = "G7";
  await advance(TEN_MINUTES);
  expect(reads()).toBe(before);
  expect(await insertTarget()).toBe("Insert into F6");
  await showPage(page, true);
  await advance(0);
  expect(reads() - before).toBe(1);
  expect(await insertTarget()).toBe("Insert into G7");
});

test("Explain this cell reads the selection again, and the builder follows that read too", async () => {
  await enterSidebar(page);
  await advance(0);
  // Moved from the keyboard while the pointer stays over the sidebar: nothing says so.
  script.rec.formulas.set("Sheet1!H8", '=MDQ_QUARTERLY("TLKM", 4)');
  script.rec.currentCell = "H8";
  const before = reads();
  await page.click("#explain-run");
  await advance(0); // the read of the selection
  await advance(0); // the explained call
  const call = await page.$$eval("#explain-table tr", (rows) =>
    rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)).find((r) => r[0] === "call"),
  );
  expect(call?.[1]).toBe("QUARTERLY of ticker TLKM, n_quarters 4");
  expect(reads() - before).toBe(1);
  expect(await insertTarget()).toBe("Insert into H8");
  expect(await page.inputValue('#builder [data-arg="ticker"]')).toBe("TLKM");
});
