// GET /v2/broker-summary/{symbol}/ and /v2/foreign-flow/{symbol}/ (live): each active broker's
// buys and sells of a company per trading day, and the foreign brokers' net value bought, from the
// same simulated trades (data/brokers.ts), so the flow is the summary's foreign rows added up.
import { tradingDays } from "../calendar";
import { type BrokerSides, brokerDay, FOREIGN } from "../data/brokers";
import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { tradesOn } from "../data/idx-listing";
import { fromDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { INDEX_WINDOW, type WindowRules } from "../endpoints/index-daily";
import { badRequest, notFound } from "../errors";
import type { Query } from "../query";
import { liveWindow } from "./daily";
import { symbolOr400 } from "./params";

export const NO_DATA = "There is no broker data in the requested date range.";
const SUMMARY_WINDOW: WindowRules = { ...INDEX_WINDOW, defaultDays: 14, maxDays: 14 };
const FLOW_WINDOW: WindowRules = { ...INDEX_WINDOW, defaultDays: 30, maxDays: 90 };

/** The company, the window and its trading days. */
function request(raw: string, q: Query, today: string, rules: WindowRules) {
  const code = symbolOr400(raw);
  const window = liveWindow(q, today, NO_DATA, rules);
  const company = idxCompany(code);
  if (!company) throw notFound(`Symbol '${code}' not found in broker data.`);
  return { company, window, days: tradingDays("idx", window.from, window.to).filter((day) => tradesOn(company, day)) };
}

const avg = (value: number, lots: number) => (lots === 0 ? 0 : Number((value / (lots * 100)).toFixed(2)));

/** A broker's day in a company as the service writes it: the sides, their averages and the net. */
export function brokerRow(code: string, s: BrokerSides) {
  const [nlot, nval] = [s.blot - s.slot, s.bval - s.sval];
  return {
    broker_code: code,
    bfreq: s.bfreq,
    blot: s.blot,
    bval: s.bval,
    bavg_per_share: avg(s.bval, s.blot),
    sfreq: s.sfreq,
    slot: s.slot,
    sval: s.sval,
    savg_per_share: avg(s.sval, s.slot),
    nlot,
    nval,
    navg_per_share: avg(nval, nlot),
  };
}

const envelope = (company: IdxCompany, window: { from: string; to: string }, data: unknown[]) => ({
  symbol: `${company.symbol}.JK`,
  start: window.from,
  end: window.to,
  data,
});

export const liveBrokerSummary: Endpoint = {
  path: "/v2/broker-summary/:symbol/",
  handle({ params, query: q, today }) {
    const { company, window, days } = request(params.symbol, q, today, SUMMARY_WINDOW);
    const broker = q.str("broker_code")?.toUpperCase();
    if (broker !== undefined && !/^[A-Z]{2}$/.test(broker)) throw badRequest("Invalid broker_code: a broker code is two letters, e.g. CC.");
    const data = days
      .map((day) => ({
        date: fromDay(day),
        summary: [...brokerDay(company, day)]
          .filter(([code]) => broker === undefined || code === broker)
          .map(([code, s]) => brokerRow(code, s)),
      }))
      .filter((d) => d.summary.length > 0);
    return envelope(company, window, data);
  },
};

export const liveForeignFlow: Endpoint = {
  path: "/v2/foreign-flow/:symbol/",
  handle({ params, query: q, today }) {
    const { company, window, days } = request(params.symbol, q, today, FLOW_WINDOW);
    const data = days.map((day) => {
      let net = 0;
      for (const [code, s] of brokerDay(company, day)) if (FOREIGN.has(code)) net += s.bval - s.sval;
      return { date: fromDay(day), net_foreign_inflow: net };
    });
    return envelope(company, window, data);
  },
};
