// How answers are shared and held: raw bytes once (in Redis and in memory), a cache bounded by
// what it really holds, and calls waiting for another instance's refresh woken by an announcement
// instead of reading the (stale) body again and again.
import { createClient } from "@redis/client";
import { ENTRY_OVERHEAD, EntryCache } from "../../src/gateway/entries";
import { Lifetimes } from "../../src/gateway/lifetimes";
import { RedisState } from "../../src/gateway/redis-state";
import { hashToken } from "../../src/gateway/tokens";
import { clock, countingUpstream, gateway, get, type RedisServer, redisTokens, startRedis } from "./harness";

const MB = 1_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Just under 1 MB of JSON full of quotes (which JSON inside JSON would escape). */
function megabyteAnswer(): string {
  const row = (i: number) => JSON.stringify({ ticker: "BBCA", name: "Bank Central Asia", i: 100_000 + i });
  const rows = Array.from({ length: Math.floor((MB - 20) / (row(0).length + 1)) }, (_, i) => row(i));
  return `{"rows":[${rows.join(",")}]}`;
}

let redis: RedisServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startRedis();
  client = createClient({ url: redis.url });
  await client.connect();
});
afterAll(async () => {
  client?.destroy();
  redis?.kill();
});

const redisSent = async () => Number(/total_net_output_bytes:(\d+)/.exec(String(await client.sendCommand(["INFO", "stats"])))?.[1]);

test("Redis keeps a 1 MB answer as its bytes (under 1.1 MB), not as JSON inside JSON", async () => {
  const upstream = await countingUpstream();
  const body = megabyteAnswer();
  upstream.script = (url) => (url.includes("page=901") ? [200, body] : undefined);
  const { kim } = Object.fromEntries(await redisTokens(redis.url, ["kim"]));
  const g = await gateway(upstream.url, { redisUrl: redis.url, now: clock().now, redisCommandMs: 5000 });
  try {
    const answer = await get(g.url, "/v1/news/?page=901", kim);
    expect([answer.status, answer.body]).toEqual([200, body]);
    const keys = (await client.sendCommand(["KEYS", "mdq:gw:mdq:*page=901*"])) as string[];
    expect(keys).toHaveLength(1);
    const used = Number(await client.sendCommand(["MEMORY", "USAGE", keys[0]]));
    expect(used).toBeGreaterThan(body.length);
    expect(used).toBeLessThan(1.1 * MB);
  } finally {
    await g.close();
    await upstream.close();
  }
});

test("a call waiting for another instance's refresh is woken by its announcement and reads the body once, not every poll", async () => {
  const upstream = await countingUpstream();
  const body = megabyteAnswer();
  const path = "/v1/news/?page=902";
  upstream.script = (url) => (url.includes("page=902") ? [200, body] : undefined);
  const { lee } = Object.fromEntries(await redisTokens(redis.url, ["lee"]));
  const time = clock();
  const options = { redisUrl: redis.url, now: time.now, redisCommandMs: 5000 };
  const a = await gateway(upstream.url, options);
  const b = await gateway(upstream.url, options);
  try {
    expect((await get(a.url, path, lee)).headers.get("mdq-cache")).toBe("miss");
    expect((await get(b.url, path, lee)).headers.get("mdq-cache")).toBe("hit");
    // Both hold it stale now; a's refresh is slow, and b waits for it.
    time.advance((new Lifetimes().of(["v1", "news"], time.now()) + 60) * 1000);
    upstream.delayMs = 1500;
    const refreshed = new Promise<void>((resolve) => {
      upstream.onRequest = () => resolve();
    });
    const seen = upstream.seen.length;
    const first = get(a.url, path, lee);
    await refreshed;
    const before = await redisSent();
    const waited = await get(b.url, path, lee);
    const after = await redisSent();
    expect((await first).headers.get("mdq-cache")).toBe("miss");
    expect([waited.status, waited.headers.get("mdq-cache"), waited.body === body]).toEqual([200, "joined", true]);
    expect(upstream.seen.length).toBe(seen + 1);
    // The body once (1 MB) and small markers: not the stale body every 100 ms.
    expect(after - before).toBeLessThan(1.5 * MB);
  } finally {
    upstream.delayMs = undefined;
    upstream.onRequest = undefined;
    await a.close();
    await b.close();
    await upstream.close();
  }
});

test("cache hits cost Redis one command per 32 (the tokens' counted requests, sent in a batch), none for the token", async () => {
  const upstream = await countingUpstream();
  const { max } = Object.fromEntries(await redisTokens(redis.url, ["max"]));
  // The batch timer an hour away: batches go by count only.
  const g = await gateway(upstream.url, { redisUrl: redis.url, now: clock().now, redisCommandMs: 5000, countFlushMs: 3_600_000 });
  try {
    expect((await get(g.url, "/v1/news/?page=903", max)).status).toBe(200);
    await client.sendCommand(["CONFIG", "RESETSTAT"]);
    for (let i = 0; i < 64; i++) expect((await get(g.url, "/v1/news/?page=903", max)).headers.get("mdq-cache")).toBe("hit");
    const stats = String(await client.sendCommand(["INFO", "commandstats"]));
    const calls = Object.fromEntries([...stats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
    // Redis 7 also counts what scripts call (a batch's marker: set), and this test's own commands.
    for (const inside of ["hkeys", "hdel", "set", "info", "config|resetstat"]) delete calls[inside];
    // Two batches of 32 requests, each adding to the minute's and the day's counter; the first
    // batch's script may be loaded with EVAL after EVALSHA's NOSCRIPT.
    expect(calls.hincrby).toBe(2 * 2);
    for (const sent of ["evalsha", "eval", "hincrby"]) delete calls[sent];
    expect(calls).toEqual({});
  } finally {
    await g.close();
    await upstream.close();
  }
});

test("the entry cache holds each answer once, as bytes, accounts for body, key and overhead, and evicts the least recently used", () => {
  const size = (key: string, body: string) => Buffer.byteLength(body) + key.length * 2 + ENTRY_OVERHEAD;
  const body = "é".repeat(500); // 1,000 bytes in UTF-8
  const cache = new EntryCache(() => 0, 3 * size("k:a", body));
  for (const key of ["k:a", "k:b", "k:c"]) cache.put(key, { status: 200, body, at: 0, ttl: 60 }, 60_000);
  expect(cache.bytes).toBe(3 * size("k:a", body));
  const held = cache.get("k:a")!; // used: k:b is now the least recently used
  expect(held.bytes.toString("utf8")).toBe(body);
  expect("body" in held).toBe(false);
  cache.put("k:d", { status: 200, body, at: 0, ttl: 60 }, 60_000);
  expect([cache.get("k:a") !== undefined, cache.get("k:b"), cache.get("k:c") !== undefined, cache.get("k:d") !== undefined]).toEqual([
    true,
    undefined,
    true,
    true,
  ]);
  expect(cache.bytes).toBe(3 * size("k:a", body));
  expect(cache.size).toBe(3);
});

test("a token made a moment ago is let in before its notification arrives; a revoked one is not asked of Redis again", async () => {
  const upstream = await countingUpstream();
  const g = await gateway(upstream.url, { redisUrl: redis.url, now: clock().now, redisCommandMs: 5000 });
  try {
    // Written straight into the table, with no notification: as an instance sees a token whose
    // announcement is still on its way.
    const token = `mdqg_${"q".repeat(43)}`;
    await client.sendCommand(["HSET", "mdq:gw:tokens:hash", hashToken(token), "quinn"]);
    expect((await get(g.url, "/v1/klse/sectors/", token)).status).toBe(200);
    const [revoked] = await redisTokens(redis.url, ["rae"]);
    expect((await get(g.url, "/v1/klse/sectors/", revoked[1])).status).toBe(200);
    const store = new RedisState({ url: redis.url });
    await store.connect();
    expect(await store.revoke("rae")).toBe(true);
    store.close();
    // Once its revocation is heard, putting the hash back in Redis does not bring the token back.
    for (let i = 0; i < 100 && (await get(g.url, "/v1/klse/sectors/", revoked[1])).status !== 401; i++) await sleep(20);
    await client.sendCommand(["HSET", "mdq:gw:tokens:hash", hashToken(revoked[1]), "rae"]);
    expect((await get(g.url, "/v1/klse/sectors/", revoked[1])).status).toBe(401);
  } finally {
    await g.close();
    await upstream.close();
  }
});
