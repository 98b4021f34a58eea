// Limits across two instances sharing one Redis: a token's requests a minute and a day are
// counted together, and the upstream's own 429 pauses both instances, not each request.
import {
  type CountingUpstream,
  clock,
  countingUpstream,
  gateway,
  get,
  type RedisServer,
  redisTokens,
  type Started,
  shown,
  startRedis,
} from "./harness";

let redis: RedisServer;
let upstream: CountingUpstream;
beforeAll(async () => {
  redis = await startRedis();
  upstream = await countingUpstream();
});
afterAll(async () => {
  await upstream?.close();
  redis?.kill();
});

/** Redis is given time to answer on a loaded machine: these tests are about counting, not speed. */
async function pair(options: Parameters<typeof gateway>[1]): Promise<Started[]> {
  return [
    await gateway(upstream.url, { redisUrl: redis.url, redisCommandMs: 5000, ...options }),
    await gateway(upstream.url, { redisUrl: redis.url, redisCommandMs: 5000, ...options }),
  ];
}

test("a token's rate limit holds across instances, as a 429 with Retry-After and a sentence front ends show", async () => {
  const time = clock(Date.parse("2025-06-18T03:00:15Z"));
  const [a, b] = await pair({ now: time.now, limits: { perMinute: 5, perDay: 0 } });
  const { carol, dan } = Object.fromEntries(await redisTokens(redis.url, ["carol", "dan"]));
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await get(a.url, "/v1/klse/companies/top/", carol)).status);
      statuses.push((await get(b.url, "/v1/klse/companies/top/", carol)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await get(a.url, "/v1/klse/companies/top/", carol);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(shown(refused)).toBe(
      "MDQ: the service's rate limit was reached (429): your gateway token 'carol' has made its 5 requests of this minute; the team's gateway takes more in 45 s. Wait a minute, then recalculate.",
    );
    // Another person's token has its own count.
    expect((await get(b.url, "/v1/klse/companies/top/", dan)).status).toBe(200);
    // The next minute, carol may go on.
    time.advance(45_000);
    expect((await get(b.url, "/v1/klse/companies/top/", carol)).status).toBe(200);
  } finally {
    await a.close();
    await b.close();
  }
});

test("a token's daily quota holds across instances and says when it renews", async () => {
  const time = clock(Date.parse("2025-06-18T21:30:00Z"));
  const [a, b] = await pair({ now: time.now, limits: { perMinute: 0, perDay: 4 } });
  const { erin } = Object.fromEntries(await redisTokens(redis.url, ["erin"]));
  try {
    for (const g of [a, b, a, b]) expect((await get(g.url, "/v1/klse/companies/top/", erin)).status).toBe(200);
    const refused = await get(b.url, "/v1/klse/companies/top/", erin);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(2.5 * 3600));
    expect(shown(refused)).toContain(
      "your gateway token 'erin' has used its daily quota of 4 requests; it renews at midnight UTC, in 2 h 30 min",
    );
  } finally {
    await a.close();
    await b.close();
  }
});

test("the upstream's 429 pauses every instance: nothing more reaches it until Retry-After has passed", async () => {
  const time = clock();
  const [a, b] = await pair({ now: time.now });
  const { frank } = Object.fromEntries(await redisTokens(redis.url, ["frank"]));
  upstream.script = () => [429, JSON.stringify({ detail: "Too many requests" }), { "Retry-After": "120" }];
  try {
    const before = upstream.seen.length;
    const first = await get(a.url, "/v1/index-daily/lq45/", frank);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("120");
    expect(upstream.seen.length).toBe(before + 1);
    // Other requests, on the other instance: held by the gateway, not sent.
    for (const path of ["/v1/index-daily/idx30/", "/v1/klse/companies/top/?classifications=pe", "/v1/news/"]) {
      const held = await get(b.url, path, frank);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(shown(held)).toContain("the service asked the team's gateway to slow down");
    }
    expect(upstream.seen.length).toBe(before + 1);
    upstream.script = undefined;
    time.advance(121_000);
    expect((await get(b.url, "/v1/index-daily/idx30/", frank)).status).toBe(200);
    expect(upstream.seen.length).toBe(before + 2);
  } finally {
    upstream.script = undefined;
    await a.close();
    await b.close();
  }
});

test("identical misses on both instances at once make one upstream request, a failure included", async () => {
  // A day later than the pause above, which Redis still holds.
  const [a, b] = await pair({ now: clock(Date.parse("2025-06-19T03:00:00Z")).now });
  const { grace } = Object.fromEntries(await redisTokens(redis.url, ["grace"]));
  upstream.delayMs = 200;
  try {
    for (const [path, scripted, expected] of [
      ["/v1/klse/companies/top/?n_stock=7", undefined, 200],
      ["/v1/klse/companies/top/?n_stock=8", [503, JSON.stringify({ error: "down for maintenance" })], 503],
      ["/v1/financials/quarterly/NOPE/", undefined, 404],
    ] as const) {
      upstream.script = scripted ? () => [scripted[0], scripted[1]] : undefined;
      const before = upstream.seen.length;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get((i % 2 ? a : b).url, path, grace)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(expected));
      expect(upstream.seen.length - before).toBe(1);
    }
  } finally {
    upstream.delayMs = undefined;
    upstream.script = undefined;
    await a.close();
    await b.close();
  }
});
