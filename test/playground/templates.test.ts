// The ready workbooks in the playground: each template opened from the header's picker in headless
// Chromium (npm run build first), its formulas in the cells as the Excel files hold them, every MDQ
// cell calculated by the built Excel bundle against the sandbox, its own formulas (TODAY()-90,
// COUNTIF, the DCF model's arithmetic and SUM) calculated too, each a number, its number formats
// shown and its text kept as text. The page's clock is the sandbox's day, so the tracker's window
// is the sandbox's last 90 days. MDQ_UPDATE_SCREENSHOT=1 writes each template's picture for the
// docs (docs/templates/<id>.png).
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { isoToSerial, serialToIso } from "../../shared/base/cells";
import { formulaText, rangeAddresses, TEMPLATES, todayOffset } from "../../shared/catalogue/templates";
import type { Sandbox } from "../../src/sandbox/server";
import { openPlayground, ROOT, requireBuilt, SHOTS, settled } from "./page";

let browser: Browser;
let page: Page;
let sandbox: Sandbox;

beforeAll(async () => {
  requireBuilt([]);
  browser = await launchChromium();
  ({ sandbox, page } = await openPlayground(browser, TODAY));
  await page.clock.setFixedTime(new Date(`${TODAY}T09:00:00`));
});

const TODAY = "2025-06-30";

/** What a formatted number looks like in a cell. */
const LOOKS: Record<string, RegExp> = {
  "yyyy-mm-dd": /^\d{4}-\d{2}-\d{2}$/,
  "#,##0.00": /^-?\d{1,3}(,\d{3})*\.\d{2}$/,
  "#,##0": /^-?\d{1,3}(,\d{3})*$/,
  "0.00": /^-?\d+\.\d{2}$/,
  "0.0": /^-?\d+\.\d$/,
  "0.000": /^-?\d+\.\d{3}$/,
  "0.0%": /^-?\d+\.\d%$/,
  "#,##0,,,": /^-?\d{1,3}(,\d{3})*$/,
};

/** Each cell's input, what it shows and the grid's text, by A1 address. */
const cellsAt = (addresses: string[]) =>
  page.evaluate((list) => {
    const { sheet } = (window as any).MDQ_PLAYGROUND;
    return list.map((a: string) => {
      const m = /^([A-Z]+)(\d+)$/.exec(a) as RegExpExecArray;
      const at = { row: Number(m[2]) - 1, col: m[1].charCodeAt(0) - 65 };
      const td = document.querySelector(`td[data-cell="${a}"]`) as HTMLElement;
      return { at: a, input: sheet.input(at), shown: sheet.shown(at), text: td.textContent };
    });
  }, addresses);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const settle = () => settled(page);

test.each(TEMPLATES.map((t) => [t.title, t] as const))("%s opens with its formulas, each one calculated", async (_title, template) => {
  await page.selectOption("#templates", template.id);
  await settle();
  const def = template.sheets[0];
  const formulas = def.cells.filter((c) => c.formula);
  const cells = await cellsAt(formulas.map((c) => c.at));
  cells.forEach((cell: { input: string; shown: { kind: string; code?: string; message?: string } }, i: number) => {
    const formula = formulas[i].formula as NonNullable<(typeof formulas)[number]["formula"]>;
    expect(cell.input).toBe(formulaText(formula, "excel"));
    // Calculated: a value, or an error in words (a field a company does not report).
    expect(["value", "error"]).toContain(cell.shown.kind);
    if (cell.shown.kind === "error") expect(cell.shown.message).toMatch(/^MDQ: /);
  });
  expect(cells.filter((c: { shown: { kind: string } }) => c.shown.kind === "value").length).toBeGreaterThan(formulas.length / 2);
  // The spreadsheet's own formulas as written, each a number.
  const builtins = def.cells.filter((c) => c.builtin);
  for (const cell of await cellsAt(builtins.map((c) => c.at))) {
    expect({ at: cell.at, input: cell.input, kind: cell.shown.kind, type: typeof cell.shown.value }).toEqual({
      at: cell.at,
      input: builtins.find((c) => c.at === cell.at)?.builtin,
      kind: "value",
      type: "number",
    });
    // A TODAY() date shows as the day it is, on the page's clock.
    const days = todayOffset(cell.input);
    if (days !== undefined)
      expect({ at: cell.at, text: cell.text }).toEqual({ at: cell.at, text: serialToIso((isoToSerial(TODAY) as number) + days) });
  }
  // Text stays text: the value shown is the text itself (KLSE codes are not 1,155).
  const texts = def.cells.filter((c) => typeof c.value === "string");
  for (const cell of await cellsAt(texts.map((c) => c.at))) {
    const value = texts.find((c) => c.at === cell.at)?.value;
    expect({ at: cell.at, shown: cell.shown.value, text: cell.text }).toEqual({ at: cell.at, shown: value, text: value });
  }
  // Every formatted cell holding a number shows it in its format: a spilled result's cells too.
  const formats = new Map<string, string>();
  for (const [range, format] of Object.entries(def.formats ?? {})) for (const a of rangeAddresses(range)) formats.set(a, format);
  for (const cell of def.cells) if (cell.format) formats.set(cell.at, cell.format);
  const numbers = (await cellsAt([...formats.keys()])).filter((c: any) => c.shown.kind === "value" && typeof c.shown.value === "number");
  // A number is sure to be there where the template formats a cell of its own; a spill's columns
  // may hold text only (dates as ISO text, when the dates option asks for it).
  if (def.cells.some((c) => c.format && (c.formula || c.builtin))) expect(numbers.length).toBeGreaterThan(0);
  for (const cell of numbers)
    expect({ at: cell.at, text: cell.text }).toEqual({ at: cell.at, text: expect.stringMatching(LOOKS[formats.get(cell.at) as string]) });
  // The first formula selected: a series (the LQ45 tracker's INDEX) is charted beside the grid.
  await page.click(`td[data-cell="${formulas[0].at}"]`);
  await page.screenshot({ path: join(SHOTS, `template-${template.id}.png`) });
  if (process.env.MDQ_UPDATE_SCREENSHOT) {
    mkdirSync(join(ROOT, "docs", "templates"), { recursive: true });
    copyFileSync(join(SHOTS, `template-${template.id}.png`), join(ROOT, "docs", "templates", `${template.id}.png`));
  }
});
