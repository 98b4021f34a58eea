// Printing a 2-D array for a terminal or a program (CSV: csv.ts).
import { type FormatGrid, formatCell } from "../../shared";

type Cell = string | number | boolean | null | undefined;

/** The table's text: each number as the core presents its column (formatCell: prices to the
 *  exchange's tick, fractions as percentages, years and codes plain), others grouped with up to 6
 *  decimals. `formats` is the call's CallResult.formats; JSON and CSV keep the exact values. */
export function asTable(rows: Cell[][], formats: FormatGrid = []): string {
  const widths: number[] = [];
  const shown = rows.map((r, ri) => r.map((c, ci) => formatCell(c, formats[ri]?.[ci]).replace(/\s+/g, " ")));
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
