// GET /v1/companies/list_companies_with_segments/ -> {"BBCA.JK": {"financial_year": [2019, ...]}}:
// the companies listed today.

import { IDX_COMPANIES } from "../data/idx-companies";
import { fullYearsOf } from "../data/idx-financials";
import { isListedOnDate } from "../data/idx-listing";
import type { Endpoint } from "../endpoint";

export const companiesWithSegments: Endpoint = {
  path: "/v1/companies/list_companies_with_segments/",
  handle({ query, today }) {
    query.allow([]);
    const listed = IDX_COMPANIES.filter((c) => isListedOnDate(c, today));
    return Object.fromEntries(listed.map((c) => [`${c.symbol}.JK`, { financial_year: fullYearsOf(c, today) }]));
  },
};
