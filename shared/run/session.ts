// The requests of one call: each answered from the cache when fresh, else sent (send.ts); a
// failure for the service's trouble answered with the last good answer, marked stale; each new
// answer kept once the whole call made sense of it, and billed at its path's price (rows/credits.ts):
// an answer from the cache, fresh or stale, costs nothing. How long an answer is fresh is its
// lifetime's (rows/freshness.ts): a statement past its fixed lifetime is asked of the report-date
// feed (its pages cached an hour, billed like any answer) before it is fetched again.
import { isEnvelope } from "../answer/envelope";
import { isMdqError, toMdqError } from "../base/errors";
import type { PreparedCall } from "../request/prepare";
import type { Target } from "../request/url";
import { creditsOf, creditsOfRefusal } from "../rows/credits";
import type { AnswerMemo, Effect, EffectResult, RequestAbout } from "../rows/effects";
import {
  FEED_CHECK_SECONDS,
  FEED_PAGES_MAX,
  feedCheckOf,
  feedSince,
  freshUntilOf,
  type Lifetime,
  REPORT_KEEP_SECONDS,
  type ReportMark,
  reportHolds,
  reportMarkOf,
  unfiledUntil,
  withinReach,
} from "../rows/freshness";
import {
  cachedRead,
  decodeEntry,
  type Entry,
  encodeEntry,
  firstToKeep,
  isFresh,
  JSON_MEMO,
  keepSeconds,
  mayServeStale,
  type Staleness,
} from "./cache-entry";
import { type Env, monotonicNow } from "./env";
import { DEFAULT_POLICY, type RetryPolicy } from "./retry-policy";
import { CallClock, fetchWithRetry } from "./send";

/** Seconds of an Age header (RFC 9111: a whole number); anything else is no age. */
const ageSeconds = (age: string | null | undefined): number => (age && /^\d{1,10}$/.test(age.trim()) ? Number(age.trim()) : 0);

/** One request's answer as a call used it: for `explain=true`. `refused`: an error answer the
 *  provider bills (a 404 the call went on without: a year or a market with nothing). */
export interface Answered {
  target: Target;
  from: "service" | "cache" | "stale" | "refused";
  fetchedAt: number;
  freshUntil: number;
  /** What the provider billed (or bills) for this answer, wherever this call got it. */
  price: number;
  /** What the request is for, where the load program said (rows/effects.ts). */
  about?: RequestAbout;
}

/** The requests of one call: each from the cache when fresh, else sent within the call's deadline. */
export class Session {
  readonly answered: Answered[] = [];
  /** Where the call's answer is shorter than asked (its load program says so). */
  readonly notes: string[] = [];
  attempts = 0;
  /** Credits the provider bills for the answers this session fetched (rows/credits.ts). */
  credits = 0;
  /** Set when a request of the call was answered from a stale entry (the oldest, the first reason). */
  stale?: Staleness;
  /** The answers this call fetched, to keep once it made sense of them (`keep`). */
  private readonly fetched: Array<{ key: string; entry: Entry; ttlSeconds: number; memo: AnswerMemo }> = [];
  /** Each answer this call got (its parsed JSON, or what its envelope holds) → the memo of its
   *  cache entry, where the decoded form is kept for the next calls over the same entry. */
  private readonly memos = new Map<unknown, AnswerMemo>();
  private readonly policy: RetryPolicy;
  private readonly clock: CallClock;

  constructor(
    private readonly call: PreparedCall,
    private readonly env: Env,
  ) {
    // One native copy: ES2017's lowering of two spreads defines each property one by one.
    this.policy = Object.assign({}, DEFAULT_POLICY, env.policy);
    this.clock = new CallClock(monotonicNow(env), this.policy);
  }

  /** One request's answer; `life`: how long it stays fresh (default: the call's row's); `about`:
   *  what it is for, kept for explain=true. */
  *get(target: Target, life: Lifetime = this.call, about?: RequestAbout): Generator<Effect, unknown, EffectResult> {
    const at = this.answered.length;
    try {
      return yield* this.answer(target, life);
    } finally {
      // This target's entry (a refusal's too), not the feed's pages asked on the way.
      if (about) for (const a of this.answered.slice(at)) if (a.target === target) a.about = about;
    }
  }

  private *answer(target: Target, life: Lifetime): Generator<Effect, unknown, EffectResult> {
    const { request, cacheKey } = this.call.requestFor(target);
    const { text, memo } = cachedRead(yield { type: "cacheGet", key: cacheKey });
    const entry = decodeEntry(text);
    const stored = entry && parsed(entry.body, memo);
    if (stored && memo) this.memos.set(stored.json, memo);
    const price = (json: unknown) => creditsOf(target.path, target.query, () => json);
    if (stored && isFresh(entry, this.call.generation, this.env.now(), this.env.refreshedAt)) {
      this.answered.push({ target, from: "cache", fetchedAt: entry.fetchedAt, freshUntil: entry.freshUntil, price: price(stored.json) });
      return stored.json;
    }
    // A statement past its fixed lifetime, while the company has not filed again: fresh until the
    // feed must be asked again. The feed is asked only for an entry this call could take (of its
    // refresh generation, fetched since the host's last refresh of everything).
    const takeable =
      stored && entry.report && isFresh({ ...entry, freshUntil: Number.POSITIVE_INFINITY }, this.call.generation, 0, this.env.refreshedAt);
    const heldUntil = takeable && entry.report ? yield* this.reportHeldUntil(entry.report, life) : undefined;
    if (stored && heldUntil !== undefined && this.env.now() < heldUntil) {
      this.answered.push({ target, from: "cache", fetchedAt: entry.fetchedAt, freshUntil: heldUntil, price: price(stored.json) });
      return stored.json;
    }
    let fetched: { body: string; json: unknown; attempts: number; age?: string | null; memo?: AnswerMemo };
    const sent = { attempts: 0 };
    try {
      fetched = yield* fetchWithRetry(request, this.env, this.policy, this.clock, this.call.maxAnswerBytes, sent);
    } catch (e) {
      // An error answer the provider bills (a 404) is counted here, where a call that goes on
      // without it still answers for what it spent.
      const billed = isMdqError(e) ? creditsOfRefusal(e.status) : 0;
      if (billed > 0) {
        this.attempts += sent.attempts;
        this.credits += billed;
        const now = this.env.now();
        this.answered.push({ target, from: "refused", fetchedAt: now, freshUntil: now, price: billed });
      }
      // The last good answer, marked stale, when the service (or the way to it) is in trouble.
      if (!stored || !isMdqError(e) || !mayServeStale(e, entry, this.call.stale, this.env.now(), this.env.staleSeconds)) throw e;
      const since = Math.min(entry.fetchedAt, this.stale?.since ?? entry.fetchedAt);
      // The reason is shown in lists and dialogs: never with the key, even if the service echoed it.
      this.stale = { since, reason: this.stale?.reason ?? toMdqError(e, request.headers.Authorization).sentence };
      this.answered.push({ target, from: "stale", fetchedAt: entry.fetchedAt, freshUntil: entry.freshUntil, price: price(stored.json) });
      return stored.json;
    }
    this.attempts += fetched.attempts;
    // Only the try that was answered is billed: the ones before it failed (429, 5xx, no answer).
    const credits = price(fetched.json);
    this.credits += credits;
    const now = this.env.now();
    // An answer that already aged in a shared cache (a team gateway's) is fresh only for what is
    // left, its lifetime counted from when it left the service (a price fetched before the close
    // is not one of after it); one at or past its lifetime is kept only as a stale fallback.
    const freshUntil = Math.max(now, freshUntilOf(life, now - ageSeconds(fetched.age) * 1000));
    const fresh = Math.ceil((freshUntil - now) / 1000);
    const report = this.feedOf(life) ? reportMarkOf(fetched.json) : undefined;
    const kept: Entry = { body: fetched.body, fetchedAt: now, freshUntil, generation: this.call.generation };
    if (report) kept.report = report;
    // A statement the feed may hold is kept for as long as that may be.
    const keep = Math.max(keepSeconds(fresh, this.env.staleSeconds), report ? REPORT_KEEP_SECONDS : 0);
    // The new entry's memo starts with what this call parsed (or the calls it shared the answer
    // with, decoded too): the next calls over it parse and decode nothing.
    const made: AnswerMemo = fetched.memo ?? new Map([[JSON_MEMO, fetched.json]]);
    this.memos.set(fetched.json, made);
    if (this.env.keepAsFetched) {
      if (firstToKeep(made, cacheKey)) yield { type: "cachePut", key: cacheKey, value: encodeEntry(kept), ttlSeconds: keep, memo: made };
    } else this.fetched.push({ key: cacheKey, entry: kept, ttlSeconds: keep, memo: made });
    this.answered.push({ target, from: "service", fetchedAt: now, freshUntil, price: credits });
    return fetched.json;
  }

  /** The answers this call fetched, into the cache. An answer that calls shared (one fetch in
   *  flight, one memo) is kept by the first of them to get here: the others would write the same
   *  entry again, its text encoded anew each time (about 5% of the CPU of a first recalculation of
   *  10,000 formulas, five to an answer). Once kept they are let go: a host keeps a call's
   *  session as long as it shows the call's answer, and the cache holds the entry's text already. */
  *keep(): Generator<Effect, void, EffectResult> {
    for (const { key, entry, ttlSeconds, memo } of this.fetched.splice(0)) {
      if (firstToKeep(memo, key)) yield { type: "cachePut", key, value: encodeEntry(entry), ttlSeconds, memo };
    }
  }

  /** The memo of the cache entry an answer of this call came from (none: parse and decode anew). */
  memoOf(answer: unknown): AnswerMemo | undefined {
    return this.memos.get(answer);
  }

  /** `derived` (an envelope's results) is read from `answer` alone: it shares its memo. */
  derive(derived: unknown, answer: unknown): void {
    const memo = this.memos.get(answer);
    if (memo && derived !== answer) this.memos.set(derived, memo);
  }

  /** The report-date feed's path in the call's edition, where the lifetime follows reports. */
  private feedOf(life: Lifetime): string | undefined {
    return life.until?.kind === "report" ? life.until.feed[this.call.edition] : undefined;
  }

  /** Until when (ms) a statement with this mark is held by the feed: its check of the last hour
   *  (asked now if there is none) does not show the company with a newer quarter. Undefined when
   *  the feed cannot say: no feed in this edition, a quarter out of its reach, a page that failed
   *  or came from a stale entry, more pages than FEED_PAGES_MAX; the fixed rule then applies. */
  private *reportHeldUntil(mark: ReportMark, life: Lifetime): Generator<Effect, number | undefined, EffectResult> {
    const path = this.feedOf(life);
    if (!path || !withinReach(mark, this.env.now())) return undefined;
    // Before its next quarter has ended the company cannot have filed it: nothing to ask.
    const unfiled = unfiledUntil(mark);
    if (this.env.now() < unfiled) return unfiled;
    const pages: Array<{ results: unknown; fetchedAt: number }> = [];
    let offset = 0;
    try {
      for (let page = 0; page < FEED_PAGES_MAX; page++) {
        const query = { since: feedSince(mark), limit: String(FEED_PAGE_ROWS), offset: String(offset) };
        const json = yield* this.get({ path, query }, FEED_LIFE, FEED_ABOUT);
        const answered = this.answered[this.answered.length - 1];
        if (!isEnvelope(json) || answered?.from === "stale") return undefined;
        // When the page left the service: a gateway's copy may have aged there (its Age header),
        // and a check is as old as its answer, not as the moment it reached this host.
        pages.push({ results: json.results, fetchedAt: answered.freshUntil - FEED_CHECK_SECONDS * 1000 });
        const next = json.pagination;
        if (next.has_next !== true) {
          const check = feedCheckOf(pages);
          return check && reportHolds(mark, check, this.env.now()) ? check.checkedAt + FEED_CHECK_SECONDS * 1000 : undefined;
        }
        // The next page starts after the rows this one brought (its next_offset is not trusted to
        // skip nothing); an empty page that says there is more would ask for the same page again.
        if (json.results.length === 0) return undefined;
        offset += json.results.length;
      }
    } catch {
      // The feed failed: the statement is fetched again, as the fixed rule would.
    }
    return undefined;
  }
}

/** The feed's answers are its state: asked at most once an hour for one `since=`. */
const FEED_LIFE: Lifetime = { ttl: FEED_CHECK_SECONDS };
/** Its pages as explain=true lists them: apart from the call's own requests. */
const FEED_ABOUT: RequestAbout = {
  words: "new reports since the statements were fetched, not this cell's data",
  bookkeeping: true,
};

/** The most companies the feed gives per page. */
const FEED_PAGE_ROWS = 30;

/** A stored body read back, parsed once per cache entry where the host keeps a memo; undefined
 *  when damaged (a miss). */
function parsed(body: string, memo: AnswerMemo | undefined): { json: unknown } | undefined {
  if (memo?.has(JSON_MEMO)) return { json: memo.get(JSON_MEMO) };
  try {
    const json = JSON.parse(body);
    memo?.set(JSON_MEMO, json);
    return { json };
  } catch {
    return undefined;
  }
}
