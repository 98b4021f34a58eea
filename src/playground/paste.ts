// Pasting into the grid: text copied from a spreadsheet (rows by line, cells by tab) fills the
// cells from the selected one, right and down, as one step of the history. A paste into the
// formula bar or another box is that box's own.
import { addressOf, type Cell } from "./address";
import type { Grid } from "./grid";
import type { History } from "./history";
import type { Sheet } from "./sheet";

/** Tab-separated lines → the cells they fill from `at`; what falls outside the sheet is dropped.
 *  The line break a spreadsheet adds after the last row is no empty row. */
export function pastedCells(text: string, at: Cell, size: { rows: number; cols: number }): Array<[Cell, string]> {
  const lines = text.replace(/\r?\n$/, "").split(/\r?\n/);
  return lines.flatMap((line, i) =>
    line
      .split("\t")
      .map((value, j): [Cell, string] => [{ row: at.row + i, col: at.col + j }, value])
      .filter(([cell]) => cell.row < size.rows && cell.col < size.cols),
  );
}

export function attachPaste(grid: Grid, sheet: Sheet, history: History): void {
  grid.table.addEventListener("paste", (e) => {
    const text = e.clipboardData?.getData("text/plain") ?? "";
    if (text === "") return;
    e.preventDefault();
    const entries = pastedCells(text, grid.selected, sheet);
    history.record(`pasting at ${addressOf(grid.selected)}`, () => sheet.setInputs(entries));
    // Selected again, so that the formula bar shows the pasted text.
    grid.select(grid.selected);
  });
}
