// GET /v1/index-daily/{index_code}/ (spec 4.18). Window rules, in order:
// neither date -> the 30 days to today; only end -> 30 days before it; only start -> 30 days after
// it; a span over 90 days keeps the 90 days ending at `end`; nothing before 2019-01-02 or after today.
import { INDEX_CODES, LIMITS } from "../../../shared/values";
import { addDays, toDay } from "../dates";
import { badRequest, notFound } from "../errors";
import type { Endpoint } from "../endpoint";
import { indexSeries } from "../data/index-prices";

const DATE_MESSAGE = "Use a valid date format of YYYY-MM-DD.";

export function indexWindow(start: string | undefined, end: string | undefined, today: string): { from: string; to: string } {
  let s = start;
  let e = end;
  if (!s && !e) [s, e] = [addDays(today, -LIMITS.indexDefaultDays), today];
  else if (!s) s = addDays(e!, -LIMITS.indexDefaultDays);
  else if (!e) e = addDays(s, LIMITS.indexDefaultDays);
  if (s! > e!) throw badRequest("Invalid date range: 'start' must not be after 'end'.");
  if (toDay(e!) - toDay(s!) > LIMITS.indexWindowDays) s = addDays(e!, -LIMITS.indexWindowDays);
  if (e! < LIMITS.indexFirstDate) throw badRequest("Given index does not exist in the requested date.");
  return { from: s! < LIMITS.indexFirstDate ? LIMITS.indexFirstDate : s!, to: e! > today ? today : e! };
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
