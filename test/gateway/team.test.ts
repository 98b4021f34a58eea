// A team through two gateway instances sharing one real Redis: 20 analysts, each running the
// 300-formula workbook (60 distinct requests) in the built Excel bundle, at once, half through
// each instance. Upstream requests are counted where they arrive.

import { DISTINCT, formulas } from "../../scripts/bench/workbook";
import { findFunction } from "../../shared/catalogue/catalogue";
import { loadBundle } from "../excel/load-bundle";
import {
  admin,
  type CountingUpstream,
  clock,
  countingUpstream,
  gateway,
  get,
  type RedisServer,
  redisTokens,
  revokeInRedis,
  type Started,
  startRedis,
} from "./harness";

const ANALYSTS = 20;
const workbook = formulas((name) => findFunction(name)!.args.length);

/** Every analyst's whole workbook at once, analyst i through gateway i % 2; the cells that failed. */
async function runTeam(gateways: Started[], tokens: string[]): Promise<string[]> {
  const analysts = tokens.map((token, i) => loadBundle(gateways[i % gateways.length].url, { apiKey: token }));
  const results = await Promise.allSettled(analysts.flatMap((a) => workbook.map(([name, args]) => a.call(name, ...args))));
  return results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error)?.message ?? r.reason)] : []));
}

describe("two instances sharing Redis", () => {
  let redis: RedisServer;
  let upstream: CountingUpstream;
  let a: Started;
  let b: Started;
  let tokens: Map<string, string>;
  const time = clock();

  beforeAll(async () => {
    redis = await startRedis();
    upstream = await countingUpstream();
    tokens = await redisTokens(
      redis.url,
      Array.from({ length: ANALYSTS }, (_, i) => `analyst-${i + 1}`),
    );
    // Redis is given time to answer on a loaded machine: this test is about sharing, not speed.
    a = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 15_000 });
    b = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 15_000 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await upstream?.close();
    redis?.kill();
  });

  test("20 analysts x 300 formulas at once make exactly the 60 distinct upstream requests; a second round makes none", async () => {
    expect(workbook).toHaveLength(300);
    expect(await runTeam([a, b], [...tokens.values()])).toEqual([]);
    // Redis answered all along: no instance fell back to working alone.
    expect([...a.logs, ...b.logs].filter((line) => /"level":"warn"/.test(line))).toEqual([]);
    expect(upstream.seen).toHaveLength(DISTINCT.length);
    expect(new Set(upstream.seen).size).toBe(DISTINCT.length);
    // Fresh runtimes (nothing cached in Excel): everything comes from the gateways' shared cache.
    expect(await runTeam([a, b], [...tokens.values()])).toEqual([]);
    expect(upstream.seen).toHaveLength(DISTINCT.length);
    // The upstream only ever saw the provider key; the logs name analysts, never a token or the key.
    expect([...upstream.keys]).toEqual([expect.stringMatching(/^provider-key-/)]);
    const logs = [...a.logs, ...b.logs].join("\n");
    expect(logs).toContain('"token":"analyst-7"');
    for (const secret of [...tokens.values(), "provider-key-0123"]) expect(logs).not.toContain(secret);
    // Both instances answered from the cache they share, and say so in their metrics.
    const metrics = await admin(b, "/metrics");
    expect(Number(/mdq_gateway_cache_hits_total (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThan(0);
    expect(metrics.body).toMatch(/mdq_gateway_redis_up 1\n/);
  }, 240_000); // 12,000 cells in 40 runtimes on a loaded 2-core machine: no time is asserted

  test("a revoked token is refused at once by both instances", async () => {
    const token = tokens.get("analyst-3")!;
    expect((await get(a.url, "/v1/klse/companies/top/?classifications=pe", token)).status).toBe(200);
    expect((await get(b.url, "/v1/klse/companies/top/?classifications=pe", token)).status).toBe(200);
    expect(await revokeInRedis(redis.url, "analyst-3")).toBe(true);
    for (const g of [a, b]) {
      const refused = await get(g.url, "/v1/klse/companies/top/?classifications=pe", token);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body).message).toMatch(/does not know this token/);
    }
    expect((await get(b.url, "/v1/klse/companies/top/?classifications=pe", tokens.get("analyst-4"))).status).toBe(200);
  });
});

describe("Redis killed mid-run", () => {
  test("every call still succeeds, each instance caching by itself, and /readyz says so", async () => {
    const redis = await startRedis();
    const upstream = await countingUpstream();
    const names = Array.from({ length: 8 }, (_, i) => `analyst-${i + 1}`);
    const tokens = await redisTokens(redis.url, names);
    const time = clock();
    const a = await gateway(upstream.url, { redisUrl: redis.url, now: time.now });
    const b = await gateway(upstream.url, { redisUrl: redis.url, now: time.now });
    try {
      expect(JSON.parse((await get(a.url, "/readyz")).body)).toMatchObject({ ready: true, mode: "shared" });
      // Redis goes away once a third of the distinct requests have reached the upstream.
      upstream.onRequest = (n) => {
        if (n === 20) redis.kill();
      };
      expect(await runTeam([a, b], [...tokens.values()])).toEqual([]);
      expect(upstream.seen.length).toBeGreaterThanOrEqual(20);
      // Each instance alone asks for each distinct request at most once more than the shared run did.
      expect(upstream.seen.length).toBeLessThanOrEqual(DISTINCT.length * 3);
      for (const g of [a, b]) {
        const ready = await get(g.url, "/readyz");
        expect(ready.status).toBe(503);
        expect(JSON.parse(ready.body)).toMatchObject({ ready: false, mode: "degraded" });
        expect(JSON.parse(ready.body).redis).toMatch(/^Redis is unreachable: /);
        // Anyone may ask the public port: no host, port or person; the admin listener names Redis.
        expect(ready.body).not.toMatch(new RegExp(`127\\.0\\.0\\.1|:${redis.port}\\b|analyst`));
        expect(JSON.parse((await admin(g, "/readyz")).body).redis).toMatch(`Redis at 127.0.0.1:${redis.port} is unreachable`);
        expect((await admin(g, "/metrics")).body).toMatch(/mdq_gateway_redis_up 0\n/);
      }
      // Still serving: a second round from each instance's own cache, and people still signed in.
      const before = upstream.seen.length;
      expect(await runTeam([a, b], [...tokens.values()])).toEqual([]);
      expect(upstream.seen.length).toBeLessThanOrEqual(before + DISTINCT.length * 2);
    } finally {
      await a.close();
      await b.close();
      await upstream.close();
      redis.kill();
    }
  }, 240_000); // 12,000 cells in 40 runtimes on a loaded 2-core machine: no time is asserted
});
