// The ready workbooks in the playground: each template opened from the header's picker in headless
// Chromium (npm run build first), its formulas in the cells as the Excel files hold them, every MDQ
// cell calculated by the built Excel bundle against the sandbox. MDQ_UPDATE_SCREENSHOT=1 writes
// each template's picture for the docs (docs/templates/<id>.png).
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { formulaText, TEMPLATES } from "../../shared/catalogue/templates";
import type { Sandbox } from "../../src/sandbox/server";
import { openPlayground, ROOT, requireBuilt, SHOTS, settled } from "./page";

let browser: Browser;
let page: Page;
let sandbox: Sandbox;

beforeAll(async () => {
  requireBuilt([]);
  browser = await launchChromium();
  ({ sandbox, page } = await openPlayground(browser, "2025-06-30"));
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const settle = () => settled(page);

test.each(TEMPLATES.map((t) => [t.title, t] as const))("%s opens with its formulas, each one calculated", async (_title, template) => {
  await page.selectOption("#templates", template.id);
  await settle();
  const formulas = template.sheets[0].cells.filter((c) => c.formula);
  const cells = await page.evaluate(
    (addresses) => {
      const { sheet } = (window as any).MDQ_PLAYGROUND;
      return addresses.map((a: string) => {
        const m = /^([A-Z]+)(\d+)$/.exec(a) as RegExpExecArray;
        const at = { row: Number(m[2]) - 1, col: m[1].charCodeAt(0) - 65 };
        return { input: sheet.input(at), shown: sheet.shown(at) };
      });
    },
    formulas.map((c) => c.at),
  );
  cells.forEach((cell: { input: string; shown: { kind: string; code?: string; message?: string } }, i: number) => {
    const formula = formulas[i].formula as NonNullable<(typeof formulas)[number]["formula"]>;
    expect(cell.input).toBe(formulaText(formula, "excel"));
    // Calculated: a value, or an error in words (a bank the sandbox does not list, a field not reported).
    expect(["value", "error"]).toContain(cell.shown.kind);
    if (cell.shown.kind === "error") expect(cell.shown.message).toMatch(/^MDQ: /);
  });
  expect(cells.filter((c: { shown: { kind: string } }) => c.shown.kind === "value").length).toBeGreaterThan(formulas.length / 2);
  // The first formula selected: a series (the LQ45 tracker's INDEX) is charted beside the grid.
  await page.click(`td[data-cell="${formulas[0].at}"]`);
  await page.screenshot({ path: join(SHOTS, `template-${template.id}.png`) });
  if (process.env.MDQ_UPDATE_SCREENSHOT) {
    mkdirSync(join(ROOT, "docs", "templates"), { recursive: true });
    copyFileSync(join(SHOTS, `template-${template.id}.png`), join(ROOT, "docs", "templates", `${template.id}.png`));
  }
});
