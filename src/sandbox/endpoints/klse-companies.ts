// GET /v1/klse/companies/?sector=<slug> -> [{symbol, company_name}].

import { KLSE_COMPANIES, KLSE_SECTORS, klseSlug } from "../data/klse-companies";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";

export const klseCompanies: Endpoint = {
  path: "/v1/klse/companies/",
  handle({ query: q }) {
    q.allow(["sector"]);
    const sector = q.str("sector");
    if (!sector) throw badRequest("Query parameter 'sector' is required.");
    if (!KLSE_SECTORS.includes(sector)) throw badRequest("The requested sector does not exist.");
    return KLSE_COMPANIES.filter((c) => klseSlug(c.sector) === sector).map((c) => ({ symbol: c.symbol, company_name: c.name }));
  },
};
