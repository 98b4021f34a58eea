// One fetch of a request at a time across executions. Sheets runs every custom-function cell as
// an execution of its own, up to 30 at once, each with a fresh global scope: cells that start
// together all miss the cache and would each fetch the same answer (a 10 x 50 VALUE model: 30 or
// more fetches of one company's statements). So an execution about to fetch first claims the
// request in CacheService, under the script lock (LockService, which Google's custom-function
// guide lists among the services custom functions may use), and the claim goes when its answer is
// in the cache (or the call ended without one). An execution that finds another's claim does not
// fetch: it waits for the claim to go, then runs its call again and finds the answer cached.
// Every wait is bounded, so that a claim nobody lands costs time, never the formula:
//   - a claim ends with its claimant's budget (a call cannot run past it);
//   - an execution waits WAIT_MAX_MS in all, and never more than WAIT_SHARE of its own budget,
//     which leaves it the time to fetch the answer itself;
//   - the script lock is waited for LOCK_WAIT_MS at most (lock.ts); without it, the claim is
//     written all the same (two executions may then both fetch: a duplicate, never a wrong answer);
//   - a request is waited for once: when its claim goes without an answer the call can use (the
//     claimant failed), the execution fetches it by itself rather than wait for another claimant.
// A call of many requests (a batch) waits only when every one of them is claimed elsewhere; else it
// claims the free ones and fetches them all together, as before.
import { hash53 } from "../../shared";
import type { SheetsCache } from "./cache";
import { underScriptLock } from "./lock";

/** How often a waiting execution looks whether the claims it waits for are gone. */
export const POLL_MS = 250;
/** The longest an execution waits for other executions' answers, in all. */
export const WAIT_MAX_MS = 10_000;
/** ... and never more than this share of its budget: the rest is for fetching itself. */
export const WAIT_SHARE = 0.4;

/** This execution, as its claims name it (every execution has a fresh global scope). */
const OWNER = Math.random().toString(36).slice(2, 12);

export interface Claim {
  key: string;
  /** The execution that claimed it. */
  owner: string;
  /** When it ends on its own (ms since the epoch). */
  until: number;
}

/** Thrown through the driver to stop a run that would fetch what other executions are fetching. */
export class Waiting {
  constructor(readonly claims: Claim[]) {}
}

/** Where a request's claim is kept; its text is "<execution> <until, ms since the epoch>". */
export const claimKey = (key: string) => `mdq-flight:${hash53(key)}`;

export class Flights {
  private readonly mine = new Set<string>();
  /** Requests this call already waited for. */
  private readonly waited = new Set<string>();
  private readonly waitUntil: number;
  private readonly claimUntil: number;

  constructor(
    private readonly cache: SheetsCache,
    startedAt: number,
    budgetMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => void,
  ) {
    this.waitUntil = startedAt + Math.min(WAIT_MAX_MS, budgetMs * WAIT_SHARE);
    this.claimUntil = startedAt + budgetMs;
  }

  /** Before fetching these requests (by cache key): the claims to wait for when other executions
   *  are fetching every one of them and there is time left to wait; else none, and the requests no
   *  one claimed are claimed for this execution. */
  before(keys: string[]): Claim[] {
    const open = [...new Set(keys)].filter((k) => !this.mine.has(k));
    if (open.length === 0) return [];
    // A request waited for once and still to fetch: its claimant ended without an answer this
    // call can use (it failed, most likely as this one would); waiting for the next claimant
    // would only line the executions up behind each other's failures.
    const patient = open.every((k) => !this.waited.has(k));
    const waits = (theirs: Claim[]) => patient && theirs.length === open.length && this.now() < this.waitUntil;
    // Read first without the lock: most executions that find a claim need no lock at all.
    const seen = this.others(open);
    if (waits(seen)) return seen;
    let theirs: Claim[] = [];
    underScriptLock(() => {
      theirs = this.others(open);
      const taken = new Set(theirs.map((c) => c.key));
      const free = open.filter((k) => !taken.has(k));
      if (waits(theirs) || free.length === 0) return;
      const value = `${OWNER} ${this.claimUntil}`;
      this.cache.putMany(Object.fromEntries(free.map((k) => [claimKey(k), value])), (this.claimUntil - this.now()) / 1000);
      for (const k of free) this.mine.add(k);
    });
    return waits(theirs) ? theirs : [];
  }

  /** Wait until none of these claims is left (landed, given up or ended: another execution's newer
   *  claim is not waited for), or the time to wait is up. */
  wait(claims: Claim[]): void {
    const until = Math.min(this.waitUntil, Math.max(...claims.map((c) => c.until)));
    const keys = claims.map((c) => c.key);
    for (const key of keys) this.waited.add(key);
    const same = (a: Claim) => claims.some((b) => a.key === b.key && a.owner === b.owner && a.until === b.until);
    // Bounded by the clock: each turn sleeps at least 1 ms towards `until`.
    while (this.now() < until) {
      this.sleep(Math.max(1, Math.min(POLL_MS, until - this.now())));
      if (!this.others(keys).some(same)) return;
    }
  }

  /** The answer of `key` is in the cache: its claim, if this execution's, goes. */
  landed(key: string): void {
    if (!this.mine.delete(key)) return;
    this.cache.remove(claimKey(key));
  }

  /** The call ended: its claims go, answered or not. */
  end(): void {
    for (const key of this.mine) this.cache.remove(claimKey(key));
    this.mine.clear();
  }

  /** The live claims of other executions on these keys. */
  private others(keys: string[]): Claim[] {
    const found = this.cache.getMany(keys.map(claimKey));
    const now = this.now();
    return keys.flatMap((key) => {
      const [owner, until] = (found[claimKey(key)] ?? "").split(" ");
      return owner && owner !== OWNER && Number(until) > now ? [{ key, owner, until: Number(until) }] : [];
    });
  }
}
