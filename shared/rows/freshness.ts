// How long an answer stays fresh: the catalogue's lifetimes, as pure rules every host and the
// gateway share (the session applies them: run/session.ts).
//   - fixed: `ttl` seconds from when the service answered (reference lists, news, ...);
//   - session: today's prices follow their exchange (exchange-hours.ts): fetched while it trades,
//     fresh for `ttl` (minutes); fetched after the close, fresh until the next open;
//   - report: a company's statements stay fresh until it files again. The answer's entry keeps
//     the company and the newest quarter it holds (its mark); the live service's feed of every
//     company's latest quarter-end, asked with `since=` the day after that quarter, lists the
//     company only once it has filed a newer one. Until the quarter after the mark's has ended no
//     newer one can have been filed, and nothing is asked (unfiledUntil); after that, while a
//     feed answer of the last hour (complete: every page) does not list it, the answer is fresh;
//     with no such feed answer (not checked within the hour, the feed failed, an edition without
//     the feed) it is fresh for `ttl` only: never longer than the fixed rule without a check.
// A window of closed trading days of a price history never changes: FOREVER (loaders.ts).
import { DAY_MS, dayNumber, isoDaysAfter } from "../base/cells";
import type { Edition } from "../base/editions";
import { type Exchange, sessionAt } from "./exchange-hours";

export type Until =
  /** Today's prices of an exchange: minutes while it trades, else until its next open. */
  | { kind: "session"; exchange: Exchange }
  /** A company's statements: until the feed at `feed[edition]` shows it with a newer quarter. */
  | { kind: "report"; feed: Partial<Record<Edition, string>> };

/** How long an answer stays fresh: `ttl` seconds, or longer where `until` says so. */
export interface Lifetime {
  /** Seconds; the whole lifetime of a fixed rule, the floor of the others. */
  ttl: number;
  until?: Until;
}

/** As long as any host keeps anything (each caps its own keep below this): ten years. */
export const FOREVER_SECONDS = 10 * 366 * 24 * 3600;
/** The feed is asked at most this often for one `since=` (its answers are cached this long). */
export const FEED_CHECK_SECONDS = 3600;
/** Pages of the feed followed for one check (30 companies a page: the whole market is 32). */
export const FEED_PAGES_MAX = 34;
/** How long a host keeps a statement held by the report rule: past a quarter and its filing
 *  deadline (the company files again within this, or the feed fails to say so and ttl rules). */
export const REPORT_KEEP_SECONDS = 200 * 24 * 3600;
/** The stock code of an IDX company as the feed and the answers spell it, without the ".JK". */
const companyCode = (symbol: string) => symbol.replace(/\.JK$/i, "").toUpperCase();

/** Until when (ms) an answer that left the service at `origin` (ms) is fresh, by the rule's fixed
 *  part (a report rule's answer may stay fresh longer: `reportHolds`). */
export function freshUntilOf(life: Lifetime, origin: number): number {
  const fixed = origin + life.ttl * 1000;
  if (life.until?.kind !== "session") return fixed;
  // Minutes after the bell count as trading: the exchange's closing figures may reach the service
  // a little after its close, so an answer fetched then is fresh for ttl only.
  const at = sessionAt(life.until.exchange, origin, life.ttl * 1000);
  return at.trading ? fixed : Math.max(fixed, at.nextOpen);
}

/** The company an answer of statements is about and the newest quarter-end it holds: records
 *  with `symbol` and `date` (QUARTERLY's, in both editions); undefined when not one company's. */
export interface ReportMark {
  company: string;
  /** ISO date of the newest quarter-end in the answer. */
  quarter: string;
}

export function reportMarkOf(answer: unknown): ReportMark | undefined {
  if (!Array.isArray(answer) || answer.length === 0) return undefined;
  let mark: ReportMark | undefined;
  for (const record of answer) {
    const { symbol, date } = (record ?? {}) as Record<string, unknown>;
    if (typeof symbol !== "string" || typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(date)) return undefined;
    const company = companyCode(symbol);
    if (mark && mark.company !== company) return undefined;
    const quarter = date.slice(0, 10);
    if (!mark || quarter > mark.quarter) mark = { company, quarter };
  }
  return mark;
}

/** The feed's query for a mark: every company whose latest quarter-end is after the mark's.
 *  Quarter-ends are few (four a year), so the answers held share a handful of these requests. */
export const feedSince = (mark: ReportMark): string => isoDaysAfter(mark.quarter, 1);

/** One check of the feed: when (the oldest page's answer, ms) and each listed company's latest
 *  quarter-end; undefined when it is not a whole, current answer (a page failed, stale, too many). */
export interface FeedCheck {
  checkedAt: number;
  latest: ReadonlyMap<string, string>;
}

/** The feed's pages (each its `results` list) read into one check; undefined where a record is
 *  not a company and a date (a changed feed says nothing, so the fixed rule applies). */
export function feedCheckOf(pages: ReadonlyArray<{ results: unknown; fetchedAt: number }>): FeedCheck | undefined {
  const latest = new Map<string, string>();
  let checkedAt = Number.POSITIVE_INFINITY;
  for (const page of pages) {
    if (!Array.isArray(page.results)) return undefined;
    checkedAt = Math.min(checkedAt, page.fetchedAt);
    for (const record of page.results) {
      const { symbol, date } = (record ?? {}) as Record<string, unknown>;
      if (typeof symbol !== "string" || typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(date)) return undefined;
      latest.set(companyCode(symbol), date.slice(0, 10));
    }
  }
  return pages.length ? { checkedAt, latest } : undefined;
}

/** Whether a statement answer with this mark is still the company's latest at `now`, given the
 *  feed checked with `since` = feedSince(mark): only with a check of the last hour that does not
 *  show the company with a newer quarter. */
export function reportHolds(mark: ReportMark, check: FeedCheck | undefined, now: number): boolean {
  if (!check || now - check.checkedAt >= FEED_CHECK_SECONDS * 1000 || check.checkedAt > now) return false;
  const filed = check.latest.get(mark.company);
  return filed === undefined || filed <= mark.quarter;
}

/** No company files a quarter before it has ended: a statement whose newest quarter ends on the
 *  mark's is the company's latest at least until the next quarter ends, with no need to ask the
 *  feed (it is asked from then on, in the weeks a new report may come). Midnight UTC of that
 *  quarter-end day, earlier than any filing of the quarter can be. A restatement of a quarter
 *  already held is not a newer quarter: the feed would not show it either. */
export function unfiledUntil(mark: ReportMark): number {
  const [year, month] = mark.quarter.split("-").map(Number);
  // Day 0 of a month is the last day of the month before: the month three after the mark's.
  return Date.UTC(year, month + 3, 0);
}

/** A mark older than this is not held by the feed: its `since=` would list most of the market
 *  (many pages an hour) for an answer the fixed rule serves as well. */
export const REPORT_REACH_DAYS = 200;

/** Whether the report rule applies to a mark at `now` (a recent quarter), else the fixed rule. */
export const withinReach = (mark: ReportMark, now: number): boolean =>
  Math.floor(now / DAY_MS) - dayNumber(mark.quarter) <= REPORT_REACH_DAYS;
