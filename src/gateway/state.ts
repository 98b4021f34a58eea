// What instances of the gateway share: answers, single-flight locks, rate-limit counters, the
// upstream's pause and the tokens. MemoryState is the embedded mode (one instance, nothing
// configured); RedisState (redis-state.ts) shares it all; ResilientState falls back from Redis to
// memory while Redis is away, so a Redis failure costs no call.
import { Waiters } from "./waiters";

export interface SharedState {
  /** The stored text of `key`, or undefined; `large`: an answer's body, whose reading takes longer. */
  get(key: string, large?: boolean): Promise<string | undefined>;
  /** Store `value` for `keepMs` (an answer as bytes: kept out of the JS heap on its way). */
  put(key: string, value: string | Buffer, keepMs: number): Promise<void>;
  /** Take the lock `key` for `ms` unless someone holds it; true when taken. */
  lock(key: string, owner: string, ms: number): Promise<boolean>;
  /** Release the lock if `owner` still holds it. */
  unlock(key: string, owner: string): Promise<void>;
  /** Adds one to each counter in turn, stopping after the first past its limit; their new values.
   *  A counter lives in its `window` (a minute's or a day's number): a new window starts again
   *  from 0 and forgets the last. */
  count(counters: readonly Counter[]): Promise<number[]>;
  /** As `count`, for a token's limits, where a bounded error across instances is allowed for a
   *  hit with no Redis command (local-counts.ts); absent: `count`. */
  countBatched?(counters: readonly Counter[]): Promise<number[]>;
  /** One upstream request counted against the team's budget and the token's share of it in every
   *  window at once, or, refused, in none (limits.ts): a refused miss costs nothing. */
  spend(windows: readonly BudgetWindow[]): Promise<Overspent | undefined>;
  /** Tells every instance's waiting calls that `key` has news (an answer or an outcome). */
  announce(key: string): Promise<void>;
  /** Resolves when `key` is announced (here or on another instance), or after `ms` at most. */
  heard(key: string, ms: number): Promise<void>;
  /** The hash → token name table's answer for `hash`. */
  tokenName(hash: string): Promise<string | undefined>;
  /** Why this instance does not share now (Redis is configured but taken for gone); undefined
   *  while it shares, or where there is nothing to share with. */
  readonly alone?: string;
  /** Runs `fn` each time sharing resumes after a time alone. */
  onShared?(fn: () => void): void;
  /** Stores an answer fetched alone (`stored`: its stored form) with its marker and announces it,
   *  unless the shared state has one as new or newer; true when stored. */
  shareIfNewer?(key: string, marker: string, stored: Buffer, at: number, keepMs: number): Promise<boolean>;
  /** Why no token can be checked at all (the token store was never read), for a 503 that says
   *  so; undefined when tokens can be checked. */
  readonly tokenStoreProblem?: string;
}

export interface Counter {
  key: string;
  window: number;
  /** 0: none. */
  limit: number;
}

/** The team's counter and a token's share counter in one window (a minute's or a day's number). */
export interface BudgetWindow {
  team: string;
  share: string;
  window: number;
  /** The team's requests in this window; more than 0. */
  budget: number;
  /** The token's share: its misses up to this are bounded by the budget alone. */
  shareOf: number;
  /** A miss past the share goes through only while the budget left after it is at least this. */
  reserve: number;
}

/** The window a miss was refused in (its index), why, and the token's count there. */
export interface Overspent {
  index: number;
  reason: "team" | "share";
  used: number;
}

/** The one rule the memory state and Redis's script (redis-state.ts's SPEND) both follow. */
export function overspent(w: BudgetWindow, team: number, used: number): Overspent["reason"] | undefined {
  if (team + 1 > w.budget) return "team";
  if (used + 1 > w.shareOf && w.budget - team - 1 < w.reserve) return "share";
  return undefined;
}

interface Held {
  value: string;
  until: number;
}

/** Entries past this many bytes in total go, oldest first: the embedded cache stays bounded. */
export const MEMORY_BYTES = 256 * 1_048_576;

/** One process's state. The clock is injected so tests control expiry. */
export class MemoryState implements SharedState {
  private readonly items = new Map<string, Held>();
  private bytes = 0;
  private readonly waiters = new Waiters();
  private readonly counters = new Map<string, { window: number; n: number }>();

  constructor(
    private readonly now: () => number,
    private readonly tokens: (hash: string) => string | undefined = () => undefined,
    private readonly maxBytes = MEMORY_BYTES,
  ) {}

  private live(key: string): Held | undefined {
    const held = this.items.get(key);
    if (held && held.until <= this.now()) {
      this.drop(key, held);
      return undefined;
    }
    return held;
  }

  private drop(key: string, held: Held): void {
    this.items.delete(key);
    this.bytes -= held.value.length;
  }

  private set(key: string, value: string, ms: number): void {
    const old = this.items.get(key);
    if (old) this.drop(key, old);
    this.items.set(key, { value, until: this.now() + ms });
    this.bytes += value.length;
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const [k, held] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, held);
    }
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async put(key: string, value: string | Buffer, keepMs: number): Promise<void> {
    this.set(key, typeof value === "string" ? value : value.toString("utf8"), keepMs);
  }

  async lock(key: string, owner: string, ms: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.set(key, owner, ms);
    return true;
  }

  async unlock(key: string, owner: string): Promise<void> {
    const held = this.live(key);
    if (held?.value === owner) this.drop(key, held);
  }

  async count(counters: readonly Counter[]): Promise<number[]> {
    const used: number[] = [];
    for (const { key, window, limit } of counters) {
      // Apart from the evictable values: one per limit and token, which the token table bounds.
      let counter = this.counters.get(key);
      if (counter?.window !== window) {
        counter = { window, n: 0 };
        this.counters.set(key, counter);
      }
      used.push(++counter.n);
      if (limit > 0 && counter.n > limit) break;
    }
    return used;
  }

  async spend(windows: readonly BudgetWindow[]): Promise<Overspent | undefined> {
    const inWindow = (key: string, window: number) => {
      const counter = this.counters.get(key);
      return counter?.window === window ? counter.n : 0;
    };
    for (const [index, w] of windows.entries()) {
      const used = inWindow(w.share, w.window);
      const reason = overspent(w, inWindow(w.team, w.window), used);
      if (reason) return { index, reason, used };
    }
    for (const w of windows)
      for (const key of [w.team, w.share]) this.counters.set(key, { window: w.window, n: inWindow(key, w.window) + 1 });
    return undefined;
  }

  async announce(key: string): Promise<void> {
    this.waiters.wake(key);
  }

  heard(key: string, ms: number): Promise<void> {
    return this.waiters.wait(key, ms);
  }

  async tokenName(hash: string): Promise<string | undefined> {
    return this.tokens(hash);
  }
}
