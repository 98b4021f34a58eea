// GET /v1/sgx/companies/?sector=<slug> (spec 4.10; the sector is a required query parameter): the
// sector's companies listed today.

import { isSgxListed, sgxCompanies } from "../data/sgx";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";

export const sgxCompaniesEndpoint: Endpoint = {
  path: "/v1/sgx/companies/",
  handle({ query: q, today }) {
    q.allow(["sector"]);
    const sector = q.str("sector");
    if (!sector) throw badRequest("Query parameter 'sector' is required.");
    const rows = sgxCompanies(sector);
    if (!rows) throw badRequest("The requested sector does not exist.");
    return rows.filter((c) => isSgxListed(c, today)).map(({ symbol, company_name }) => ({ symbol, company_name }));
  },
};
