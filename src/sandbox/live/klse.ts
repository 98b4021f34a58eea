// GET /v2/klse/company/report/{symbol}/ and /v2/klse/companies/top/ (live): the spec edition's
// KLSE figures in the live shapes. The report adds longer price changes (from the same market-cap
// path), a beta, and writes the earnings and revenue history as {"TTM": ..., "2024": ...} maps.

import { KLSE_CLASSIFICATIONS } from "../../../shared";
import { tradingDayOnOrBefore } from "../calendar";
import { type KlseReport, klseFigures, marketCapOn } from "../data/klse-reports";
import { toDay } from "../dates";
import { describedSections } from "../described";
import type { Endpoint } from "../endpoint";
import { NO_MATCH, rankings } from "../endpoints/klse-top";
import { badRequest, notFound } from "../errors";
import { between, rng } from "../prng";
import type { Query } from "../query";
import { klseCode } from "../tickers";

const REPORT_PATH = "/v2/klse/company/report/:symbol/";
/** The report's sections, in the order of its answer: the description's. */
const SECTIONS = describedSections(REPORT_PATH) as Section[];
type Section = "overview" | "valuation" | "financials" | "dividend";

/** `sections=a,b` against a fixed list; unknown names are one 400 naming them all. */
export function sections<T extends string>(q: Query, all: readonly T[]): T[] {
  const asked = q.list("sections");
  if (!asked) return [...all];
  const unknown = asked.filter((s) => !(all as readonly string[]).includes(s));
  if (unknown.length) throw badRequest(`Invalid sections provided: ${unknown.join(", ")}.`);
  return all.filter((s) => asked.includes(s));
}

const history = (rows: { period: string | number; [k: string]: unknown }[], field: string) =>
  Object.fromEntries(rows.map((r) => [String(r.period), r[field]]));

function liveReport(report: KlseReport, mcapOn: (day: number) => number, today: string): Record<Section, unknown> {
  // Bursa's last trading day on or before today, and each change against a trading day of Bursa.
  const day = tradingDayOnOrBefore("klse", toDay(today));
  const now = mcapOn(day);
  const change = (then: number) => Number((now / mcapOn(tradingDayOnOrBefore("klse", then)) - 1).toFixed(4));
  const { overview, valuation, financials, dividend } = report;
  return {
    overview: {
      ...overview,
      change_1m: change(day - 30),
      change_1y: change(day - 365),
      change_ytd: change(toDay(`${today.slice(0, 4)}-01-01`) - 1),
      change_3y: change(day - 3 * 365),
    },
    valuation: {
      pe: valuation.pe_ttm,
      beta: Number(between(rng(report.symbol, "beta"), 0.3, 1.4).toFixed(3)),
      ps: valuation.ps_ttm,
      pcf: valuation.pcf,
      pb: valuation.pb,
    },
    financials: {
      historical_earnings: history(financials.historical_earnings, "earnings"),
      historical_revenue: history(financials.historical_revenue, "revenue"),
      eps: financials.eps,
      gross_margin: financials.gross_margin,
      operating_margin: financials.operating_margin,
      net_profit_margin: financials.net_profit_margin,
      quick_ratio: financials.quick_ratio,
      current_ratio: financials.current_ratio,
      debt_to_equity: financials.debt_to_equity,
    },
    dividend,
  };
}

export const liveKlseReport: Endpoint = {
  path: REPORT_PATH,
  handle({ params, query: q, today }) {
    const wanted = sections(q, SECTIONS);
    const code = klseCode(params.symbol);
    if (!code) throw badRequest("Please provide a valid stock symbol.");
    const figures = klseFigures(today).get(code);
    if (!figures) throw notFound("Given KLSE symbol does not exist.");
    const all = liveReport(figures.report, (day) => marketCapOn(figures.company, day), today);
    return { symbol: figures.report.symbol, name: figures.report.name, ...Object.fromEntries(wanted.map((s) => [s, all[s]])) };
  },
};

export const liveKlseTop: Endpoint = {
  path: "/v2/klse/companies/top/",
  handle({ query: q, today }) {
    // The dividend ranking's value is `forward_dividend_yield`, as the description types it (one
    // of the service's published examples says `dividend_yield`: the client reads both).
    const { rows, empty } = rankings(q, today, (c) => KLSE_CLASSIFICATIONS[c]);
    // A ranking that matches nothing is an empty answer with a reason, not an error, upstream.
    return empty ? { ...rows, message: NO_MATCH } : rows;
  },
};
