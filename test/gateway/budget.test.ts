// Limits that hold: a token's counter survives a Redis full of cached answers (evicting under
// volatile-*, refusing writes under noeviction), warnings stay a few lines, and the team's upstream
// budget holds across instances while hits and stale answers are still served.
import { createClient } from "@redis/client";
import { Lifetimes } from "../../src/gateway/lifetimes";
import { policyWarning } from "../../src/gateway/memory-policy";
import { Warnings } from "../../src/gateway/warnings";
import { admin, clock, commandSays, countingUpstream, gateway, get, redisTokens, startRedis } from "./harness";

const FIFTY_KB = JSON.stringify({ rows: "x".repeat(50_000) });

test.each(["volatile-lru", "volatile-ttl", "noeviction"])(
  "a 100-a-minute limit lets at most 100 of 400 requests through a Redis full of cached answers (%s)",
  async (policy) => {
    const redis = await startRedis({ args: ["--maxmemory", "4mb", "--maxmemory-policy", policy] });
    const upstream = await countingUpstream();
    upstream.script = (url) => (url.startsWith("/v1/news/") ? [200, FIFTY_KB] : undefined);
    const { mia } = Object.fromEntries(await redisTokens(redis.url, ["mia"]));
    // Filled to the brim with answers that expire, as a busy shared cache is.
    const filler = createClient({ url: redis.url });
    await filler.connect();
    for (let i = 0; i < 120; i++) await filler.sendCommand(["SET", `mdq:gw:filler:${i}`, FIFTY_KB, "PX", "3600000"]).catch(() => undefined);
    filler.destroy();
    const g = await gateway(upstream.url, {
      redisUrl: redis.url,
      now: clock().now,
      redisCommandMs: 5000,
      limits: { perMinute: 100, perDay: 0 },
      teamBudget: { perMinute: 0, perDay: 0 },
    });
    try {
      let passed = 0;
      for (let i = 0; i < 400; i++) if ((await get(g.url, `/v1/news/?page=${i + 1}`, mia)).status === 200) passed++;
      expect(passed).toBe(100);
      // A few lines, not one per refused command.
      expect(g.logs.filter((l) => /"level":"warn"/.test(l)).length).toBeLessThanOrEqual(5);
    } finally {
      await g.close();
      await upstream.close();
      redis.kill();
    }
  },
  60_000,
);

test("the policy check at start warns when Redis can evict tokens and counters, or refuses writes", async () => {
  expect(policyWarning("r:6379", "allkeys-lru", 1)).toMatch(/evicts any key.*tokens and limit counters can go.*volatile-lru/);
  expect(policyWarning("r:6379", "noeviction", 1)).toMatch(/refuses writes when full.*volatile-lru/);
  expect(policyWarning("r:6379", "volatile-lru", 1)).toBeUndefined();
  expect(policyWarning("r:6379", "noeviction", 0)).toBeUndefined();
  const redis = await startRedis({ args: ["--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru"] });
  const upstream = await countingUpstream();
  const g = await gateway(upstream.url, { redisUrl: redis.url, redisCommandMs: 5000 });
  try {
    expect(g.logs.filter((l) => /"level":"warn"/.test(l) && /allkeys-lru/.test(l))).toHaveLength(1);
  } finally {
    await g.close();
    await upstream.close();
    redis.kill();
  }
});

test("a team budget of 5 upstream requests a minute holds across two instances; hits and stale answers are still served", async () => {
  const redis = await startRedis();
  const upstream = await countingUpstream();
  const { noa, oli } = Object.fromEntries(await redisTokens(redis.url, ["noa", "oli"]));
  const time = clock(Date.parse("2025-06-18T03:00:00Z"));
  // Shares aside (test/gateway/shares.test.ts): each token's share here is the whole budget.
  const options = {
    redisUrl: redis.url,
    now: time.now,
    redisCommandMs: 5000,
    teamBudget: { perMinute: 5, perDay: 0 },
    shares: { percent: 100, named: new Map() },
  };
  const a = await gateway(upstream.url, options);
  const b = await gateway(upstream.url, options);
  try {
    // An answer fetched a lifetime ago: stale by the time the budget is spent.
    expect((await get(a.url, "/v1/news/?page=500", noa)).status).toBe(200);
    time.advance((new Lifetimes().of(["v1", "news"], time.now()) + 60) * 1000);
    const before = upstream.seen.length;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await get((i % 2 ? a : b).url, `/v1/news/?page=${i + 1}`, i % 3 ? noa : oli)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(upstream.seen.length - before).toBe(5);
    const refused = await get(a.url, "/v1/news/?page=99", noa);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(
      /the team's gateway has sent the service its 5 requests of this minute \(the team's budget/,
    );
    // Hits cost no budget; a client that takes stale answers gets one.
    expect((await get(b.url, "/v1/news/?page=1", oli)).headers.get("mdq-cache")).toBe("hit");
    const stale = await get(b.url, "/v1/news/?page=500", oli, { "Cache-Control": "stale-if-error=86400" });
    expect([stale.status, stale.headers.get("mdq-cache"), stale.headers.get("mdq-stale-reason")]).toEqual([
      200,
      "stale",
      "the team's upstream budget is spent",
    ]);
    expect(upstream.seen.length - before).toBe(5);
    expect((await admin(a, "/metrics")).body).toMatch(/mdq_gateway_429_total\{reason="team"\} [1-9]/);
    // The next minute, the team may go on.
    time.advance(60_000);
    expect((await get(a.url, "/v1/news/?page=99", noa)).status).toBe(200);
  } finally {
    await a.close();
    await b.close();
    await upstream.close();
    redis.kill();
  }
});

test("the team budget's flags are whole numbers, from the command line or the environment", async () => {
  const run = commandSays;
  expect(await run(["gateway", "--team-rate", "many"])).toEqual({
    code: 2,
    err: expect.stringMatching(/--team-rate must be a whole number/),
  });
  expect((await run(["gateway"], { MDQ_GATEWAY_TEAM_DAILY: "-1" })).err).toMatch(/--team-daily must be a whole number/);
  expect((await run(["gateway", "--help"])).code).toBe(0);
});

test("warnings: one line per kind a minute, the next saying how many were held back", () => {
  const time = clock();
  const lines: string[] = [];
  const warnings = new Warnings(time.now, (line) => lines.push(line));
  for (let i = 0; i < 100; i++) warnings.say("redis-refused:put", "Redis refused a put");
  warnings.say("redis-alone", "answers alone");
  time.advance(60_000);
  warnings.say("redis-refused:put", "Redis refused a put");
  expect(lines).toEqual(["Redis refused a put", "answers alone", "Redis refused a put (and 99 more like it since the last such line)"]);
});
