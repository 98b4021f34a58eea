// The rows of /v1/financials/quarterly/ as a company files them: which quarters, under which date
// and fiscal label, and from when each row is public. Most companies file every quarter from 2019,
// each row dated at its quarter's end and public 45 days later; the companies of
// idx-edge-companies.ts keep their own habits (a June year, rows dated at the filing day and public
// that day, restatements, a quarter never filed, a last filing). Nothing public after `today` is
// served, and a row counts only when it was filed as a listed company.
import { tradingDayOnOrAfter } from "../calendar";
import { addDays, fromDay, QUARTER_ENDS, toDay } from "../dates";
import { memo } from "../memo";
import { intBetween, rng } from "../prng";
import { type IdxCompany, idxCompany } from "./idx-companies";
import { quarterRecord } from "./idx-quarter";
import type { Record } from "./idx-statements";

export const REPORT_LAG_DAYS = 45;

/** A fiscal quarter: its fiscal year (named by the calendar year it ends in), its number in that
 *  year (1..4) and its last day. */
export interface Period {
  year: number;
  q: number;
  end: string;
}

export interface StatementRow {
  period: Period;
  /** The row's `date`: the period's end, or the day the report was filed. */
  date: string;
  /** The day the row became public. */
  published: string;
  restated: boolean;
  record: Record;
}

export interface Book {
  /** Every row public by `today`, newest date first; on one date a restated row before the original. */
  rows: StatementRow[];
  /** Each period's rows by its end, in the order they became public (a restatement after the
   *  row it restates): the last one holds the figures known today. */
  byPeriod: ReadonlyMap<string, StatementRow[]>;
}

const yearEndQuarter = (c: IdxCompany) => c.habits?.yearEndQuarter ?? 4;

/** The fiscal label of the calendar quarter (year, q): with a June year, Sep 30 2024 is q1 of 2025. */
export function periodOf(c: IdxCompany, year: number, q: number): Period {
  const last = yearEndQuarter(c);
  return { year: q <= last ? year : year + 1, q: ((q - last + 7) % 4) + 1, end: `${year}-${QUARTER_ENDS[q - 1]}` };
}

/** The last days of the fiscal year's four quarters, q1 first. */
export function periodEnds(c: IdxCompany, fiscalYear: number): string[] {
  const last = yearEndQuarter(c);
  return [1, 2, 3, 4].map((fq) => {
    const q = ((last + fq - 1) % 4) + 1;
    return `${q <= last ? fiscalYear : fiscalYear - 1}-${QUARTER_ENDS[q - 1]}`;
  });
}

/** The day a company that dates rows at filing filed the quarter: about a month after it, the
 *  audited fourth quarter in the second half of March, always an IDX trading day. */
function filingDay(c: IdxCompany, year: number, q: number, end: string): string {
  const late = c.habits?.filedOn?.[end];
  if (late) return late;
  const r = rng(c.symbol, "filed", year, q);
  const after = q === 4 ? intBetween(r, 80, 88) : intBetween(r, 25, 31);
  return fromDay(tradingDayOnOrAfter("idx", toDay(end) + after));
}

function rowsUntil(c: IdxCompany, today: string): StatementRow[] {
  const h = c.habits ?? {};
  const out: StatementRow[] = [];
  for (let year = 2019; `${year}-01-01` <= today; year++) {
    for (let q = 1; q <= 4; q++) {
      const end = `${year}-${QUARTER_ENDS[q - 1]}`;
      if (end > today || (h.lastPeriod !== undefined && end > h.lastPeriod) || h.missing?.includes(end)) continue;
      const date = h.reportDates ? filingDay(c, year, q, end) : end;
      const published = h.reportDates ? date : addDays(end, REPORT_LAG_DAYS);
      if (published < c.listed) continue;
      const period = periodOf(c, year, q);
      out.push({ period, date, published, restated: false, record: { ...quarterRecord(c, year, q), date } });
      const again = h.restated?.[end];
      if (again === undefined) continue;
      const [on, shown] = again === "alongside" ? [published, date] : [again, again];
      out.push({ period, date: shown, published: on, restated: true, record: { ...quarterRecord(c, year, q, true), date: shown } });
    }
  }
  return out.filter((r) => r.published <= today);
}

const byDateNewestFirst = (a: StatementRow, b: StatementRow) =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : Number(b.restated) - Number(a.restated);

const bookOf = memo((key: string): Book => {
  const [symbol, today] = key.split("|");
  const c = idxCompany(symbol);
  const rows = c ? rowsUntil(c, today).sort(byDateNewestFirst) : [];
  const byPeriod = new Map<string, StatementRow[]>();
  const inOrder = [...rows].sort((a, b) =>
    a.published !== b.published ? (a.published < b.published ? -1 : 1) : Number(a.restated) - Number(b.restated),
  );
  for (const r of inOrder) byPeriod.set(r.period.end, [...(byPeriod.get(r.period.end) ?? []), r]);
  return { rows, byPeriod };
});

/** The company's statement rows public by `today`. */
export const statementBook = (c: IdxCompany, today: string): Book => bookOf(`${c.symbol}|${today}`);
