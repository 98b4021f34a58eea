// The state every instance shares, in Redis (node-redis's @redis/client). Commands are sent as
// plain argument lists, each bounded in time: a Redis that stops answering fails the command
// fast, and ResilientState answers from memory instead. Commands are not queued while Redis is
// away (disableOfflineQueue): a call never waits for a reconnection.
import { createClient, ErrorReply } from "@redis/client";
import { Deadlines } from "./deadlines";
import { clientCredentials, redisWhere } from "./redis-url";
import { Script } from "./script";
import type { Counter, SharedState } from "./state";
import { checkTokenName, hashToken, newToken, type TokenInfo, type TokenStore } from "./tokens";

/** The part of the client the gateway uses. */
interface Client {
  sendCommand(args: (string | Buffer)[]): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
  duplicate(): Client;
  subscribe(channels: string[], listener: (message: string, channel: string) => void): Promise<void>;
  isReady: boolean;
  on(event: string, fn: (e: Error) => void): unknown;
}

/** The longest a gateway's command may take before the instance answers alone (resilient.ts): a
 *  Redis on the same network answers in about a millisecond. */
export const REDIS_COMMAND_MS = 50;
/** A command's time otherwise (`mdq gateway token ...`, `mdq gateway pause`): a person waits, and
 *  their Redis may be across a network. */
const ONE_OFF_COMMAND_MS = 5000;

/** Every key of the gateway starts with this. */
export const PREFIX = "mdq:gw:";
const TOKENS_BY_HASH = `${PREFIX}tokens:hash`;
const TOKENS_BY_NAME = `${PREFIX}tokens:name`;
/** Where every token change is published, for the instances' tables in memory (token-table.ts). */
export const TOKEN_CHANNEL = `${PREFIX}tokens:changes`;
/** Where an instance that stored an answer or an outcome names its key, for the calls waiting. */
export const ANSWER_CHANNEL = `${PREFIX}answers`;

/** Releases a lock only for its owner: a lock that expired and was taken by another stays theirs. */
const UNLOCK = new Script("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end");
/** Limits' counters, each one hash per limit, its field the window, the previous window removed
 *  when a new one starts; counted in turn, stopping after the first past its limit (ARGV: window,
 *  limit for each key). No expiry, so a volatile-* policy never evicts them (only cached answers);
 *  allow-oom (Redis 7) so they still count when a full Redis under noeviction refuses writes. */
const COUNT = new Script(
  "#!lua flags=allow-oom\nlocal used = {} for i, key in ipairs(KEYS) do local window = ARGV[2 * i - 1] local limit = tonumber(ARGV[2 * i]) local n = redis.call('hincrby', key, window, 1) if n == 1 then for _, f in ipairs(redis.call('hkeys', key)) do if f ~= window then redis.call('hdel', key, f) end end end used[i] = n if limit > 0 and n > limit then break end end return used",
);
/** A batch of counts (local-counts.ts): each delta added to its window's field in the same hashes
 *  COUNT uses (KEYS[1]: the batch's marker, then ARGV: window, delta for each key); the team-wide
 *  totals returned. A batch sent again (its first send timed out but Redis applied it) finds its
 *  marker and only reads: counted once. Only windows older than the one counted are removed: a
 *  late batch of a past window must not erase the current one. */
const ADD_COUNTS = new Script(
  "#!lua flags=allow-oom\nlocal totals = {} local again = not redis.call('set', KEYS[1], 1, 'NX', 'PX', 600000) for i = 2, #KEYS do local key = KEYS[i] local window = ARGV[2 * i - 3] local delta = tonumber(ARGV[2 * i - 2]) if again then totals[i - 1] = tonumber(redis.call('hget', key, window) or 0) else local n = redis.call('hincrby', key, window, delta) if n == delta then for _, f in ipairs(redis.call('hkeys', key)) do if tonumber(f) < tonumber(window) then redis.call('hdel', key, f) end end end totals[i - 1] = n end end return totals",
);
/** A token made only when its name is free, both tables at once, and told to every instance in
 *  the same step: no instance can miss a change that happened. */
const ADD_TOKEN =
  "if redis.call('hexists', KEYS[2], ARGV[1]) == 1 then return 0 end redis.call('hset', KEYS[2], ARGV[1], ARGV[3]) redis.call('hset', KEYS[1], ARGV[2], ARGV[1]) redis.call('publish', ARGV[4], 'add ' .. ARGV[2] .. ' ' .. ARGV[1]) return 1";
const REVOKE_TOKEN =
  "local r = redis.call('hget', KEYS[2], ARGV[1]) if not r then return 0 end local h = cjson.decode(r).hash redis.call('hdel', KEYS[2], ARGV[1]) redis.call('hdel', KEYS[1], h) redis.call('publish', ARGV[2], 'revoke ' .. h) return 1";

export interface RedisOptions {
  url: string;
  /** Given apart from the URL (MDQ_REDIS_PASSWORD, --redis-password-file). */
  password?: string;
  /** The most a command may take (a gateway's: REDIS_COMMAND_MS); default 5 s. */
  commandMs?: number;
  onError?: (message: string) => void;
  /** Called for each command a request waited on that got no answer in time. */
  onTimeout?: () => void;
}

export class RedisState implements SharedState, TokenStore {
  private readonly client: Client;
  private subscriber: Client | undefined;
  private readonly onError: (message: string) => void;
  private readonly onTimeout: () => void;
  private readonly commandMs: number;
  private readonly deadlines: Deadlines;
  /** host:port, for messages (never the URL's password). */
  readonly where: string;

  constructor(options: RedisOptions) {
    this.where = redisWhere(options.url);
    this.commandMs = options.commandMs ?? ONE_OFF_COMMAND_MS;
    // Checked a few times a command's time: a command fails within 20% past it (5 ms at least apart).
    this.deadlines = new Deadlines(Math.max(5, Math.round(this.commandMs / 5)));
    this.onError = options.onError ?? (() => undefined);
    this.onTimeout = options.onTimeout ?? (() => undefined);
    this.client = this.watched(
      createClient({
        ...clientCredentials(options.url, options.password),
        disableOfflineQueue: true,
        socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
      }) as unknown as Client,
    );
  }

  /** Without a listener an error event would end the process; one line per kind of failure. */
  private watched(client: Client): Client {
    let lastError = "";
    client.on("error", (e) => {
      if (e.message !== lastError) this.onError(`redis at ${this.where}: ${e.message}`);
      lastError = e.message;
    });
    client.on("ready", () => {
      lastError = "";
    });
    return client;
  }

  /** Hears token changes and answers' announcements on a connection of its own. `onSubscribed`
   *  runs each time the subscription is made (again, after a reconnection: changes may have been
   *  missed meanwhile). */
  subscribe(onMessage: (message: string, channel: string) => void, onSubscribed: () => void): void {
    const subscriber = this.watched(this.client.duplicate());
    this.subscriber = subscriber;
    let asked = false;
    subscriber.on("ready", () => {
      // After a reconnection the client has subscribed again by itself before it is ready.
      if (asked) return onSubscribed();
      asked = true;
      subscriber.subscribe([TOKEN_CHANNEL, ANSWER_CHANNEL], onMessage).then(onSubscribed, (e: Error) => {
        asked = false;
        this.onError(`redis at ${this.where}: could not subscribe to token changes (${e.message}); trying again on reconnection`);
      });
    });
    subscriber.connect().catch(() => undefined);
  }

  /** Runs `fn` each time the main connection is (again) ready. */
  onReady(fn: () => void): void {
    this.client.on("ready", fn);
  }

  /** True while token changes are heard. */
  get subscribed(): boolean {
    return this.subscriber?.isReady ?? false;
  }

  /** Connects within `waitMs`, or fails saying so; the client goes on trying in the background
   *  (the gateway starts without Redis and shares once it is there). */
  async connect(waitMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`Redis at ${this.where} did not answer within ${waitMs / 1000} s`)), waitMs);
    });
    const connecting = this.client.connect();
    connecting.catch(() => undefined);
    try {
      await Promise.race([connecting, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  get ready(): boolean {
    return this.client.isReady;
  }

  close(): void {
    this.deadlines.stop();
    this.client.destroy();
    this.subscriber?.destroy();
  }

  async ping(): Promise<void> {
    await this.send(["PING"], false);
  }

  /** `args` as one command, failed past commandMs; `counted`: a request waits on it (a probe
   *  in the background does not). */
  private send(args: (string | Buffer)[], counted = true): Promise<unknown> {
    if (!this.client.isReady) return Promise.reject(new Error("redis is not connected"));
    return new Promise((resolve, reject) => {
      let settled = false;
      const done = this.deadlines.watch(Date.now() + this.commandMs, () => {
        if (settled) return;
        settled = true;
        if (counted) this.onTimeout();
        reject(new Error(`no answer within ${this.commandMs} ms`));
      });
      this.client.sendCommand(args).then(
        (value) => {
          if (settled) return;
          settled = true;
          done();
          resolve(value);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          done();
          reject(e);
        },
      );
    });
  }

  async get(key: string): Promise<string | undefined> {
    const value = await this.send(["GET", PREFIX + key]);
    return typeof value === "string" ? value : undefined;
  }

  async put(key: string, value: string | Buffer, keepMs: number): Promise<void> {
    await this.send(["SET", PREFIX + key, value, "PX", String(Math.max(1, Math.round(keepMs)))]);
  }

  /** Milliseconds `key` has left before it expires; undefined when there is no such key. */
  async timeLeft(key: string): Promise<number | undefined> {
    const ms = Number(await this.send(["PTTL", PREFIX + key]));
    return ms >= 0 ? ms : undefined;
  }

  /** Deletes `key`; true when it was there. */
  async remove(key: string): Promise<boolean> {
    return Number(await this.send(["DEL", PREFIX + key])) === 1;
  }

  async announce(key: string): Promise<void> {
    await this.send(["PUBLISH", ANSWER_CHANNEL, key]);
  }

  /** Waiting is heard through the subscription (ResilientState): alone, RedisState only times out. */
  heard(_key: string, ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, ms).unref());
  }

  async lock(key: string, owner: string, ms: number): Promise<boolean> {
    return (await this.send(["SET", PREFIX + key, owner, "NX", "PX", String(Math.round(ms))])) === "OK";
  }

  async unlock(key: string, owner: string): Promise<void> {
    await this.run(UNLOCK, [PREFIX + key], [owner]);
  }

  async count(counters: readonly Counter[]): Promise<number[]> {
    const keys = counters.map((c) => PREFIX + c.key);
    const args = counters.flatMap((c) => [String(c.window), String(c.limit)]);
    const used = await this.run(COUNT, keys, args);
    return Array.isArray(used) ? used.map(Number) : [];
  }

  /** Adds a batch of increments (local-counts.ts); the team-wide totals, in the same order. */
  async addCounts(batch: string, deltas: readonly { key: string; window: number; delta: number }[]): Promise<number[]> {
    if (!deltas.length) return [];
    const keys = [`${PREFIX}count-batch:${batch}`, ...deltas.map((d) => PREFIX + d.key)];
    const args = deltas.flatMap((d) => [String(d.window), String(d.delta)]);
    // Sent in the background, no request waits on it: not a request's timeout in /metrics.
    const totals = await this.run(ADD_COUNTS, keys, args, false);
    return Array.isArray(totals) ? totals.map(Number) : [];
  }

  /** Runs `script` by its SHA-1 (a few bytes a call, not the script's text); loaded with EVAL the
   *  first time this Redis does not know it (after a restart or SCRIPT FLUSH). */
  private async run(script: Script, keys: string[], args: string[], counted = true): Promise<unknown> {
    try {
      return await this.send(["EVALSHA", script.sha, String(keys.length), ...keys, ...args], counted);
    } catch (e) {
      if (!(e instanceof ErrorReply) || !e.message.startsWith("NOSCRIPT")) throw e;
      return await this.send(["EVAL", script.text, String(keys.length), ...keys, ...args], counted);
    }
  }

  /** Redis's eviction policy and memory bound, for the check at start (memory-policy.ts). */
  async memoryPolicy(): Promise<{ policy: string; maxmemory: number }> {
    const read = async (name: string) => {
      const answer = (await this.send(["CONFIG", "GET", name], false)) as unknown;
      if (Array.isArray(answer)) return String(answer[1] ?? "");
      if (answer && typeof answer === "object") return String((answer as Record<string, unknown>)[name] ?? "");
      return "";
    };
    return { policy: await read("maxmemory-policy"), maxmemory: Number(await read("maxmemory")) };
  }

  async tokenName(hash: string): Promise<string | undefined> {
    const name = await this.send(["HGET", TOKENS_BY_HASH, hash]);
    return typeof name === "string" ? name : undefined;
  }

  /** Every token's hash and name, for the copy an instance answers from while Redis is away. */
  async tokenTable(): Promise<Map<string, string>> {
    const flat = (await this.send(["HGETALL", TOKENS_BY_HASH])) as unknown;
    const table = new Map<string, string>();
    if (Array.isArray(flat)) for (let i = 0; i + 1 < flat.length; i += 2) table.set(String(flat[i]), String(flat[i + 1]));
    else if (flat && typeof flat === "object") for (const [k, v] of Object.entries(flat)) table.set(k, String(v));
    return table;
  }

  async add(name: string): Promise<string> {
    checkTokenName(name);
    const token = newToken();
    const record = JSON.stringify({ hash: hashToken(token), created: new Date().toISOString() });
    const made = await this.send(["EVAL", ADD_TOKEN, "2", TOKENS_BY_HASH, TOKENS_BY_NAME, name, hashToken(token), record, TOKEN_CHANNEL]);
    if (Number(made) !== 1) throw new Error(`a token named ${name} exists: revoke it first to make a new one`);
    return token;
  }

  async list(): Promise<TokenInfo[]> {
    const flat = (await this.send(["HGETALL", TOKENS_BY_NAME])) as unknown;
    const pairs: [string, string][] = [];
    if (Array.isArray(flat)) for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), String(flat[i + 1])]);
    else if (flat && typeof flat === "object") for (const [k, v] of Object.entries(flat)) pairs.push([k, String(v)]);
    return pairs
      .map(([name, record]) => ({ name, created: (JSON.parse(record) as { created: string }).created }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async revoke(name: string): Promise<boolean> {
    return Number(await this.send(["EVAL", REVOKE_TOKEN, "2", TOKENS_BY_HASH, TOKENS_BY_NAME, name, TOKEN_CHANNEL])) === 1;
  }
}
