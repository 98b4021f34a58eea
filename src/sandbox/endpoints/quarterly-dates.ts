// GET /v1/company/get_quarterly_financial_dates/{ticker}/ -> {"2024": [["2024-03-31", "q1"], ...]}.

import { idxCompany } from "../data/idx-companies";
import { reportedQuarters } from "../data/idx-financials";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { idxCodeOr400 } from "../tickers";

export const quarterlyDates: Endpoint = {
  path: "/v1/company/get_quarterly_financial_dates/:ticker/",
  handle({ params, query, today }) {
    query.allow([]);
    if (!idxCompany(idxCodeOr400(params.ticker))) throw notFound("Given stock ticker does not exist.");
    return quarterDates(today);
  },
};

/** Reported quarter-end dates grouped by year (the same for every company of the sandbox). */
export function quarterDates(today: string): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  for (const { year, q, date } of reportedQuarters(today)) {
    out[String(year)] ??= [];
    out[String(year)].push([date, `q${q}`]);
  }
  return out;
}
