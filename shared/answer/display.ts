// The common display options, applied to any table in one order: pick fields, convert dates,
// orient, add or drop the header names. The host supplies how a date cell is written
// (an Excel serial number, a Sheets Date, ISO text on the command line).
import { badArgument, MdqError } from "../base/errors";
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
  if (table.rows.length === 0 || table.columns.length === 0)
    throw new MdqError("no_data", "no data for this request. Check the arguments (dates, ticker, filters).");
  if (table.value) display = { ...display, headers: false };
  const fields = display.fields ? pickFields(table, display.fields) : table;
  const orient = display.orient ?? fields.orient;
  const picked = fitToHost(fields, orient, display.headers, limits);
  const result = oriented(picked, orient, display, writeDate);
  checkResult(result, limits);
  return result;
}

/** The table as the host gets it: dates written, rows or columns, with or without the names. */
function oriented<D>(picked: Table, orient: "rows" | "columns", display: DisplayOptions, writeDate?: DateWriter<D>): (Cell | D)[][] {
  const cells: (Cell | D)[][] = display.dates === "date" && writeDate ? withDates(picked, writeDate) : picked.rows;
  if (orient === "rows") return display.headers ? [picked.columns, ...cells] : cells;
  const transposed = picked.columns.map((name, i) => {
    const out: (Cell | D)[] = display.headers ? [name] : [];
    for (let r = 0; r < cells.length; r++) out.push(cells[r][i]);
    return out;
  });
  return display.headers && cells.length === 1 && picked.columns[0] !== picked.key ? [["field", "value"], ...transposed] : transposed;
}

/** The grid the host would get within the host's limits, and each text cell: a longer one refused
 *  or cut with a marker, as the host takes it (limits.longText); the only place either happens. */
function fitToHost(table: Table, orient: "rows" | "columns", headers: boolean, limits: HostLimits): Table {
  const [records, fields] = [table.rows.length + (headers ? 1 : 0), table.columns.length];
  const [rows, columns] = orient === "rows" ? [records, fields] : [fields, records];
  checkGrid(rows, columns, limits);
  let fitted = table.rows;
  table.rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (typeof cell !== "string" || cell.length <= limits.cellChars) continue;
      if (limits.longText === "refuse") throw cellTooLong(table.columns[c], cell.length, limits);
      if (fitted === table.rows) fitted = table.rows.map((each) => each.slice());
      fitted[r][c] = cutText(cell, limits);
    }
  });
  return fitted === table.rows ? table : { ...table, rows: fitted };
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
