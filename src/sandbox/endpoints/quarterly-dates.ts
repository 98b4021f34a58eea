// GET /v1/company/get_quarterly_financial_dates/{ticker}/ -> {"2024": [["2024-03-31", "q1"], ...]}:
// every row /v1/financials/quarterly/ has, by the calendar year of its date, with its fiscal label
// (a June year labels Sep 30 q1; a restatement filed later carries the quarter it restates).

import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { statementBook } from "../data/idx-financials";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { idxCodeOr400 } from "../tickers";

export const quarterlyDates: Endpoint = {
  path: "/v1/company/get_quarterly_financial_dates/:ticker/",
  handle({ params, query, today }) {
    query.allow([]);
    const company = idxCompany(idxCodeOr400(params.ticker));
    if (!company) throw notFound("Given stock ticker does not exist.");
    return quarterDates(company, today);
  },
};

/** The company's row dates grouped by calendar year, oldest first, each with its quarter's label. */
export function quarterDates(company: IdxCompany, today: string): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  for (const { date, period } of [...statementBook(company, today).rows].reverse()) {
    const year = date.slice(0, 4);
    out[year] ??= [];
    out[year].push([date, `q${period.q}`]);
  }
  return out;
}
