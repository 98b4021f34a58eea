// Load programs: how an endpoint that needs more than one request gets its data. Each request is
// one `get` (cached, retried and classified by the executor), so a program only decides which
// requests to send and how their answers add up. What a call may cost is written in the docs.

import { isEnvelope, resultsOf } from "../answer/envelope";
import { DAY_MS, dayNumber, isoDay } from "../base/cells";
import { MdqError } from "../base/errors";
import type { Values } from "../input/arg-spec";
import type { Effect, EffectResult, Loader } from "./effects";
import { FOREVER_SECONDS, type Lifetime } from "./freshness";

/** How many rows a call wants and from where: `n`, or `page` and `page_size`, or the default.
 *  `upTo`: `want` is not a count asked but the most a call reads of a whole list (every company of
 *  a sub-sector): a list longer than that is said to be cut there. */
export interface Window {
  want: number;
  offset: number;
  upTo?: boolean;
}

/** Pages of an envelope from `offset` until `want` rows have come or the service has no more;
 *  each page one request of at most `pageMax` rows. The next page starts after the rows this one
 *  brought, whatever the service's own page size (a page shorter than asked is not the end while it
 *  says there is more, and its next_offset is not trusted to skip nothing); never a request beyond
 *  what was asked, never more rows than asked. */
export const pages = (window: (values: Values) => Window, pageMax: number): Loader =>
  function* (get, values, first) {
    const { want, offset: start, upTo } = window(values);
    let offset = start;
    const rows: unknown[] = [];
    let more = false;
    while (rows.length < want) {
      const limit = Math.min(pageMax, want - rows.length);
      const json = yield* get(first.path, { ...first.query, limit: String(limit), offset: String(offset) });
      const page = resultsOf(json, first.fn);
      if (!Array.isArray(page)) return page;
      // A service that sends more than the limit asked: the rows past it are the next page's.
      for (let i = 0; i < page.length && rows.length < want; i++) rows.push(page[i]);
      offset += page.length;
      more = page.length > limit || (isEnvelope(json) && json.pagination.has_next === true);
      // An empty page that says there is more would ask for the same page again.
      if (!more || page.length === 0) break;
    }
    if (more && rows.length >= want) {
      // A window asked for (start, end) that holds more items than the count: the answer is not the
      // whole window, and says so; nor is a whole list past the most a call reads of it.
      if (values.start !== undefined || values.end !== undefined)
        first.note?.(`the newest ${want} items of the window; the service has more (a larger n, the next page, or a narrower window)`);
      else if (upTo) first.note?.(`the first ${want} rows: the service has more than a call reads of this list`);
    }
    return rows;
  };

/** `n`, else `page` and `page_size`, else the service's default count, from the start. */
export const feedWindow =
  (defaultCount: number) =>
  (values: Values): Window => {
    if (values.n !== undefined || (values.page === undefined && values.page_size === undefined)) {
      return { want: Number(values.n ?? defaultCount), offset: 0 };
    }
    const size = Number(values.page_size ?? defaultCount);
    return { want: size, offset: (Number(values.page ?? 1) - 1) * size };
  };

/** Items a call asks for one request each at most: every request costs the user a credit. */
export const MAX_EACH = 25;

/** The same request once per item of a list argument (the edition filters by one at a time);
 *  more than MAX_EACH items are refused before any request. */
export const eachOf = (arg: string, param: string, inner: Loader): Loader =>
  function* (get, values, first) {
    const items = values[arg]?.split(",") ?? [undefined];
    if (items.length > MAX_EACH) {
      throw new MdqError(
        "bad_argument",
        `'${arg}' lists ${items.length} items; this edition takes one request (one credit) per item, so MDQ takes at most ${MAX_EACH} per call: split '${arg}' over several calls.`,
      );
    }
    const out: unknown[] = [];
    for (const item of items) {
      const query = { ...first.query, [param]: item };
      const part = yield* inner(get, values, { ...first, query });
      if (Array.isArray(part)) out.push(...part);
    }
    return out;
  };

/** Run `load`; a 404 (nothing for this item) is no part, any other failure ends the call. */
export function* orNothing<T>(load: Generator<Effect, T, EffectResult>): Generator<Effect, T | undefined, EffectResult> {
  try {
    return yield* load;
  } catch (e) {
    if (e instanceof MdqError && e.kind === "not_found") return undefined;
    throw e;
  }
}

/** A time series' windows at the service: the most days one request covers (a longer window keeps
 *  only its last part there), the first day it has data for, and the most days one call may span. */
export interface SeriesWindows {
  days: number;
  firstDate?: string;
  maxDays: number;
  /** Credits of one request, for the message of a window refused as too long. */
  credits: number;
}

const isoOfDay = (day: number) => isoDay(day * DAY_MS);
/** Windows start on fixed days, counted from here: two series that overlap ask for the same
 *  windows, which the cache holds once (extending a year by a week costs one request). */
const ALIGN_FROM = dayNumber("2019-01-01");
/** A window that ended this many days ago holds closed days only: kept as history. Days, not the
 *  exchange's close: the loader knows no exchange, and a provider's late corrections of a day's
 *  bars come within a day or two; the days between follow the row's session rule. */
export const CLOSED_AFTER_DAYS = 3;
/** Days at the start of a window without any row that are said in a note (holidays are shorter). */
const GAP_DAYS = 7;
/** A window of closed days: its answer is final (prices of a closed day do not change), so it is
 *  fresh as long as the cache keeps it. */
export const CLOSED_DAYS: Lifetime = { ttl: FOREVER_SECONDS };

/** The records of a window's answer; undefined when it is not a list (the call's own shape then). */
export type WindowRecords = (answer: unknown) => Array<Record<string, unknown>> | undefined;

/** A window longer than the service's, as the service's windows: aligned windows fetched side by
 *  side (one by one where the host cannot), their records merged in date order (a day once, each
 *  day within the asked window); days before the service's first day, or a long start with no
 *  day at all, said in a note. A window the service takes in one request is the row's own request,
 *  as before. `records` reads a window's answer, `rebuild` puts the merged records back in the
 *  answer's shape. */
export const windowed = (
  w: SeriesWindows,
  records: WindowRecords = (a) => (Array.isArray(a) ? (a as Array<Record<string, unknown>>) : undefined),
  rebuild: (first: unknown, merged: Array<Record<string, unknown>>) => unknown = (_, merged) => merged,
): Loader =>
  function* (get, values, first, all) {
    const today = isoOfDay(Math.floor((first.now ?? 0) / DAY_MS));
    const end = values.end ?? today;
    const asked = values.start;
    // Days before the service's first day are left out, and said once.
    const early = asked !== undefined && w.firstDate !== undefined && asked < w.firstDate;
    if (early) first.note?.(`from ${w.firstDate}: the service has no data before (asked from ${asked})`);
    if (asked === undefined || dayNumber(end) - dayNumber(asked) + 1 <= w.days) {
      // One request whose window ended days ago holds closed days only, as a window below does.
      const closed = values.end !== undefined && dayNumber(end) <= dayNumber(today) - CLOSED_AFTER_DAYS;
      const query = early ? { ...first.query, start: w.firstDate as string } : first.query;
      return yield* get(first.path, query, closed ? { life: CLOSED_DAYS } : undefined);
    }
    const span = dayNumber(end) - dayNumber(asked) + 1;
    if (span > w.maxDays) {
      const requests = Math.ceil(span / w.days) + 1;
      throw new MdqError(
        "bad_argument",
        `'start' (${asked}) to 'end' (${end}) spans ${span} days, more than the ${w.maxDays} one call takes (about ${requests} requests, ${requests * w.credits} credits; no request was sent): split it over several calls.`,
      );
    }
    const start = early ? (w.firstDate as string) : asked;
    const requests = [];
    const lastDay = Math.min(dayNumber(end), dayNumber(today));
    for (let k = Math.floor((dayNumber(start) - ALIGN_FROM) / w.days); ALIGN_FROM + k * w.days <= lastDay; k++) {
      const from = Math.max(ALIGN_FROM + k * w.days, w.firstDate ? dayNumber(w.firstDate) : Number.NEGATIVE_INFINITY);
      const to = Math.min(ALIGN_FROM + (k + 1) * w.days - 1, dayNumber(today));
      const closed = to <= dayNumber(today) - CLOSED_AFTER_DAYS;
      requests.push({
        path: first.path,
        query: { ...first.query, start: isoOfDay(from), end: isoOfDay(to) },
        life: closed ? CLOSED_DAYS : undefined,
      });
    }
    // Side by side where the host can (the windows are independent); else one by one.
    const answers: unknown[] = [];
    if (all) answers.push(...(yield* all(requests)));
    else for (const r of requests) answers.push(yield* get(r.path, r.query, r.life && { life: r.life }));
    const merged = new Map<string, Record<string, unknown>>();
    let shape: unknown;
    for (const answer of answers) {
      const rows = records(answer);
      if (!rows) return answer;
      shape ??= answer;
      for (const row of rows) {
        const date = typeof row.date === "string" ? row.date.slice(0, 10) : undefined;
        if (date && date >= start && date <= end) merged.set(date, row);
      }
    }
    const dates = [...merged.keys()].sort();
    // More than a week of the window with no day at all (a company listed later, say): said.
    if (dates.length && dayNumber(dates[0]) - dayNumber(start) > GAP_DAYS)
      first.note?.(`from ${dates[0]}: the service has nothing from ${start} to ${isoOfDay(dayNumber(dates[0]) - 1)}`);
    return rebuild(
      shape,
      dates.map((d) => merged.get(d) as Record<string, unknown>),
    );
  };
