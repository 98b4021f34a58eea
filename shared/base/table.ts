// The table every function's answer becomes before the display options shape it into cells.
import type { MdqError } from "./errors";

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
  /** A value counted from the company's latest data (VALUE's -1 or TTM): the last day that data
   *  covers, and the error to show where a grid's other companies are a quarter or more further
   *  on (none when the call accepts it). */
  asOf?: { latest: string; behind?: (newest: string) => MdqError };
  /** The month (1-12) the company's fiscal year ends in, where the value rests on it (VALUE's
   *  statements): a grid whose companies' years end in different months says so. */
  yearEnd?: number;
  /** Leave out the columns blank in every record, fields the company's template never fills (a
   *  bank's cost_of_revenue in QUARTERLY), except those `fields=` names: set by a statement's
   *  layout unless the call asked for `all=true` (answer/blank-fields.ts, applied by run/call.ts
   *  and run/call-many.ts). */
  omitBlank?: boolean;
  /** What of the answer could not be read (a record's field of the wrong kind): shown as notes. */
  problems?: string[];
}

/** A value as words: a scalar as it is, a record as its fields' names and values. Never JSON
 *  text, which no cell holds. */
const itemText = (item: unknown): string =>
  item === null || item === undefined
    ? ""
    : typeof item !== "object"
      ? String(item)
      : Array.isArray(item)
        ? item.map(itemText).join(" ")
        : Object.entries(item)
            .map(([k, v]) => `${k} ${itemText(v)}`)
            .join(" ");

/** A list in one cell: its items joined by ", " (the flattener gives lists of records rows of their
 *  own; one here, inside a list, is its fields as words). */
export function listCell(items: unknown[]): Cell {
  return items.length === 0 ? null : items.map(itemText).join(", ");
}

/** A table from explicit columns and rows (the long layouts). */
export const longTable = (columns: string[], rows: Cell[][]): Table => ({ columns, rows, orient: "rows" });

/** Column names that hold dates or timestamps, converted when `dates=date`. */
export const isDateColumn = (name: string): boolean => /(^|\.)(date|timestamp|created_at|permit_expiry_date|report_date)$/.test(name);
