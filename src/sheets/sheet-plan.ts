// The widest reach each company's VALUE cells on the sheet need, read from the sheet's formulas.
// Sheets starts a sheet's cells in waves of 30 in an order of its own: when a company's first cells
// name recent periods and a later wave names an older one, the kept reach (reach.ts) has to widen
// again, and the company is fetched twice. So the cell that is about to open a company's gathering
// reads its sheet's formulas once (custom functions may read the spreadsheet) and gathers every
// plain MDQ_VALUE call on it (formula-calls.ts): each company starts at the reach all its cells on
// the sheet need. Calls whose arguments are not plain (ranges, expressions, other sheets' cells)
// are not seen here; the gathering window and the widening still serve them. Bounded: a sheet of
// more than MAX_PLAN_CELLS cells is not read (the plan is a saving, never a condition).
import { type CellValue, FORMULA_PREFIX, type FunctionSpec, type Gathering, gatheringOf } from "../../shared";
import { gas } from "./apps-script";
import { plainCalls } from "./formula-calls";

export const MAX_PLAN_CELLS = 50_000;

/** Each group's widest reach among the plain calls of `fn` on the calling cell's sheet. */
export function sheetPlan(fn: FunctionSpec, now: number, readCells: (args: unknown[]) => CellValue[]): Map<string, number> {
  const widest = new Map<string, number>();
  let formulas: string[][];
  let values: unknown[][];
  try {
    // In a custom function the active sheet is the one holding the calling cell.
    const range = gas().SpreadsheetApp.getActiveSpreadsheet().getActiveSheet().getDataRange();
    formulas = range.getFormulas();
    if (formulas.length * (formulas[0]?.length ?? 0) > MAX_PLAN_CELLS) return widest;
    values = range.getValues();
  } catch {
    return widest;
  }
  const name = `${FORMULA_PREFIX.sheets}${fn.name}`;
  const valueAt = (row: number, column: number) => values[row]?.[column] ?? null;
  for (const row of formulas) {
    for (const formula of row) {
      if (!formula?.toUpperCase().includes(name)) continue;
      for (const args of plainCalls(formula, name, valueAt)) {
        const g: Gathering | undefined = gatheringOf(fn, readCells(args), now);
        if (g) widest.set(g.group, Math.max(g.cover, widest.get(g.group) ?? 0));
      }
    }
  }
  return widest;
}
