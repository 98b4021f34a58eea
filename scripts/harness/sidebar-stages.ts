// Steps in the Sheets sidebar (sidebar.ts) that its browser test takes and the screenshots of
// docs/images/ stage: the same clicks and keys a user makes, the selection moved in the stand-in's
// spreadsheet as a click in Sheets does (the pointer leaves the sidebar for the grid and comes back),
// each step waiting for what it brings. The page's timers run on playwright's clock (openSidebar's
// fakeClock), moved on by the steps: never a wait for a time.
import type { Browser, Page } from "playwright-core";
import { SEARCH_PAUSE_MS } from "../../src/builder/company-picker";
import { pickCompany, preview } from "./builder-stages";
import { loadScript, type Script } from "./load-sheets";
import { openSidebar, SIDEBAR_WIDTH, type Sidebar } from "./sidebar";
import { startSandboxWorker } from "./workers";

export interface SidebarSession {
  script: Script;
  page: Page;
}

/** The built script in the stand-in on a sandbox of `edition` whose day is `at`'s, the script's
 *  clock starting then (virtual), MDQ > Formula builder chosen and its sidebar open and ready, the
 *  page's clock at `at` too. `close` closes the page and ends the sandbox. */
export async function sheetsSidebar(
  browser: Pick<Browser, "newPage">,
  at: number,
  edition: "spec" | "live" = "spec",
): Promise<{ session: SidebarSession; sidebar: Sidebar; close: () => Promise<void> }> {
  const apiKey = "sheets-sidebar-stage-key";
  // In a worker: the stand-in's UrlFetchApp blocks this thread while a request is answered.
  const sandbox = await startSandboxWorker({ apiKey, today: new Date(at).toISOString().slice(0, 10), edition });
  try {
    const script = loadScript({ baseUrl: sandbox.url, apiKey, edition, virtualTime: true, startsAt: at });
    script.open();
    script.ctx.mdqFormulaBuilder();
    const sidebar = await openSidebar(browser, script, { fakeClock: { at } });
    await sidebar.page.waitForSelector("body[data-ready=true]");
    const close = async () => {
      await sidebar.page.close();
      await sandbox.close();
    };
    return { session: { script, page: sidebar.page }, sidebar, close };
  } catch (e) {
    await sandbox.close();
    throw e;
  }
}

/** Bounded wait for something the page asked the script to do. */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`never happened: ${what}`);
}

/** The pointer leaves the sidebar for the grid, on its left (Google puts a sidebar on the right). */
export const leaveSidebar = (page: Page) => page.mouse.move(-1, 100);

/** The pointer comes back into the sidebar. */
export const enterSidebar = (page: Page) => page.mouse.move(SIDEBAR_WIDTH / 2, 100);

/** The selected cell moved to `address` of Sheet1 (holding `formula` when given), as a person does
 *  it: the pointer leaves the sidebar, the cell is clicked, the pointer comes back; the page reads
 *  the selection as it does, and both the builder and explain follow. */
export async function selectCell({ script, page }: SidebarSession, address: string, formula?: string): Promise<void> {
  await leaveSidebar(page);
  if (formula !== undefined) script.rec.formulas.set(`Sheet1!${address}`, formula);
  script.rec.currentCell = address;
  await enterSidebar(page);
  await page.waitForFunction(
    (a) =>
      (document.getElementById("builder-insert")?.textContent ?? "").endsWith(` ${a}`) &&
      (document.getElementById("explain-cell")?.textContent ?? "").startsWith(`Sheet1!${a}:`),
    address,
  );
}

/** The Done-when of issue 29 up to Insert: QUARTERLY chosen in an empty B2, "central" typed in its
 *  ticker and Bank Central Asia picked, 4 quarters, previewed; resolves with the cost line. */
export async function buildQuarterly(session: SidebarSession): Promise<string> {
  await selectCell(session, "B2");
  await session.page.selectOption("#builder-function", "QUARTERLY");
  await pickCompany(session.page, "ticker", "central", "Bank Central Asia", () => session.page.clock.fastForward(SEARCH_PAUSE_MS));
  await session.page.fill('#builder [data-arg="n_quarters"]', "4");
  return preview(session.page);
}

/** "Explain this cell" on the cell at `address` holding `formula`: resolves with the table's rows. */
export async function explainCell(session: SidebarSession, address: string, formula: string): Promise<string[][]> {
  await selectCell(session, address, formula);
  const { page } = session;
  await page.click("#explain-run");
  await page.waitForFunction(() => {
    const note = document.getElementById("explain-note")?.textContent ?? "";
    return document.querySelectorAll("#explain-table tr").length > 0 || (note !== "" && note !== "Asking…");
  });
  return page.$$eval("#explain-table tr", (rows) => rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
}

/** The sidebar's page hidden (`shown` false: the browser's tab left for another, the window
 *  minimised) or shown again, as the browser tells a page: document.visibilityState and its
 *  visibilitychange event. Headless Chromium shows every page, so the page is told here. */
export async function showPage(page: Page, shown: boolean): Promise<void> {
  await page.evaluate(
    (state) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    },
    shown ? "visible" : "hidden",
  );
}
