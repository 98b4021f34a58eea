// MDQ > Format results: the core's number formats (prices to the exchange's tick, fractions as
// percentages, P/E with 2 decimals, years without a separator) on the MDQ results of the active
// sheet. A custom function can only return values: Sheets does not let it format the cells it
// spills into (setNumberFormat is refused to it), so the formats are applied here, where the menu
// runs as the user. Each formula that is one MDQ call with plain arguments (formula-calls.ts) is
// called again, which its cached answer serves (a request only where that has expired), for its
// result's formats (CallResult.formats); the values are never touched, nor any cell the result
// types no format for. A formula whose arguments Sheets must compute first (a range, an
// expression, another sheet's cell) is left as it is, and said.
import { columnName, FORMULA_PREFIX, type FormatGrid, findFunction } from "../../shared";
import { gas, type Sheet } from "./apps-script";
import { plainCalls } from "./formula-calls";
import { tell } from "./menu";
import { call } from "./run";

const ONE_CALL = new RegExp(`^=\\s*${FORMULA_PREFIX.sheets}([A-Z][A-Z0-9_]*)\\s*\\(`, "i");

/** The formats of a result anchored at (row, column), one range per run of a column's cells that
 *  share a format (a column of closes is one call to Sheets, not one per cell). */
function applyFormats(sheet: Sheet, row: number, column: number, formats: FormatGrid): number {
  let cells = 0;
  const width = Math.max(0, ...formats.map((r) => r.length));
  for (let j = 0; j < width; j++) {
    for (let i = 0; i < formats.length; ) {
      const format = formats[i][j];
      let end = i + 1;
      while (format !== undefined && end < formats.length && formats[end][j] === format) end++;
      if (format !== undefined) {
        const col = columnName(column + j);
        sheet.getRange(`${col}${row + i + 1}:${col}${row + end}`).setNumberFormat(format);
        cells += end - i;
      }
      i = end;
    }
  }
  return cells;
}

export function formatResults(): void {
  const sheet = gas().SpreadsheetApp.getActiveSpreadsheet().getActiveSheet();
  const range = sheet.getDataRange();
  const formulas = range.getFormulas();
  const values = range.getValues();
  const valueAt = (row: number, column: number) => values[row]?.[column] ?? null;
  let results = 0;
  let cells = 0;
  const left: string[] = [];
  const failed: string[] = [];
  for (const [r, line] of formulas.entries()) {
    for (const [c, formula] of line.entries()) {
      const name = ONE_CALL.exec(formula ?? "")?.[1];
      const fn = name ? findFunction(name) : undefined;
      if (!fn) continue;
      const at = `${columnName(c)}${r + 1}`;
      const calls = plainCalls(formula, `${FORMULA_PREFIX.sheets}${fn.name}`, valueAt);
      // Only a formula that is the call itself spills its result from its own cell.
      if (calls.length !== 1 || !formula.trim().endsWith(")")) {
        left.push(at);
        continue;
      }
      try {
        const { formats } = call(fn.name, calls[0]);
        results++;
        if (formats) cells += applyFormats(sheet, r, c, formats);
      } catch (e) {
        failed.push(`${at}: ${(e as Error).message}`);
      }
    }
  }
  const lines = [`Formatted ${cells} cells of ${results} MDQ results on this sheet (values unchanged).`];
  if (left.length)
    lines.push(
      `Left as they are (their arguments are computed by Sheets: a range, an expression or another sheet's cell): ${left.join(", ")}.`,
    );
  if (failed.length) lines.push(`Not formatted, their call failed: ${failed.join("; ")}`);
  tell("MDQ: Format results", lines.join("\n"));
}
