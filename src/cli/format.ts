// Printing a 2-D array for a terminal, a CSV file or a program.
type Cell = string | number | boolean | null | undefined;

const text = (c: Cell) => (c === null || c === undefined ? "" : typeof c === "number" ? formatNumber(c) : String(c));

/** Thousands separators for readability; JSON and CSV keep the exact value. */
const formatNumber = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 6 });

export function asTable(rows: Cell[][]): string {
  const widths: number[] = [];
  const shown = rows.map((r) => r.map((c) => text(c).replace(/\s+/g, " ")));
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

export function asCsv(rows: Cell[][]): string {
  const quote = (c: Cell) => {
    const s = c === null || c === undefined ? "" : String(c);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(quote).join(",")).join("\n");
}

export const asJson = (rows: Cell[][]) => JSON.stringify(rows);
