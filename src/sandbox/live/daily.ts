// GET /v2/index-daily/{index_code}/ and /v2/daily/{symbol}/ (live): the spec's window rules (30 days
// by default, at most the 90 days ending at `end`, nothing before 2019-01-02), trading days only,
// and a future `end` is a 400.
import { idxCompany } from "../data/idx-companies";
import { dailySeries } from "../data/idx-daily";
import { indexSeries } from "../data/index-prices";
import type { Endpoint } from "../endpoint";
import { indexWindow, type WindowRules } from "../endpoints/index-daily";
import { badRequest, notFound } from "../errors";
import type { Query } from "../query";
import { isLiveIndexCode } from "./indices";
import { DATE_MESSAGE, endNotFuture, symbolOr400 } from "./params";

/** `start`/`end` of a live series: the spec's window rules unless `rules` says otherwise, and a
 *  future `end` is a 400. The caller allows its own parameters first. */
export function liveWindow(q: Query, today: string, beforeData: string, rules?: WindowRules) {
  const start = q.date("start", DATE_MESSAGE);
  const end = endNotFuture(q.date("end", DATE_MESSAGE), today);
  return indexWindow(start, end, today, beforeData, rules);
}

export const liveIndexDaily: Endpoint = {
  path: "/v2/index-daily/:index_code/",
  handle({ params, query: q, today }) {
    const code = params.index_code.toLowerCase();
    if (!isLiveIndexCode(code)) throw badRequest("Please provide a valid index code.");
    const { from, to } = liveWindow(q, today, "Given index does not exist in the requested date.");
    const upper = code.toUpperCase();
    return indexSeries(`${code}|${today}`)
      .filter((p) => p.date >= from && p.date <= to)
      .map((p) => ({ index_code: upper, date: p.date, price: p.price }));
  },
};

export const liveDaily: Endpoint = {
  path: "/v2/daily/:symbol/",
  handle({ params, query: q, today }) {
    const code = symbolOr400(params.symbol);
    const company = idxCompany(code);
    const { from, to } = liveWindow(q, today, "Given stock symbol does not have data in the requested date.");
    if (!company) throw notFound(`Given stock symbol '${code}' does not exist.`);
    return dailySeries(company, from, to).map((bar) => ({ symbol: `${company.symbol}.JK`, ...bar }));
  },
};
