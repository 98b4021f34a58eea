// GET /v2/free-float/ (live): each company's free float, the share of its stock that no holder of
// the company report's register owns, optionally for one level of the taxonomy; highest first.
import { IDX_COMPANIES, type IdxCompany } from "../data/idx-companies";
import { isListedOnDate } from "../data/idx-listing";
import { INDUSTRY_NAMES, SECTOR_NAMES, SUBINDUSTRY_NAMES, SUBSECTOR_NAMES } from "../data/idx-taxonomy";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";
import { companyFacts } from "./company-facts";
import { slugParam } from "./params";
import { reportCtx } from "./report/context";
import { freeFloat } from "./report/people";

const LEVELS: [string, ReadonlySet<string>, (c: IdxCompany) => string][] = [
  ["sector", SECTOR_NAMES, (c) => c.sector],
  ["sub_sector", SUBSECTOR_NAMES, (c) => c.subSector],
  ["industry", INDUSTRY_NAMES, (c) => c.industry],
  ["sub_industry", SUBINDUSTRY_NAMES, (c) => c.subIndustry],
];
const NAMES = LEVELS.map(([name]) => name);

export const liveFreeFloat: Endpoint = {
  path: "/v2/free-float/",
  handle({ query: q, today }) {
    const given = LEVELS.filter(([name]) => q.str(name) !== undefined);
    if (given.length > 1) throw badRequest(`The filters are mutually exclusive: give at most one of ${NAMES.join(", ")}.`);
    const [level] = given.map(([name, known, of]) => ({ slug: slugParam(q, name, known), of }));
    const facts = companyFacts(today);
    return IDX_COMPANIES.filter((c) => (!level || level.of(c) === level.slug) && isListedOnDate(c, today))
      .map((c) => {
        const f = facts.get(`${c.symbol}.JK`)!;
        return { symbol: f.symbol, company_name: c.name, free_float: freeFloat(reportCtx(f, today)) };
      })
      .sort((a, b) => b.free_float - a.free_float || (a.symbol < b.symbol ? -1 : 1));
  },
};
