// The common display options, applied to any table in one order: pick fields, convert dates,
// orient, add or drop the header names. The host supplies how a date cell is written
// (an Excel serial number, a Sheets Date, ISO text on the command line).
import { badArgument, MdqError } from "../base/errors";
import { withFields } from "../base/own";
import { type Cell, isDateColumn, type Table } from "../base/table";
import type { DisplayOptions } from "../input/options";
import { CLI_LIMITS, cellTooLong, checkGrid, checkResult, cutText, type HostLimits } from "./host-limits";

export type DateWriter<D> = (iso: string) => D | undefined;

export function present<D = never>(
  table: Table,
  display: DisplayOptions,
  limits: HostLimits = CLI_LIMITS,
  writeDate?: DateWriter<D>,
): (Cell | D)[][] {
  return presentFormatted(table, display, limits, { date: writeDate }).cells;
}

/** The number format of each number cell of a table, given its columns (rows/number-formats.ts
 *  tableFormats: the function's typed columns); undefined where it has none. */
export type CellFormats = (columns: readonly string[]) => (row: readonly Cell[], column: number) => string | undefined;

/** A number format per cell of the grid the host gets (undefined for names, text, blanks and
 *  untyped numbers): the same shape as its cells, note rows left out. */
export type FormatGrid = (string | undefined)[][];

/** How a host writes a typed number into a cell with its number format (Excel with data types:
 *  a number that carries its format, as its dates do). */
export type NumberWriter<D> = (value: number, format: string) => D;

/** How a host writes the cells that are more than text or a plain number: its dates, and the
 *  numbers `formats` types (rows/number-formats.ts tableFormats). Without a number writer the
 *  formats come beside the cells, for the host to apply (Sheets' number formats, the command
 *  line's text); with one, in the cells. */
export interface CellWriters<D> {
  date?: DateWriter<D>;
  formats?: CellFormats;
  number?: NumberWriter<D>;
}

/** What every display variant of one table shares, made at the first variant and read by the
 *  others (the Excel runtime shows each answer under every variant its formulas ask): the cells
 *  fitted to the host, then with dates and typed numbers written, and their number formats. The
 *  variants differ only in orientation and names. Kept by the caller per answer, never shared
 *  between answers; every part is only read once made (a host may hold one row in several
 *  results). It holds one copy of the cells per date form used, no more: the answer's variants
 *  hold no copies of their own. */
export interface LayoutMemo {
  /** What the parts were made of: another of these starts the memo anew (a variant's own fields). */
  of?: { table: Table; limits: HostLimits } & CellWriters<unknown>;
  fitted?: Table;
  /** The cells as shown, with dates written (`date`) or as text (`text`). */
  shown?: { date?: unknown[][]; text?: unknown[][] };
  /** The number formats, where they come beside the cells (no number writer); null: none. */
  formats?: FormatGrid | null;
}

/** The table as present() gives it, with the number format of each cell beside it when `formats`
 *  types any and the host writes no numbers itself, and whether its first row names the columns
 *  (`headers`: as asked, but never for one value). `memo`: the answer's shared parts, for a caller
 *  that shows it several ways with the same limits and writers. */
export function presentFormatted<D = never>(
  table: Table,
  display: DisplayOptions,
  limits: HostLimits = CLI_LIMITS,
  { date, formats, number }: CellWriters<D> = {},
  memo: LayoutMemo = {},
): { cells: (Cell | D)[][]; formats?: FormatGrid; headers: boolean } {
  if (table.rows.length === 0 || table.columns.length === 0)
    throw new MdqError("no_data", "no data for this request. Check the arguments (dates, ticker, filters).");
  if (table.value) display = { ...display, headers: false };
  const fields = display.fields ? pickFields(table, display.fields) : table;
  const orient = display.orient ?? fields.orient;
  const records = fields.rows.length + (display.headers ? 1 : 0);
  if (orient === "rows") checkGrid(records, fields.columns.length, limits);
  else checkGrid(fields.columns.length, records, limits);
  const of = memo.of;
  if (!of || of.table !== fields || of.limits !== limits || of.date !== date || of.formats !== formats || of.number !== number) {
    memo.of = { table: fields, limits, date, formats, number };
    memo.fitted = memo.shown = memo.formats = undefined;
  }
  memo.fitted ??= fitToHost(fields, limits);
  memo.shown ??= {};
  const { fitted: picked, shown } = memo;
  const dated = display.dates === "date" && date;
  const form = dated ? "date" : "text";
  let cells = shown[form];
  if (!cells) {
    cells = dated ? withDates(picked, dated) : picked.rows;
    // Written into the cells, the formats are not needed past them.
    const grid = number && formats ? formatGrid(picked, formats) : null;
    if (grid && number) cells = withNumbers(cells, grid, number);
    shown[form] = cells;
  }
  const headers = display.headers;
  const result = arranged(picked, cells as (Cell | D)[][], orient, headers, (name) => name);
  checkResult(result, limits);
  if (number) return { cells: result, headers };
  // Beside the cells, they are kept for every variant.
  if (memo.formats === undefined) memo.formats = formats ? formatGrid(picked, formats) : null;
  const grid = memo.formats;
  if (!grid) return { cells: result, headers };
  return { cells: result, formats: arranged(picked, grid, orient, headers, () => undefined), headers };
}

/** Each typed number written with its format by the host's writer. */
function withNumbers<D>(cells: unknown[][], grid: FormatGrid, number: NumberWriter<D>): unknown[][] {
  return cells.map((row, r) =>
    row.map((cell, c) => {
      const format = grid[r][c];
      return typeof cell === "number" && format ? number(cell, format) : cell;
    }),
  );
}

/** The number format of each cell of the table, or null when it has none. */
function formatGrid(picked: Table, formats: CellFormats): FormatGrid | null {
  const of = formats(picked.columns);
  const grid = picked.rows.map((row) => row.map((cell, i) => (typeof cell === "number" ? of(row, i) : undefined)));
  return grid.some((row) => row.some((f) => f !== undefined)) ? grid : null;
}

/** A grid of the table's cells (or of anything per cell) as the host gets it: rows or columns,
 *  with or without the names (`name` says what stands in a name's place). */
function arranged<T>(picked: Table, cells: T[][], orient: "rows" | "columns", headers: boolean, name: (column: string) => T): T[][] {
  if (orient === "rows") return headers ? [picked.columns.map(name), ...cells] : cells;
  const transposed = picked.columns.map((column, i) => {
    const out: T[] = headers ? [name(column)] : [];
    for (let r = 0; r < cells.length; r++) out.push(cells[r][i]);
    return out;
  });
  return headers && cells.length === 1 && picked.columns[0] !== picked.key ? [[name("field"), name("value")], ...transposed] : transposed;
}

/** Each text cell within the host's limits: a longer one refused or cut with a marker, as the
 *  host takes it (limits.longText); the only place either happens. */
function fitToHost(table: Table, limits: HostLimits): Table {
  // Indexed loops, no closure: mostly run by code not yet optimised. Once per answer with a memo
  // (not remembered per table: a WeakMap entry per answer cost the collector more than the scan it
  // saved, twice the layout's time on small answers).
  let fitted = table.rows;
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r];
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (typeof cell !== "string" || cell.length <= limits.cellChars) continue;
      if (limits.longText === "refuse") throw cellTooLong(table.columns[c], cell.length, limits);
      if (fitted === table.rows) fitted = table.rows.map((each) => each.slice());
      fitted[r][c] = cutText(cell, limits);
    }
  }
  return fitted === table.rows ? table : withFields(table, { rows: fitted });
}

function withDates<D>(table: Table, writeDate: DateWriter<D>): (Cell | D)[][] {
  const dateAt = table.columns.map(isDateColumn);
  return table.rows.map((row) => row.map((cell, i) => (dateAt[i] && typeof cell === "string" ? (writeDate(cell) ?? cell) : cell)));
}

/** `fields=date,revenue` picks and orders columns; a name also picks its dotted children. */
export function pickFields(table: Table, fields: string[]): Table {
  const lower = table.columns.map((c) => c.toLowerCase());
  const indexes: number[] = [];
  for (const field of fields) {
    const f = field.toLowerCase();
    const hits = lower.flatMap((c, i) => (c === f || c.startsWith(`${f}.`) ? [i] : []));
    if (hits.length === 0) {
      const available = table.columns.slice(0, 12).join(", ") + (table.columns.length > 12 ? ", ..." : "");
      throw badArgument("fields", `a comma list of column names (available: ${available})`, field);
    }
    for (const i of hits) if (!indexes.includes(i)) indexes.push(i);
  }
  return {
    ...table,
    columns: indexes.map((i) => table.columns[i]),
    rows: table.rows.map((row) => indexes.map((i) => row[i])),
  };
}
