// CSV for a file a spreadsheet will open. Excel, Sheets and LibreOffice read a cell that begins
// with =, +, -, @, a tab or a carriage return as a formula, so a name or headline from the service
// such as `=HYPERLINK(...)` would run when the file is opened. Such a text cell is written with a
// leading ' (the spreadsheet shows it as text); numbers, negative ones included, and text that is
// only a number are written as they are. `raw` turns the guard off for programs that read the file.
type Cell = string | number | boolean | null | undefined;

const STARTS_A_FORMULA = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The text a cell is written as, before CSV quoting. */
export function csvText(cell: Cell, raw = false): string {
  if (cell === null || cell === undefined) return "";
  const text = String(cell);
  if (raw || typeof cell !== "string" || !STARTS_A_FORMULA.test(text) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function asCsv(rows: Cell[][], options: { raw?: boolean } = {}): string {
  return rows.map((r) => r.map((c) => quoted(csvText(c, options.raw))).join(",")).join("\n");
}
