// The grid on screen: column letters, row numbers, one <td> per cell showing what the sheet
// shows, the selected cell and, when it holds or belongs to a result, that result's outline.
// Typing goes to the formula bar, as in Excel: the grid only selects. A cell with a number format
// (a template's) shows its number so; any other value has the General look.
import { findFunction } from "../../shared";
import { addressOf, type Cell, columnName } from "./address";
import { columnWidth } from "./columns";
import { look, type ResultOf } from "./format";
import { formatted } from "./number-format";
import type { Sheet, Value } from "./sheet";

/** The row numbers' column (as in playground.css). */
const ROW_HEAD_PX = 44;

export class Grid {
  selected: Cell = { row: 0, col: 0 };
  private readonly cells: HTMLTableCellElement[][] = [];
  private readonly widths: HTMLTableColElement[] = [];
  private selectListeners: Array<(cell: Cell) => void> = [];
  /** A digit's width in the grid's font, measured once: the columns are sized in pixels so that
   *  the table can be given its full width, which a fixed table layout needs to keep them. */
  private readonly charPx: number;

  constructor(
    readonly table: HTMLTableElement,
    private readonly sheet: Sheet,
  ) {
    const probe = (table.parentElement ?? document.body).appendChild(document.createElement("span"));
    probe.style.cssText = "position: absolute; visibility: hidden; white-space: nowrap";
    probe.textContent = "0".repeat(10);
    this.charPx = probe.getBoundingClientRect().width / 10 || 7;
    probe.remove();
    const colgroup = table.appendChild(document.createElement("colgroup"));
    colgroup.appendChild(document.createElement("col")).className = "row-head";
    const head = table.createTHead().insertRow();
    head.appendChild(document.createElement("th")).className = "corner";
    for (let col = 0; col < sheet.cols; col++) {
      this.widths.push(colgroup.appendChild(document.createElement("col")));
      head.appendChild(document.createElement("th")).textContent = columnName(col);
    }
    const body = table.createTBody();
    for (let row = 0; row < sheet.rows; row++) {
      const tr = body.insertRow();
      tr.appendChild(document.createElement("th")).textContent = String(row + 1);
      const line: HTMLTableCellElement[] = [];
      for (let col = 0; col < sheet.cols; col++) {
        const td = tr.insertCell();
        td.dataset.cell = addressOf({ row, col });
        line.push(td);
      }
      this.cells.push(line);
    }
    body.addEventListener("mousedown", (e) => {
      const td = (e.target as HTMLElement).closest("td");
      if (!td) return;
      const row = (td.parentElement as HTMLTableRowElement).sectionRowIndex;
      this.select({ row, col: td.cellIndex - 1 });
    });
  }

  onSelect(listener: (cell: Cell) => void): void {
    this.selectListeners.push(listener);
  }

  select(cell: Cell): void {
    this.selected = {
      row: Math.min(Math.max(cell.row, 0), this.sheet.rows - 1),
      col: Math.min(Math.max(cell.col, 0), this.sheet.cols - 1),
    };
    this.render();
    this.cellAt(this.selected).scrollIntoView({ block: "nearest", inline: "nearest" });
    for (const listener of this.selectListeners) listener(this.selected);
  }

  cellAt({ row, col }: Cell): HTMLTableCellElement {
    return this.cells[row][col];
  }

  /** Redraw every cell from the sheet (a few thousand text writes: well under a frame). */
  render(): void {
    const widest = new Array<number>(this.sheet.cols).fill(0);
    const outline = this.sheet.resultAt(this.selected);
    for (let row = 0; row < this.sheet.rows; row++) {
      for (let col = 0; col < this.sheet.cols; col++) {
        const td = this.cells[row][col];
        const shown = this.sheet.shown({ row, col });
        const classes: string[] = [];
        let text = "";
        let title = "";
        if (shown.kind === "value") {
          const labels: Value[] = [];
          let fn: ResultOf | undefined;
          if (shown.from) {
            // A result cell reads its column's header and its row's label (statement layouts), and
            // its function's typed columns.
            const anchor = this.sheet.resultAt({ row, col });
            if (anchor) labels.push(anchor.cells[0]?.[shown.from.j] ?? null, anchor.cells[shown.from.i]?.[0] ?? null);
            fn = anchor && findFunction(anchor.name);
          }
          const seen = formatted(shown.value, this.sheet.formatAt({ row, col })) ?? look(shown.value, labels, fn);
          text = seen.text;
          classes.push(`align-${seen.align}`);
          if (text.length > 24) title = text;
          if (shown.from && shown.from.i === 0 && shown.from.j === 0) classes.push("anchor");
        } else if (shown.kind === "busy") {
          text = "#BUSY!";
          title = "Calculating…";
          classes.push("busy");
        } else if (shown.kind === "error") {
          text = shown.code;
          title = shown.message;
          classes.push("error");
        }
        if (row === this.selected.row && col === this.selected.col) classes.push("selected");
        if (
          outline &&
          row >= outline.anchor.row &&
          col >= outline.anchor.col &&
          row < outline.anchor.row + outline.cells.length &&
          col < outline.anchor.col + (outline.cells[0]?.length ?? 1)
        ) {
          classes.push("in-result");
        }
        if (td.textContent !== text) td.textContent = text;
        if (td.title !== title) td.title = title;
        const className = classes.join(" ");
        if (td.className !== className) td.className = className;
        widest[col] = Math.max(widest[col], text.length);
      }
    }
    // Without the table's own width the browser would squeeze the columns into the window,
    // empty ones down to their padding.
    let total = ROW_HEAD_PX;
    widest.forEach((chars, col) => {
      const width = columnWidth(chars, this.charPx);
      this.widths[col].style.width = `${width}px`;
      total += width;
    });
    this.table.style.width = `${total}px`;
  }
}
