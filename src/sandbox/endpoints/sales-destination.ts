// GET /v2/sales-destination/?ticker=ITMG.JK (spec 4.14; ticker is a required query parameter).

import { type MiningCompany, miningCompanyByCode } from "../data/mining-companies";
import { miningFinancials } from "../data/mining-financials";
import { salesDestinations } from "../data/sales-destinations";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import { idxCodeOr400 } from "../tickers";

export const salesDestination: Endpoint = {
  path: "/v2/sales-destination/",
  handle({ query: q, today }) {
    q.allow(["ticker"]);
    const raw = q.str("ticker");
    if (!raw) throw badRequest("Query parameter 'ticker' is required.");
    const code = idxCodeOr400(raw);
    const company = miningCompanyByCode(code);
    const data = company && destinationsOf(company, today);
    if (!data || !Object.keys(data).length) throw notFound("No sales destination data found for company.");
    return data;
  },
};

/** Destinations by year of a listed miner, revenue in USD millions from its financials. */
export function destinationsOf(company: MiningCompany, today: string) {
  const code = company.idx_ticker?.replace(".JK", "");
  if (!code) return undefined;
  const financials = miningFinancials(company, today);
  const revenueOf = (year: number) => financials?.find((f) => f.year === year)?.revenue;
  return salesDestinations(code, today, revenueOf);
}
