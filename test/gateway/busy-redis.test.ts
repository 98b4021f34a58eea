// A Redis that is busy, not dead: with every reply 80 ms late (a proxy in front of it), two
// instances still make one upstream request per path and answer every call; a Redis that stops for
// 5 s is taken for gone, and what an instance fetched alone meanwhile is shared once Redis answers
// again, so the other instance serves it without an upstream request. Every timeout is counted.
import { createClient } from "@redis/client";
import { DISTINCT } from "../../scripts/bench/workbook";
import { functionNamed, prepare } from "../../shared";
import {
  admin,
  type CountingUpstream,
  clock,
  countingUpstream,
  gateway,
  get,
  type RedisServer,
  redisTokens,
  type Started,
  startRedis,
} from "./harness";
import { type SlowProxy, slowProxy } from "./slow-proxy";

const LATE_MS = 80;
const ANALYSTS = 20;
/** Requests an analyst's front end has in flight at once. */
const AT_ONCE = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks again (at most `tries` times, `everyMs` apart) until `check` holds; false if it never did. */
async function eventually(check: () => Promise<boolean>, tries = 300, everyMs = 50): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}

/** The workbook's distinct requests, as paths. */
const paths = DISTINCT.map(([name, args]) =>
  prepare(functionNamed(name), args as never[], { baseUrl: "http://127.0.0.1", apiKey: "k".repeat(32) }).request.url.slice(
    "http://127.0.0.1".length,
  ),
);

/** Every analyst asks for every path, AT_ONCE at a time, analyst i through instance i % 2; the
 *  statuses answered. */
async function team(instances: Started[], tokens: string[]): Promise<number[]> {
  const statuses: number[] = [];
  await Promise.all(
    tokens.map(async (token, i) => {
      let next = 0;
      const base = instances[i % instances.length].url;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < paths.length) statuses.push((await get(base, paths[next++], token)).status);
        }),
      );
    }),
  );
  return statuses;
}

/** Redis timeouts in an instance's /metrics, every command's added up. */
const timeouts = async (g: Started) =>
  [...(await admin(g, "/metrics")).body.matchAll(/^mdq_gateway_redis_timeouts_total\{command="\w+"\} (\d+)$/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
const alone = (g: Started) => g.logs.filter((l) => /answers alone/.test(l));

describe("two instances on a Redis that answers every command 80 ms late", () => {
  let redis: RedisServer;
  let proxy: SlowProxy;
  let upstream: CountingUpstream;
  let a: Started;
  let b: Started;
  const time = clock();

  beforeAll(async () => {
    redis = await startRedis();
    proxy = await slowProxy(redis.port, LATE_MS);
    upstream = await countingUpstream();
    // Upstream answers take a while, so calls for one path overlap on both instances.
    upstream.delayMs = 100;
    a = await gateway(upstream.url, { redisUrl: proxy.url, now: time.now });
    b = await gateway(upstream.url, { redisUrl: proxy.url, now: time.now });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await upstream?.close();
    await proxy?.close();
    redis?.kill();
  });

  test("20 analysts x 60 paths cost exactly 60 upstream requests, every call answered 200; a second round costs none", async () => {
    expect(new Set(paths).size).toBe(60);
    const tokens = [
      ...(
        await redisTokens(
          redis.url,
          Array.from({ length: ANALYSTS }, (_, i) => `analyst-${i + 1}`),
        )
      ).values(),
    ];
    const first = await team([a, b], tokens);
    expect(first).toHaveLength(ANALYSTS * paths.length);
    expect(first.filter((s) => s !== 200)).toEqual([]);
    expect(upstream.seen).toHaveLength(60);
    expect(new Set(upstream.seen).size).toBe(60);
    // Busy is not dead: neither instance ever worked alone.
    expect([...alone(a), ...alone(b)]).toEqual([]);
    const second = await team([a, b], tokens);
    expect(second.filter((s) => s !== 200)).toEqual([]);
    expect(upstream.seen).toHaveLength(60);
  }, 180_000);
});

test("answers fetched during a 5 s Redis stop are served by the other instance afterwards without an upstream request; /metrics counts the timeouts", async () => {
  const redis = await startRedis();
  const proxy = await slowProxy(redis.port, LATE_MS);
  const upstream = await countingUpstream();
  const time = clock();
  const a = await gateway(upstream.url, { redisUrl: proxy.url, now: time.now });
  const b = await gateway(upstream.url, { redisUrl: proxy.url, now: time.now });
  const client = createClient({ url: redis.url });
  await client.connect();
  const { ann, ben } = Object.fromEntries(await redisTokens(redis.url, ["ann", "ben"]));
  const alonePaths = [911, 912, 913, 914].map((page) => `/v1/news/?page=${page}`);
  try {
    expect((await get(a.url, "/v1/news/?page=910", ann)).status).toBe(200);
    expect((await get(b.url, "/v1/news/?page=910", ben)).status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
    expect(await timeouts(a)).toBe(0);

    redis.stall();
    const stopped = Date.now();
    try {
      for (const path of alonePaths) expect((await get(a.url, path, ann)).status).toBe(200);
      expect(upstream.seen).toHaveLength(1 + alonePaths.length);
      expect(JSON.parse((await get(a.url, "/readyz")).body)).toMatchObject({ ready: false, mode: "degraded" });
      await sleep(Math.max(0, 5000 - (Date.now() - stopped)));
    } finally {
      redis.resume();
    }
    // A's probe finds Redis again; it then shares what it fetched alone (markers and bodies).
    expect(await eventually(async () => (await get(a.url, "/readyz")).status === 200)).toBe(true);
    expect(
      await eventually(
        async () => ((await client.sendCommand(["KEYS", "mdq:gw:at:*page=91[1-4]*"])) as string[]).length === alonePaths.length,
      ),
    ).toBe(true);
    for (const path of alonePaths) {
      const served = await get(b.url, path, ben);
      expect([served.status, served.headers.get("mdq-cache")]).toEqual([200, "hit"]);
    }
    expect(upstream.seen).toHaveLength(1 + alonePaths.length);
    expect(await timeouts(a)).toBeGreaterThan(0);
  } finally {
    client.destroy();
    await a.close();
    await b.close();
    await upstream.close();
    await proxy.close();
    redis.kill();
  }
}, 60_000);
