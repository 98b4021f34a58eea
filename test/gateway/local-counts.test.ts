// A token's limits counted in each instance's memory and sent to Redis in batches
// (src/gateway/local-counts.ts): no Redis command per request below a limit, a limit held exactly
// by one instance and within the documented bound by two, and counts made while Redis was stalled
// reach it once it answers again.
import { createClient } from "@redis/client";
import { FLUSH_EVERY } from "../../src/gateway/local-counts";
import { PREFIX, RedisState } from "../../src/gateway/redis-state";
import { ResilientState } from "../../src/gateway/resilient";
import { clock, countingUpstream, gateway, get, type RedisServer, redisTokens, startRedis } from "./harness";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.kill());

/** The team-wide count Redis holds for a counter's window. */
async function stored(key: string, window: number): Promise<number> {
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    return Number((await client.hGet(PREFIX + key, String(window))) ?? 0);
  } finally {
    client.destroy();
  }
}

/** A ResilientState whose batches are sent only when the test says (the timer an hour away). */
async function instance(commandMs = 5000) {
  const store = new RedisState({ url: redis.url, commandMs });
  await store.connect();
  const state = new ResilientState(store, { now: clock().now, flushMs: 3_600_000 });
  return {
    state,
    close: () => {
      state.close();
      store.close();
    },
  };
}

/** Stalls Redis until `state`'s breaker opens (its next batch finds the stall: kept, and the probe
 *  gets no answer either), runs `alone`, then lets Redis answer until the instance shares again and
 *  has sent what it counted meanwhile. Every wait bounded. */
async function stalledWhile(state: ResilientState, alone: () => Promise<void>): Promise<void> {
  redis.stall();
  try {
    await state.flushCounts();
    for (let tries = 0; state.shared && tries < 200; tries++) await sleep(50);
    expect(state.shared).toBe(false);
    await alone();
  } finally {
    redis.resume();
  }
  for (let tries = 0; !state.shared && tries < 200; tries++) await sleep(50);
  expect(state.shared).toBe(true);
  await state.flushCounts();
}

test("below a limit a request is counted in memory, no Redis command; a batch sends the increments at once", async () => {
  const { state, close } = await instance();
  const counter = { key: "limit:rate:batched", window: 7, limit: 1000 };
  try {
    for (let i = 1; i <= 10; i++) expect(await state.countBatched([counter])).toEqual([i]);
    expect(await stored(counter.key, 7)).toBe(0);
    await state.flushCounts();
    expect(await stored(counter.key, 7)).toBe(10);
    // Full batches go without waiting for the timer.
    for (let i = 0; i < FLUSH_EVERY; i++) await state.countBatched([counter]);
    await state.flushCounts();
    expect(await stored(counter.key, 7)).toBe(10 + FLUSH_EVERY);
  } finally {
    close();
  }
});

test("increments counted while Redis was stalled reach it once it answers again", async () => {
  const { state, close } = await instance(200);
  const counter = { key: "limit:rate:stalled", window: 3, limit: 1000 };
  try {
    for (let i = 0; i < 5; i++) await state.countBatched([counter]);
    // Counting carries on alone.
    await stalledWhile(state, async () => {
      for (let i = 6; i <= 8; i++) expect(await state.countBatched([counter])).toEqual([i]);
    });
    expect(await stored(counter.key, 3)).toBe(8);
  } finally {
    close();
  }
});

test("misses let through the team's budget while Redis was stalled count for the team once it answers again", async () => {
  const { state, close } = await instance(200);
  const window = { team: "limit:team:rate", share: "limit:share:rate:alone", window: 4, budget: 100, shareOf: 10, reserve: 40 };
  try {
    for (let i = 0; i < 3; i++) expect(await state.spend([window])).toBeUndefined();
    // A token's count waiting to be sent: its batch is what finds the stall.
    await state.countBatched([{ key: "limit:rate:alone", window: 4, limit: 1000 }]);
    // Alone, by the same rule over this instance's view (the 3 Redis counted, then its own): past
    // the share only while 40 of the 100 stay unspent.
    await stalledWhile(state, async () => {
      for (let i = 0; i < 57; i++) expect(await state.spend([window])).toBeUndefined();
      expect(await state.spend([window])).toEqual({ index: 0, reason: "share", used: 60 });
    });
    expect([await stored(window.team, 4), await stored(window.share, 4)]).toEqual([60, 60]);
  } finally {
    close();
  }
});

describe("through gateways", () => {
  test("one instance with a limit of 100 lets exactly 100 through (synchronous near the limit)", async () => {
    const upstream = await countingUpstream();
    const g = await gateway(upstream.url, {
      redisUrl: redis.url,
      redisCommandMs: 5000,
      now: clock().now,
      limits: { perMinute: 100, perDay: 0 },
    });
    const { ida } = Object.fromEntries(await redisTokens(redis.url, ["ida"]));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) statuses.push((await get(g.url, "/v1/klse/companies/top/", ida)).status);
      expect(statuses.filter((s) => s === 200).length).toBe(100);
      expect(statuses.slice(100)).toEqual(Array(30).fill(429));
    } finally {
      await g.close();
      await upstream.close();
    }
  });

  test("two instances with a limit of 100: of 400 requests, at most 100 + 2 × FLUSH_EVERY pass (the documented bound for two)", async () => {
    const upstream = await countingUpstream();
    const options = { redisUrl: redis.url, redisCommandMs: 5000, now: clock().now, limits: { perMinute: 100, perDay: 0 } };
    const a = await gateway(upstream.url, options);
    const b = await gateway(upstream.url, options);
    const { jack } = Object.fromEntries(await redisTokens(redis.url, ["jack"]));
    try {
      let passed = 0;
      for (let i = 0; i < 400; i++) if ((await get((i % 2 ? a : b).url, "/v1/klse/companies/top/", jack)).status === 200) passed++;
      expect(passed).toBeGreaterThanOrEqual(100);
      expect(passed).toBeLessThanOrEqual(100 + 2 * FLUSH_EVERY);
    } finally {
      await a.close();
      await b.close();
      await upstream.close();
    }
  });
});
