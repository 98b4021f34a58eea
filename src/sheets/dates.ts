// Dates between a spreadsheet and the core, in the spreadsheet's time zone (File > Settings). It
// need not be the script's own (appsscript.json), in which the script's Date methods work: Sheets
// passes a date cell as a Date at the first moment of that day in the spreadsheet's zone, and
// shows a returned Date in the spreadsheet's zone. So the script's local time is never used:
//   - in: a Date argument becomes the Date whose UTC fields are its wall clock in the spreadsheet's
//     zone, which is how the core reads, quotes and keys a date cell (shared/base/cells.ts readDate);
//   - out (dates=date): a calendar day becomes its first moment in the spreadsheet's zone
//     (midnight); a timestamp with Z or an offset keeps its instant; one without (the service does
//     not say in which zone it is) shows as written. Text that is not a date stays text.
// The zone is asked for at most once per call (one execution), and only when there is a date.
import { isIsoDate } from "../../shared";
import { gas } from "./apps-script";

/** The spreadsheet's zone, asked for on first use. */
export type Zone = () => string;

/** A fresh Zone for one call: Apps Script runs each custom function call as its own execution. */
export function spreadsheetZone(): Zone {
  let zone: string | undefined;
  return () => {
    zone ??= gas().SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
    return zone;
  };
}

const HOUR_MS = 3_600_000;

/** Epoch ms of a wall clock read as UTC (Date.UTC reads years 0-99 as 1900-1999: set it after). */
function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  date.setUTCFullYear(y);
  return date.getTime();
}

/** The wall clock in `zone` at `instant`, as epoch ms of the same fields in UTC. */
function wallClock(instant: number, zone: string): number {
  const text = gas().Utilities.formatDate(new Date(instant), zone, "yyyy-MM-dd-HH-mm-ss-SSS");
  const [y, mo, d, h, mi, s, ms] = text.split("-").map(Number);
  return utc(y, mo, d, h, mi, s, ms);
}

/** The instant whose wall clock in `zone` is `wall`; in a clock change's gap, the first moment after it. */
function instantOf(wall: number, zone: string): number {
  let at = wall;
  // The offset at a guess gives the next guess: one step settles it, two around a clock change.
  for (let i = 0; i < 3; i++) {
    const next = wall - (wallClock(at, zone) - at);
    if (next === at) break;
    at = next;
  }
  // A skipped wall time (e.g. midnight when America/Santiago moves its clocks on) lands an hour
  // early or late: take the later one, the first moment that exists.
  for (let i = 0; i < 3 && wallClock(at, zone) < wall; i++) at += HOUR_MS;
  return at;
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === "[object Date]";

/** A date cell as the core reads it: its wall clock in the spreadsheet's zone, in UTC fields. */
function readCell(v: unknown, zone: Zone): unknown {
  if (!isDate(v) || Number.isNaN(v.getTime())) return v;
  return new Date(wallClock(v.getTime(), zone()));
}

/** Every date cell of the arguments, alone or in a range, as the core reads it. */
export function readDates(args: unknown[], zone: Zone): unknown[] {
  return args.map((arg) =>
    Array.isArray(arg)
      ? arg.map((row) => (Array.isArray(row) ? row.map((c) => readCell(c, zone)) : readCell(row, zone)))
      : readCell(arg, zone),
  );
}

const NAIVE_STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ZONED_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** With dates=date, the Date Sheets shows as the ISO value's day (or moment) in the spreadsheet's zone. */
export function toSheetsDate(iso: string, zone: Zone): Date | undefined {
  if (isIsoDate(iso)) {
    const [y, m, d] = iso.split("-").map(Number);
    return new Date(instantOf(utc(y, m, d), zone()));
  }
  const naive = NAIVE_STAMP.exec(iso);
  if (naive) {
    const [y, mo, d, h, mi, s = 0] = naive.slice(1, 7).map((n) => Number(n ?? 0));
    if (!isIsoDate(iso.slice(0, 10)) || h > 23 || mi > 59 || s > 59) return undefined;
    const ms = Number((naive[7] ?? "").padEnd(3, "0").slice(0, 3));
    return new Date(instantOf(utc(y, mo, d, h, mi, s, ms), zone()));
  }
  if (!ZONED_STAMP.test(iso)) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
