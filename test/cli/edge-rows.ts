// What the edge-filings stand-in's rows say a VALUE call should show, taken from the rows as they
// are written (scripts/harness/edge-filings-data.ts) by what each row is: the quarter it reports
// (periodEnd), its fiscal year and label, whether it is a restatement, the day it was published.
// Never from MDQ's own reading of them.
import { EDGE_ROWS, type EdgeField, type EdgeRow, type EdgeTicker } from "../../scripts/harness/edge-filings-data";

/** The row that stands for a quarter: its restatement where it was restated. */
export function standing(ticker: EdgeTicker, periodEnd: string): EdgeRow {
  const rows = EDGE_ROWS[ticker].filter((r) => r.periodEnd === periodEnd && r.restatement !== "original");
  if (rows.length !== 1) throw new Error(`${ticker} has ${rows.length} standing rows for ${periodEnd}`);
  return rows[0];
}

/** The standing rows whose quarter passes `test`, oldest first. */
export function quarters(ticker: EdgeTicker, test: (row: EdgeRow) => boolean): EdgeRow[] {
  const ends = [...new Set(EDGE_ROWS[ticker].filter(test).map((r) => r.periodEnd))].sort();
  return ends.map((end) => standing(ticker, end));
}

/** A fiscal year's four quarters (the year its fiscal year ends in). */
export function fiscalYear(ticker: EdgeTicker, year: number): EdgeRow[] {
  const rows = quarters(ticker, (r) => r.fiscalYear === year);
  if (rows.length !== 4) throw new Error(`${ticker}'s FY${year} has ${rows.length} quarters`);
  return rows;
}

export const sum = (rows: readonly EdgeRow[], field: EdgeField): number => rows.reduce((total, r) => total + r[field], 0);

/** The quarters reported (published) on or before a day, oldest first. */
export const reportedBy = (ticker: EdgeTicker, day: string): EdgeRow[] => quarters(ticker, (r) => r.published <= day);

/** A calendar quarter's name as a December year's statements name it: 2024-09-30 is 2024Q3. */
export const quarterName = (periodEnd: string): string => `${periodEnd.slice(0, 4)}Q${Number(periodEnd.slice(5, 7)) / 3}`;

/** The last day of the quarter `months` months after the one ending on `periodEnd`. */
export function shiftQuarter(periodEnd: string, months: number): string {
  const m = Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(Math.floor(m / 12), (m % 12) + 1, 0)).toISOString().slice(0, 10);
}
