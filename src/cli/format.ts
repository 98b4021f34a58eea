// Printing a 2-D array for a terminal or a program (CSV: csv.ts).
type Cell = string | number | boolean | null | undefined;

/** Thousands separators for readability (a year stays 2025); JSON and CSV keep the exact value. */
const formatNumber = (n: number, isYear: boolean) =>
  isYear ? String(n) : Number.isInteger(n) ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** Whether a header names a column of years: the function's typed columns (columnType in the core). */
export type YearHeader = (name: string) => boolean;

/** Which cells hold years: the cells under a year header (the first row), or beside one (the first
 *  column, when the table is transposed). Without headers a year is printed like any number. */
function yearCells(rows: Cell[][], isYearHeader: YearHeader): (r: number, c: number) => boolean {
  const header = rows[0] ?? [];
  const columns = new Set(header.flatMap((h, i) => (typeof h === "string" && isYearHeader(h) ? [i] : [])));
  const fieldRows = new Set(rows.flatMap((row, r) => (typeof row[0] === "string" && isYearHeader(row[0]) ? [r] : [])));
  return (r, c) => (r > 0 && columns.has(c)) || (c > 0 && fieldRows.has(r));
}

const text = (c: Cell, isYear: boolean) =>
  c === null || c === undefined ? "" : typeof c === "number" ? formatNumber(c, isYear) : String(c);

export function asTable(rows: Cell[][], isYearHeader: YearHeader = () => false): string {
  const widths: number[] = [];
  const isYear = yearCells(rows, isYearHeader);
  const shown = rows.map((r, ri) => r.map((c, ci) => text(c, isYear(ri, ci)).replace(/\s+/g, " ")));
  const clipped = shown.map((r) => r.map((c) => (c.length > 60 ? `${c.slice(0, 57)}...` : c)));
  for (const r of clipped) for (const [i, c] of r.entries()) widths[i] = Math.max(widths[i] ?? 0, c.length);
  return clipped
    .map((r, ri) =>
      r
        .map((c, i) => (typeof rows[ri][i] === "number" ? c.padStart(widths[i]) : c.padEnd(widths[i])))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export const asJson = (rows: Cell[][]) => JSON.stringify(rows);
