// A company's fiscal calendar, from the provider's own labels: its quarterly report dates, each
// with the fiscal quarter it reports (`{"2024": [["2024-03-31", "q1"], ...]}`). The labels say which
// quarter a row is; the dates say when it was reported, which may be weeks after the quarter ended
// (a report date) or on the day it ended. The month the fiscal year ends is the one that puts every
// labelled date closest after the end of its quarter. Quarters are counted in months
// (`year * 12 + month - 1`) so that fiscal and calendar quarters compare as numbers.
import { dayNumber, isoDay, monthOf } from "../../base/cells";

/** A month as one number: `year * 12 + (month - 1)`. A quarter is named by the month it ends in. */
export type Month = number;

export interface FiscalCalendar {
  /** The month (1-12) the fiscal year ends in: 12 for December, 6 for June. */
  yearEnd: number;
  /** Each report date the provider lists, with the fiscal quarter (1-4) it reports. */
  labels: ReadonlyMap<string, number>;
}

/** The last day of a month, as ISO text. */
export const monthEnd = (m: Month): string => isoDay(Date.UTC(Math.floor(m / 12), (m % 12) + 1, 0));

/** The latest month of a class (months equal modulo 3, or modulo 12) whose last day is on or before a date. */
function latestEndBy(date: string, month: Month, step: 3 | 12): Month {
  let m = monthOf(date);
  while ((((m - month) % step) + step) % step !== 0) m -= 1;
  return monthEnd(m) <= date.slice(0, 10) ? m : m - step;
}

/** The month a fiscal year's quarter ends in: FY2024 of a June year ends in June 2024, its Q1 in
 *  September 2023. */
export const fiscalQuarterEnd = (yearEnd: number, year: number, quarter: number): Month => year * 12 + yearEnd - 1 - 3 * (4 - quarter);

/** The fiscal year and quarter a quarter's end month is, for a year ending in `yearEnd`; undefined
 *  when the month is no quarter end of that calendar. */
export function fiscalQuarterOf(yearEnd: number, end: Month): { year: number; quarter: number } | undefined {
  const ahead = (((yearEnd - 1 - end) % 12) + 12) % 12;
  if (ahead % 3 !== 0) return undefined;
  return { year: Math.floor((end + ahead) / 12), quarter: 4 - ahead / 3 };
}

/** The quarter a row dated `date` reports: with the provider's label, the latest end of that fiscal
 *  quarter on or before the date; without one, the latest quarter end of the calendar (fiscal, or
 *  the calendar year's when the fiscal calendar is unknown) on or before it. */
export function quarterEndOf(date: string, calendar: FiscalCalendar | undefined): Month {
  const yearEnd = calendar?.yearEnd ?? 12;
  const label = calendar?.labels.get(date.slice(0, 10));
  return label === undefined ? latestEndBy(date, yearEnd - 1, 3) : latestEndBy(date, fiscalQuarterEnd(yearEnd, 0, label), 12);
}

/** The quarter whose months hold a date: the first quarter end of the calendar on or after it. */
export function quarterHolding(date: string, yearEnd: number): Month {
  let m = monthOf(date);
  while ((((m - (yearEnd - 1)) % 3) + 3) % 3 !== 0) m += 1;
  return m;
}

/** The provider's fiscal-dates answer as labels: every `[date, "qN"]` pair it holds; odd entries
 *  are passed over (a tolerant reader), and a date is kept once. */
function labelsOf(answer: unknown): Map<string, number> {
  const labels = new Map<string, number>();
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return labels;
  for (const pairs of Object.values(answer as Record<string, unknown>)) {
    if (!Array.isArray(pairs)) continue;
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== "string" || typeof pair[1] !== "string") continue;
      const q = /^q([1-4])$/i.exec(pair[1].trim());
      if (q && /^\d{4}-\d{2}-\d{2}$/.test(pair[0].slice(0, 10))) labels.set(pair[0].slice(0, 10), Number(q[1]));
    }
  }
  return labels;
}

/** True when some listed report date is after its quarter's end: the provider dates rows at their
 *  reports, not at their quarters' ends. */
export const listsReportDates = (labels: ReadonlyMap<string, number>, calendar: FiscalCalendar | undefined): boolean =>
  [...labels.keys()].some((d) => d > monthEnd(quarterEndOf(d, calendar)));

/** The provider's fiscal dates as read: every label, and the calendar they describe where one fits. */
export interface FiscalDates {
  labels: ReadonlyMap<string, number>;
  calendar?: FiscalCalendar;
}

export function fiscalDatesOf(answer: unknown): FiscalDates {
  const labels = labelsOf(answer);
  return { labels, calendar: calendarOf(labels) };
}

/** The days from a quarter's end to its report date, for a fiscal year ending in `yearEnd`. */
const lag = (date: string, quarter: number, yearEnd: number) =>
  dayNumber(date) - dayNumber(monthEnd(latestEndBy(date, fiscalQuarterEnd(yearEnd, 0, quarter), 12)));

/** The most days a report may come after its quarter's end and still tell the calendar. */
const MAX_LAG_DAYS = 200;

/** The fiscal calendar the labels describe: the year end that puts every report date closest after
 *  its quarter's end (the largest lag smallest, then their sum); undefined when there are no labels
 *  or none fits. */
function calendarOf(labels: ReadonlyMap<string, number>): FiscalCalendar | undefined {
  if (labels.size === 0) return undefined;
  let best: { yearEnd: number; worst: number; total: number } | undefined;
  for (let yearEnd = 12; yearEnd >= 1; yearEnd--) {
    let worst = 0;
    let total = 0;
    for (const [date, quarter] of labels) {
      const days = lag(date, quarter, yearEnd);
      worst = Math.max(worst, days);
      total += days;
    }
    if (!best || worst < best.worst || (worst === best.worst && total < best.total)) best = { yearEnd, worst, total };
  }
  return best && best.worst <= MAX_LAG_DAYS ? { yearEnd: best.yearEnd, labels } : undefined;
}
