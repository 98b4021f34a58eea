// The formula bar and the keyboard: the name box shows (and jumps to) an address, the bar edits
// the selected cell's text; Enter commits and moves down, Tab right, Escape gives the text back.
// On the grid, arrows move, Delete clears, and typing starts a new entry in the bar. Every edit
// is one step of the history (undo.ts). The bar follows every change of the selected cell's text,
// whatever made it (the example, a template, undo, a paste, the builder's Insert), so that Enter
// never writes an older text over the cell.
import { addressOf, parseAddress } from "./address";
import type { Grid } from "./grid";
import type { History } from "./history";
import type { Sheet } from "./sheet";

export function attachEditor(grid: Grid, sheet: Sheet, history: History, bar: HTMLInputElement, nameBox: HTMLInputElement): void {
  /** The cell's text the bar last showed: a change of the sheet that leaves it as it was (an
   *  answer arriving) leaves the bar alone, with whatever is being typed there. */
  let shown = "";
  const show = () => {
    nameBox.value = addressOf(grid.selected);
    shown = sheet.input(grid.selected);
    bar.value = shown;
  };
  grid.onSelect(show);
  sheet.onChange(() => {
    if (sheet.input(grid.selected) !== shown) show();
  });

  const commit = () => {
    const cell = grid.selected;
    const text = bar.value;
    if (text !== sheet.input(cell)) history.record(`typing in ${addressOf(cell)}`, () => sheet.setInput(cell, text));
  };

  bar.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      commit();
      const { row, col } = grid.selected;
      grid.select(e.key === "Enter" ? { row: row + (e.shiftKey ? -1 : 1), col } : { row, col: col + (e.shiftKey ? -1 : 1) });
      grid.table.focus();
    } else if (e.key === "Escape") {
      show();
      grid.table.focus();
    }
  });
  // Clicking elsewhere keeps what was typed, as Excel does.
  bar.addEventListener("change", commit);

  nameBox.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    const cell = parseAddress(nameBox.value);
    if (cell) grid.select(cell);
    else nameBox.value = addressOf(grid.selected);
    grid.table.focus();
  });

  grid.table.tabIndex = 0;
  grid.table.addEventListener("mousedown", () => setTimeout(() => grid.table.focus()));
  grid.table.addEventListener("dblclick", () => bar.focus());
  grid.table.addEventListener("keydown", (e) => {
    const { row, col } = grid.selected;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Enter: [1, 0],
      Tab: [0, 1],
    };
    if (moves[e.key]) {
      e.preventDefault();
      grid.select({ row: row + moves[e.key][0], col: col + moves[e.key][1] });
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      const cell = grid.selected;
      history.record(`clearing ${addressOf(cell)}`, () => sheet.setInput(cell, ""));
      show();
    } else if (e.key === "F2") {
      e.preventDefault();
      bar.focus();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // A printable key replaces the cell's text, starting with that key.
      e.preventDefault();
      bar.value = e.key;
      bar.focus();
      bar.setSelectionRange(1, 1);
    }
  });
  show();
}
