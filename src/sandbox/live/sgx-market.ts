// GET /v2/sgx/companies/top/ and /v2/sgx/daily/{symbol}/ (live). The top ranking runs the KLSE
// ranking rules over the facts as of today of the SGX companies listed today (the report's market cap, P/E, forward
// yield and latest reported year); the daily series is sgx-prices.ts's close and volume, whose
// last day is the report's last close.

import { KLSE_CLASSIFICATIONS, type KlseClassification } from "../../../shared";
import { SGX_SECTORS } from "../data/sgx";
import { sgxForward } from "../data/sgx-dividends";
import { sgxFacts, sgxValuation } from "../data/sgx-facts";
import { sgxListingsOn, sgxSeries } from "../data/sgx-prices";
import { toDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { INDEX_WINDOW } from "../endpoints/index-daily";
import { type Candidate, NO_MATCH, topRankings } from "../endpoints/klse-top";
import { liveWindow } from "./daily";
import { sgxListingOr404 } from "./sgx-symbol";

function candidates(today: string): Candidate[] {
  return sgxListingsOn(today).flatMap((s): Candidate[] => {
    const f = sgxFacts(s, today);
    if (!f) return [];
    const values: Record<KlseClassification, number> = {
      dividend_yield: sgxForward(s, today, f.close).forward_dividend_yield,
      revenue: f.latest?.revenue ?? 0,
      earnings: f.latest?.earnings ?? 0,
      market_cap: f.market_cap,
      // A loss has no P/E: 0 keeps it out of the lowest-P/E ranking, which takes positive values only.
      pe: sgxValuation(f).pe ?? 0,
    };
    return [{ symbol: s.symbol, company_name: s.company_name, sector: s.slug, marketCap: f.market_cap, values }];
  });
}

export const liveSgxTop: Endpoint = {
  path: "/v2/sgx/companies/top/",
  handle({ query: q, today }) {
    const { rows, empty } = topRankings(q, SGX_SECTORS, candidates(today), (c) => KLSE_CLASSIFICATIONS[c]);
    return empty ? { ...rows, message: NO_MATCH } : rows;
  },
};

/** The live window rules with no first date: a window before the first close is an empty list,
 *  as the service answers a known symbol without rows in the window. */
const SGX_WINDOW = { ...INDEX_WINDOW, first: "1900-01-01" };

export const liveSgxDaily: Endpoint = {
  path: "/v2/sgx/daily/:symbol/",
  handle({ params, query: q, today }) {
    const listing = sgxListingOr404(params.symbol, (code) => `Given SGX symbol '${code}' does not exist.`);
    const { from, to } = liveWindow(q, today, "", SGX_WINDOW);
    return sgxSeries(listing, toDay(from), toDay(to)).map((p) => ({ symbol: listing.symbol, ...p }));
  },
};
