// How a typed column is presented, once for every host: the number format Excel and Sheets give
// its cells (en-US codes, as both take them from a program) and the text the command line, the
// builder's preview and explain show, which is that same format applied. Values never change: a
// fraction stays 0.036 in the cell and reads 3.60%; only the command line's and the previews' text
// is the formatted one.

import type { Cell } from "../base/table";
import type { Values } from "../input/arg-spec";
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

/** What a function's formats are read from: its typed columns and its market (FunctionSpec). */
export interface FormatsOf {
  identifiers?: ColumnTypes;
  group: string;
  /** The market of one call, where the row spans markets (FunctionSpec.marketOf). */
  marketOf?: (values: Values) => string;
}

/** The number format of a column (or a field, value table's field) of `fn`'s tables, by its name:
 *  what formatCell takes to show one of its numbers as the hosts show it. `valuesOf`: the call's
 *  values, for a function whose market is the call's own (VALUE's dataset, COMPANY's ticker). */
export function columnFormat(fn: FormatsOf, name: string, valuesOf?: () => Values): string | undefined {
  const type = columnType(name, fn.identifiers);
  // Only a price's format depends on its market: the call's values are read for no other type.
  return numberFormatOf(type, type === "price" && valuesOf && fn.marketOf ? fn.marketOf(valuesOf()) : fn.group);
}

/** The formats of a table's number cells, by column name, made once per table: `of(row, i)` is the
 *  format of the number at column i of that row. A column in `fieldIn` (and `value` beside a
 *  `field` column: the reports' field, value tables) takes the type of the field its row names.
 *  `valuesAt`: the values of the call a row (and field) is of, where the function's market is the
 *  call's own (a batch's keys, a grid's keys and fields): its prices take that market's tick. */
export function tableFormats(
  fn: FormatsOf,
  valuesAt?: (row: readonly Cell[], field: string) => Values,
): (columns: readonly string[]) => (row: readonly Cell[], column: number) => string | undefined {
  const named: Readonly<Record<string, string>> = { value: "field", ...fn.identifiers?.fieldIn };
  // Per row only where the market can differ between rows; otherwise once per column.
  const perRow = fn.marketOf && valuesAt;
  const formatOf = (name: string, row?: readonly Cell[]) => columnFormat(fn, name, perRow && row ? () => perRow(row, name) : undefined);
  return (columns) => {
    const own = perRow ? undefined : columns.map((name) => formatOf(name));
    const source = columns.map((name) => (Object.prototype.hasOwnProperty.call(named, name) ? columns.indexOf(named[name]) : -1));
    return (row, column) => {
      const at = source[column] ?? -1;
      const field = at >= 0 ? row[at] : undefined;
      if (typeof field === "string") return formatOf(field, row);
      return own ? own[column] : formatOf(columns[column], row);
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
