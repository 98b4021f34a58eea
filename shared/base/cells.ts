// What a spreadsheet cell can hold, and how MDQ reads it. A cell holds text, a number, a boolean,
// a date (a Sheets Date or an Excel serial number), nothing, or a range (a 2-D array). Blank
// means "not sent". These readers turn a cell into the value an argument's zod rule checks;
// they never reject: a value they cannot read goes on as it is and the rule refuses it.

export type Scalar = string | number | boolean | Date | null | undefined;
export type CellValue = Scalar | Scalar[][];

export const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && flattenRange(v as Scalar[][]).length === 0);

/** Excel passes a scalar given to a matrix parameter as [[value]], and a 1x1 range is one cell. */
export function unwrapCell(v: unknown): CellValue {
  return Array.isArray(v) && v.length === 1 && Array.isArray(v[0]) && v[0].length === 1 ? (v[0][0] as Scalar) : (v as CellValue);
}

/** The non-blank cells of a range, row by row. */
export function flattenRange(range: Scalar[][]): Scalar[] {
  const out: Scalar[] = [];
  for (const row of range) for (const cell of Array.isArray(row) ? row : [row]) if (!isBlank(cell)) out.push(cell);
  return out;
}

/** Items of a list argument: a comma list in one cell, or a range of cells (each may hold a comma list). */
export function listItems(v: CellValue): Scalar[] {
  const cells = Array.isArray(v) ? flattenRange(v) : [v];
  return cells.flatMap((c): Scalar[] =>
    typeof c === "string"
      ? c
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [c],
  );
}

/** Text as typed, trimmed; a number as its digits. */
export const readText = (v: unknown): unknown =>
  typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : v;

/** A whole number, typed or as text ("5", "+5", "5.0"). */
export const readWhole = (v: unknown): unknown => (typeof v === "string" && /^[+]?\d+(\.0+)?$/.test(v.trim()) ? Number(v) : v);

/** A plain decimal, typed or as text ("2.5"). */
export const readDecimal = (v: unknown): unknown => (typeof v === "string" && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);

/** TRUE/FALSE, 1/0, or the words true, yes, false, no in any case. */
export function readBoolean(v: unknown): unknown {
  const word = typeof v === "boolean" || typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().toLowerCase() : "";
  return TRUE.has(word) ? true : FALSE.has(word) ? false : v;
}

// ---- dates ---------------------------------------------------------------------------------

// Excel counts days from 1899-12-30 and, as Lotus 1-2-3 did, holds 1900 a leap year: serial 60 is
// 29 February 1900, a day that never was, and serials 1-59 (January and February 1900) sit one
// day later than that count gives.
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
export const DAY_MS = 86_400_000;

/** A calendar day (UTC) as text: 2024-03-31. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** Days since 1970-01-01 of an ISO date, for day arithmetic without time zones. */
export const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** The ISO date `days` days after (before, when negative) another. */
export const isoDaysAfter = (iso: string, days: number): string => isoDay((dayNumber(iso) + days) * DAY_MS);

/** A month as one number, `year * 12 + (month - 1)`, from an ISO date: months compare and subtract
 *  as numbers (a quarter is three apart). */
export const monthOf = (iso: string): number => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** A month's name, 1 being January. */
export const monthName = (month: number): string => MONTH_NAMES[month - 1];
/** Excel's 1900-03-01: from here on its serials count days from 1899-12-30. */
const FIRST_TRUE_SERIAL = 61;
const LEAP_DAY_SERIAL = 60;
/** The last day Excel can show: 9999-12-31. */
const MAX_SERIAL = 2958465;

/** ISO date of an Excel serial number; 60 is Excel's 1900-02-29, returned as such (no such day). */
export function serialToIso(serial: number): string {
  const day = Math.floor(serial);
  if (day === LEAP_DAY_SERIAL) return "1900-02-29";
  const shift = day < LEAP_DAY_SERIAL ? 1 : 0;
  return new Date(EXCEL_EPOCH_MS + (day + shift) * DAY_MS).toISOString().slice(0, 10);
}

/** Excel serial number of an ISO date or timestamp (fractional for a time of day). */
export function isoToSerial(iso: string): number | undefined {
  // A date, or a timestamp without a zone, is the calendar day and clock time as the service gives
  // them: read as UTC, never in the runtime's own zone (Date.parse's default for such a timestamp),
  // so that the same answer makes the same serial on every machine. A zoned one is its UTC time.
  // A plain date of 1900 or later, the most common by far (a date column of every row shown), by
  // arithmetic: the same serial as Date.parse gives, without parsing.
  if (iso.length === 10) {
    const day = plainDaySerial(iso);
    if (day !== undefined) return day;
  }
  const naive = iso.length === 10 || /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso);
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : naive ? `${iso}Z` : iso);
  if (Number.isNaN(ms)) return undefined;
  const serial = (ms - EXCEL_EPOCH_MS) / DAY_MS;
  return serial < FIRST_TRUE_SERIAL ? serial - 1 : serial;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digits = (text: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
};

/** The serial of a valid YYYY-MM-DD date from 1900-03-01 on; undefined for anything else (the
 *  caller's parse decides those). */
function plainDaySerial(iso: string): number | undefined {
  if (iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return undefined;
  const y = digits(iso, 0, 4);
  const m = digits(iso, 5, 7);
  const d = digits(iso, 8, 10);
  if (!(y >= 1900 && m >= 1 && m <= 12 && d >= 1)) return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1])) return undefined;
  const serial = (Date.UTC(y, m - 1, d) - EXCEL_EPOCH_MS) / DAY_MS;
  return serial < FIRST_TRUE_SERIAL ? undefined : serial;
}

export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** A date cell (Date or serial number) as YYYY-MM-DD; text as typed. */
export function readDate(v: unknown): unknown {
  // A host passes a date cell as a Date whose UTC fields are the spreadsheet's calendar day and time
  // (src/sheets/dates.ts), never in the runtime's own zone, which need not be the spreadsheet's.
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? v : v.toISOString().slice(0, 10);
  if (typeof v === "number") return Number.isFinite(v) && v >= 1 && v <= MAX_SERIAL ? serialToIso(v) : v;
  return readText(v);
}

/** A spreadsheet column's letters from its 0-based index: 0 → "A", 25 → "Z", 26 → "AA". */
export function columnName(col: number): string {
  let name = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
