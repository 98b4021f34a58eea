// One calendar quarter's statement of an IDX company, a pure function of (ticker, year, quarter):
// history never changes when `today` moves. Which quarters are filed, when, under which date and
// fiscal label is idx-statement-rows.ts's business.
import { QUARTER_ENDS } from "../dates";
import { between, rng } from "../prng";
import { type IdxCompany, perYear } from "./idx-companies";
import { bankRecord, corporateRecord, type Record } from "./idx-statements";

const T = 1e12;
const SEASON = [0.96, 1.0, 1.0, 1.04];

export function annualRevenue(c: IdxCompany, year: number): number {
  return c.rev19 * T * (1 + c.growth) ** (year - 2019) * perYear(c.revCycle, year, 1);
}

/** The record exactly as /v1/financials/quarterly/ returns it, dated at the quarter's end.
 *  `restated`: the figures of a restatement of that quarter (drawn afresh, so they differ from the
 *  original's as a restatement's do, and every identity still holds). */
export function quarterRecord(c: IdxCompany, year: number, q: number, restated = false): Record {
  const date = `${year}-${QUARTER_ENDS[q - 1]}`;
  const r = restated ? rng(c.symbol, "fin", year, q, "restated") : rng(c.symbol, "fin", year, q);
  const jitter = () => between(r, 0.96, 1.04);
  const t = year - 2019 + q / 4;
  const revenue = (annualRevenue(c, year) / 4) * SEASON[q - 1] * jitter();
  const margin = (c.habits?.quarterMargins?.[date] ?? perYear(c.margins, year, c.margin)) * jitter();
  const earnings = revenue * margin;
  const assets = c.assets19 * T * (1 + Math.max(c.growth, 0) * 0.8 + 0.03) ** t * between(r, 0.99, 1.01);
  const base = { symbol: `${c.symbol}.JK`, date };
  return c.bank ? bankRecord(c, base, revenue, earnings, assets, r) : corporateRecord(c, base, revenue, margin, assets, r);
}
