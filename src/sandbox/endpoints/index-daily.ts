// GET /v1/index-daily/{index_code}/ (spec 4.18). Window rules, in order:
// neither date -> the 30 days to today; only end -> 30 days before it; only start -> 30 days after
// it; a span over 90 days keeps the 90 days ending at `end`; nothing before 2019-01-02 or after today.
import { INDEX_CODES, SERVICE_BOUNDS } from "../../../shared";
import { indexSeries } from "../data/index-prices";
import { fromDay, toDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";

const DATE_MESSAGE = "Use a valid date format of YYYY-MM-DD.";

/** How a date-window endpoint fills in and bounds its window. */
export interface WindowRules {
  /** The first date with data: a window ending before it is a 400, one reaching over it is cut. */
  first: string;
  /** The span when only one end (or neither) is given. */
  defaultDays: number;
  /** The longest span; a wider one keeps the days ending at `end`. */
  maxDays: number;
}

export const INDEX_WINDOW: WindowRules = {
  first: SERVICE_BOUNDS.indexFirstDate,
  defaultDays: SERVICE_BOUNDS.indexDefaultDays,
  maxDays: SERVICE_BOUNDS.indexWindowDays,
};

/** The [from, to] dates to serve. Day numbers, not strings, so far-future dates stay exact. */
export function indexWindow(
  start: string | undefined,
  end: string | undefined,
  today: string,
  beforeData = "Given index does not exist in the requested date.",
  rules: WindowRules = INDEX_WINDOW,
): { from: string; to: string } {
  const first = toDay(rules.first);
  const now = toDay(today);
  let s = start === undefined ? undefined : toDay(start);
  let e = end === undefined ? undefined : toDay(end);
  if (s === undefined && e === undefined) [s, e] = [now - rules.defaultDays, now];
  else if (s === undefined) s = e! - rules.defaultDays;
  else if (e === undefined) e = s + rules.defaultDays;
  if (s > e!) throw badRequest("Invalid date range: 'start' must not be after 'end'.");
  if (e! - s > rules.maxDays) s = e! - rules.maxDays;
  if (e! < first) throw badRequest(beforeData);
  return { from: fromDay(Math.max(s, first)), to: fromDay(Math.min(e!, now)) };
}

export const indexDaily: Endpoint = {
  path: "/v1/index-daily/:index_code/",
  handle({ params, query: q, today }) {
    q.allow(["start", "end"]);
    const code = params.index_code.toLowerCase() as (typeof INDEX_CODES)[number];
    if (!INDEX_CODES.includes(code)) throw notFound("Please provide a valid index code.");
    const { from, to } = indexWindow(q.date("start", DATE_MESSAGE), q.date("end", DATE_MESSAGE), today);
    const upper = code.toUpperCase();
    return indexSeries(`${code}|${today}`)
      .filter((p) => p.date >= from && p.date <= to)
      .map((p) => ({ index_code: upper, date: p.date, price: p.price }));
  },
};
