// Quarterly financial statements for the IDX universe, as every endpoint reads them: the rows a
// company filed (idx-statement-rows.ts), the figures of each quarter known on a day (a restatement
// replaces the row it restates once it is public), and full financial years (a company's own:
// a June year runs from July). `today` only decides what has been published.
import { addDays, QUARTER_ENDS } from "../dates";
import { memo } from "../memo";
import type { IdxCompany } from "./idx-companies";
import { type Period, periodEnds, REPORT_LAG_DAYS, type StatementRow, statementBook } from "./idx-statement-rows";
import type { Record } from "./idx-statements";

export { annualRevenue, quarterRecord } from "./idx-quarter";
export { type Period, periodEnds, periodOf, REPORT_LAG_DAYS, type StatementRow, statementBook } from "./idx-statement-rows";
export type { Record } from "./idx-statements";

interface Quarter {
  year: number;
  q: number; // 1..4
  date: string;
}

/** The market's calendar quarters from 2019 Q1 whose reports are out by `today` (45 days after the
 *  quarter), oldest first: what "the latest quarter" means for the market as a whole. */
const reportedQuarters = memo((today: string): Quarter[] => {
  const out: Quarter[] = [];
  for (let year = 2019; ; year++) {
    for (let q = 1; q <= 4; q++) {
      const date = `${year}-${QUARTER_ENDS[q - 1]}`;
      if (addDays(date, REPORT_LAG_DAYS) > today) return out;
      out.push({ year, q, date });
    }
  }
});

/** The market's full calendar years (all four quarters out), oldest first. */
export function fullYears(today: string): number[] {
  return reportedQuarters(today)
    .filter((q) => q.q === 4)
    .map((q) => q.year);
}

/** The company's rows public by `today`, as /v1/financials/quarterly/ lists them: newest date first,
 *  a restated row and the original of one date both. */
export function quartersOf(c: IdxCompany, today: string): Record[] {
  return statementBook(c, today).rows.map((r) => r.record);
}

/** The row in force for a period on `asOf` (on or before `today`): the last one public by then. */
function inForce(c: IdxCompany, end: string, today: string, asOf: string): StatementRow | undefined {
  const rows = statementBook(c, today).byPeriod.get(end) ?? [];
  return rows.filter((r) => r.published <= asOf).at(-1);
}

/** One figure set per filed period, newest period first, each as known on `today`: what trailing
 *  figures and "the latest quarter" read (a restatement counts once, a missing quarter not at all). */
export function latestQuarters(c: IdxCompany, today: string): { period: Period; record: Record }[] {
  const book = statementBook(c, today);
  return [...book.byPeriod.values()]
    .map((rows) => ({ period: rows[0].period, record: rows.at(-1)!.record }))
    .sort((a, b) => (a.period.end < b.period.end ? 1 : -1));
}

/** The fiscal year's four quarters (q1 first) as known on `asOf` (default `today`), or undefined
 *  when one of them was not public as a listed company's filing by then. */
export function yearQuarters(c: IdxCompany, year: number, today: string, asOf = today): Record[] | undefined {
  const on = asOf < today ? asOf : today;
  const rows = periodEnds(c, year).map((end) => inForce(c, end, today, on));
  return rows.every((r) => r !== undefined) ? rows.map((r) => r!.record) : undefined;
}

/** The company's full financial years as known on `today`: all four quarters filed, oldest first. */
export function fullYearsOf(c: IdxCompany, today: string): number[] {
  const years = new Set([...statementBook(c, today).byPeriod.values()].map((rows) => rows[0].period.year));
  return [...years].sort((a, b) => a - b).filter((year) => yearQuarters(c, year, today) !== undefined);
}

/** Sum of a numeric field over the fiscal year's four quarters as known on `asOf` (default
 *  `today`), or null when the year is not full by then. */
export function yearTotal(c: IdxCompany, year: number, field: string, today: string, asOf = today): number | null {
  const quarters = yearQuarters(c, year, today, asOf);
  return quarters ? quarters.reduce((sum, r) => sum + Number(r[field] ?? 0), 0) : null;
}
