// GET /v2/mining/companies/{company_id}/performance/ (spec 4.6): production by year and commodity.

import { miningCompanyById } from "../data/mining-companies";
import { performance } from "../data/mining-sites";
import { yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { years } from "../query";

export const miningPerformance: Endpoint = {
  path: "/v2/mining/companies/:company_id/performance/",
  handle({ params, query: q, today }) {
    q.allow(["years"]);
    const wanted = years(q);
    const c = /^\d{1,9}$/.test(params.company_id) ? miningCompanyById(Number(params.company_id)) : undefined;
    if (!c) throw notFound("Company not found.");
    const rows = performance(c.id, yearOf(today) - 1);
    return wanted ? rows.filter((r) => wanted.has(r.year)) : rows;
  },
};
