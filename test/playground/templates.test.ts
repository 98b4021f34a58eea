// The ready workbooks in the playground: each template opened from the header's picker in headless
// Chromium (npm run build first), its formulas in the cells as the Excel files hold them, every MDQ
// cell calculated by the built Excel bundle against the sandbox. MDQ_UPDATE_SCREENSHOT=1 writes
// each template's picture for the docs (docs/templates/<id>.png).
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { formulaText, TEMPLATES } from "../../shared/templates";
import { playgroundMounts } from "../../src/sandbox/serve";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");
const SHOTS = join(ROOT, "test-output", "playground");
const WAIT_MS = 20000;

let browser: Browser;
let page: Page;
let sandbox: Sandbox;

beforeAll(async () => {
  for (const file of [join(DIST, "playground", "index.html"), join(DIST, "excel", "functions.js")]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  mkdirSync(SHOTS, { recursive: true });
  sandbox = await startSandbox({ port: 0, host: "127.0.0.1", apiKey: "demo", today: "2025-06-30", static: playgroundMounts(DIST) });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(WAIT_MS);
  await page.route("**/*", (route) => (route.request().url().startsWith(`${sandbox.url}/`) ? route.continue() : route.abort()));
  await page.goto(`${sandbox.url}/playground/`);
  await page.waitForFunction(() => (window as any).MDQ_PLAYGROUND !== undefined);
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const settle = () => page.waitForFunction(() => (window as any).MDQ_PLAYGROUND.sheet.calculating() === 0, null, { timeout: WAIT_MS });

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
