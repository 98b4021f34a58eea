// Records → a rectangular table. Nested objects become dotted column names, lists of scalars
// one cell joined by ", ", lists of objects compact JSON text, null or missing an empty cell.
// Columns are the union over the records in order of first appearance, so category and year
// maps spread into one column per key.

export type Cell = string | number | boolean | null;

export interface Table {
  columns: string[];
  rows: Cell[][];
  /** The default layout: one record per row, or transposed with the field names in the first column. */
  orient: "rows" | "columns";
  /** The column that heads each record when transposed (QUARTERLY's `date`). */
  key?: string;
}

type Json = unknown;

export function listCell(items: Json[]): Cell {
  if (items.length === 0) return null;
  const scalar = items.every((i) => i === null || typeof i !== "object");
  return scalar ? items.map((i) => (i === null ? "" : String(i))).join(", ") : JSON.stringify(items);
}

/** One record's dotted column names and cells, in field order. */
function flattenRecord(value: Json, name: string, columns: string[], cells: Cell[]): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 && name) columns.push(name), cells.push(null);
    for (const key of keys) flattenRecord((value as Record<string, Json>)[key], name ? `${name}.${key}` : key, columns, cells);
  } else if (name) {
    columns.push(name);
    cells.push(value === undefined || value === null ? null : Array.isArray(value) ? listCell(value) : (value as Cell));
  }
}

export function tableOf(records: readonly Json[], orient: Table["orient"] = "rows"): Table {
  const flattened = records.map((r) => {
    const columns: string[] = [];
    const cells: Cell[] = [];
    flattenRecord(r, "", columns, cells);
    return { columns, cells };
  });
  // One record (MINING_COMPANY, KLSE_REPORT, GET of an object): no union of columns to find.
  if (flattened.length === 1) return { columns: flattened[0].columns, rows: [flattened[0].cells], orient };
  const flat = flattened.map(({ columns, cells }) => new Map(columns.map((c, i) => [c, cells[i]])));
  // A key new to the union goes just before the next key of its own record that is already
  // there, so a category or year that only a later record has joins its group
  // (revenue_breakdown.*, production_volume.*) instead of trailing after the last column.
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of flat) {
    const keys = [...row.keys()];
    if (keys.every((k) => seen.has(k))) continue; // the usual case: nothing new, no search
    keys.forEach((k) => seen.add(k));
    if (columns.length === 0) {
      columns.push(...keys);
      continue;
    }
    let next = columns.length;
    for (let i = keys.length - 1; i >= 0; i--) {
      const at = columns.indexOf(keys[i]);
      if (at >= 0) next = at;
      else columns.splice(next, 0, keys[i]);
    }
  }
  // A nested object that is null in some records and has fields in others: its fields are the
  // columns, and the null parent only empty cells in them, so it gets no column of its own.
  const parents = new Set<string>();
  for (const c of columns) for (let at = c.indexOf("."); at > 0; at = c.indexOf(".", at + 1)) parents.add(c.slice(0, at));
  const final = columns.filter((c) => !(parents.has(c) && flat.every((row) => row.get(c) == null)));
  return { columns: final, rows: flat.map((row) => final.map((c) => row.get(c) ?? null)), orient };
}

/** A table from explicit columns and rows (the long layouts). */
export const longTable = (columns: string[], rows: Cell[][]): Table => ({ columns, rows, orient: "rows" });

/** Column names that hold dates or timestamps, converted when `dates=date`. */
export const isDateColumn = (name: string): boolean => /(^|\.)(date|timestamp|created_at|permit_expiry_date|report_date)$/.test(name);
