// How a typed column is presented, once for every host: the number format Excel and Sheets give
// its cells (en-US codes, as both take them from a program) and the text the command line, the
// builder's preview and explain show, which is that same format applied. Values never change: a
// fraction stays 0.036 in the cell and reads 3.60%; only the command line's and the previews' text
// is the formatted one.

import type { Cell } from "../base/table";
import { type ColumnType, type ColumnTypes, columnType } from "./column-types";

/** Decimals of an exchange's smallest tick: whole rupiah at the IDX, 0.001 SGD at SGX (below
 *  S$0.20), 0.005 MYR at Bursa Malaysia (below RM1). A market without shares (mining, general)
 *  shows prices with 2. */
const TICK_DECIMALS: Readonly<Record<string, number>> = { idx: 0, sgx: 3, klse: 3 };
const TWO_DECIMALS = "#,##0.00";

/** The number format of a type in a function of `market` (its FunctionSpec.group); undefined for a
 *  code (text) and for amounts, which keep the host's General look. */
export function numberFormatOf(type: ColumnType | undefined, market: string): string | undefined {
  switch (type) {
    case "year":
      return "0";
    case "price": {
      const decimals = TICK_DECIMALS[market] ?? 2;
      return decimals === 0 ? "#,##0" : `#,##0.${"0".repeat(decimals)}`;
    }
    case "level":
    case "multiple":
    case "percent":
      return TWO_DECIMALS;
    case "fraction":
      return "0.00%";
    default:
      return undefined;
  }
}

/** The number format of a column (or a field, value table's field) of `fn`'s tables, by its name:
 *  what formatCell takes to show one of its numbers as the hosts show it. */
export function columnFormat(fn: { identifiers?: ColumnTypes; group: string }, name: string): string | undefined {
  return numberFormatOf(columnType(name, fn.identifiers), fn.group);
}

/** The formats of a table's number cells, by column name, made once per table: `of(row, i)` is the
 *  format of the number at column i of that row. A column in `fieldIn` (and `value` beside a
 *  `field` column: the reports' field, value tables) takes the type of the field its row names. */
export function tableFormats(fn: {
  identifiers?: ColumnTypes;
  group: string;
}): (columns: readonly string[]) => (row: readonly Cell[], column: number) => string | undefined {
  const named: Readonly<Record<string, string>> = { value: "field", ...fn.identifiers?.fieldIn };
  const formatOf = (name: string) => columnFormat(fn, name);
  return (columns) => {
    const own = columns.map(formatOf);
    const source = columns.map((name) => (Object.prototype.hasOwnProperty.call(named, name) ? columns.indexOf(named[name]) : -1));
    return (row, column) => {
      const at = source[column] ?? -1;
      const field = at >= 0 ? row[at] : undefined;
      return typeof field === "string" ? formatOf(field) : own[column];
    };
  };
}

const DECIMALS = /^(#,##)?0(?:\.(0+))?(,*)(%?)$/;

/** A number shown in one of the decimal formats (0, 0.00, #,##0.000, 0.00%, #,##0,, for millions)
 *  as Excel shows it; undefined for a format outside them (dates, text: the host's own). */
export function applyNumberFormat(value: number, format: string): string | undefined {
  const parts = DECIMALS.exec(format);
  if (!parts || !Number.isFinite(value)) return undefined;
  const digits = parts[2]?.length ?? 0;
  const scaled = ((parts[4] ? 100 : 1) * value) / 1000 ** parts[3].length;
  const text = new Intl.NumberFormat("en-US", {
    useGrouping: parts[1] !== undefined,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(scaled);
  return text + parts[4];
}

/** A number without a format: grouped, up to 6 decimals (the command line's General). */
const GENERAL = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** The text a host shows for a cell of its result given the cell's number format (CallResult's
 *  `formats`, or numberFormatOf a column's type): numbers formatted, text as it is, blanks empty. */
export function formatCell(value: Cell | undefined, format?: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "number") return String(value);
  if (!Number.isFinite(value)) return String(value);
  return (format && applyNumberFormat(value, format)) ?? GENERAL.format(value);
}
