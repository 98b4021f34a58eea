// GET /v2/subsector/report/{sub_sector}/ (live): a sub-sector's report in the service's sections,
// only the requested ones (default all), after its sector and sub-sector display names. Every
// figure comes from the members' facts, bars and statements, like the company report.
import { displayName } from "../../data/display-names";
import { SUBSECTOR_NAMES } from "../../data/idx-taxonomy";
import type { Endpoint } from "../../endpoint";
import { notFound } from "../../errors";
import { companyFacts } from "../company-facts";
import { sections } from "../klse";
import { companies } from "./companies";
import { type SubsectorCtx, subsectorCtx } from "./context";
import { growthSection, valuation } from "./history";
import { marketCap, stability, statistics } from "./market";

/** In the service's order. */
const SECTIONS: ReadonlyMap<string, (ctx: SubsectorCtx) => unknown> = new Map<string, (ctx: SubsectorCtx) => unknown>([
  ["statistics", statistics],
  ["market_cap", marketCap],
  ["stability", stability],
  ["valuation", valuation],
  ["growth", growthSection],
  ["companies", companies],
]);

export const liveSubsectorReport: Endpoint = {
  path: "/v2/subsector/report/:sub_sector/",
  handle({ params, query: q, today }) {
    const wanted = sections(q, [...SECTIONS.keys()]);
    const slug = params.sub_sector.toLowerCase();
    if (!SUBSECTOR_NAMES.has(slug)) throw notFound("Requested sub_sector does not exist.");
    const ctx = subsectorCtx(slug, companyFacts(today).values(), today);
    return {
      sector: ctx.members[0].sector,
      sub_sector: displayName(slug),
      ...Object.fromEntries(wanted.map((name) => [name, SECTIONS.get(name)!(ctx)])),
    };
  },
};
