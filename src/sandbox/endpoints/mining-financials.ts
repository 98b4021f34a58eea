// GET /v2/mining/companies/{ticker}/financials/ (spec 4.3): ticker with or without .JK; years filter.

import { miningCompanyByCode } from "../data/mining-companies";
import { miningFinancials as build } from "../data/mining-financials";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { years } from "../query";
import { idxCodeOr400 } from "../tickers";

export const miningFinancials: Endpoint = {
  path: "/v2/mining/companies/:ticker/financials/",
  handle({ params, query: q, today }) {
    q.allow(["years"]);
    const wanted = years(q);
    const company = miningCompanyByCode(idxCodeOr400(params.ticker));
    const rows = company && build(company, today);
    if (!rows) throw notFound("Company not found.");
    return wanted ? rows.filter((r) => wanted.has(r.year)) : rows;
  },
};
