// The table every function's answer becomes before the display options shape it into cells.

export type Cell = string | number | boolean | null;

export interface Table {
  columns: string[];
  rows: Cell[][];
  /** The default layout: one record per row, or transposed with the field names in the first column. */
  orient: "rows" | "columns";
  /** The column that heads each record when transposed (QUARTERLY's `date`). */
  key?: string;
  /** One value for one cell (VALUE): shown without its name. */
  value?: boolean;
  /** Where a value came from in its answer (VALUE: the quarters summed, the row, the report field). */
  source?: string;
}

/** A list in one cell: scalars joined by ", ", anything else as compact JSON text. */
export function listCell(items: unknown[]): Cell {
  if (items.length === 0) return null;
  const scalar = items.every((i) => i === null || typeof i !== "object");
  return scalar ? items.map((i) => (i === null ? "" : String(i))).join(", ") : JSON.stringify(items);
}

/** A table from explicit columns and rows (the long layouts). */
export const longTable = (columns: string[], rows: Cell[][]): Table => ({ columns, rows, orient: "rows" });

/** Column names that hold dates or timestamps, converted when `dates=date`. */
export const isDateColumn = (name: string): boolean => /(^|\.)(date|timestamp|created_at|permit_expiry_date|report_date)$/.test(name);
