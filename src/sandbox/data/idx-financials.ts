// Quarterly financial statements for the IDX universe. Each quarter is a pure function of
// (ticker, year, quarter), so history never changes when `today` moves; `today` only decides
// which quarters have been reported (a quarter is published 45 days after it ends).
import { addDays, QUARTER_ENDS } from "../dates";
import { memo } from "../memo";
import { between, rng } from "../prng";
import { IDX_COMPANIES, type IdxCompany, perYear } from "./idx-companies";
import { bankRecord, corporateRecord } from "./idx-statements";

export const REPORT_LAG_DAYS = 45;
const T = 1e12;
const SEASON = [0.96, 1.0, 1.0, 1.04];

export interface Quarter {
  year: number;
  q: number; // 1..4
  date: string;
}

/** All quarters from 2019 Q1 whose report is out by `today`, oldest first. */
export const reportedQuarters = memo((today: string): Quarter[] => {
  const out: Quarter[] = [];
  for (let year = 2019; ; year++) {
    for (let q = 1; q <= 4; q++) {
      const date = `${year}-${QUARTER_ENDS[q - 1]}`;
      if (addDays(date, REPORT_LAG_DAYS) > today) return out;
      out.push({ year, q, date });
    }
  }
});

export function annualRevenue(c: IdxCompany, year: number): number {
  return c.rev19 * T * (1 + c.growth) ** (year - 2019) * perYear(c.revCycle, year, 1);
}

export type { Record } from "./idx-statements";

import type { Record } from "./idx-statements";

/** The record exactly as /v1/financials/quarterly/ returns it. */
export function quarterRecord(c: IdxCompany, year: number, q: number): Record {
  const r = rng(c.symbol, "fin", year, q);
  const jitter = () => between(r, 0.96, 1.04);
  const t = year - 2019 + q / 4;
  const revenue = (annualRevenue(c, year) / 4) * SEASON[q - 1] * jitter();
  const margin = perYear(c.margins, year, c.margin) * jitter();
  const earnings = revenue * margin;
  const assets = c.assets19 * T * (1 + Math.max(c.growth, 0) * 0.8 + 0.03) ** t * between(r, 0.99, 1.01);
  const base = { symbol: `${c.symbol}.JK`, date: `${year}-${QUARTER_ENDS[q - 1]}` };
  return c.bank ? bankRecord(c, base, revenue, earnings, assets, r) : corporateRecord(c, base, revenue, margin, assets, r);
}

/** True when the company published the quarter as a listed company: its report came out (45
 *  days after the quarter) on or after the listing date. GOTO, listed 2022-04-11, reports from
 *  2022 Q1 on; its 2021 figures were in the prospectus, not in an exchange filing. */
export function reportedAsListed(c: IdxCompany, year: number, q: number): boolean {
  return addDays(`${year}-${QUARTER_ENDS[q - 1]}`, REPORT_LAG_DAYS) >= c.listed;
}

/** The company's quarters whose report is out by `today`, oldest first. */
export function quartersReported(c: IdxCompany, today: string): Quarter[] {
  return reportedQuarters(today).filter((qt) => reportedAsListed(c, qt.year, qt.q));
}

/** Reported records of one company, newest first. */
export const companyQuarters = memo((key: string): Record[] => {
  const [symbol, today] = key.split("|");
  const c = IDX_COMPANIES.find((x) => x.symbol === symbol);
  if (!c) return [];
  return quartersReported(c, today)
    .map((qt) => quarterRecord(c, qt.year, qt.q))
    .reverse();
});

export function quartersOf(c: IdxCompany, today: string): Record[] {
  return companyQuarters(`${c.symbol}|${today}`);
}

/** Full financial years (all four quarters reported), oldest first. */
export function fullYears(today: string): number[] {
  return reportedQuarters(today)
    .filter((q) => q.q === 4)
    .map((q) => q.year);
}

/** The company's full years: all four quarters reported as a listed company, oldest first. */
export function fullYearsOf(c: IdxCompany, today: string): number[] {
  return fullYears(today).filter((year) => reportedAsListed(c, year, 1));
}

/** Sum of a numeric field over the four quarters of a year. */
export function yearTotal(c: IdxCompany, year: number, field: string): number {
  let sum = 0;
  for (let q = 1; q <= 4; q++) sum += Number(quarterRecord(c, year, q)[field] ?? 0);
  return sum;
}
