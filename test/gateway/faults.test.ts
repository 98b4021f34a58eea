// Redis faults survived: a Redis that stalls with its connection open (SIGSTOP) costs the request
// that finds it a command timeout and an unanswered probe, after which the instance answers from
// its own memory without waiting on Redis (counted: no further command of a request times out, only
// the background probes) and /readyz says degraded; it shares again once Redis answers. Tokens are checked from memory: a revocation never comes back, and a gateway that never
// read its tokens says which store it cannot reach instead of calling a token revoked.
import { admin, clock, countingUpstream, freePort, gateway, get, redisTokens, revokeInRedis, type Started, startRedis } from "./harness";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks again (at most `tries` times, `everyMs` apart) until `check` holds; false if it never did. */
async function eventually(check: () => Promise<boolean>, tries = 200, everyMs = 50): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}

/** Redis timeouts in an instance's /metrics, all commands, or all but the probes' PINGs. */
const timeouts = async (g: Started, probes = true) =>
  [...(await admin(g, "/metrics")).body.matchAll(/^mdq_gateway_redis_timeouts_total\{command="(\w+)"\} (\d+)$/gm)]
    .filter((m) => probes || m[1] !== "PING")
    .reduce((n, m) => n + Number(m[2]), 0);
const warnings = (g: Started, pattern: RegExp) => g.logs.filter((l) => /"level":"warn"/.test(l) && pattern.test(l));

test("a stalled Redis: a command timeout and an unanswered probe open the breaker, then no request waits on Redis; /readyz degraded; shared again after it answers; a revoked token stays refused", async () => {
  const redis = await startRedis();
  const upstream = await countingUpstream();
  const { alice, bob } = Object.fromEntries(await redisTokens(redis.url, ["alice", "bob"]));
  const g = await gateway(upstream.url, { redisUrl: redis.url, now: clock().now });
  try {
    expect((await get(g.url, "/v1/klse/companies/top/", alice)).status).toBe(200);
    expect((await get(g.url, "/v1/klse/companies/top/", bob)).status).toBe(200);
    expect(JSON.parse((await get(g.url, "/readyz")).body)).toMatchObject({ ready: true, mode: "shared" });
    // Revoked just before the stall: heard through the notification, refused from then on.
    expect(await revokeInRedis(redis.url, "bob")).toBe(true);
    expect(await eventually(async () => (await get(g.url, "/v1/klse/companies/top/", bob)).status === 401)).toBe(true);
    expect(await timeouts(g)).toBe(0);

    redis.stall();
    // The first commands that find the stall time out (a hit's count, sent in the background; the
    // pause /readyz reads) and a probe gets no answer: then the breaker is open, and the commands
    // still waiting are done from memory.
    expect((await get(g.url, "/v1/klse/companies/top/", alice)).status).toBe(200);
    expect(await eventually(async () => (await get(g.url, "/readyz")).status === 503)).toBe(true);
    const afterFirst = await timeouts(g, false);
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await get(g.url, "/v1/klse/companies/top/", alice)).status); // a hit
      statuses.push((await get(g.url, `/v1/news/?page=${i + 1}`, alice)).status); // a miss
      statuses.push((await get(g.url, "/v1/klse/companies/top/", bob)).status); // revoked
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => [200, 200, 401]).flat());
    // No command of those 60 requests waited for Redis (only the background probes did).
    expect(await timeouts(g, false)).toBe(afterFirst);
    const degraded = await get(g.url, "/readyz");
    expect(degraded.status).toBe(503);
    expect(JSON.parse(degraded.body)).toMatchObject({ ready: false, mode: "degraded" });
    expect(JSON.parse(degraded.body).redis).toMatch(/did not answer a command in time.*answers from its own cache/);
    // The public port names no host, port or person; the admin listener says which Redis and what failed.
    expect(degraded.body).not.toMatch(new RegExp(`127\\.0\\.0\\.1|:${redis.port}\\b|alice|bob`));
    const detail = await admin(g, "/readyz");
    expect(detail.status).toBe(503);
    expect(JSON.parse(detail.body).redis).toMatch(
      new RegExp(`Redis at 127\\.0\\.0\\.1:${redis.port} .*no answer within \\d+ ms.*answers from its own cache`),
    );
    // One warning for the change of state, not one per command.
    expect(warnings(g, /answers alone/)).toHaveLength(1);

    redis.resume();
    expect(await eventually(async () => (await get(g.url, "/readyz")).status === 200)).toBe(true);
    expect(JSON.parse((await get(g.url, "/readyz")).body)).toMatchObject({ ready: true, mode: "shared" });
    expect(warnings(g, /answers again/)).toHaveLength(1);
    expect((await get(g.url, "/v1/klse/companies/top/", bob)).status).toBe(401);
    expect((await get(g.url, "/v1/klse/companies/top/", alice)).status).toBe(200);
  } finally {
    await g.close();
    await upstream.close();
    redis.kill();
  }
}, 60_000);

test("Redis down at start: a request gets 503 naming the token store it cannot reach (not 'revoked'); signed in once Redis answers", async () => {
  const upstream = await countingUpstream();
  const port = await freePort();
  // A password with "@" (percent-encoded in the URL): none of it may reach a message.
  const url = `redis://:p%40ss@127.0.0.1:${port}`;
  const g = await gateway(upstream.url, { redisUrl: url, now: clock().now });
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  try {
    const refused = await get(g.url, "/v1/klse/companies/top/", "mdqg_any-token");
    expect(refused.status).toBe(503);
    const said = JSON.parse(refused.body).message as string;
    expect(said).toContain(`cannot reach its token store (Redis at 127.0.0.1:${port})`);
    expect(said).toMatch(/ask your gateway administrator to check that Redis runs/);
    expect(said).not.toMatch(/does not know|revoked|p%40ss|ss@/);
    expect(upstream.seen).toEqual([]);
    redis = await startRedis({ port, args: ["--requirepass", "p@ss"] });
    const { carol } = Object.fromEntries(await redisTokens(url, ["carol"]));
    expect(await eventually(async () => (await get(g.url, "/v1/klse/companies/top/", carol)).status === 200)).toBe(true);
  } finally {
    await g.close();
    await upstream.close();
    redis?.kill();
  }
}, 60_000);
