// GET /v1/company/get_quarterly_financial_dates/{ticker}/ -> {"2024": [["2024-03-31", "q1"], ...]}.

import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { quartersReported } from "../data/idx-financials";
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

/** The company's reported quarter-end dates grouped by year (none before it listed). */
export function quarterDates(company: IdxCompany, today: string): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  for (const { year, q, date } of quartersReported(company, today)) {
    out[String(year)] ??= [];
    out[String(year)].push([date, `q${q}`]);
  }
  return out;
}
