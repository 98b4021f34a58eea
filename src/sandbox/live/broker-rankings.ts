// GET /v2/brokers/, /v2/brokers/top/, /v2/broker-activity/{code}/ (and /top/) and
// /v2/broker-summary/{symbol}/top/ (live): the registry, and the same simulated trades as the
// broker summary (data/brokers.ts) seen per broker, per day or ranked over a window, so every
// figure adds up to what BROKER_SUMMARY serves for those days.
import { isTradingDay, tradingDays } from "../calendar";
import { BROKERS, type BrokerSides, brokerDay } from "../data/brokers";
import { IDX_COMPANIES, type IdxCompany } from "../data/idx-companies";
import { fromDay } from "../dates";
import { describedChoice } from "../described";
import type { Endpoint } from "../endpoint";
import { INDEX_WINDOW } from "../endpoints/index-daily";
import { notFound } from "../errors";
import type { Query } from "../query";
import { brokerRow, NO_DATA } from "./brokers";
import { liveWindow } from "./daily";
import { companyOr404, dayParam } from "./params";

const N_MESSAGE = "Invalid n_brokers: use a whole number.";

/** The window (the service's default and longest span) and its trading days. */
function span(q: Query, today: string, defaultDays: number, maxDays: number) {
  const { from, to } = liveWindow(q, today, NO_DATA, { ...INDEX_WINDOW, defaultDays, maxDays });
  return { start: from, end: to, days: tradingDays("idx", from, to) };
}

/** The registry kept by `cohort` and `origin`, in any case, against the values the route's
 *  description lists (anything else a 400 naming them); `all` or none keeps every broker. */
function registry(q: Query, route: string) {
  const [cohort, origin] = [describedChoice(route, q, "cohort") ?? "all", describedChoice(route, q, "origin") ?? "all"];
  const kept = BROKERS.filter(
    (b) => (cohort === "all" || b.cohort === cohort) && (origin === "all" || (origin === "foreign") === b.foreign),
  );
  return { cohort, origin, kept: new Set(kept.map((b) => b.code)), rows: kept };
}

function brokerOr404(raw: string) {
  const broker = BROKERS.find((b) => b.code === raw.toUpperCase());
  if (!broker) throw notFound(`Broker '${raw}' not found.`);
  return broker;
}

/** Totals bought and sold per key, ranked: the largest net buying first, then the largest net selling. */
class Ranking extends Map<string, { buy: number; sell: number }> {
  add(key: string, s: BrokerSides) {
    const t = this.get(key) ?? { buy: 0, sell: 0 };
    this.set(key, { buy: t.buy + s.bval, sell: t.sell + s.sval });
  }
  sides(keyName: string, n: number) {
    const rows = [...this].map(([key, t]) => ({ [keyName]: key, net_idr: t.buy - t.sell, buy_idr: t.buy, sell_idr: t.sell }));
    const top = (list: typeof rows) => list.slice(0, n).map((r, i) => ({ rank: i + 1, ...r }));
    return [
      top(rows.filter((r) => r.net_idr > 0).sort((a, b) => b.net_idr - a.net_idr)),
      top(rows.filter((r) => r.net_idr < 0).sort((a, b) => a.net_idr - b.net_idr)),
    ];
  }
}

export const liveBrokers: Endpoint = {
  path: "/v2/brokers/",
  handle: ({ query }) =>
    registry(query, "/v2/brokers/").rows.map((b) => ({
      code: b.code,
      name: b.name,
      is_foreign: b.foreign,
      cohort: b.cohort,
      license_type: b.license,
    })),
};

export const liveTopBrokers: Endpoint = {
  path: "/v2/brokers/top/",
  handle({ query: q, today }) {
    const day = dayParam(q, today);
    if (!isTradingDay("idx", day)) throw notFound(`There is no broker data for ${fromDay(day)}.`);
    const { cohort, origin, kept } = registry(q, "/v2/brokers/top/");
    const metric = describedChoice("/v2/brokers/top/", q, "metric") ?? "gross";
    const totals = new Map<string, { gross: number; net: number }>();
    for (const c of IDX_COMPANIES)
      for (const [code, s] of brokerDay(c, day)) {
        if (!kept.has(code)) continue;
        const t = totals.get(code) ?? { gross: 0, net: 0 };
        totals.set(code, { gross: t.gross + s.bval + s.sval, net: t.net + s.bval - s.sval });
      }
    const by = (t: { gross: number; net: number }) => (metric === "net" ? Math.abs(t.net) : t.gross);
    const results = [...totals]
      .sort((a, b) => by(b[1]) - by(a[1]))
      .slice(0, q.int("n_brokers", N_MESSAGE) ?? totals.size)
      .map(([code, t], i) => ({ rank: i + 1, broker_code: code, ...t }));
    return { date: fromDay(day), metric, origin, cohort, results };
  },
};

/** The companies of a broker's activity: one (`symbol=`, else a 404) or all. */
const companiesOf = (q: Query): IdxCompany[] => {
  const symbol = q.str("symbol");
  return symbol === undefined ? IDX_COMPANIES : [companyOr404(symbol, `Symbol '${symbol}' not found in broker data.`)];
};

export const liveBrokerActivity: Endpoint = {
  path: "/v2/broker-activity/:broker_code/",
  handle({ params, query: q, today }) {
    const { code } = brokerOr404(params.broker_code);
    const companies = companiesOf(q);
    const { start, end, days } = span(q, today, 14, 14);
    const data = days.map((day) => ({
      date: fromDay(day),
      summary: companies.flatMap((c) => {
        const s = brokerDay(c, day).get(code);
        if (!s) return [];
        const { broker_code: _, ...row } = brokerRow(code, s);
        return [{ symbol: `${c.symbol}.JK`, ...row }];
      }),
    }));
    return { broker_code: code, start, end, data: data.filter((d) => d.summary.length > 0) };
  },
};

export const liveBrokerActivityTop: Endpoint = {
  path: "/v2/broker-activity/:broker_code/top/",
  handle({ params, query: q, today }) {
    const { code } = brokerOr404(params.broker_code);
    const { start, end, days } = span(q, today, 30, 90);
    const ranking = new Ranking();
    for (const c of IDX_COMPANIES)
      for (const day of days) {
        const s = brokerDay(c, day).get(code);
        if (s) ranking.add(`${c.symbol}.JK`, s);
      }
    const [top_accumulations, top_distributions] = ranking.sides("symbol", q.int("n_brokers", N_MESSAGE) ?? 10);
    return { broker_code: code, start, end, top_accumulations, top_distributions };
  },
};

export const liveBrokerSummaryTop: Endpoint = {
  path: "/v2/broker-summary/:symbol/top/",
  handle({ params, query: q, today }) {
    const company = companyOr404(params.symbol, `Symbol '${params.symbol}' not found in broker data.`);
    const { start, end, days } = span(q, today, 30, 90);
    const { cohort, origin, kept } = registry(q, "/v2/broker-summary/:symbol/top/");
    const ranking = new Ranking();
    for (const day of days) for (const [code, s] of brokerDay(company, day)) if (kept.has(code)) ranking.add(code, s);
    const [top_buyers, top_sellers] = ranking.sides("broker_code", q.int("n_brokers", N_MESSAGE) ?? 10);
    return { symbol: `${company.symbol}.JK`, start, end, origin, cohort, top_buyers, top_sellers };
  },
};
