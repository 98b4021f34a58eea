// Steps in the built Excel task pane (excel-pane.ts) that the builder's browser test takes and the
// screenshots of docs/images/ stage (screenshots.ts): the same clicks and keys a user makes, each
// waiting for what it brings, never for a time.
import type { Page } from "playwright-core";
import { pickCompany, preview } from "./builder-stages";

export { pickCompany, preview };

/** The pane's settings saved: the service at `baseUrl` with `apiKey`, in `edition`. */
export async function useService(page: Page, baseUrl: string, apiKey: string, edition = "live"): Promise<void> {
  await page.fill("#baseUrl", baseUrl);
  await page.selectOption("#edition", edition);
  await page.fill("#apiKey", apiKey);
  await page.evaluate(() => (document.getElementById("status")!.textContent = ""));
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
}

/** The worksheet's active cell moved to `address`, as a click in Excel does (the stand-in fires
 *  Workbook.onSelectionChanged); `formula` is typed there first when given. */
export async function selectCell(page: Page, address: string, formula?: string): Promise<void> {
  await page.evaluate(
    ([address, formula]) => {
      const mdq = (window as unknown as { __mdq: { cells: Record<string, string>; select(a: string): void } }).__mdq;
      if (formula !== undefined) mdq.cells[address] = formula;
      mdq.select(address);
    },
    [address, formula] as const,
  );
}

/** A section of the pane opened; the first one opened loads builder.js, and the builder is ready. */
export async function openSection(page: Page, id: "builderSection" | "explainSection"): Promise<void> {
  if (!(await page.$eval(`#${id}`, (details) => (details as HTMLDetailsElement).open))) await page.click(`#${id} > summary`);
  await page.waitForSelector("body[data-builder=ready]");
}

/** The Done-when of issue 29 up to Insert: QUARTERLY chosen in an empty B2, "central" typed in its
 *  ticker and Bank Central Asia picked, 4 quarters, previewed: what the search and the preview cost. */
export async function buildQuarterly(page: Page): Promise<{ searched: string | null; cost: string }> {
  await selectCell(page, "B2");
  await openSection(page, "builderSection");
  await page.selectOption("#builder-function", "QUARTERLY");
  const searched = await pickCompany(page, "ticker", "central", "Bank Central Asia");
  await page.fill('#builder [data-arg="n_quarters"]', "4");
  return { searched, cost: await preview(page) };
}

/** "Explain this cell" on the cell at `address` holding `formula`: resolves with the table's rows. */
export async function explainCell(page: Page, address: string, formula: string): Promise<string[][]> {
  await openSection(page, "explainSection");
  await selectCell(page, address, formula);
  await page.waitForFunction((a) => (document.getElementById("explain-cell")?.textContent ?? "").startsWith(`Sheet1!${a}:`), address);
  await page.click("#explain-run");
  await page.waitForFunction(() => {
    const note = document.getElementById("explain-note")?.textContent ?? "";
    return document.querySelectorAll("#explain-table tr").length > 0 || (note !== "" && note !== "Asking…");
  });
  return page.$$eval("#explain-table tr", (rows) => rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
}
