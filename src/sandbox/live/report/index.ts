// GET /v2/company/report/{symbol}/ (live): the company report in the service's sections, only the
// requested ones (default all), after `symbol` and `company_name`.
import { isListedOnDate } from "../../data/idx-listing";
import { describedSections } from "../../described";
import type { Endpoint } from "../../endpoint";
import { notFound } from "../../errors";
import { companyFacts } from "../company-facts";
import { sections } from "../klse";
import { symbolOr400 } from "../params";
import { type ReportCtx, reportCtx } from "./context";
import { dividend } from "./dividend";
import { financials } from "./financials";
import { future } from "./future";
import { overview, valuation } from "./market";
import { peers } from "./peers";
import { management, ownership } from "./people";

const PATH = "/v2/company/report/:symbol/";
const BUILDERS: Readonly<Record<string, (ctx: ReportCtx) => unknown>> = {
  overview,
  valuation,
  future,
  financials,
  dividend,
  management,
  ownership,
  peers,
};
/** The sections the description names, in the order of its answer, each with its builder. */
const SECTIONS = describedSections(PATH).map((name): [string, (ctx: ReportCtx) => unknown] => {
  if (!(name in BUILDERS)) throw new Error(`${PATH}: no builder for the described section '${name}'`);
  return [name, BUILDERS[name]];
});
const BUILD = new Map(SECTIONS);

export const liveCompanyReport: Endpoint = {
  path: PATH,
  handle({ params, query: q, today }) {
    const wanted = sections(q, [...BUILD.keys()]);
    const facts = companyFacts(today).get(`${symbolOr400(params.symbol)}.JK`);
    // A company not yet listed has no report (nor a price to report).
    if (!facts || !isListedOnDate(facts.company, today)) throw notFound("Given stock symbol does not exist.");
    const ctx = reportCtx(facts, today);
    return {
      symbol: facts.symbol,
      company_name: facts.company.name,
      ...Object.fromEntries(wanted.map((name) => [name, BUILD.get(name)!(ctx)])),
    };
  },
};
