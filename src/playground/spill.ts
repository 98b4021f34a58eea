// Where each formula's 2-D result lands: from its cell to the right and down, as Excel's dynamic
// arrays do. A result that would cover a cell holding something, another result, or the edge of
// the grid does not spill at all: its cell shows #SPILL! and says what is in the way.
import { addressOf, type Cell, keyOf } from "./address";

export interface Anchor {
  cell: Cell;
  rows: number;
  cols: number;
}

export interface Owner {
  anchor: string;
  i: number;
  j: number;
}

export interface Layout {
  /** Cell key → the result cell shown there. */
  owners: Map<string, Owner>;
  /** Anchor key → why its result could not spill. */
  blocked: Map<string, string>;
}

/** Anchors in reading order (row by row): the first one to claim a cell keeps it. */
export function layout(anchors: Anchor[], occupied: (key: string) => boolean, size: { rows: number; cols: number }): Layout {
  const owners = new Map<string, Owner>();
  const blocked = new Map<string, string>();
  const ordered = [...anchors].sort((a, b) => a.cell.row - b.cell.row || a.cell.col - b.cell.col);
  for (const { cell, rows, cols } of ordered) {
    const anchor = keyOf(cell.row, cell.col);
    if (cell.row + rows > size.rows || cell.col + cols > size.cols) {
      blocked.set(
        anchor,
        `the result is ${rows} rows by ${cols} columns and would run off the sheet (${size.rows} rows, ${size.cols} columns). Move the formula up or left.`,
      );
      continue;
    }
    const inTheWay: string[] = [];
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        if (i === 0 && j === 0) continue;
        const key = keyOf(cell.row + i, cell.col + j);
        if (occupied(key) || owners.has(key)) inTheWay.push(addressOf({ row: cell.row + i, col: cell.col + j }));
      }
    }
    if (inTheWay.length) {
      const listed = inTheWay.slice(0, 3).join(", ") + (inTheWay.length > 3 ? ` and ${inTheWay.length - 3} more` : "");
      blocked.set(anchor, `the result (${rows} rows by ${cols} columns) would overwrite ${listed}. Clear the way or move the formula.`);
      continue;
    }
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) owners.set(keyOf(cell.row + i, cell.col + j), { anchor, i, j });
  }
  return { owners, blocked };
}
