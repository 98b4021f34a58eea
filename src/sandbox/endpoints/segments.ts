// GET /v1/company/get-segments/{ticker}/ (spec 4.12): revenue by segment for one financial year
// (the company's own: a June year's; default the latest full year). Segment values add up to the
// year's revenue.

import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { fullYearsOf, yearTotal } from "../data/idx-financials";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import { unit } from "../prng";
import type { Query } from "../query";
import { idxCodeOr400 } from "../tickers";

const MISSING = "Invalid stock ticker and/or data for the specified financial year does not exist.";

export const segments: Endpoint = {
  path: "/v1/company/get-segments/:ticker/",
  handle({ params, query: q, today }) {
    q.allow(["financial_year"]);
    return segmentsOf(idxCompany(idxCodeOr400(params.ticker)), q, today, MISSING);
  },
};

/** The year `q` asks for (default the latest full year); `missing` is the edition's 404 sentence. */
export function segmentsOf(company: IdxCompany | undefined, q: Query, today: string, missing: string) {
  const raw = q.str("financial_year");
  if (raw !== undefined && !/^\d{4}$/.test(raw)) throw badRequest("Please provide a valid financial year.");
  if (!company) throw notFound(missing);
  const years = fullYearsOf(company, today);
  const year = raw === undefined ? years.at(-1) : Number(raw);
  if (year === undefined || !years.includes(year)) throw notFound(missing);
  return {
    symbol: `${company.symbol}.JK`,
    financial_year: year,
    // A full year: its total is there.
    revenue_breakdown: segmentRows(company.symbol, company.segments, yearTotal(company, year, "revenue", today)!, year),
  };
}

/** Weights drift a little from year to year; the last segment absorbs rounding. */
export function segmentRows(symbol: string, parts: [string, number][], total: number, year: number) {
  const weights = parts.map(([name, w]) => w * (0.9 + 0.2 * unit(symbol, "segment", name, year)));
  const sum = weights.reduce((s, w) => s + w, 0);
  let used = 0;
  return parts.map(([name], i) => {
    const value = i === parts.length - 1 ? total - used : Math.round((total * weights[i]) / sum / 1e6) * 1e6;
    used += value;
    return { value, source: name, target: "Total Revenue" };
  });
}
