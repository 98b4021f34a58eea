// Steps in the one formula builder (src/builder/), whichever host shows it: the Excel task pane
// (pane-stages.ts) and the Sheets sidebar (sidebar-stages.ts) take them on the same elements. A
// host whose page runs on playwright's clock moves it on where the builder waits (`wait`).
import type { Page } from "playwright-core";

/** How the page's own timers are moved on: nothing on a real clock. */
export type Wait = () => Promise<void>;
const realClock: Wait = async () => {};

/** Part of a company's name typed, key by key, into a ticker argument (`wait`: the builder's pause
 *  before it searches), and `name` picked from the list; resolves with what reading the company
 *  lists cost, when this search read them (else null). */
export async function pickCompany(page: Page, arg: string, typed: string, name: string, wait = realClock): Promise<string | null> {
  const field = `#builder [data-arg="${arg}"]`;
  await page.fill(field, "");
  await page.type(field, typed);
  await wait();
  const option = `#companies-${arg} li[role=option]:has-text("${name}")`;
  await page.waitForSelector(option);
  const spent = await page.$(`#companies-${arg} li.spent`);
  const said = spent ? await spent.textContent() : null;
  await page.dispatchEvent(option, "mousedown");
  return said;
}

/** Preview pressed; resolves with the cost line once the answer is shown. */
export async function preview(page: Page): Promise<string> {
  await page.click("#builder-preview");
  await page.waitForFunction(() => {
    const text = document.getElementById("builder-cost")?.textContent ?? "";
    return text !== "" && text !== "Asking…";
  });
  return (await page.textContent("#builder-cost")) ?? "";
}
