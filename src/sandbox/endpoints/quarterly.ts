// GET /v1/financials/quarterly/{ticker}/ (spec 4.13). Newest first. n_quarters overrides
// report_date/approx and counts rows (a restated row and its original are two); approx (default
// true) picks the closest report date, false needs an exact one; either way every row of that date.

import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { quartersOf, type Record } from "../data/idx-financials";
import { isIsoDate, looksLikeIsoDate, toDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import type { Query } from "../query";
import { idxCodeOr400 } from "../tickers";

const MISSING = "Invalid stock ticker and/or data for the specified report date does not exist.";
const N_MESSAGE = "Invalid value for 'n_quarters'. It must be a positive integer.";

export const quarterly: Endpoint = {
  path: "/v1/financials/quarterly/:ticker/",
  handle({ params, query: q, today }) {
    q.allow(["report_date", "approx", "n_quarters"]);
    return selectQuarters(idxCompany(idxCodeOr400(params.ticker)), q, today, MISSING);
  },
};

/** The records `q` asks for (parameters are checked before the company, as upstream does);
 *  `missing` is the 404 sentence, which the two editions word differently. */
export function selectQuarters(company: IdxCompany | undefined, q: Query, today: string, missing: string): Record[] {
  const reportDate = q.str("report_date");
  if (reportDate && !looksLikeIsoDate(reportDate)) throw badRequest("Use a valid report_date format of YYYY-MM-DD.");
  if (reportDate && !isIsoDate(reportDate)) throw badRequest("Please provide a valid report_date.");
  const approx = q.bool("approx", true);
  const n = q.int("n_quarters", N_MESSAGE);
  if (n === 0) throw badRequest(N_MESSAGE);
  if (!company) throw notFound(missing);
  const records = quartersOf(company, today);
  if (!records.length) throw notFound(missing);
  if (n !== undefined) return records.slice(0, n);
  if (!reportDate) return [records[0]];
  if (!approx) {
    const exact = records.filter((r) => r.date === reportDate);
    if (!exact.length) throw notFound(missing);
    return exact;
  }
  // Closest report date; on a tie the earlier report wins (records are newest first).
  const target = toDay(reportDate);
  let best = records[0].date as string;
  for (const r of records) {
    if (Math.abs(toDay(r.date as string) - target) <= Math.abs(toDay(best) - target)) best = r.date as string;
  }
  return records.filter((r) => r.date === best);
}
