// GET /v1/companies/list_companies_with_segments/ -> {"BBCA.JK": {"financial_year": [2019, ...]}}.

import { IDX_COMPANIES } from "../data/idx-companies";
import { fullYearsOf } from "../data/idx-financials";
import type { Endpoint } from "../endpoint";

export const companiesWithSegments: Endpoint = {
  path: "/v1/companies/list_companies_with_segments/",
  handle({ query, today }) {
    query.allow([]);
    return Object.fromEntries(IDX_COMPANIES.map((c) => [`${c.symbol}.JK`, { financial_year: fullYearsOf(c, today) }]));
  },
};
