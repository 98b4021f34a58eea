// The period of a point value (VALUE): a quarter, a year, a date or a step back from the latest,
// read from a cell and matched against the dated rows of a table or the keys inside a report.
import * as z from "zod/mini";
import { isIsoDate, readDate, type Scalar } from "../base/cells";
import { type ArgKind, kind } from "./kinds";

/** A period as the rule checks it, one canonical spelling per meaning. */
export type Period =
  | { type: "quarter"; year: number; quarter: 1 | 2 | 3 | 4 }
  | { type: "year"; year: number }
  | { type: "date"; date: string }
  /** 1 is the latest, 2 the one before it. */
  | { type: "back"; steps: number };

const FORMS = /^(\d{4}Q[1-4]|\d{4}|\d{4}-\d{2}-\d{2}|-\d{1,3})$/;

/** A cell → the period's canonical text: 2024Q4, 2024, 2024-12-31 or -2. Excel passes a date cell
 *  as a serial number, Sheets as a Date: a whole number from 1900 to 2100 is a year, 0 or less a
 *  step back, above 2100 a date serial. FY2024 is 2024; LAST is -1. */
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
  const fy = /^FY(\d{4})$/.exec(text);
  if (fy) return fy[1];
  const qFirst = /^Q([1-4])[-/]?(\d{4})$/.exec(text);
  if (qFirst) return `${qFirst[2]}Q${qFirst[1]}`;
  return text.replace(/^(\d{4})[-/]?Q([1-4])$/, "$1Q$2");
}

const periodRule = z.string().check(
  z.regex(FORMS),
  z.refine((text) => !/^-/.test(text) || Number(text) < 0),
  z.refine((text) => !/^\d{4}-/.test(text) || isIsoDate(text)),
  z.describe(
    "a quarter (2024Q4), a year (2024 or FY2024), a date, or a step back from the latest (-1 the latest, -2 the one before; LAST)",
  ),
);

export const period: ArgKind = kind({ rule: periodRule, read: readPeriod as (cell: Scalar) => unknown, write: (text: string) => text });

/** The canonical text as a period; blank is the latest. */
export function parsePeriod(text: string | undefined): Period {
  if (text === undefined) return { type: "back", steps: 1 };
  if (/^-\d+$/.test(text)) return { type: "back", steps: -Number(text) };
  const q = /^(\d{4})Q([1-4])$/.exec(text);
  if (q) return { type: "quarter", year: Number(q[1]), quarter: Number(q[2]) as 1 | 2 | 3 | 4 };
  if (/^\d{4}$/.test(text)) return { type: "year", year: Number(text) };
  return { type: "date", date: text };
}

export const periodText = (p: Period): string =>
  p.type === "quarter"
    ? `${p.year}Q${p.quarter}`
    : p.type === "year"
      ? String(p.year)
      : p.type === "date"
        ? p.date
        : p.steps === 1
          ? "the latest"
          : `-${p.steps}`;

/** The last day a period reaches (undefined for a step back). */
export function periodEnd(p: Period): string | undefined {
  if (p.type === "date") return p.date;
  if (p.type === "year") return `${p.year}-12-31`;
  if (p.type === "quarter") return new Date(Date.UTC(p.year, p.quarter * 3, 0)).toISOString().slice(0, 10);
  return undefined;
}

/** The first day of a quarter or year (undefined for a date or a step back: they reach any earlier row). */
function periodStart(p: Period): string | undefined {
  if (p.type === "year") return `${p.year}-01-01`;
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
  const year = p.type === "date" ? Number(p.date.slice(0, 4)) : p.year;
  const at = years.indexOf(year);
  return at < 0 ? undefined : at;
}

/** Quarters from the one a period names to the quarter of `today`, both counted (1 for this quarter). */
export function quartersSince(p: Period, today: string): number {
  const end = periodEnd(p) ?? today;
  const index = (iso: string) => Number(iso.slice(0, 4)) * 4 + Math.floor((Number(iso.slice(5, 7)) - 1) / 3);
  return Math.max(1, index(today) - index(end) + 1);
}
