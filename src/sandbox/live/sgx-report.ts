// GET /v2/sgx/company/report/{symbol}/ (live): an SGX company by section from its facts as of
// today (data/sgx-facts.ts): the overview at the last close, the valuation at that close's market
// cap, every reported year's statements, and the dividends paid (data/sgx-dividends.ts).

import { sgxDividendSection } from "../data/sgx-dividends";
import { type SgxFacts, sgxFacts, sgxStatement, sgxValuation } from "../data/sgx-facts";
import { describedSections } from "../described";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { sections } from "./klse";
import { sgxListingOr404 } from "./sgx-symbol";

const REPORT_PATH = "/v2/sgx/company/report/:symbol/";
type Section = "overview" | "valuation" | "financials" | "dividend";
/** The report's sections, in the order of its answer: the description's. */
const SECTIONS = describedSections(REPORT_PATH) as Section[];
const MISSING = "Given SGX symbol does not exist.";

const round = (x: number, digits = 6) => Number(x.toFixed(digits));
const growth = (now: number | undefined, then: number | undefined) =>
  now === undefined || !then || then <= 0 ? null : round(now / then - 1);

/** The tags of a close at a price extreme: "52-w-high" when today's close is the 52-week high. */
function priceTags(f: SgxFacts): string[] {
  const tags: string[] = [];
  for (const [window, extreme] of Object.entries(f.all_time_price)) {
    if (Object.keys(extreme)[0] === f.date) tags.push(window.replaceAll("_", "-"));
  }
  return tags.sort();
}

function overview(f: SgxFacts) {
  return {
    market_cap: f.market_cap,
    volume: f.volume,
    employee_num: f.employee_num,
    sector: f.listing.sector,
    sub_sector: f.listing.sub_sector,
    tags: priceTags(f),
    last_close_price: f.close,
    ...f.changes,
    all_time_price: f.all_time_price,
  };
}

function financials(f: SgxFacts) {
  const y = f.latest;
  const prior = f.years.length > 1 ? sgxStatement(f.listing, f.years[f.years.length - 2]) : undefined;
  return {
    historical_financials: Object.fromEntries(f.years.map((year) => [String(year), sgxStatement(f.listing, year)])),
    eps: y ? round(y.earnings / f.listing.shares) : null,
    // The demo's statements have no cost of revenue or current items: these ratios are unknown.
    gross_margin: null,
    operating_margin: null,
    net_profit_margin: y && y.revenue > 0 ? round(y.earnings / y.revenue) : null,
    one_year_eps_growth: growth(y?.earnings, prior?.earnings),
    one_year_sales_growth: growth(y?.revenue, prior?.revenue),
    quick_ratio: null,
    current_ratio: null,
    debt_to_equity: f.debt_to_equity,
  };
}

const BUILD: Record<Section, (f: SgxFacts, today: string) => unknown> = {
  overview,
  valuation: sgxValuation,
  financials,
  dividend: (f, today) => sgxDividendSection(f.listing, today, f.close, f.latest?.earnings),
};

export const liveSgxReport: Endpoint = {
  path: REPORT_PATH,
  handle({ params, query: q, today }) {
    const wanted = sections(q, SECTIONS);
    const listing = sgxListingOr404(params.symbol, () => MISSING);
    const facts = sgxFacts(listing, today);
    if (!facts) throw notFound(MISSING);
    return {
      symbol: listing.symbol,
      name: listing.company_name,
      ...Object.fromEntries(wanted.map((s) => [s, BUILD[s](facts, today)])),
    };
  },
};
