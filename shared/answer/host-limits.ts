// What each host can take, checked before a request is sent (the URL), before a table is built
// (the grid) or before a result is handed over (its size), so that an answer no host could show
// costs neither a request nor the memory to build it, nor a cell stuck at #BUSY!. Limits are Microsoft's and Google's published ones; the command line takes the larger
// of the two in each dimension. Every host gets at most Sheets' 10 million cells: Excel's sheet
// holds more, but a table that size would take gigabytes to build and send.
import { whereToSet } from "../base/advice";
import { MdqError } from "../base/errors";

export interface HostLimits {
  /** The host's name, for messages: "Excel", "Google Sheets", "the command line". */
  host: string;
  rows: number;
  columns: number;
  cells: number;
  /** Characters in one text cell. */
  cellChars: number;
  /** A longer text cell: the whole answer refused, or the cell cut with a visible marker. */
  longText: "refuse" | "cut";
  /** Characters in one request URL. */
  urlChars: number;
  /** Bytes of one result as the host receives it (JSON, UTF-8); none where the host sets no limit. */
  resultBytes?: number;
}

export const EXCEL_LIMITS: HostLimits = {
  host: "Excel",
  rows: 1_048_576,
  columns: 16_384,
  cells: 10_000_000,
  cellChars: 32_767,
  longText: "refuse",
  urlChars: 8192,
  // Microsoft: a custom function's payload is at most 5 MB (office-js#4654; larger results stay
  // #BUSY!, office-js#2786, #2222). Documented for Excel on the web; held everywhere, as a
  // workbook made on the desktop is opened on the web.
  resultBytes: 5 * 1_048_576,
};

/** UrlFetchApp takes URLs of at most 2 KB. Sheets takes no text cell longer than 50,000
 *  characters: such a cell is cut, with a marker, rather than losing the whole table for it. */
export const SHEETS_LIMITS: HostLimits = {
  host: "Google Sheets",
  rows: 10_000_000,
  columns: 18_278,
  cells: 10_000_000,
  cellChars: 50_000,
  longText: "cut",
  urlChars: 2048,
};

export const CLI_LIMITS: HostLimits = {
  host: "the command line",
  rows: Math.max(EXCEL_LIMITS.rows, SHEETS_LIMITS.rows),
  columns: Math.max(EXCEL_LIMITS.columns, SHEETS_LIMITS.columns),
  cells: 10_000_000,
  cellChars: Math.max(EXCEL_LIMITS.cellChars, SHEETS_LIMITS.cellChars),
  longText: "refuse",
  urlChars: 8192,
};

/** No table grows past this while it is built, whatever the host: the most columns and cells any
 *  host takes. A host's own, smaller grid is checked on the built table. */
export const BUILD_CEILING = { columns: CLI_LIMITS.columns, cells: 10_000_000 };

/** Answers are cut off past this many megabytes unless a setting says otherwise. */
export const DEFAULT_ANSWER_MB = 25;
export const ANSWER_MB_RANGE = { min: 1, max: 200 } as const;

const NARROW = "narrow it with fields=, n= or dates";

/** "25 MB", "1.5 MB". */
const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
const count = (n: number) => n.toLocaleString("en-US");

/** An answer past the byte limit: final, never retried. */
export const answerTooLarge = (limitBytes: number): MdqError =>
  new MdqError(
    "too_large",
    `the answer is larger than MDQ accepts (${megabytes(limitBytes)}): ${NARROW}, or raise the answer limit ${whereToSet("answerMb")}.`,
  );

/** Thrown while a table is built past BUILD_CEILING; the executor words it for the host. */
export class GridOverflow extends Error {
  constructor(readonly size: { rows?: number; columns?: number }) {
    super("table too large");
  }
}

/** A table past the host's grid, named by the dimension it passes. */
export function tableTooLarge(size: { rows?: number; columns?: number }, limits: HostLimits): MdqError {
  const { rows = 0, columns = 0 } = size;
  const over =
    columns > limits.columns
      ? `${count(columns)}${columns > BUILD_CEILING.columns ? " or more" : ""} columns, more than ${limits.host} takes (${count(limits.columns)})`
      : rows > limits.rows
        ? `${count(rows)} rows, more than ${limits.host} takes (${count(limits.rows)})`
        : `${count(rows)} × ${count(columns)} cells, more than ${limits.host} takes (${count(limits.cells)})`;
  return new MdqError("too_large", `the answer would make a table of ${over}: ${NARROW}.`);
}

/** A table's size against the host's grid. */
export function checkGrid(rows: number, columns: number, limits: HostLimits): void {
  if (rows > limits.rows || columns > limits.columns || rows * columns > limits.cells) throw tableTooLarge({ rows, columns }, limits);
}

/** Bytes of UTF-8 that a string takes. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of a result as JSON text, as a host that receives it serialised does: a missing value
 *  counts as the empty text the host gets for it. Counted cell by cell, never built. */
export function resultBytes(cells: readonly (readonly unknown[])[]): number {
  let bytes = 2 + Math.max(0, cells.length - 1);
  for (const row of cells) {
    bytes += 2 + Math.max(0, row.length - 1);
    for (const cell of row) bytes += cellBytes(cell);
  }
  return bytes;
}

/** Text JSON writes as it is, between quotes: printable ASCII without `"` or `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** One cell as JSON: the common cases counted without writing them out. */
function cellBytes(cell: unknown): number {
  if (cell === null || cell === undefined) return 2;
  if (typeof cell === "string" && PLAIN.test(cell)) return cell.length + 2;
  if (typeof cell === "number" && Number.isFinite(cell)) return String(cell).length;
  return utf8Bytes(JSON.stringify(cell) ?? "null");
}

/** At least resultBytes, from lengths alone: a UTF-16 unit is at most 6 bytes of JSON (\u0001),
 *  a number at most 24 characters; cheap enough to spare most results the exact count. */
function resultBytesAtMost(cells: readonly (readonly unknown[])[]): number {
  let bytes = 2 + cells.length;
  // Indexed loops: every result of a recalculation is counted, mostly by code not yet optimised,
  // where for...of makes an object per step.
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r];
    bytes += 2 + row.length;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      bytes += typeof cell === "string" ? 6 * cell.length + 2 : typeof cell === "object" && cell !== null ? objectBytesAtMost(cell) : 24;
    }
  }
  return bytes;
}

/** At least the JSON bytes of an object cell, from lengths alone as above: Excel's dates and
 *  formatted numbers are such objects, and every display variant's dates were written out by
 *  JSON.stringify to be counted (most of a variant's layout). A key takes its quotes and colon, a
 *  value its comma; a nested value, or one that writes itself (toJSON: a Date), is counted exactly. */
function objectBytesAtMost(cell: object): number {
  if (typeof (cell as { toJSON?: unknown }).toJSON === "function") return cellBytes(cell);
  let bytes = 2;
  for (const key in cell) {
    const value = (cell as Record<string, unknown>)[key];
    bytes += 6 * key.length + 4;
    bytes += typeof value === "string" ? 6 * value.length + 2 : typeof value === "object" && value !== null ? cellBytes(value) : 24;
  }
  return bytes;
}

/** A result past what the host takes from one function. */
export function checkResult(cells: readonly (readonly unknown[])[], limits: HostLimits): void {
  if (limits.resultBytes === undefined || resultBytesAtMost(cells) <= limits.resultBytes) return;
  const bytes = resultBytes(cells);
  if (bytes > limits.resultBytes) {
    throw new MdqError(
      "too_large",
      `the answer would make a result of ${megabytes(bytes)}, more than ${limits.host} takes from one function (${megabytes(limits.resultBytes)}): ${NARROW}.`,
    );
  }
}

/** A text cell past the host's cell. */
export const cellTooLong = (column: string, chars: number, limits: HostLimits): MdqError =>
  new MdqError(
    "too_large",
    `a cell of '${column}' would hold ${count(chars)} characters, more than ${limits.host} takes in a cell (${count(limits.cellChars)}): ${NARROW}.`,
  );

/** A text cell cut to the host's cell, ending in a marker that says so (never half a surrogate pair). */
export function cutText(text: string, limits: HostLimits): string {
  const marker = `… [cut by MDQ at ${count(limits.cellChars)} characters]`;
  let keep = limits.cellChars - marker.length;
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep--;
  return text.slice(0, keep) + marker;
}
