// One fetch of a request at a time across executions. Sheets runs every custom-function cell as
// an execution of its own, up to 30 at once, each with a fresh global scope: cells that start
// together all miss the cache and would each fetch the same answer (a 10 x 50 VALUE model: 30 or
// more fetches of one company's statements). So an execution about to fetch first claims the
// request in CacheService, under the script lock (LockService, which Google's custom-function
// guide lists among the services custom functions may use). Each request's slot in CacheService
// says one of three things:
//   - claimed: "<execution> <until>", an execution is fetching it and will store the answer by
//     `until` (its own deadline: a claimant stopped or dead is taken over from then on);
//   - landed: "=<when>", its answer was stored then (kept LANDED_SECONDS, longer than any
//     execution lives);
//   - nothing: no one fetched it lately, or the claimant failed.
// The answer and its slot are read together in this sense: an execution misses the cache, then
// reads the slot. If the answer landed after its miss (a landed mark since the call began), it
// does not fetch: it runs its call again and finds the answer. Without the mark, "no claim" would
// also mean "someone fetched, stored and went", and the cells that read the answer just before it
// was stored would fetch it again.
// An execution that finds every request it needs claimed by others waits for them (polling the
// slots), then runs its call again. Every wait is bounded, so that a claim nobody lands costs
// time, never the formula:
//   - an execution waits WAIT_MAX_MS in all, and never more than WAIT_SHARE of its own budget,
//     which leaves it the time to fetch the answer itself;
//   - the script lock is waited for as long as the execution may still wait; not had by then, the
//     execution claims without it (executions that give up at the same moment may each fetch: a
//     duplicate, never a wrong answer; only a lock someone holds and never lets go comes to that);
//   - a request is waited for once, and run again for once: when its claim goes (or its mark says
//     landed) without an answer the call can use (the claimant failed, or its answer is of another
//     refresh), the execution fetches it by itself rather than line up behind another claimant;
//   - an answer is stored as soon as it arrives (Env.keepAsFetched), and its claim landed then: an
//     execution that waits holds no claim, so no two can wait for each other.
// A call of many requests (a batch) waits when any of them is claimed elsewhere, and claims the
// rest when it runs again: the answers the others are fetching are never fetched twice.
import { hash53 } from "../../shared";
import type { SheetsCache } from "./cache";
import { onlyUnderScriptLock } from "./lock";

/** How often a waiting execution looks whether the claims it waits for are gone. */
export const POLL_MS = 250;
/** The longest an execution waits for other executions' answers, in all. */
export const WAIT_MAX_MS = 10_000;
/** ... and never more than this share of its budget: the rest is for fetching itself. */
export const WAIT_SHARE = 0.4;
/** How long a landed mark stays: more than an execution lives (Sheets stops one at 30 s). */
export const LANDED_SECONDS = 60;
/** Executions' clocks may differ a little: a mark this much before the call began still counts. */
const CLOCK_SKEW_MS = 1000;

/** This execution, as its claims name it (every execution has a fresh global scope). */
const OWNER = Math.random().toString(36).slice(2, 12);

export interface Claim {
  key: string;
  /** The execution that claimed it. */
  owner: string;
  /** When it ends on its own (ms since the epoch). */
  until: number;
}

/** Thrown through the driver to stop a run that would fetch what other executions are fetching
 *  (claims to wait for) or have just stored (no claims: run again at once). */
export class Waiting {
  constructor(readonly claims: Claim[]) {}
}

/** Where a request's slot is kept. */
export const claimKey = (key: string) => `mdq-flight:${hash53(key)}`;

/** What a slot says. */
type Slot = { claim: Claim } | { landedAt: number } | undefined;

function parseSlot(key: string, text: string | undefined): Slot {
  if (!text) return undefined;
  if (text.startsWith("=")) return { landedAt: Number(text.slice(1)) || 0 };
  const [owner, until] = text.split(" ");
  return owner ? { claim: { key, owner, until: Number(until) || 0 } } : undefined;
}

/** What to do before fetching: fetch (the free requests now claimed), wait for claims, run again. */
type Step = { fetch: true } | { wait: Claim[] } | { again: string[] };

export class Flights {
  private readonly mine = new Set<string>();
  /** Requests this call already waited for another's claim of. */
  private readonly waited = new Set<string>();
  /** Requests this call already ran again for, having found them landed. */
  private readonly ranAgain = new Set<string>();
  private readonly waitUntil: number;
  private readonly claimUntil: number;

  constructor(
    private readonly cache: SheetsCache,
    private readonly startedAt: number,
    budgetMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => void,
  ) {
    this.waitUntil = startedAt + Math.min(WAIT_MAX_MS, budgetMs * WAIT_SHARE);
    this.claimUntil = startedAt + budgetMs;
  }

  /** Before fetching these requests (by cache key): the claims to wait for, an empty list to run
   *  the call again (an answer landed since it began), or undefined to fetch: the requests no one
   *  claimed are then claimed for this execution. */
  before(keys: string[]): Claim[] | undefined {
    const open = [...new Set(keys)].filter((k) => !this.mine.has(k));
    if (open.length === 0) return undefined;
    // Read first without the lock: most executions that find a claim or a landed answer need no lock.
    const first = this.decide(open, this.slots(open));
    if (!("fetch" in first)) return this.taken(first);
    // Under the lock: one read of the slots and, to fetch, one write of the claims. The lock is
    // waited for in one try, keeping the execution's place in the queue (tried a poll at a time,
    // with the slots read between tries, the executions behind a crowd lose their place at every
    // try and starve). Not had while there is time to wait: the claim is made without it (the
    // formula must answer).
    let step: Step = first;
    const decideAndClaim = () => {
      const slots = this.slots(open);
      step = this.decide(open, slots);
      if ("fetch" in step) this.claim(open, slots);
    };
    if (!onlyUnderScriptLock(decideAndClaim, Math.max(0, this.waitUntil - this.now()))) decideAndClaim();
    return this.taken(step);
  }

  /** Wait until none of these claims is left (landed, given up or ended: another execution's newer
   *  claim is not waited for), or the time to wait is up. An empty list: nothing to wait for. */
  wait(claims: Claim[]): void {
    if (claims.length === 0) return;
    const until = Math.min(this.waitUntil, Math.max(...claims.map((c) => c.until)));
    const keys = claims.map((c) => c.key);
    const slots = () => this.slots(keys);
    const same = (a: Claim) => claims.some((b) => a.key === b.key && a.owner === b.owner && a.until === b.until);
    // Bounded by the clock: each turn sleeps at least 1 ms towards `until`.
    while (this.now() < until) {
      this.sleep(Math.max(1, Math.min(POLL_MS, until - this.now())));
      if (!slots().some((s) => s && "claim" in s && same(s.claim))) return;
    }
  }

  /** The answer of `key` is in the cache: its claim, if this execution's, becomes a landed mark. */
  landed(key: string): void {
    if (!this.mine.delete(key)) return;
    this.cache.putMany({ [claimKey(key)]: `=${this.now()}` }, LANDED_SECONDS);
  }

  /** The call ended: the claims it did not land go (their requests failed). */
  end(): void {
    for (const key of this.mine) this.cache.remove(claimKey(key));
    this.mine.clear();
  }

  private decide(open: string[], slots: Slot[]): Step {
    // An answer stored since this call began: run the call again, once per request.
    const landed = open.filter((k, i) => {
      const s = slots[i];
      return s && "landedAt" in s && s.landedAt >= this.startedAt - CLOCK_SKEW_MS && !this.ranAgain.has(k);
    });
    if (landed.length > 0) return { again: landed };
    const theirs = slots.flatMap((s) => (s && "claim" in s && this.live(s.claim) ? [s.claim] : []));
    const patient = theirs.length > 0 && theirs.every((c) => !this.waited.has(c.key));
    return patient && this.now() < this.waitUntil ? { wait: theirs } : { fetch: true };
  }

  /** Mark what this call waits (or runs again) for: it does each once per request. */
  private taken(step: Step): Claim[] | undefined {
    if ("fetch" in step) return undefined;
    if ("wait" in step) {
      for (const c of step.wait) this.waited.add(c.key);
      return step.wait;
    }
    for (const key of step.again) this.ranAgain.add(key);
    return [];
  }

  /** The requests no other execution is fetching become this execution's. */
  private claim(open: string[], slots: Slot[]): void {
    const free = open.filter((_, i) => {
      const s = slots[i];
      return !(s && "claim" in s && this.live(s.claim));
    });
    if (free.length === 0) return;
    const value = `${OWNER} ${this.claimUntil}`;
    this.cache.putMany(Object.fromEntries(free.map((k) => [claimKey(k), value])), (this.claimUntil - this.now()) / 1000);
    for (const k of free) this.mine.add(k);
  }

  /** Another execution's claim that has not ended. */
  private live(c: Claim): boolean {
    return c.owner !== OWNER && c.until > this.now();
  }

  private slots(keys: string[]): Slot[] {
    const found = this.cache.getMany(keys.map(claimKey));
    return keys.map((k) => parseSlot(k, found[claimKey(k)]));
  }
}
