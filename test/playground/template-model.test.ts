// The DCF company model in the playground's sheet without a browser, each MDQ cell run through the
// core against the sandbox of each edition: every cell a number; the history the statements' own
// figures (a year the sum of its four quarters, TTM the latest four, debt and cash at the latest
// quarter); the valuation the discounted-cash-flow arithmetic, computed here again from those
// figures; an assumption or the ticker typed over recalculates it; a bank's missing free cash flow
// reaches the value per share as the error naming it.
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { DCF_MODEL } from "../../shared/catalogue/template-model";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { parseAddress } from "../../src/playground/address";
import { type Run, Sheet, type Value } from "../../src/playground/sheet";
import { templateView } from "../../src/playground/templates";
import { idxCompany } from "../../src/sandbox/data/idx-companies";
import { quarterRecord } from "../../src/sandbox/data/idx-financials";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";

/** The sandbox's day: its latest quarter reported is 2025Q1, its latest full year 2024. */
const TODAY = "2025-06-30";
const at = (a: string) => parseAddress(a)!;

const sandboxes = {} as Record<Edition, Sandbox>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

/** The model opened as the playground opens it, its MDQ cells answered by the core against an edition's sandbox. */
async function openModel(edition: Edition): Promise<Sheet> {
  const settings = { baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition };
  const host = fetchHost(fetch as never, { now: () => Date.parse(`${TODAY}T09:00:00Z`) });
  const runner = (name: string, args: unknown[]): Run => ({
    result: callAsync(functionNamed(name), args as never, settings, host).then(
      (r) => r.cells as Value[][],
      (e: { message?: string }) => Promise.reject({ code: "#N/A", message: `MDQ: ${e.message}` }),
    ),
    cancel: () => undefined,
  });
  const sheet = new Sheet(60, 12, runner, () => new Date(`${TODAY}T09:00:00`));
  const view = templateView(DCF_MODEL);
  sheet.setFormats(Object.entries(view.formats).map(([a, f]) => [at(a), f]));
  sheet.setInputs(Object.entries(view.inputs).map(([a, text]) => [at(a), text]));
  await settled(sheet);
  return sheet;
}

async function settled(sheet: Sheet): Promise<void> {
  for (let i = 0; i < 500 && sheet.calculating() > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(sheet.calculating()).toBe(0);
}

const valueAt = (sheet: Sheet, a: string) => {
  const shown = sheet.shown(at(a));
  return shown.kind === "value" ? shown.value : shown;
};

/** A field of TLKM's sandbox statements: a flow over quarters summed. */
const quarters = (ticker: string, list: Array<[number, number]>, field: string) =>
  list.reduce((sum, [year, q]) => sum + Number(quarterRecord(idxCompany(ticker)!, year, q)[field]), 0);
const year = (y: number): Array<[number, number]> => [1, 2, 3, 4].map((q) => [y, q]);
const TTM: Array<[number, number]> = [
  [2024, 2],
  [2024, 3],
  [2024, 4],
  [2025, 1],
];

describe.each(EDITIONS)("the DCF company model in the %s edition", (edition) => {
  let sheet: Sheet;
  beforeAll(async () => {
    sheet = await openModel(edition);
  });

  test("every formula, MDQ's and the spreadsheet's own, is a number", () => {
    const formulas = DCF_MODEL.sheets[0].cells.filter((c) => c.formula || c.builtin);
    expect(formulas.length).toBeGreaterThan(60);
    for (const c of formulas) expect({ at: c.at, type: typeof valueAt(sheet, c.at) }).toEqual({ at: c.at, type: "number" });
  });

  test("the history is the statements' own: a year the sum of its quarters, TTM the latest four, ratios of the sums", () => {
    expect(valueAt(sheet, "B6")).toBe(quarters("TLKM", year(2022), "revenue"));
    expect(valueAt(sheet, "D14")).toBe(quarters("TLKM", year(2024), "free_cash_flow"));
    expect(valueAt(sheet, "E6")).toBe(quarters("TLKM", TTM, "revenue"));
    expect(valueAt(sheet, "E9")).toBeCloseTo(quarters("TLKM", TTM, "ebitda") / quarters("TLKM", TTM, "revenue"), 12);
    expect(valueAt(sheet, "C7")).toBeCloseTo(quarters("TLKM", year(2023), "revenue") / quarters("TLKM", year(2022), "revenue") - 1, 12);
    expect(valueAt(sheet, "E15")).toBeCloseTo(quarters("TLKM", TTM, "free_cash_flow") / quarters("TLKM", TTM, "revenue"), 12);
    const latest = quarterRecord(idxCompany("TLKM")!, 2025, 1);
    expect([valueAt(sheet, "B34"), valueAt(sheet, "B35")]).toEqual([latest.total_debt, latest.cash_and_short_term_investments]);
  });

  test("the valuation: five years of free cash flow from the TTM, discounted, a terminal value, net debt off, per share", () => {
    const revenue = quarters("TLKM", TTM, "revenue");
    const margin = quarters("TLKM", TTM, "free_cash_flow") / revenue;
    const [growth, wacc, terminal, shares] = [0.05, 0.11, 0.03, 99_062_216_600];
    const fcf = [1, 2, 3, 4, 5].map((t) => revenue * (1 + growth) ** t * margin);
    const pv = fcf.reduce((sum, f, i) => sum + f / (1 + wacc) ** (i + 1), 0);
    const tv = (fcf[4] * (1 + terminal)) / (wacc - terminal);
    const ev = pv + tv / (1 + wacc) ** 5;
    const latest = quarterRecord(idxCompany("TLKM")!, 2025, 1);
    const equity = ev - (Number(latest.total_debt) - Number(latest.cash_and_short_term_investments));
    const close = (a: string, expected: number) => expect((valueAt(sheet, a) as number) / expected).toBeCloseTo(1, 10);
    close("G25", fcf[4]);
    close("B30", pv);
    close("B31", tv);
    close("B33", ev);
    close("B37", equity);
    close("B38", equity / shares);
    close("B39", ev / quarters("TLKM", TTM, "ebitda"));
  });

  test("typing over an assumption or the ticker recalculates; a bank's missing free cash flow reaches the value per share", async () => {
    const before = valueAt(sheet, "B38") as number;
    sheet.setInput(at("B18"), "0.1");
    await settled(sheet);
    expect(valueAt(sheet, "B38")).toBeGreaterThan(before);
    sheet.setInputs([
      [at("B2"), "ASII"],
      [at("B3"), "40483553140"],
    ]);
    await settled(sheet);
    expect(valueAt(sheet, "B6")).toBe(quarters("ASII", year(2022), "revenue"));
    expect(typeof valueAt(sheet, "B38")).toBe("number");
    sheet.setInput(at("B2"), "BBCA");
    await settled(sheet);
    expect(valueAt(sheet, "E14")).toMatchObject({ kind: "error", code: "#N/A", message: expect.stringContaining("free_cash_flow") });
    expect(valueAt(sheet, "B38")).toMatchObject({ kind: "error", code: "#N/A", message: expect.stringContaining("free_cash_flow") });
  });
});
