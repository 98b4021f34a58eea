// GET /v2/financials/quarterly/{symbol}/ (live): the spec endpoint's records and rules, each record
// with the live field set in the order the description gives (financials_sector_metrics only for banks).
import { idxCompany } from "../data/idx-companies";
import { described } from "../described";
import type { Endpoint } from "../endpoint";
import { selectQuarters } from "../endpoints/quarterly";
import { symbolOr400 } from "./params";

const MISSING = "Invalid stock symbol and/or data for the specified report_date does not exist.";

const PATH = "/v2/financials/quarterly/:symbol/";
/** A record with the live field set, in the description's order (financials_sector_metrics only for banks). */
const liveQuarter = described(PATH);

export const liveQuarterly: Endpoint = {
  path: PATH,
  handle({ params, query: q, today }) {
    return selectQuarters(idxCompany(symbolOr400(params.symbol)), q, today, MISSING).map((r) => liveQuarter(r));
  },
};
