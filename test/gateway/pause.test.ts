// The upstream's pause is trusted only so far: whatever Retry-After a 429 carries (10^11 s, a date
// in year 9999, 1e+24, negative, garbage), every instance holds misses for 1 s to 10 minutes, the
// key in Redis expires with the pause, clients are never told to wait longer, and the operator
// sees it (/readyz, /metrics, `mdq gateway pause`) and can end it.
import { main } from "../../src/cli/main";
import { PAUSE_CAP_SECONDS, PAUSE_KEY, pauseSecondsOf } from "../../src/gateway/pause";
import { RedisState } from "../../src/gateway/redis-state";
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
  tokenFile,
} from "./harness";

const CAP_MS = PAUSE_CAP_SECONDS * 1000;
const YEAR_9999 = "Fri, 31 Dec 9999 23:59:59 GMT";
let pages = 0;
/** A request no test has asked for yet: nothing cached answers it. */
const unasked = () => `/v1/news/?page=${++pages}`;

let redis: RedisServer;
let upstream: CountingUpstream;
let store: RedisState;
beforeAll(async () => {
  redis = await startRedis();
  upstream = await countingUpstream();
  store = new RedisState({ url: redis.url, commandMs: 5000 });
  await store.connect();
});
afterAll(async () => {
  store?.close();
  await upstream?.close();
  redis?.kill();
});
afterEach(async () => {
  upstream.script = undefined;
  await store.remove(PAUSE_KEY);
});

async function mdq(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main({
    argv,
    env: {},
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    fetch: () => Promise.reject(new Error("none")),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("any Retry-After pauses for 1 s to the cap; garbage means the default", () => {
  const now = Date.parse("2025-06-18T03:00:00Z");
  expect(pauseSecondsOf("99999999999", 30, now)).toBe(PAUSE_CAP_SECONDS);
  expect(pauseSecondsOf(YEAR_9999, 30, now)).toBe(PAUSE_CAP_SECONDS);
  expect(pauseSecondsOf("1e+24", 30, now)).toBe(30);
  expect(pauseSecondsOf("-5", 30, now)).toBe(1);
  expect(pauseSecondsOf("0", 30, now)).toBe(1);
  expect(pauseSecondsOf("soon", 30, now)).toBe(30);
  expect(pauseSecondsOf(null, 30, now)).toBe(30);
  expect(pauseSecondsOf("120", 30, now)).toBe(120);
});

describe.each([
  ["10^11 seconds", "99999999999"],
  ["a date in year 9999", YEAR_9999],
])("a 429 with Retry-After of %s, two instances on one Redis", (_, retryAfter) => {
  let a: Started;
  let b: Started;
  let token: string;
  const time = clock();
  beforeAll(async () => {
    a = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 5000 });
    b = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 5000 });
    token = [...(await redisTokens(redis.url, [`pause-${retryAfter.length}`])).values()][0];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  test("pauses the team for at most the cap, says so everywhere, and the next miss after it probes again", async () => {
    upstream.script = () => [429, JSON.stringify({ detail: "Too many requests" }), { "Retry-After": retryAfter }];
    const before = upstream.seen.length;
    const first = await get(a.url, unasked(), token);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get("retry-after"))).toBe(PAUSE_CAP_SECONDS);
    // In Redis: the key expires with the pause.
    const left = await store.timeLeft(PAUSE_KEY);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(CAP_MS);
    // The other instance holds its misses, and tells its clients no more than the cap.
    const held = await get(b.url, unasked(), token);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeLessThanOrEqual(PAUSE_CAP_SECONDS);
    expect(upstream.seen.length).toBe(before + 1);
    // Visible to the operator.
    const ready = JSON.parse((await get(b.url, "/readyz")).body);
    expect(ready.pause.seconds).toBeLessThanOrEqual(PAUSE_CAP_SECONDS);
    expect(ready.pause.seconds).toBeGreaterThan(0);
    expect(ready.pause.reason).toMatch(/the upstream answered 429/);
    const gauge = Number(/^mdq_gateway_upstream_pause_seconds (\S+)$/m.exec((await admin(a, "/metrics")).body)?.[1]);
    expect(gauge).toBeGreaterThan(0);
    expect(gauge).toBeLessThanOrEqual(PAUSE_CAP_SECONDS);
    const shown = await mdq(["gateway", "pause", "--redis", redis.url]);
    expect(shown.out).toMatch(/holds misses on every instance for \d+ s more/);
    // Past the cap, the next miss goes upstream again.
    upstream.script = undefined;
    time.advance(CAP_MS + 1000);
    expect((await get(b.url, unasked(), token)).status).toBe(200);
    expect(upstream.seen.length).toBe(before + 2);
    expect(JSON.parse((await get(a.url, "/readyz")).body).pause).toBeUndefined();
    // No Redis command was refused along the way (a PX Redis rejects would log a warning).
    expect([...a.logs, ...b.logs].filter((l) => /"level":"warn"/.test(l))).toEqual([]);
  });
});

test("`mdq gateway pause clear` ends the pause on every instance; without Redis it says where the pause lives", async () => {
  const time = clock();
  const a = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 5000 });
  const { ivan } = Object.fromEntries(await redisTokens(redis.url, ["ivan"]));
  try {
    upstream.script = () => [429, "{}", { "Retry-After": "300" }];
    expect((await get(a.url, unasked(), ivan)).status).toBe(429);
    upstream.script = undefined;
    const path = unasked();
    expect((await get(a.url, path, ivan)).status).toBe(429);
    const cleared = await mdq(["gateway", "pause", "clear", "--redis", redis.url]);
    expect([cleared.code, cleared.out]).toEqual([0, expect.stringMatching(/^Ended the upstream's pause in Redis at 127\.0\.0\.1:\d+/)]);
    expect(await store.timeLeft(PAUSE_KEY)).toBeUndefined();
    expect((await get(a.url, path, ivan)).status).toBe(200);
    expect((await mdq(["gateway", "pause", "--redis", redis.url])).out).toMatch(/^No pause in Redis/);
  } finally {
    await a.close();
  }
  const embedded = await mdq(["gateway", "pause", "clear"]);
  expect(embedded.code).toBe(1);
  expect(embedded.err).toMatch(/keeps the upstream's pause in its own process.*ends by itself within 600 s/);
});

test("embedded: a year-9999 date pauses at most the cap; a 503's Retry-After reaches clients capped", async () => {
  const tokens = tokenFile();
  const token = await tokens.add("judy");
  const time = clock();
  const g = await gateway(upstream.url, { tokenFile: tokens.path, now: time.now });
  try {
    upstream.script = () => [429, "{}", { "Retry-After": YEAR_9999 }];
    expect(Number((await get(g.url, unasked(), token)).headers.get("retry-after"))).toBe(PAUSE_CAP_SECONDS);
    expect(JSON.parse((await get(g.url, "/readyz")).body).pause.seconds).toBe(PAUSE_CAP_SECONDS);
    upstream.script = () => [503, "{}", { "Retry-After": "99999999999" }];
    time.advance(CAP_MS);
    const unavailable = await get(g.url, unasked(), token);
    expect([unavailable.status, unavailable.headers.get("retry-after")]).toEqual([503, String(PAUSE_CAP_SECONDS)]);
  } finally {
    await g.close();
  }
});
