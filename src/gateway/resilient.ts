// Redis with memory behind it: every operation goes to Redis while it answers, and to this
// instance's memory while it does not, so a Redis failure mid-run costs no call, only sharing
// (each instance caches, locks and counts by itself until Redis is back). Tokens are answered
// from a copy of Redis's table, refreshed while Redis is up, so people stay signed in meanwhile.
import type { RedisState } from "./redis-state";
import { MemoryState, type SharedState } from "./state";

/** How often the copy of the token table is refreshed. */
export const TOKEN_COPY_MS = 5000;

export class ResilientState implements SharedState {
  readonly memory: MemoryState;
  private tokenCopy = new Map<string, string>();
  private copiedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly redis: RedisState,
    private readonly now: () => number,
    private readonly onFallback: (operation: string, error: Error) => void = () => undefined,
  ) {
    this.memory = new MemoryState(now, (hash) => this.tokenCopy.get(hash));
  }

  /** True while Redis answers; false means this instance works alone. */
  get shared(): boolean {
    return this.redis.ready;
  }

  private async either<T>(operation: string, viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    if (this.redis.ready) {
      try {
        return await viaRedis();
      } catch (e) {
        this.onFallback(operation, e as Error);
      }
    }
    return viaMemory();
  }

  get(key: string) {
    return this.either(
      "get",
      () => this.redis.get(key),
      () => this.memory.get(key),
    );
  }

  put(key: string, value: string, keepMs: number) {
    return this.either(
      "put",
      () => this.redis.put(key, value, keepMs),
      () => this.memory.put(key, value, keepMs),
    );
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

  count(key: string, ms: number) {
    return this.either(
      "count",
      () => this.redis.count(key, ms),
      () => this.memory.count(key, ms),
    );
  }

  async tokenName(hash: string): Promise<string | undefined> {
    await this.refreshTokenCopy();
    return this.either(
      "token",
      () => this.redis.tokenName(hash),
      () => this.memory.tokenName(hash),
    );
  }

  private async refreshTokenCopy(): Promise<void> {
    if (!this.redis.ready || this.now() - this.copiedAt < TOKEN_COPY_MS) return;
    this.copiedAt = this.now();
    try {
      this.tokenCopy = await this.redis.tokenTable();
    } catch (e) {
      this.onFallback("token copy", e as Error);
    }
  }
}
