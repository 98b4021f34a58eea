// The state every instance shares, in Redis (node-redis's @redis/client). Commands are sent as
// plain argument lists, each bounded in time by a deadline that follows Redis's observed round
// trips (round-trips.ts): a Redis that stops answering fails the command within a few seconds at
// most, and ResilientState answers from memory instead. Commands are not queued while Redis is
// away (disableOfflineQueue): a call never waits for a reconnection.
import { createClient, ErrorReply } from "@redis/client";
import { Deadlines } from "./deadlines";
import { clientCredentials, redisWhere } from "./redis-url";
import { RoundTrips } from "./round-trips";
import { Script } from "./script";
import type { BudgetWindow, Counter, Overspent, SharedState } from "./state";
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

/** The least time a gateway's command is given (resilient.ts): a Redis on the same network answers
 *  in about a millisecond. A slower Redis raises the deadline (round-trips.ts). */
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

/** Takes a lock, or finds it already its owner's: a lock whose answer came too late (taken, but the
 *  instance did not hear so) is taken again by the same owner, never left to expire while waited on. */
const LOCK = new Script(
  "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end return 0",
);
/** An answer an instance fetched while it worked alone, stored with its marker and announced only
 *  where Redis has none as new (KEYS: body, marker; ARGV: when it came, the stored answer, ms to
 *  keep, channel, key to announce). */
const SHARE_IF_NEWER = new Script(
  "local at = tonumber(redis.call('get', KEYS[2]) or '0') or 0 if at >= tonumber(ARGV[1]) then return 0 end redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) redis.call('set', KEYS[2], ARGV[1], 'PX', ARGV[3]) redis.call('publish', ARGV[4], ARGV[5]) return 1",
);
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
/** One upstream request against the team's budget and the token's share (state.ts's `overspent`,
 *  the same rule): every window checked, then every counter added to, or none when one refuses
 *  (KEYS: team, share for each window; ARGV: window, budget, share, reserve for each). Returns {0,
 *  the counters' totals in KEYS' order} or {window's index, 1 team | 2 share, the token's count}. Hashes as COUNT's, allow-oom as it;
 *  only older windows removed, as ADD_COUNTS: an instance whose clock is a little behind must not
 *  erase the current window. */
const SPEND = new Script(
  "#!lua flags=allow-oom\nlocal n = #KEYS / 2 local totals = {} for i = 1, n do local w = ARGV[4 * i - 3] local budget = tonumber(ARGV[4 * i - 2]) local share = tonumber(ARGV[4 * i - 1]) local reserve = tonumber(ARGV[4 * i]) local team = tonumber(redis.call('hget', KEYS[2 * i - 1], w) or 0) local used = tonumber(redis.call('hget', KEYS[2 * i], w) or 0) if team + 1 > budget then return {i, 1, used} end if used + 1 > share and budget - team - 1 < reserve then return {i, 2, used} end end for i = 1, n do local w = ARGV[4 * i - 3] for k = 2 * i - 1, 2 * i do local n = redis.call('hincrby', KEYS[k], w, 1) totals[k] = n if n == 1 then for _, f in ipairs(redis.call('hkeys', KEYS[k])) do if tonumber(f) < tonumber(w) then redis.call('hdel', KEYS[k], f) end end end end end return {0, totals}",
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
  /** The least time a command is given (a gateway's: REDIS_COMMAND_MS, raised by the round trips
   *  observed); default 5 s. */
  commandMs?: number;
  onError?: (message: string) => void;
  /** Called for each command that got no answer in time, a request's or one in the background,
   *  with the command's name (GET, EVALSHA, PING...: never a key). */
  onTimeout?: (command: string) => void;
}

/** How a command is given its time. */
interface SendOptions {
  /** A value read whose size is unknown until it comes (an answer's body): the longest time. */
  large?: boolean;
  /** The longest time whatever the round trips (a probe: is Redis there at all?). */
  patient?: boolean;
}

/** A command that got no answer in time, or that was given up because Redis is taken for gone
 *  (`abandoned`): not a refusal (ErrorReply), a sign that Redis may not be there. */
export class NoAnswer extends Error {
  constructor(
    message: string,
    readonly abandoned = false,
  ) {
    super(message);
  }
}

export class RedisState implements SharedState, TokenStore {
  private readonly client: Client;
  private subscriber: Client | undefined;
  private readonly onError: (message: string) => void;
  private readonly onTimeout: (command: string) => void;
  private readonly deadlines: Deadlines;
  readonly roundTrips: RoundTrips;
  /** Deadline checks in a row that failed a command with no answer heard in between. */
  private silent = 0;
  private lastSilentCheck = -1;
  /** host:port, for messages (never the URL's password). */
  readonly where: string;

  constructor(options: RedisOptions) {
    this.where = redisWhere(options.url);
    const floorMs = options.commandMs ?? ONE_OFF_COMMAND_MS;
    this.roundTrips = new RoundTrips(floorMs);
    // Checked a few times the least time: a command fails within 20% past it (5 ms at least apart).
    this.deadlines = new Deadlines(Math.max(5, Math.round(floorMs / 5)));
    this.onError = options.onError ?? (() => undefined);
    this.onTimeout = options.onTimeout ?? (() => undefined);
    this.client = this.watched(
      createClient({
        ...clientCredentials(options.url, options.password),
        disableOfflineQueue: true,
        socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
      }) as unknown as Client,
    );
    // The first round trip of each connection, before any request's: the deadline starts from
    // what this Redis takes, not from the least time (a Redis across a slow link).
    this.client.on("ready", () => void this.send(["PING"], { patient: true }).catch(() => undefined));
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

  /** Is Redis there at all: a PING given the longest time, which a busy Redis answers. */
  async ping(): Promise<void> {
    await this.send(["PING"], { patient: true });
  }

  /** Deadline checks in a row that failed a command with no answer from Redis in between: a busy
   *  Redis answers late and sets this back to 0; one that stopped does not. */
  get silentChecks(): number {
    return this.silent;
  }

  /** Fails every command waiting now (NoAnswer, abandoned): Redis is taken for gone. */
  abandonAll(): void {
    this.deadlines.failAll();
  }

  /** `args` as one command, failed past its deadline (round-trips.ts; values sent or read are
   *  given time for their size). Every command that times out is counted (onTimeout). */
  private send(args: (string | Buffer)[], o: SendOptions = {}): Promise<unknown> {
    if (!this.client.isReady) return Promise.reject(new Error("redis is not connected"));
    const bytes = args.reduce((n, a) => n + a.length, 0);
    const ms = o.patient ? this.roundTrips.ceilingMs : this.roundTrips.deadlineMs(bytes, o.large);
    const sent = Date.now();
    const due = this.deadlines.dueAfter(ms);
    return new Promise((resolve, reject) => {
      let settled = false;
      const done = this.deadlines.watch(due, (check) => {
        if (settled) return;
        settled = true;
        if (check === 0) return reject(new NoAnswer("given up: Redis is taken for gone", true));
        this.onTimeout(String(args[0]));
        if (check !== this.lastSilentCheck) {
          this.lastSilentCheck = check;
          this.silent++;
        }
        reject(new NoAnswer(`no answer within ${due - sent} ms`));
      });
      const heard = () => {
        // In time or late, an answer is a Redis that is there: its time teaches the deadline.
        this.roundTrips.record(Date.now() - sent);
        this.silent = 0;
      };
      this.client.sendCommand(args).then(
        (value) => {
          heard();
          if (settled) return;
          settled = true;
          done();
          resolve(value);
        },
        (e: unknown) => {
          if (e instanceof ErrorReply) heard();
          if (settled) return;
          settled = true;
          done();
          reject(e);
        },
      );
    });
  }

  /** `large`: an answer's body, given the time of a large value. */
  async get(key: string, large = false): Promise<string | undefined> {
    const value = await this.send(["GET", PREFIX + key], { large });
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
    return Number(await this.run(LOCK, [PREFIX + key], [owner, String(Math.round(ms))])) === 1;
  }

  /** Stores an answer fetched while this instance worked alone, with its marker, and announces it,
   *  unless Redis has one as new or newer; true when stored. */
  async shareIfNewer(key: string, marker: string, stored: Buffer, at: number, keepMs: number): Promise<boolean> {
    const keep = String(Math.max(1, Math.round(keepMs)));
    return Number(await this.run(SHARE_IF_NEWER, [PREFIX + key, PREFIX + marker], [String(at), stored, keep, ANSWER_CHANNEL, key])) === 1;
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

  /** `learn` hears the counters' totals after a miss that went through (team, then share, for each
   *  window), for an instance that may have to count alone later. */
  async spend(
    windows: readonly BudgetWindow[],
    learn?: (key: string, window: number, total: number) => void,
  ): Promise<Overspent | undefined> {
    const keys = windows.flatMap((w) => [PREFIX + w.team, PREFIX + w.share]);
    const args = windows.flatMap((w) => [String(w.window), String(w.budget), String(w.shareOf), String(w.reserve)]);
    const refused = await this.run(SPEND, keys, args);
    if (Array.isArray(refused) && Number(refused[0]) === 0) {
      const totals = Array.isArray(refused[1]) ? refused[1].map(Number) : [];
      for (const [i, w] of windows.entries()) {
        if (totals[2 * i] !== undefined) learn?.(w.team, w.window, totals[2 * i]);
        if (totals[2 * i + 1] !== undefined) learn?.(w.share, w.window, totals[2 * i + 1]);
      }
      return undefined;
    }
    if (!Array.isArray(refused) || refused.length < 3) return undefined;
    return { index: Number(refused[0]) - 1, reason: Number(refused[1]) === 1 ? "team" : "share", used: Number(refused[2]) };
  }

  /** Adds a batch of increments (local-counts.ts); the team-wide totals, in the same order. */
  async addCounts(batch: string, deltas: readonly { key: string; window: number; delta: number }[]): Promise<number[]> {
    if (!deltas.length) return [];
    const keys = [`${PREFIX}count-batch:${batch}`, ...deltas.map((d) => PREFIX + d.key)];
    const args = deltas.flatMap((d) => [String(d.window), String(d.delta)]);
    const totals = await this.run(ADD_COUNTS, keys, args);
    return Array.isArray(totals) ? totals.map(Number) : [];
  }

  /** Runs `script` by its SHA-1 (a few bytes a call, not the script's text); loaded with EVAL the
   *  first time this Redis does not know it (after a restart or SCRIPT FLUSH). */
  private async run(script: Script, keys: string[], args: (string | Buffer)[]): Promise<unknown> {
    try {
      return await this.send(["EVALSHA", script.sha, String(keys.length), ...keys, ...args]);
    } catch (e) {
      if (!(e instanceof ErrorReply) || !e.message.startsWith("NOSCRIPT")) throw e;
      return await this.send(["EVAL", script.text, String(keys.length), ...keys, ...args]);
    }
  }

  /** Redis's eviction policy and memory bound, for the check at start (memory-policy.ts). */
  async memoryPolicy(): Promise<{ policy: string; maxmemory: number }> {
    const read = async (name: string) => {
      const answer = (await this.send(["CONFIG", "GET", name])) as unknown;
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
