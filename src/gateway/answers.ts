// Answers for canonical requests: fresh from the cache, or from one upstream request however many
// ask at once (single-flight: one per instance through a promise, one across instances through a
// lock in the shared state, the others waiting for its answer to appear); stale when the upstream
// fails (429, 5xx, network, timeout) or has asked every instance to wait.
import { randomUUID } from "node:crypto";
import { creditsOfAnswer, creditsOfRefusal, DEFAULT_ANSWER_MB, type TransportFailure } from "../../shared";
import { type Entry, EntryCache, type HeldEntry } from "./entries";
import { spendTeamBudget, type TokenLimits } from "./limits";
import type { CacheOutcome, Metrics } from "./metrics";
import { decodePause, encodePause, PAUSE_CAP_SECONDS, PAUSE_KEY, type Pause, pauseSecondsOf } from "./pause";
import type { Shares } from "./shares";
import type { SharedState } from "./state";
import { decodeStored, encodeStored, markerOf } from "./stored-answer";
import type { UpstreamAnswer } from "./upstream";

export interface Served {
  status: number;
  body: string | Buffer;
  cache: CacheOutcome;
  /** Seconds since the answer came from upstream (cached answers). */
  age?: number;
  /** Why a stale answer was served instead of a fresh one. */
  staleBecause?: string;
  /** With a stale answer: seconds past its freshness. */
  staleFor?: number;
  /** Seconds to wait, for a 429 or 503. */
  retryAfter?: number;
  /** With a stale answer: the failure, for a client that takes no stale answers. */
  instead?: Served;
  /** A 429 of the gateway's own (the team's budget, or the token's share of it), not the upstream's. */
  refusedBy?: "team" | "share";
  /** Credits the provider billed for this answer: only the request that went upstream for it
   *  (a miss, or a 404 it answered) has any; a hit, a join or a stale answer cost nothing. */
  credits?: number;
}

export type Upstream = (pathAndQuery: string) => Promise<UpstreamAnswer | TransportFailure>;

export interface AnswerOptions {
  shared: SharedState;
  /** Answers are kept in the shared state too (Redis), not only in this instance. */
  shareAnswers: boolean;
  upstream: Upstream;
  now: () => number;
  metrics: Metrics;
  /** How long past its freshness an answer is kept to be served when the upstream fails. */
  staleMs: number;
  /** The longest an upstream request may take; a lock is held no longer. */
  upstreamMs: number;
  /** Seconds the upstream pauses everyone when it answers 429 without saying how long. */
  defaultPauseSeconds?: number;
  /** The team's upstream budget (limits.ts); absent: none. */
  teamBudget?: TokenLimits;
  /** Each token's share of the team's budget (shares.ts); absent: DEFAULT_SHARES. */
  shares?: Shares;
  /** The bound of this instance's own answers, in bytes (entries.ts); absent: ENTRY_BYTES. */
  cacheBytes?: number;
}

/** How long an error answer is kept so that the calls that waited for it get it too. */
const OUTCOME_MS = 5000;
/** A call waiting for another's answer is woken by its announcement; these bound the fallback
 *  (an announcement lost with a connection): a look at the small marker, never at the body. */
const FIRST_POLL_MS = 100;
const LAST_POLL_MS = 1000;
/** Answers fetched while this instance worked alone, kept (their keys) to be shared once Redis
 *  answers again: at most this many, the oldest forgotten. */
const FETCHED_ALONE = 10_000;
/** Answers shared at once after a time alone. */
const SHARED_AT_ONCE = 16;

const isFailure = (a: UpstreamAnswer | TransportFailure): a is TransportFailure => "failure" in a;
/** What freshness needs of an entry, held here or read from the shared state. */
type Dated = Pick<Entry, "at" | "ttl">;
/** An upstream answer that is not cached: a failure (stale-if-error applies) or an error answer. */
interface Outcome {
  at: number;
  status: number;
  body: string;
  retryAfter?: number;
  /** Why it counts as a failure, when it does. */
  failed?: string;
}

const parseOutcome = (text: string | undefined): Outcome | undefined => {
  try {
    return text ? (JSON.parse(text) as Outcome) : undefined;
  } catch {
    return undefined;
  }
};
/** The answer as creditsOfAnswer reads it: most rules count credits from the request alone, so
 *  the body becomes text (for JSON.parse) only for a rule that reads it, and is not kept. */
const textOnlyIfRead = (answer: UpstreamAnswer) => ({
  status: answer.status,
  get body() {
    return answer.body.toString("utf8");
  },
});
const json = (message: string) => JSON.stringify({ error: message, message });

export class Answers {
  /** Each flight with the token it counts against. */
  private readonly flights = new Map<string, { served: Promise<Served>; token?: string }>();
  private readonly owner = randomUUID();
  private readonly mine: EntryCache;
  /** Keys of the answers fetched while alone, not yet shared. */
  private readonly fetchedAlone = new Set<string>();

  constructor(private readonly o: AnswerOptions) {
    this.mine = new EntryCache(o.now, o.cacheBytes);
    if (o.shareAnswers) o.shared.onShared?.(() => void this.shareFetchedAlone());
  }

  /** The answer for `key` (the canonical request's cache key), fresh for `ttl` seconds. A stale
   *  answer only to a client that said it takes one that stale (`staleSeconds`, stale-allowance.ts):
   *  one that cannot tell would show it as fresh; the others get the failure. A miss is counted
   *  against `token`'s share of the team's budget. */
  async serve(key: string, pathAndQuery: string, ttl: number, staleSeconds?: number, token?: string): Promise<Served> {
    const mine = this.mine.get(key);
    if (this.fresh(mine)) {
      this.o.metrics.cacheHits.inc();
      return this.fromEntry(mine!, "hit");
    }
    const flight = this.flights.get(key);
    let joined = false;
    let served: Served;
    if (flight) {
      served = await flight.served;
      // Refused by its owner's share, a flight is not this token's answer: it tries with its own
      // (the lock still sends one request upstream for all who do), and never reads another's name.
      if (flight.token !== token && [served.refusedBy, served.instead?.refusedBy].includes("share")) {
        served = await this.find(key, pathAndQuery, ttl, token);
      } else {
        this.o.metrics.joins.inc();
        joined = true;
      }
    } else {
      const own = this.find(key, pathAndQuery, ttl, token).finally(() => this.flights.delete(key));
      this.flights.set(key, { served: own, token });
      served = await own;
    }
    if (served.cache === "stale") {
      if (staleSeconds === undefined || (served.staleFor ?? 0) > staleSeconds) return served.instead!;
      this.o.metrics.staleServed.inc();
    }
    // The request that went upstream is billed once, to the token that sent it, not to those that joined it.
    if (!joined) return served;
    return served.cache === "miss" ? { ...served, cache: "joined", credits: undefined } : { ...served, credits: undefined };
  }

  /** This instance's entry, or the shared one when it is newer: the small marker is read first,
   *  the body only when there is a newer answer to take. */
  private async read(key: string): Promise<HeldEntry | undefined> {
    const mine = this.mine.get(key);
    if (!this.o.shareAnswers || this.fresh(mine)) return mine;
    const at = Number(await this.o.shared.get(markerOf(key)));
    if (!Number.isFinite(at) || at <= 0 || (mine && mine.at >= at)) return mine;
    const theirs = decodeStored(await this.o.shared.get(key, true));
    if (!theirs || (mine && mine.at >= theirs.at)) return mine;
    // An answer another instance stored is kept here too, for as long as it is kept there.
    return this.mine.put(key, theirs, this.keepLeft(theirs));
  }

  private keepLeft = (e: Dated) => Math.max(1, e.at + e.ttl * 1000 + this.o.staleMs - this.o.now());

  /** Not a type guard: an entry that is not fresh may still be there (stale). */
  private fresh = (e: Dated | undefined): boolean => e !== undefined && this.o.now() < e.at + e.ttl * 1000;

  private fromEntry(e: HeldEntry, cache: CacheOutcome): Served {
    return { status: e.status, body: e.bytes, cache, age: Math.max(0, Math.floor((this.o.now() - e.at) / 1000)) };
  }

  private async find(key: string, pathAndQuery: string, ttl: number, token: string | undefined): Promise<Served> {
    const entry = await this.read(key);
    if (this.fresh(entry)) {
      this.o.metrics.cacheHits.inc();
      return this.fromEntry(entry!, "hit");
    }
    const started = this.o.now();
    const lockMs = this.o.upstreamMs + 5000;
    // A holder's lock lasts its whole upstream time and 5 s, from when it took it (which may be
    // after this call began): waiting calls wait twice that, so none gives up while the holder is
    // still fetching; a holder that vanished lets its lock expire, and a waiting call takes it then.
    const deadline = Date.now() + 2 * lockMs;
    let poll = FIRST_POLL_MS;
    // Bounded: each turn either takes the lock and answers, or sleeps; past the deadline the
    // request goes upstream without the lock rather than waiting any longer.
    for (;;) {
      const pause = await this.pause();
      if (pause) return this.staleOr(entry, `the upstream asked to wait`, () => this.pausedAnswer(pause.until - this.o.now()));
      // Listening before the lock is tried: an announcement made in between is not missed.
      const heard = this.o.shared.heard(key, poll);
      if (Date.now() > deadline || (await this.o.shared.lock(`lock:${key}`, this.owner, lockMs))) {
        try {
          // Another instance may have stored it between our read and our lock.
          const now = await this.read(key);
          if (this.fresh(now)) {
            this.o.metrics.joins.inc();
            return this.fromEntry(now!, "joined");
          }
          return await this.fetch(key, pathAndQuery, ttl, entry, token);
        } finally {
          await this.o.shared.unlock(`lock:${key}`, this.owner).catch(() => undefined);
        }
      }
      await heard;
      poll = Math.min(LAST_POLL_MS, poll * 2);
      const now = await this.read(key);
      if (this.fresh(now)) {
        this.o.metrics.joins.inc();
        return this.fromEntry(now!, "joined");
      }
      const outcome = parseOutcome(await this.o.shared.get(`outcome:${key}`));
      if (outcome && outcome.at >= started) {
        this.o.metrics.joins.inc();
        return this.served(outcome, entry);
      }
    }
  }

  private async fetch(
    key: string,
    pathAndQuery: string,
    ttl: number,
    old: HeldEntry | undefined,
    token: string | undefined,
  ): Promise<Served> {
    const spent = this.o.teamBudget && (await spendTeamBudget(this.o.shared, this.o.now(), this.o.teamBudget, token, this.o.shares));
    if (spent) {
      const because =
        spent.reason === "share" ? "this token's share of the team's upstream budget is spent" : "the team's upstream budget is spent";
      return this.staleOr(old, because, () => ({
        status: 429,
        body: json(spent.message),
        cache: "uncached",
        retryAfter: spent.retryAfter,
        refusedBy: spent.reason === "share" ? "share" : "team",
      }));
    }
    const began = process.hrtime.bigint();
    const answer = await this.o.upstream(pathAndQuery);
    this.o.metrics.upstreamSeconds.observe(Number(process.hrtime.bigint() - began) / 1e9);
    this.o.metrics.upstreamRequests.inc({ status: isFailure(answer) ? answer.failure : String(answer.status) });
    if (!isFailure(answer) && answer.status >= 200 && answer.status < 300) {
      const entry = await this.store(key, { status: answer.status, body: answer.body, at: this.o.now(), ttl }, ttl * 1000 + this.o.staleMs);
      return { ...this.fromEntry(entry, "miss"), credits: creditsOfAnswer(pathAndQuery, textOnlyIfRead(answer)) };
    }
    const outcome = this.outcomeOf(answer);
    if (outcome.status === 429 && outcome.retryAfter !== undefined) {
      const reason = `the upstream answered 429 at ${new Date(this.o.now()).toISOString()}: misses are held ${outcome.retryAfter} s (its Retry-After, at most ${PAUSE_CAP_SECONDS} s)`;
      const pause: Pause = { until: this.o.now() + outcome.retryAfter * 1000, reason };
      // The key ends with the pause: nothing is left in Redis past the cap.
      await this.o.shared.put(PAUSE_KEY, encodePause(pause), outcome.retryAfter * 1000);
    }
    // Every other answer is the same for everyone who asks now: shared with the calls waiting
    // for it (on any instance), for a few seconds only.
    await this.o.shared.put(`outcome:${key}`, JSON.stringify(outcome), OUTCOME_MS);
    await this.o.shared.announce(key);
    // A 404 is billed all the same (the lookup ran), to the token whose request went upstream;
    // the calls that read the outcome shared above pay nothing.
    const billed = isFailure(answer) ? 0 : creditsOfRefusal(answer.status);
    const served = this.served(outcome, old);
    return billed > 0 ? { ...served, credits: billed } : served;
  }

  /** A failure or an answer not to cache, as the waiting calls will read it. */
  private outcomeOf(answer: UpstreamAnswer | TransportFailure): Outcome {
    const at = this.o.now();
    if (isFailure(answer) && answer.failure === "too_large") {
      // Not a failure to try again: the same request brings the same answer. 413 is an answer
      // front ends pass on without retrying (shared/answer/classify.ts), unlike a 502.
      return {
        at,
        status: 413,
        body: json(
          `the service's answer to this request is larger than the team's gateway takes (${DEFAULT_ANSWER_MB} MB): ask for less (a shorter period, fewer items or a page at a time); retrying brings the same answer`,
        ),
      };
    }
    if (isFailure(answer)) {
      return {
        at,
        status: answer.failure === "timeout" ? 504 : 502,
        body: json(`the team's gateway could not get an answer from the service (${answer.message}). Try again in a few minutes`),
        failed: `the upstream failed (${answer.failure})`,
      };
    }
    const { status } = answer;
    // Error answers are small and rare: kept as text, the form waiting calls read them in.
    const body = answer.body.toString("utf8");
    const retryable = status === 429 || status >= 500;
    // A 429 always pauses (30 s when it says nothing); a 5xx passes on only a Retry-After it gave.
    const said = status === 429 || answer.retryAfter ? answer.retryAfter : undefined;
    return {
      at,
      status,
      body,
      retryAfter: retryable && said !== undefined ? pauseSecondsOf(said, this.o.defaultPauseSeconds ?? 30, Date.now()) : undefined,
      failed: retryable ? `the upstream answered ${status}` : undefined,
    };
  }

  /** A failure is answered with the stale answer where there is one. */
  private served(o: Outcome, old: HeldEntry | undefined): Served {
    const passed: Served = { status: o.status, body: o.body, cache: "uncached", retryAfter: o.retryAfter };
    return o.failed ? this.staleOr(old, o.failed, () => passed) : passed;
  }

  private async store(key: string, entry: Entry, keepMs: number): Promise<HeldEntry> {
    const held = this.mine.put(key, entry, keepMs);
    if (this.o.shareAnswers) {
      // One connection runs commands in the order sent: the body is there before its marker, and
      // both before the announcement, without waiting for each answer in turn.
      await Promise.all([
        this.o.shared.put(key, encodeStored(entry), keepMs),
        this.o.shared.put(markerOf(key), String(entry.at), keepMs),
        this.o.shared.announce(key),
      ]);
      // Kept here only (the breaker was open, or opened meanwhile): shared once Redis answers.
      if (this.o.shared.alone !== undefined) {
        this.fetchedAlone.delete(key);
        this.fetchedAlone.add(key);
        if (this.fetchedAlone.size > FETCHED_ALONE) this.fetchedAlone.delete(this.fetchedAlone.values().next().value as string);
      }
    }
    return held;
  }

  /** The answers fetched while alone, given to Redis with their markers and announced (waking the
   *  calls other instances have waiting on them), each only where Redis has none as new: then the
   *  other instances serve them without an upstream request. Those this instance no longer holds
   *  are dropped; a failure stops here and the rest waits for the next time Redis answers. */
  private async shareFetchedAlone(): Promise<void> {
    const share = this.o.shared.shareIfNewer?.bind(this.o.shared);
    if (!share) return;
    const keys = [...this.fetchedAlone];
    for (let i = 0; i < keys.length && this.o.shared.alone === undefined; i += SHARED_AT_ONCE) {
      const done = await Promise.all(
        keys.slice(i, i + SHARED_AT_ONCE).map(async (key) => {
          const held = this.mine.peek(key);
          if (held) {
            const entry: Entry = { status: held.status, body: held.bytes, at: held.at, ttl: held.ttl };
            await share(key, markerOf(key), encodeStored(entry), held.at, this.keepLeft(held));
          }
          this.fetchedAlone.delete(key);
        }),
      ).then(
        () => true,
        () => false,
      );
      if (!done) return;
    }
  }

  /** The stale answer if there is one (with what a client that takes none gets instead), else
   *  what `otherwise` says. */
  private staleOr(old: HeldEntry | undefined, because: string, otherwise: () => Served): Served {
    if (!old || this.o.now() >= old.at + old.ttl * 1000 + this.o.staleMs) return otherwise();
    const staleFor = Math.max(0, Math.floor((this.o.now() - old.at) / 1000) - old.ttl);
    return { ...this.fromEntry(old, "stale"), staleBecause: because, staleFor, instead: otherwise() };
  }

  /** The upstream's pause, shared by every instance, while it lasts. */
  async pause(): Promise<Pause | undefined> {
    return decodePause(await this.o.shared.get(PAUSE_KEY), this.o.now());
  }

  private pausedAnswer(ms: number): Served {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return {
      status: 429,
      body: json(
        `the service asked the team's gateway to slow down; the gateway holds every request for ${seconds} s so the team's key is not blocked`,
      ),
      cache: "uncached",
      retryAfter: seconds,
    };
  }
}
