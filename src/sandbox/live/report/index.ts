// GET /v2/company/report/{symbol}/ (live): the company report in the service's sections, only the
// requested ones (default all), after `symbol` and `company_name`.
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

/** In the service's order. */
const SECTIONS: ReadonlyMap<string, (ctx: ReportCtx) => unknown> = new Map<string, (ctx: ReportCtx) => unknown>([
  ["overview", overview],
  ["valuation", valuation],
  ["future", future],
  ["financials", financials],
  ["dividend", dividend],
  ["management", management],
  ["ownership", ownership],
  ["peers", peers],
]);

export const liveCompanyReport: Endpoint = {
  path: "/v2/company/report/:symbol/",
  handle({ params, query: q, today }) {
    const wanted = sections(q, [...SECTIONS.keys()]);
    const facts = companyFacts(today).get(`${symbolOr400(params.symbol)}.JK`);
    if (!facts) throw notFound("Given stock symbol does not exist.");
    const ctx = reportCtx(facts, today);
    return {
      symbol: facts.symbol,
      company_name: facts.company.name,
      ...Object.fromEntries(wanted.map((name) => [name, SECTIONS.get(name)!(ctx)])),
    };
  },
};
