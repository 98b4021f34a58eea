// Which columns hold identifiers and years rather than amounts. A code is text even when the
// service writes it as a number (a KLSE code 2180, a mining company's id), so no host shows it as
// 2,180 or sums it; a year stays a number, shown without a thousands separator. A column's type
// comes from its row (FunctionSpec.identifiers) or, by default, from its field name: the last part
// of a dotted name (`query_values.symbol`, `breakdown.year`) in the vocabulary below. Never from
// the values.

import type { Cell, Table } from "../base/table";

export type ColumnType = "code" | "year";

/** Columns a row declares as codes or years, by full or last dotted name, beyond the vocabulary. */
export interface ColumnTypes {
  codes?: readonly string[];
  years?: readonly string[];
}

/** Field names of the service that are identifiers, and endings that name one. */
const CODE_NAMES = new Set([
  "code",
  "id",
  "uid",
  "isin",
  "slug",
  "symbol",
  "symbols",
  "ticker",
  "tickers",
  "license_number",
  "contract_number",
  "phone_number",
]);
const CODE_ENDINGS = ["_code", "_id", "_slug", "_ticker"];
/** Field names that are years: `year` and any `*_year` (financial_year, estimate_year, measurement_year). */
const YEAR_NAME = /(^|_)year$/;

/** The type of a column of a row's table, or undefined for an amount or text of any other kind. */
export function columnType(name: string, declared: ColumnTypes = {}): ColumnType | undefined {
  const last = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const has = (list?: readonly string[]) => list?.some((n) => n === name || n === last) ?? false;
  if (has(declared.codes)) return "code";
  if (has(declared.years)) return "year";
  if (CODE_NAMES.has(last) || CODE_ENDINGS.some((end) => last.endsWith(end))) return "code";
  return YEAR_NAME.test(last) ? "year" : undefined;
}

/** The table with every number in a code column written as text (2180 → "2180"). */
export function withCodesAsText(table: Table, declared: ColumnTypes = {}): Table {
  const codes = table.columns.flatMap((name, i) => (columnType(name, declared) === "code" ? [i] : []));
  if (codes.length === 0 || !table.rows.some((row) => codes.some((i) => typeof row[i] === "number"))) return table;
  const rows = table.rows.map((row): Cell[] => {
    if (!codes.some((i) => typeof row[i] === "number")) return row;
    const copy = row.slice();
    for (const i of codes) if (typeof copy[i] === "number") copy[i] = String(copy[i]);
    return copy;
  });
  return { ...table, rows };
}
