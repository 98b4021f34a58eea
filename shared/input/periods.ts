// The period of a point value (VALUE): a quarter, a year, a part of a year (H1, H2, 9M), the
// trailing twelve months, a date or a step back from the latest, read from a cell and matched
// against the dated rows of a table or the keys inside a report. What a period spanning several
// quarters means for a field (a sum, or the value at its end) is the dataset's to say (VALUE).
import * as z from "zod/mini";
import { isIsoDate, readDate, type Scalar } from "../base/cells";
import { type ArgKind, kind } from "./kinds";

/** A period as the rule checks it, one canonical spelling per meaning. Quarters, years and parts
 *  of a year are the company's fiscal ones unless `calendar` (spelt with CY: CY2024, CY2024Q3). */
export type Period =
  | { type: "quarter"; year: number; quarter: 1 | 2 | 3 | 4; calendar?: true }
  | { type: "year"; year: number; calendar?: true }
  /** Part of a year: H1 (Q1-Q2), H2 (Q3-Q4), 9M (Q1-Q3, year to date). */
  | { type: "part"; year: number; part: "H1" | "H2" | "9M"; calendar?: true }
  /** The four quarters ending at a quarter, or at the latest one reported. */
  | { type: "ttm"; end?: { year: number; quarter: 1 | 2 | 3 | 4; calendar?: true } }
  | { type: "date"; date: string }
  /** 1 is the latest, 2 the one before it. */
  | { type: "back"; steps: number };

const FORMS = /^((CY)?(\d{4}Q[1-4]|\d{4}|\d{4}(H1|H2|9M))|TTM((CY)?\d{4}Q[1-4])?|\d{4}-\d{2}-\d{2}|-\d{1,3})$/;

/** A cell → the period's canonical text: 2024Q4, 2024, CY2024, 2024-12-31 or -2. Excel passes a
 *  date cell as a serial number, Sheets as a Date: a whole number from 1900 to 2100 is a year, 0 or
 *  less a step back, above 2100 a date serial. FY2024 is 2024 (fiscal is the default); CY marks a
 *  calendar period (CY2024, CY 2024Q3, CY H1 2024); LAST is -1. */
function readPeriod(cell: Scalar): unknown {
  if (typeof cell === "number" && Number.isInteger(cell)) {
    if (cell <= 0) return String(cell === 0 ? -1 : cell);
    if (cell >= 1900 && cell <= 2100) return String(cell);
    return readDate(cell);
  }
  if (cell instanceof Date) return readDate(cell);
  if (typeof cell !== "string") return cell;
  const text = cell.trim().toUpperCase().replace(/\s+/g, "");
  if (text === "LAST" || text === "LATEST") return "-1";
  // TTM, LTM, TTM 2024Q3, TTM Q3 2024, TTM CY2024Q3.
  const ttm = /^[TL]TM[-/]?(.*)$/.exec(text);
  if (ttm) return `TTM${ttm[1] === "" ? "" : spanText(ttm[1])}`;
  return spanText(text);
}

/** A quarter, year or part of a year with its CY or FY mark: 2024Q3, CY2024, FY H1 2024, 1HFY2024. */
function spanText(text: string): string {
  const marked = /^(CY|FY)[-/]?(.+)$/.exec(text);
  const [mark, rest] = marked ? [marked[1], marked[2]] : ["", text];
  // A mark inside: H1CY2024, Q3FY2024.
  const inner = /^(H[12]|[12]H|9M|Q[1-4])[-/]?(CY|FY)(\d{4})$/.exec(rest);
  if (inner) return `${inner[2] === "CY" ? "CY" : ""}${unmarked(`${inner[1]}${inner[3]}`)}`;
  return `${mark === "CY" ? "CY" : ""}${unmarked(rest)}`;
}

function unmarked(text: string): string {
  const quarter = (q: string) => q.replace(/^Q([1-4])[-/]?(\d{4})$/, "$2Q$1").replace(/^(\d{4})[-/]?Q([1-4])$/, "$1Q$2");
  // H1 2024, 1H2024, 2024H1, 9M 2024, 2024-9M.
  const part = /^(?:(H[12]|[12]H|9M)[-/]?(\d{4})|(\d{4})[-/]?(H[12]|[12]H|9M))$/.exec(text);
  if (part) return `${part[2] ?? part[3]}${(part[1] ?? part[4]).replace(/^([12])H$/, "H$1")}`;
  return quarter(text);
}

const periodRule = () =>
  z.string().check(
    z.regex(FORMS),
    z.refine((text) => !/^-/.test(text) || Number(text) < 0),
    z.refine((text) => !/^\d{4}-/.test(text) || isIsoDate(text)),
    z.describe(
      "a fiscal quarter (2024Q4), year (FY2024) or H1, H2 or 9M of one (H1 2024), a calendar one with CY (CY2024, CY2024Q4), TTM (TTM 2024Q3), a date, or a step back (-1 the latest, -2; LAST)",
    ),
  );

export const period: ArgKind = kind({ rule: periodRule, read: readPeriod as (cell: Scalar) => unknown, write: (text: string) => text });

/** The canonical text as a period; blank is the latest. */
export function parsePeriod(text: string | undefined): Period {
  if (text === undefined) return { type: "back", steps: 1 };
  if (/^-\d+$/.test(text)) return { type: "back", steps: -Number(text) };
  const ttm = /^TTM(CY)?(?:(\d{4})Q([1-4]))?$/.exec(text);
  if (ttm)
    return ttm[2]
      ? { type: "ttm", end: { year: Number(ttm[2]), quarter: Number(ttm[3]) as 1 | 2 | 3 | 4, ...(ttm[1] ? { calendar: true } : {}) } }
      : { type: "ttm" };
  const mark = text.startsWith("CY") ? ({ calendar: true } as const) : {};
  const rest = text.replace(/^CY/, "");
  const q = /^(\d{4})Q([1-4])$/.exec(rest);
  if (q) return { type: "quarter", year: Number(q[1]), quarter: Number(q[2]) as 1 | 2 | 3 | 4, ...mark };
  if (/^\d{4}$/.test(rest)) return { type: "year", year: Number(rest), ...mark };
  const part = /^(\d{4})(H1|H2|9M)$/.exec(rest);
  if (part) return { type: "part", year: Number(part[1]), part: part[2] as "H1" | "H2" | "9M", ...mark };
  return { type: "date", date: text };
}

export function periodText(p: Period): string {
  const cy = "calendar" in p && p.calendar ? "CY" : "";
  switch (p.type) {
    case "quarter":
      return `${cy}${p.year}Q${p.quarter}`;
    case "year":
      return `${cy}${p.year}`;
    case "part":
      return `${cy ? "CY " : ""}${p.part} ${p.year}`;
    case "ttm":
      return p.end ? `TTM ${p.end.calendar ? "CY" : ""}${p.end.year}Q${p.end.quarter}` : "TTM";
    case "date":
      return p.date;
    case "back":
      return p.steps === 1 ? "the latest" : `-${p.steps}`;
  }
}

/** True for a period whose quarters are the company's fiscal ones (it needs the fiscal calendar). */
export const isFiscal = (p: Period): boolean =>
  p.type === "quarter" || p.type === "year" || p.type === "part" ? !p.calendar : p.type === "ttm" && p.end !== undefined && !p.end.calendar;

/** A quarter's last day. */
const quarterEnd = (year: number, quarter: number) => new Date(Date.UTC(year, quarter * 3, 0)).toISOString().slice(0, 10);

/** The quarters a period spans, oldest first, for a dataset of quarters: a year's four, a part's,
 *  the trailing twelve months' four (ending at `latest` when the period names no quarter); a
 *  single quarter for a quarter; undefined for a date or a step back (one row, whatever its date). */
function quartersOf(p: Period, latest?: { year: number; quarter: number }): Array<{ year: number; quarter: number }> | undefined {
  const run = (year: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ year, quarter: from + i }));
  if (p.type === "quarter") return [{ year: p.year, quarter: p.quarter }];
  if (p.type === "year") return run(p.year, 1, 4);
  if (p.type === "part") return p.part === "H1" ? run(p.year, 1, 2) : p.part === "H2" ? run(p.year, 3, 4) : run(p.year, 1, 3);
  if (p.type !== "ttm") return undefined;
  const end = p.end ?? latest;
  if (!end) return undefined;
  return [3, 2, 1, 0].map((back) => quarterBefore(end, back));
}

/** The quarter `back` quarters before a quarter (across years). */
function quarterBefore(q: { year: number; quarter: number }, back: number): { year: number; quarter: number } {
  const index = q.year * 4 + q.quarter - 1 - back;
  return { year: Math.floor(index / 4), quarter: (index % 4) + 1 };
}

/** The quarter a date falls in. */
const quarterOfDate = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  quarter: Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1,
});

/** The last day a period reaches (undefined for a step back). */
export function periodEnd(p: Period): string | undefined {
  if (p.type === "date") return p.date;
  if (p.type === "year") return `${p.year}-12-31`;
  if (p.type === "quarter") return quarterEnd(p.year, p.quarter);
  if (p.type === "part") return quarterEnd(p.year, p.part === "H1" ? 2 : p.part === "9M" ? 3 : 4);
  if (p.type === "ttm" && p.end) return quarterEnd(p.end.year, p.end.quarter);
  return undefined;
}

/** The first day of a quarter or year (undefined for a date or a step back: they reach any earlier row). */
export function periodStart(p: Period): string | undefined {
  if (p.type === "year") return `${p.year}-01-01`;
  if (p.type === "part") return `${p.year}-${p.part === "H2" ? "07" : "01"}-01`;
  if (p.type === "quarter") return new Date(Date.UTC(p.year, (p.quarter - 1) * 3, 1)).toISOString().slice(0, 10);
  return undefined;
}

/** The index among dates (ISO text, any order) a period picks: the latest date within a quarter or
 *  year, on or before a date, or the n-th latest; undefined when none fits. */
export function pickDated(dates: readonly string[], p: Period): number | undefined {
  const order = dates.map((d, i) => [d, i] as const).sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  if (p.type === "back") return order[p.steps - 1]?.[1];
  const [start, end] = [periodStart(p), periodEnd(p) as string];
  return order.find(([d]) => d.slice(0, 10) <= end && (start === undefined || d.slice(0, 10) >= start))?.[1];
}

/** The index among years a period picks: the year itself (a quarter or date: its year), or the n-th latest. */
export function pickYear(years: readonly number[], p: Period): number | undefined {
  if (p.type === "back") {
    const order = years.map((y, i) => [y, i] as const).sort((a, b) => b[0] - a[0]);
    return order[p.steps - 1]?.[1];
  }
  if (p.type === "ttm") return undefined;
  const year = p.type === "date" ? Number(p.date.slice(0, 4)) : p.year;
  const at = years.indexOf(year);
  return at < 0 ? undefined : at;
}

/** The last quarter ended on or before a date: the row a date picks (statements are dated at
 *  their quarter's end). */
function lastEndedBy(date: string): { year: number; quarter: number } {
  const q = quarterOfDate(date);
  return date < quarterEnd(q.year, q.quarter) ? quarterBefore(q, 1) : q;
}

/** How many of a company's latest quarters reach back to the first quarter a period needs: counted
 *  from the last quarter ended before `today` (the latest any company can have reported), so a
 *  request for that many holds the period exactly when that quarter is reported, and one quarter
 *  more when it is not yet (never fewer). A step back and the latest TTM count reported quarters. */
export function latestQuartersFor(p: Period, today: string): number {
  if (p.type === "back") return p.steps;
  if (p.type === "ttm" && !p.end) return 4;
  const lastEnded = quarterBefore(quarterOfDate(today), 1);
  const first = p.type === "date" ? lastEndedBy(p.date) : (quartersOf(p) ?? [])[0];
  const index = (q: { year: number; quarter: number }) => q.year * 4 + q.quarter;
  return Math.max(1, index(lastEnded) - index(first) + 1);
}
