// GET /v2/company/get-segments/{symbol}/ and /v2/company/get_quarterly_financial_dates/{symbol}/
// (live): the spec endpoints' answers under the live symbol rule and wording.
import { idxCompany } from "../data/idx-companies";
import type { Endpoint } from "../endpoint";
import { quarterDates } from "../endpoints/quarterly-dates";
import { segmentsOf } from "../endpoints/segments";
import { companyOr404, symbolOr400 } from "./params";

export const liveSegments: Endpoint = {
  path: "/v2/company/get-segments/:symbol/",
  handle({ params, query: q, today }) {
    const missing = "Invalid stock symbol and/or data for the specified financial year does not exist.";
    return segmentsOf(idxCompany(symbolOr400(params.symbol)), q, today, missing);
  },
};

export const liveQuarterDates: Endpoint = {
  path: "/v2/company/get_quarterly_financial_dates/:symbol/",
  handle({ params, today }) {
    return quarterDates(companyOr404(params.symbol, "Invalid stock symbol or data does not exist."), today);
  },
};
