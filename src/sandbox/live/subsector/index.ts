// GET /v2/subsector/report/{sub_sector}/ (live): a sub-sector's report in the service's sections,
// only the requested ones (default all), after its sector and sub-sector display names. Every
// figure comes from the members' facts, bars and statements, like the company report.
import { displayName } from "../../data/display-names";
import { isListedOnDate } from "../../data/idx-listing";
import { SUBSECTOR_NAMES } from "../../data/idx-taxonomy";
import { describedSections } from "../../described";
import type { Endpoint } from "../../endpoint";
import { notFound } from "../../errors";
import { companyFacts } from "../company-facts";
import { sections } from "../klse";
import { companies } from "./companies";
import { type SubsectorCtx, subsectorCtx } from "./context";
import { growthSection, valuation } from "./history";
import { marketCap, stability, statistics } from "./market";

const PATH = "/v2/subsector/report/:sub_sector/";
const BUILDERS: Readonly<Record<string, (ctx: SubsectorCtx) => unknown>> = {
  statistics,
  market_cap: marketCap,
  stability,
  valuation,
  growth: growthSection,
  companies,
};
/** The sections the description names, in the order of its answer, each with its builder. */
const BUILD = new Map(
  describedSections(PATH).map((name): [string, (ctx: SubsectorCtx) => unknown] => {
    if (!(name in BUILDERS)) throw new Error(`${PATH}: no builder for the described section '${name}'`);
    return [name, BUILDERS[name]];
  }),
);

export const liveSubsectorReport: Endpoint = {
  path: PATH,
  handle({ params, query: q, today }) {
    const wanted = sections(q, [...BUILD.keys()]);
    const slug = params.sub_sector.toLowerCase();
    if (!SUBSECTOR_NAMES.has(slug)) throw notFound("Requested sub_sector does not exist.");
    // Its members are the companies listed today.
    const listed = [...companyFacts(today).values()].filter((f) => isListedOnDate(f.company, today));
    const ctx = subsectorCtx(slug, listed, today);
    if (!ctx.members.length) throw notFound("Requested sub_sector does not exist.");
    return {
      sector: ctx.members[0].sector,
      sub_sector: displayName(slug),
      ...Object.fromEntries(wanted.map((name) => [name, BUILD.get(name)!(ctx)])),
    };
  },
};
