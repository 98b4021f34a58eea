// Redis with memory behind it, through a breaker. While Redis answers every operation goes there;
// the first command that fails or gets no answer in time (a Redis stalled with its connection
// open) opens the breaker, and from then on this instance answers from its own memory at once
// (its own cache, locks and counters), so a stall costs one command timeout, not one per command.
// A probe in the background (PING, with backoff) closes the breaker when Redis answers again.
// Each change of state is one warning line, never one per command.
//
// Tokens are answered from this instance's table (token-table.ts), never with a Redis command per
// request: a stall cannot slow a sign-in, and nothing read during or after one can undo a
// revocation this instance has heard.
import { randomUUID } from "node:crypto";
import { ErrorReply } from "@redis/client";
import { type Delta, FLUSH_MS, LocalCounts } from "./local-counts";
import { ANSWER_CHANNEL, type RedisState } from "./redis-state";
import { type BudgetWindow, type Counter, MemoryState, type SharedState } from "./state";
import { parseTokenChange, TokenTable } from "./token-table";
import { Waiters } from "./waiters";

/** Past this a value is an answer, which this instance keeps in its entry cache already: while
 *  alone, only the small values (locks, outcomes, the pause, markers) are kept in its memory state. */
const SMALL_VALUE = 65_536;

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
  private closed = false;
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
      this.open("token table read", e as Error);
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

  private async either<T>(operation: string, viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    if (this.shared) {
      try {
        return await viaRedis();
      } catch (e) {
        // Redis answered, with a refusal (a full Redis under noeviction: OOM): it is there, so
        // the breaker stays closed; this one operation is done here instead.
        if (e instanceof ErrorReply) this.o.onRefusal?.(operation, e);
        else this.open(operation, e as Error);
      }
    }
    return viaMemory();
  }

  private open(operation: string, e: Error): void {
    if (this.openBecause !== undefined) return;
    this.openBecause = `Redis at ${this.redis.where} failed a ${operation} (${e.message}) at ${new Date().toISOString()}`;
    this.o.onChange?.(`${this.openBecause}: this instance answers alone, from its own memory, and probes Redis until it answers`);
    this.probeMs = FIRST_PROBE_MS;
    this.scheduleProbe();
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
    if (!this.tokens.loaded) await this.reloadTokens();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probeTimer);
    clearInterval(this.flushTimer);
  }

  get(key: string) {
    return this.either(
      "get",
      () => this.redis.get(key),
      () => this.memory.get(key),
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

  lock(key: string, owner: string, ms: number) {
    return this.either(
      "lock",
      () => this.redis.lock(key, owner, ms),
      () => this.memory.lock(key, owner, ms),
    );
  }

  async unlock(key: string, owner: string) {
    // Released in both: a lock taken in memory while Redis was away must not outlive its call.
    await this.memory.unlock(key, owner);
    await this.either(
      "unlock",
      () => this.redis.unlock(key, owner),
      async () => undefined,
    );
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
        else this.open("count", e as Error);
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
    if (!this.shared) return this.local.count(counters, true) ?? [];
    try {
      const totals = await this.redis.count(counters);
      for (const [i, n] of totals.entries()) this.local.learn(counters[i].key, counters[i].window, n);
      return totals;
    } catch (e) {
      if (e instanceof ErrorReply) this.o.onRefusal?.("count", e);
      else this.open("count", e as Error);
      return this.local.count(counters, true) ?? [];
    }
  }

  count(counters: readonly Counter[]) {
    return this.either(
      "count",
      () => this.redis.count(counters),
      () => this.memory.count(counters),
    );
  }

  spend(windows: readonly BudgetWindow[]) {
    return this.either(
      "count",
      () => this.redis.spend(windows),
      () => this.memory.spend(windows),
    );
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
