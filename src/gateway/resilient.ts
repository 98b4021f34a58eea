// Redis with memory behind it, through a breaker. While Redis answers every operation goes there.
// The breaker opens only on what a healthy Redis, however busy, does not do: a lost connection,
// SILENT_CHECKS deadline checks in a row that failed commands with no answer heard in between, or
// a probe (PING, given the longest time) that gets no answer. A single slow command does not open
// it: that one operation is done here (a lock not heard of is not taken: the call waits and tries
// again), and a probe asks whether Redis is there. Once open, this instance answers from its own
// memory at once (its own cache, locks and counters), so a stall costs a few command timeouts, not
// one per command. A probe in the background (PING, with backoff) closes the breaker when Redis
// answers again; then what this instance did alone reaches Redis: the locks it released, the counts
// it made (local-counts.ts) and the answers it fetched (answers.ts, through onShared). Each change
// of state is one warning line, never one per command.
//
// Tokens are answered from this instance's table (token-table.ts), never with a Redis command per
// request: a stall cannot slow a sign-in, and nothing read during or after one can undo a
// revocation this instance has heard.
import { randomUUID } from "node:crypto";
import { ErrorReply } from "@redis/client";
import { type Delta, FLUSH_MS, LocalCounts } from "./local-counts";
import { ANSWER_CHANNEL, NoAnswer, type RedisState } from "./redis-state";
import { type BudgetWindow, type Counter, MemoryState, type Overspent, overspent, type SharedState } from "./state";
import { parseTokenChange, TokenTable } from "./token-table";
import { Waiters } from "./waiters";

/** Past this a value is an answer, which this instance keeps in its entry cache already: while
 *  alone, only the small values (locks, outcomes, the pause, markers) are kept in its memory state. */
const SMALL_VALUE = 65_536;

/** Deadline checks in a row that failed a command, with no answer from Redis in between, that
 *  open the breaker (redis-state.ts): one check fails every command due then, which is one sign. */
export const SILENT_CHECKS = 3;

/** Locks released while this instance worked alone, released in Redis once it answers: at most
 *  this many (the oldest forgotten: their locks expire by themselves). */
const RELEASES_KEPT = 10_000;

/** The first probe after the breaker opens, and the longest wait between probes. */
export const FIRST_PROBE_MS = 100;
export const LAST_PROBE_MS = 5000;

export interface ResilientOptions {
  now: () => number;
  /** How often counted increments are sent to Redis; FLUSH_MS by default. */
  flushMs?: number;
  /** One line per change: opened (why) or closed. */
  onChange?: (message: string) => void;
  /** A command Redis refused (an error reply, not a fault): said at most once a minute per kind. */
  onRefusal?: (operation: string, e: Error) => void;
}

export class ResilientState implements SharedState {
  readonly memory: MemoryState;
  readonly tokens = new TokenTable();
  private readonly waiters = new Waiters();
  private firstLoad: (() => void) | undefined;
  private readonly loadedOnce = new Promise<void>((resolve) => {
    this.firstLoad = resolve;
  });
  /** Why the breaker is open; undefined while it is closed. */
  private openBecause: string | undefined;
  private probeMs = FIRST_PROBE_MS;
  private probeTimer: NodeJS.Timeout | undefined;
  /** A probe sent after a command got no answer, while the breaker is closed. */
  private asking: Promise<void> | undefined;
  private closed = false;
  /** Lock → owner, released here while alone and to be released in Redis. */
  private readonly releases = new Map<string, string>();
  private readonly sharedAgain: (() => void)[] = [];
  /** Per-token limits counted here, sent to Redis in batches (local-counts.ts). */
  private readonly local = new LocalCounts();
  private flushing: Promise<void> | undefined;
  private unconfirmed: { id: string; deltas: Delta[] } | undefined;
  private readonly instanceId = randomUUID();
  private batches = 0;
  private readonly flushTimer: NodeJS.Timeout;

  constructor(
    readonly redis: RedisState,
    private readonly o: ResilientOptions,
  ) {
    this.memory = new MemoryState(o.now, (hash) => this.tokens.nameOf(hash));
    this.flushTimer = setInterval(() => void this.flushCounts(), o.flushMs ?? FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Hears token changes and loads the whole table on every (re)subscription; resolves once a
   *  table is loaded, or after `waitMs` (the table is loaded when Redis answers). */
  async watchTokens(waitMs: number): Promise<void> {
    this.redis.subscribe(
      (message, channel) => {
        if (channel === ANSWER_CHANNEL) return this.waiters.wake(message);
        const change = parseTokenChange(message);
        if (change) this.tokens.apply(change);
      },
      () => void this.reloadTokens(),
    );
    // Started while Redis was down, the subscription may come before the main connection.
    this.redis.onReady(() => {
      if (!this.tokens.loaded) void this.reloadTokens();
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loadedOnce, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  private async reloadTokens(): Promise<void> {
    if (!this.redis.ready) return; // the main connection's "ready" comes too: see probe()
    try {
      await this.tokens.reload(() => this.redis.tokenTable());
      this.firstLoad?.();
    } catch (e) {
      // Loaded again after the probe this failure sends, or when the breaker closes.
      this.failed("token table read", e as Error);
    }
  }

  /** Why no token can be checked (the table was never loaded), in words for a 503. */
  get tokenStoreProblem(): string | undefined {
    if (this.tokens.loaded) return undefined;
    return `the team's gateway cannot reach its token store (Redis at ${this.redis.where}) and has not loaded its tokens yet: ask your gateway administrator to check that Redis runs and answers there; sign-ins work as soon as it does`;
  }

  /** True while Redis is connected and the breaker closed; false: this instance works alone. */
  get shared(): boolean {
    return this.redis.ready && this.openBecause === undefined;
  }

  /** Why this instance works alone, in words for /readyz; undefined while it shares. */
  get alone(): string | undefined {
    if (!this.redis.ready) return `Redis at ${this.redis.where} is unreachable`;
    return this.openBecause;
  }

  /** Via Redis while it is shared, else (or when Redis fails this one) via memory. `again`: an
   *  operation that may be sent twice with the same effect, sent again once with the longest time
   *  when the first got no answer but the breaker stayed closed (a busy Redis, not a gone one). */
  private async either<T>(
    operation: string,
    viaRedis: (patient: boolean) => Promise<T>,
    viaMemory: () => Promise<T>,
    again = false,
  ): Promise<T> {
    for (let attempt = 0; this.shared && attempt < (again ? 2 : 1); attempt++) {
      try {
        return await viaRedis(attempt > 0);
      } catch (e) {
        // Redis answered, with a refusal (a full Redis under noeviction: OOM): it is there, so
        // the breaker stays closed; this one operation is done here instead.
        if (e instanceof ErrorReply) {
          this.o.onRefusal?.(operation, e);
          break;
        }
        this.failed(operation, e as Error);
      }
    }
    return viaMemory();
  }

  /** A command failed without a refusal: a lost connection opens the breaker at once; no answer in
   *  time opens it after SILENT_CHECKS silent checks, or when a probe gets no answer either. */
  private failed(operation: string, e: Error): void {
    if (this.openBecause !== undefined || (e instanceof NoAnswer && e.abandoned)) return;
    if (!(e instanceof NoAnswer) || !this.redis.ready || this.redis.silentChecks >= SILENT_CHECKS) {
      this.open(operation, e);
      return;
    }
    this.asking ??= this.redis
      .ping()
      .then(
        () => (this.tokens.loaded ? undefined : this.reloadTokens()),
        (probe: Error) => this.open(`${operation}, then a ping`, probe),
      )
      .finally(() => {
        this.asking = undefined;
      });
  }

  private open(operation: string, e: Error): void {
    if (this.openBecause !== undefined) return;
    this.openBecause = `Redis at ${this.redis.where} failed a ${operation} (${e.message}) at ${new Date().toISOString()}`;
    this.o.onChange?.(`${this.openBecause}: this instance answers alone, from its own memory, and probes Redis until it answers`);
    // No call waits on a Redis taken for gone: the commands in flight are done here instead.
    this.redis.abandonAll();
    this.probeMs = FIRST_PROBE_MS;
    this.scheduleProbe();
  }

  /** Runs `fn` each time the breaker closes: what was done alone can be shared. */
  onShared(fn: () => void): void {
    this.sharedAgain.push(fn);
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => void this.probe(), this.probeMs);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    try {
      if (!this.redis.ready) throw new Error("not connected");
      await this.redis.ping();
    } catch {
      this.probeMs = Math.min(LAST_PROBE_MS, this.probeMs * 2);
      this.scheduleProbe();
      return;
    }
    this.openBecause = undefined;
    this.o.onChange?.(`Redis at ${this.redis.where} answers again: this instance shares its cache, locks and counters again`);
    void this.releaseHeld();
    void this.flushCounts();
    for (const fn of this.sharedAgain) fn();
    if (!this.tokens.loaded) await this.reloadTokens();
  }

  /** The locks released while alone, released in Redis too (only where this owner still holds
   *  them): one left there would hold other instances' calls until it expired. */
  private async releaseHeld(): Promise<void> {
    for (const [key, owner] of [...this.releases]) {
      if (!this.shared) return;
      this.releases.delete(key);
      await this.redis.unlock(key, owner).catch(() => undefined);
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probeTimer);
    clearInterval(this.flushTimer);
  }

  /** `large`: an answer's body (given the time of a large value). Sent again once with the longest
   *  time when the first gets no answer: a read that only came late must not look like no answer
   *  (a call would fetch what another instance has stored). */
  get(key: string, large = false) {
    return this.either(
      "get",
      (patient) => this.redis.get(key, large || patient),
      () => this.memory.get(key),
      true,
    );
  }

  put(key: string, value: string | Buffer, keepMs: number) {
    return this.either(
      "put",
      () => this.redis.put(key, value, keepMs),
      async () => (value.length <= SMALL_VALUE ? this.memory.put(key, value, keepMs) : undefined),
    );
  }

  async announce(key: string): Promise<void> {
    this.waiters.wake(key);
    await this.either(
      "announce",
      () => this.redis.announce(key),
      async () => undefined,
    );
  }

  heard(key: string, ms: number): Promise<void> {
    return this.waiters.wait(key, ms);
  }

  /** A lock attempt that got no answer while the breaker stays closed is not taken: another
   *  instance may hold it. The call waits and tries again; if this attempt did take it, the next
   *  finds it its own (redis-state.ts). Only once Redis is taken for gone are locks taken here. */
  async lock(key: string, owner: string, ms: number): Promise<boolean> {
    if (this.shared) {
      try {
        return await this.redis.lock(key, owner, ms);
      } catch (e) {
        if (e instanceof ErrorReply) this.o.onRefusal?.("lock", e);
        else this.failed("lock", e as Error);
        if (this.shared && !(e instanceof ErrorReply)) return false;
      }
    }
    return this.memory.lock(key, owner, ms);
  }

  async unlock(key: string, owner: string) {
    // Released in both: a lock taken in memory while Redis was away must not outlive its call.
    await this.memory.unlock(key, owner);
    if (this.shared) {
      try {
        return await this.redis.unlock(key, owner);
      } catch (e) {
        if (e instanceof ErrorReply) return this.o.onRefusal?.("unlock", e);
        this.failed("unlock", e as Error);
      }
    }
    // Taken in Redis, perhaps (before the breaker opened, or by an attempt whose answer came too
    // late): released there once it answers.
    this.releases.delete(key);
    this.releases.set(key, owner);
    if (this.releases.size > RELEASES_KEPT) this.releases.delete(this.releases.keys().next().value as string);
  }

  /** An answer fetched while alone, given to Redis unless it has one as new (answers.ts). */
  shareIfNewer(key: string, marker: string, stored: Buffer, at: number, keepMs: number): Promise<boolean> {
    if (!this.shared) return Promise.reject(new Error("Redis is not shared now"));
    return this.redis.shareIfNewer(key, marker, stored, at, keepMs).catch((e: Error) => {
      if (!(e instanceof ErrorReply)) this.failed("share", e);
      throw e;
    });
  }

  /** Sends the increments counted here to Redis, one batch in flight at most; kept for the next
   *  batch while Redis is away or fails it, so counts made meanwhile reach it once it is back. */
  flushCounts(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.sendCounts().finally(() => {
        this.flushing = undefined;
      });
    }
    return this.flushing;
  }

  private async sendCounts(): Promise<void> {
    // A batch Redis did not confirm goes again first, as it was, under its id (counted once);
    // then what was counted since.
    for (let round = 0; round < 2 && this.shared; round++) {
      const again = this.unconfirmed !== undefined;
      const batch = this.unconfirmed ?? { id: `${this.instanceId}:${++this.batches}`, deltas: this.local.take() };
      if (!batch.deltas.length) return;
      try {
        const totals = await this.redis.addCounts(batch.id, batch.deltas);
        this.unconfirmed = undefined;
        this.local.confirm(batch.deltas, totals);
      } catch (e) {
        this.unconfirmed = batch;
        if (e instanceof ErrorReply) this.o.onRefusal?.("count", e);
        else this.failed("count", e as Error);
        return;
      }
      if (!again) return;
    }
  }

  /** A token's limits: counted here with no Redis command, or synchronously near a limit. */
  async countBatched(counters: readonly Counter[]): Promise<number[]> {
    const used = this.local.count(counters, !this.shared);
    if (used) {
      if (this.local.full) void this.flushCounts();
      return used;
    }
    // Near a limit Redis decides, after this instance's own increments reached it.
    // The first waits out a batch already in flight, the second sends what came after it.
    await this.flushCounts();
    await this.flushCounts();
    return this.count(counters);
  }

  /** Counted by Redis while it is shared; otherwise here, from the team-wide totals Redis last
   *  returned, and sent to Redis with the next batch once it answers: what an instance let
   *  through alone counts for the team too. */
  async count(counters: readonly Counter[]): Promise<number[]> {
    if (this.shared) {
      try {
        const totals = await this.redis.count(counters);
        for (const [i, n] of totals.entries()) this.local.learn(counters[i].key, counters[i].window, n);
        return totals;
      } catch (e) {
        if (e instanceof ErrorReply) this.o.onRefusal?.("count", e);
        else this.failed("count", e as Error);
      }
    }
    return this.local.count(counters, true) ?? [];
  }

  /** The team's budget and the token's share: by Redis's script while it is shared; otherwise
   *  here, by the same rule over this instance's view (the totals Redis last returned plus its own
   *  increments), the increments sent with the next batch once Redis answers, as count()'s are:
   *  what an instance let upstream alone counts for the team too. */
  spend(windows: readonly BudgetWindow[]) {
    return this.either(
      "count",
      () => this.redis.spend(windows, (key, window, total) => this.local.learn(key, window, total)),
      async () => this.spendAlone(windows),
    );
  }

  private spendAlone(windows: readonly BudgetWindow[]): Overspent | undefined {
    for (const [index, w] of windows.entries()) {
      const used = this.local.seenIn(w.share, w.window);
      const reason = overspent(w, this.local.seenIn(w.team, w.window), used);
      if (reason) return { index, reason, used };
    }
    for (const w of windows) {
      this.local.count(
        [
          { key: w.team, window: w.window, limit: 0 },
          { key: w.share, window: w.window, limit: 0 },
        ],
        true,
      );
    }
    return undefined;
  }

  /** From the table in memory; a hash it does not know (a token made a moment ago, whose
   *  notification is still on its way) is asked of Redis once before it is refused. A revoked hash
   *  is never asked: the table's answer stands. */
  async tokenName(hash: string): Promise<string | undefined> {
    const known = await this.memory.tokenName(hash);
    if (known !== undefined || this.tokens.isRevoked(hash) || !this.shared) return known;
    const name = await this.either(
      "token",
      () => this.redis.tokenName(hash),
      async () => undefined,
    );
    if (name !== undefined) this.tokens.apply({ kind: "add", hash, name });
    return this.tokens.nameOf(hash);
  }
}
