// Fair shares of the team's upstream budget: one token cannot spend it all. Past its share (10% by
// default) a token borrows only while 4 shares stay unspent for the others; a share set by name is
// a hard cap. Counted in one step with the team's counter, in memory and in a real Redis alike.
import { createClient } from "@redis/client";
import { Answers } from "../../src/gateway/answers";
import { Lifetimes } from "../../src/gateway/lifetimes";
import { DEFAULT_TEAM_BUDGET, type Refusal, spendTeamBudget } from "../../src/gateway/limits";
import { createMetrics } from "../../src/gateway/metrics";
import { RedisState } from "../../src/gateway/redis-state";
import { DEFAULT_SHARES, sharesOf } from "../../src/gateway/shares";
import { type BudgetWindow, MemoryState, type Overspent, type SharedState } from "../../src/gateway/state";
import {
  clock,
  commandSays,
  countingUpstream,
  gateway,
  get,
  type RedisServer,
  redisTokens,
  type Started,
  shown,
  startRedis,
  tokenFile,
} from "./harness";

jest.setTimeout(120_000);

/** `n` GETs of `paths(i)`, `at` a time (bounded concurrency); their statuses and bodies in order. */
async function many<T>(n: number, at: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: at }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await send(i);
      }
    }),
  );
  return out;
}

const messageOf = (body: string) => String(JSON.parse(body).message);

const SHARE = /^your gateway token '(.+?)' used its share of the team's budget/;

describe("one token sending 2,000 distinct misses in a minute against default limits", () => {
  /** The flood, then another token's miss; what the upstream saw of each. */
  async function flood(gateways: Started[], alice: string, bob: string, seen: () => string[]) {
    const answers = await many(2000, 50, (i) => get(gateways[i % gateways.length].url, `/v1/news/?page=${i + 1}`, alice));
    const passed = answers.filter((a) => a.status === 200).length;
    const refusals = answers.filter((a) => a.status === 429).map((a) => messageOf(a.body));
    expect(passed + refusals.length).toBe(2000);
    // 600 a minute, less the reserve of 4 shares (240) kept for the others: 360 go upstream.
    expect(passed).toBe(360);
    expect(seen()).toHaveLength(360);
    const byShare = refusals.filter((m) => SHARE.test(m));
    // Past its 600 requests a minute the token's rate limit answers (with Redis and two instances,
    // up to 64 more may reach the share check: local-counts.ts's bounded error).
    expect(byShare.length).toBeGreaterThanOrEqual(240);
    expect(byShare[0]).toBe(
      "your gateway token 'alice' used its share of the team's budget: 60 of this minute's 600 upstream requests (10% + 300 borrowed); held answers are served, new ones in 1 min",
    );
    expect(shown(answers.find((a) => SHARE.test(messageOf(a.body)))!)).toBe(
      `MDQ: the service's rate limit was reached (429): ${byShare[0]}. Wait a minute, then recalculate.`,
    );
    expect(refusals.every((m) => SHARE.test(m) || /has made its 600 requests of this minute/.test(m))).toBe(true);
    // Another person's miss in that same minute is answered from the upstream.
    const other = await get(gateways[0].url, "/v1/news/?page=5000", bob);
    expect([other.status, other.headers.get("mdq-cache")]).toEqual([200, "miss"]);
    expect(seen()).toHaveLength(361);
    expect(seen().at(-1)).toBe("/v1/news/?page=5000");
  }

  test("embedded: the other token's miss is answered 200 from the upstream", async () => {
    const upstream = await countingUpstream();
    upstream.script = () => [200, '{"rows":[]}'];
    const tokens = tokenFile();
    const alice = await tokens.add("alice");
    const bob = await tokens.add("bob");
    const g = await gateway(upstream.url, { tokenFile: tokens.path, now: clock().now });
    try {
      await flood([g], alice, bob, () => upstream.seen);
    } finally {
      await g.close();
      await upstream.close();
    }
  });

  test("two instances on one Redis: the share is exact across them", async () => {
    const redis = await startRedis();
    const upstream = await countingUpstream();
    upstream.script = () => [200, '{"rows":[]}'];
    const { alice, bob } = Object.fromEntries(await redisTokens(redis.url, ["alice", "bob"]));
    const time = clock();
    const options = { redisUrl: redis.url, now: time.now, redisCommandMs: 15_000 };
    const a = await gateway(upstream.url, options);
    const b = await gateway(upstream.url, options);
    try {
      await flood([a, b], alice, bob, () => upstream.seen);
      // Redis answered all along: the counts were shared, not each instance's own.
      expect([...a.logs, ...b.logs].filter((line) => /"level":"warn"/.test(line))).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await upstream.close();
      redis.kill();
    }
  });
});

describe("borrowing, hard caps and refusals that cost nothing", () => {
  const budget = { perMinute: 100, perDay: 0 };

  /** Five people at a budget of 100 a minute: shares of 10, a reserve of 40. */
  async function team(mode: "embedded" | "redis", shares = DEFAULT_SHARES) {
    const upstream = await countingUpstream();
    upstream.script = () => [200, '{"rows":[]}'];
    const names = ["ana", "ben", "cat", "dan", "eve", "fay", "tracker"];
    let tokens: Record<string, string>;
    let g: Started;
    let redis: RedisServer | undefined;
    const time = clock();
    if (mode === "redis") {
      // A Redis of its own: the team's counters are the team's, whoever asks.
      redis = await startRedis();
      tokens = Object.fromEntries(await redisTokens(redis.url, names));
      g = await gateway(upstream.url, { redisUrl: redis.url, now: time.now, redisCommandMs: 15_000, teamBudget: budget, shares });
    } else {
      const file = tokenFile();
      tokens = {};
      for (const n of names) tokens[n] = await file.add(n);
      g = await gateway(upstream.url, { tokenFile: file.path, now: time.now, teamBudget: budget, shares });
    }
    let page = 0;
    const miss = (name: string) => get(g.url, `/v1/news/?page=${++page}`, tokens[name]);
    const close = async () => {
      await g.close();
      await upstream.close();
      redis?.kill();
    };
    return { upstream, miss, time, close };
  }

  test.each(["embedded", "redis"] as const)(
    "a lone token borrows up to budget − reserve; then four more each miss their whole share (%s)",
    async (mode) => {
      const t = await team(mode);
      try {
        const ana = [];
        for (let i = 0; i < 70; i++) ana.push(await t.miss("ana"));
        // 10 within its share, 50 borrowed: 40 stay for the others.
        expect(ana.filter((a) => a.status === 200)).toHaveLength(60);
        const refused = ana.filter((a) => a.status === 429);
        expect(refused).toHaveLength(10);
        const said = messageOf(refused[0].body);
        expect(said).toMatch(
          /^your gateway token 'ana' used its share of the team's budget: 10 of this minute's 100 upstream requests \(10% \+ 50 borrowed\)/,
        );
        expect(said).not.toMatch(/ben|cat|dan|eve|fay/);
        expect(Number(refused[0].headers.get("retry-after"))).toBe(60);
        // Ana's 10 refused misses cost the team nothing: the 40 left are four people's whole shares.
        for (const name of ["ben", "cat", "dan", "eve"]) {
          const theirs = [];
          for (let i = 0; i < 10; i++) theirs.push((await t.miss(name)).status);
          expect(theirs).toEqual(Array(10).fill(200));
        }
        expect(t.upstream.seen).toHaveLength(100);
        // The budget is spent: now the team's refusal, for everyone.
        const fay = await t.miss("fay");
        expect([fay.status, messageOf(fay.body)]).toEqual([
          429,
          expect.stringMatching(/^the team's gateway has sent the service its 100 requests of this minute/),
        ]);
        expect(t.upstream.seen).toHaveLength(100);
        // The next minute, ana starts again from its share.
        t.time.advance(60_000);
        expect((await t.miss("ana")).status).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  test.each(["embedded", "redis"] as const)("a share set by name is a hard cap, never borrowed past (%s)", async (mode) => {
    const t = await team(mode, sharesOf(undefined, [{ from: "--share", text: "tracker=5" }]));
    try {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push(await t.miss("tracker"));
      expect(statuses.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(messageOf(statuses[5].body)).toBe(
        "your gateway token 'tracker' used its share of the team's budget: 5 of this minute's 100 upstream requests (5%); held answers are served, new ones in 1 min",
      );
      // What a cell shows: the message whole, as the front ends read a 429 (shared/answer/classify.ts).
      expect(shown(statuses[5])).toBe(
        "MDQ: the service's rate limit was reached (429): your gateway token 'tracker' used its share of the team's budget: 5 of this minute's 100 upstream requests (5%); held answers are served, new ones in 1 min. Wait a minute, then recalculate.",
      );
      expect(t.upstream.seen).toHaveLength(5);
      // Everyone else keeps the default share and may borrow.
      for (let i = 0; i < 15; i++) expect((await t.miss("ana")).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

test("a day's share is said with the day's numbers and the time to midnight UTC; stale answers still go to clients that take them", async () => {
  const upstream = await countingUpstream();
  upstream.script = () => [200, '{"rows":[]}'];
  const file = tokenFile();
  const kim = await file.add("kim");
  const time = clock();
  const g = await gateway(upstream.url, {
    tokenFile: file.path,
    now: time.now, // 03:00 UTC: 21 h to midnight
    teamBudget: { perMinute: 0, perDay: 1000 },
    shares: sharesOf(undefined, [{ from: "--share", text: "kim=0.5" }]),
  });
  try {
    for (let i = 0; i < 5; i++) expect((await get(g.url, `/v1/news/?page=${i + 1}`, kim)).status).toBe(200);
    const refused = await get(g.url, "/v1/news/?page=6", kim);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBe(21 * 3600);
    expect(messageOf(refused.body)).toBe(
      "your gateway token 'kim' used its share of the team's budget: 5 of today's 1,000 upstream requests (0.5%); held answers are served, new ones in 21 h 0 min (midnight UTC)",
    );
    // Once page 1 is past its lifetime, a client that takes stale answers gets it; the others the 429.
    time.advance((new Lifetimes().of(["v1", "news"], time.now()) + 60) * 1000);
    expect((await get(g.url, "/v1/news/?page=1", kim)).status).toBe(429);
    const stale = await get(g.url, "/v1/news/?page=1", kim, { "Cache-Control": "stale-if-error=86400" });
    expect([stale.status, stale.headers.get("mdq-cache"), stale.headers.get("mdq-stale-reason")]).toEqual([
      200,
      "stale",
      "this token's share of the team's upstream budget is spent",
    ]);
    expect(upstream.seen).toHaveLength(5);
  } finally {
    await g.close();
    await upstream.close();
  }
});

test("a day's default share: 2,000 of 20,000, borrowed up to 12,000; the longest message still fits a cell", async () => {
  const state = new MemoryState(Date.now);
  const now = Date.parse("2025-06-18T03:00:00Z");
  // The day alone: the minute's budget (600) is another test's.
  const day = { ...DEFAULT_TEAM_BUDGET, perMinute: 0 };
  let spent = 0;
  let refusal: Refusal | undefined;
  // Bounded: past the budget the team's refusal would come at the latest.
  for (; spent <= 20_000; spent++) {
    refusal = await spendTeamBudget(state, now, day, "q3-tracker-1");
    if (refusal) break;
  }
  expect(spent).toBe(12_000);
  expect(refusal).toEqual({
    reason: "share",
    retryAfter: 21 * 3600,
    message:
      "your gateway token 'q3-tracker-1' used its share of the team's budget: 2,000 of today's 20,000 upstream requests (10% + 10,000 borrowed); held answers are served, new ones in 21 h 0 min (midnight UTC)",
  });
  const body = JSON.stringify({ error: refusal!.message, message: refusal!.message });
  expect(shown({ status: 429, body, headers: new Headers({ "retry-after": "75600" }) })).toBe(
    `MDQ: the service's rate limit was reached (429): ${refusal!.message}. Wait a minute, then recalculate.`,
  );
  // The others' 8,000 stay: another token's miss goes through.
  expect(await spendTeamBudget(state, now, day, "ana")).toBeUndefined();
  // Once the others have spent them too, the team's own refusal also fits a cell whole.
  let team: Refusal | undefined;
  for (let i = 0; i < 400 && !team; i++) {
    for (let t = 0; t < 25 && !team; t++) team = await spendTeamBudget(state, now, day, `analyst-${i}`);
  }
  expect(team?.reason).toBe("team");
  const teamBody = JSON.stringify({ error: team!.message, message: team!.message });
  expect(shown({ status: 429, body: teamBody, headers: new Headers({ "retry-after": "75600" }) })).toBe(
    `MDQ: the service's rate limit was reached (429): ${team!.message}. Wait a minute, then recalculate.`,
  );
});

test("a small budget keeps a reserve of 4 × its percent, not of its rounded share", async () => {
  // 5 a minute at 10%: each share rounds up to 1, the reserve is 2 (40% of 5).
  const state = new MemoryState(Date.now);
  const spend = (name: string) => spendTeamBudget(state, 0, { perMinute: 5, perDay: 0 }, name);
  const ana = [];
  for (let i = 0; i < 4; i++) ana.push((await spend("ana"))?.reason);
  expect(ana).toEqual([undefined, undefined, undefined, "share"]);
  expect([(await spend("ben"))?.reason, (await spend("cat"))?.reason, (await spend("dan"))?.reason]).toEqual([
    undefined,
    undefined,
    "team",
  ]);
});

test("the memory state and Redis's script follow the same rule, and a refusal counts nothing", async () => {
  const redis = await startRedis();
  const store = new RedisState({ url: redis.url });
  await store.connect();
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const windows = (token: string, shareOf: number, reserve: number, minute = 7): BudgetWindow[] => [
      { team: "t:m", share: `s:m:${token}`, window: minute, budget: 10, shareOf, reserve },
      { team: "t:d", share: `s:d:${token}`, window: 3, budget: 12, shareOf: 100, reserve: 0 },
    ];
    const run = async (state: SharedState) => {
      const outcomes: (Overspent | undefined)[] = [];
      const spend = async (times: number, w: BudgetWindow[]) => {
        for (let i = 0; i < times; i++) outcomes.push(await state.spend(w));
      };
      await spend(8, windows("a", 2, 4));
      await spend(6, windows("b", 2, 10));
      await spend(3, windows("c", 5, 10));
      await spend(3, windows("d", 100, 0, 8));
      return outcomes;
    };
    const memory = await run(new MemoryState(Date.now));
    expect(await run(store)).toEqual(memory);
    const no = undefined;
    const share = (used: number) => ({ index: 0, reason: "share", used });
    expect(memory).toEqual([
      // a: 2 within its share, 4 borrowed (10 − 4 kept for the others), then refused.
      ...[no, no, no, no, no, no, share(6), share(6)],
      // b, a hard cap (its reserve the whole budget): its 2, then refused.
      ...[no, no, share(2), share(2), share(2), share(2)],
      // c: the minute's 10 are spent by its second.
      ...[no, no, { index: 0, reason: "team", used: 2 }],
      // d, the next minute: the day's 12 are spent by its second.
      ...[no, no, { index: 1, reason: "team", used: 2 }],
    ]);
    // Refusals added nothing: the minute's team counter holds 10 and then 2, each window alone.
    const hash = async (key: string) => client.sendCommand(["HGETALL", `mdq:gw:${key}`]);
    expect(await hash("t:m")).toEqual({ 8: "2" });
    expect(await hash("t:d")).toEqual({ 3: "12" });
    expect([await hash("s:m:a"), await hash("s:m:b"), await hash("s:m:c"), await hash("s:m:d")]).toEqual([
      { 7: "6" },
      { 7: "2" },
      { 7: "2" },
      { 8: "2" },
    ]);
  } finally {
    client.destroy();
    store.close();
    redis.kill();
  }
});

test("the share flags are percents and NAME=PERCENT with a token's name, from the command line or the environment", async () => {
  const run = commandSays;
  expect(await run(["gateway", "--token-share", "0"])).toEqual({
    code: 2,
    err: 'mdq gateway: --token-share must be a percent of the team\'s budget above 0 and at most 100 (two decimals at most), such as 10 or 2.5 (got "0")',
  });
  expect((await run(["gateway", "--token-share=101"])).err).toMatch(/--token-share must be a percent .* \(got "101"\)/);
  expect((await run(["gateway"], { MDQ_GATEWAY_TOKEN_SHARE: "ten" })).err).toMatch(
    /MDQ_GATEWAY_TOKEN_SHARE must be a percent .* \(got "ten"\)/,
  );
  expect(await run(["gateway", "--share", "tracker"])).toEqual({
    code: 2,
    err: `mdq gateway: --share must be NAME=PERCENT, such as q3-tracker=2: a token's name, then a percent of the team's budget above 0 and at most 100 (two decimals at most), such as 10 or 2.5 (got "tracker")`,
  });
  expect((await run(["gateway", "--share", "tracker=-1"])).err).toMatch(/--share must be NAME=PERCENT.*\(got "tracker=-1"\)/);
  expect((await run(["gateway", "--share", "=5"])).err).toMatch(
    /--share must be NAME=PERCENT with a token's name \(got "=5"\): a token name is 1 to 64/,
  );
  expect((await run(["gateway"], { MDQ_GATEWAY_SHARES: "ok=5,bad name=2" })).err).toMatch(
    /MDQ_GATEWAY_SHARES must be NAME=PERCENT with a token's name \(got "bad name=2"\)/,
  );
  expect(
    sharesOf({ from: "--token-share", text: "2.5" }, [
      { from: "MDQ_GATEWAY_SHARES", text: "q3-tracker=2" },
      { from: "--share", text: " q3-tracker = 1 " },
      { from: "--share", text: "boss=100" },
    ]),
  ).toEqual({
    percent: 2.5,
    named: new Map([
      ["q3-tracker", 1],
      ["boss", 100],
    ]),
  });
  expect((await run(["gateway", "--help"])).err).toBe("");
});

test("a request that joins another token's flight refused by its share tries with its own share", async () => {
  const time = clock();
  let hold: Promise<void> | undefined;
  /** Memory whose budget step waits while held: a second request joins the first's flight. */
  class Held extends MemoryState {
    override async spend(windows: readonly BudgetWindow[]) {
      await hold;
      return super.spend(windows);
    }
  }
  const calls: string[] = [];
  const answers = new Answers({
    shared: new Held(time.now),
    shareAnswers: false,
    now: time.now,
    metrics: createMetrics(),
    staleMs: 60_000,
    upstreamMs: 5000,
    teamBudget: { perMinute: 100, perDay: 0 },
    shares: sharesOf(undefined, [{ from: "--share", text: "tracker=1" }]),
    upstream: async (path) => {
      calls.push(path);
      return { status: 200, body: Buffer.from("{}") };
    },
  });
  expect((await answers.serve("k0", "/v1/x/?0", 60, undefined, "tracker")).cache).toBe("miss");
  // The tracker's share (1) is spent; ana's request joins its flight before it is refused.
  let release: () => void = () => undefined;
  hold = new Promise<void>((r) => (release = r));
  const tracker = answers.serve("k1", "/v1/x/?1", 60, undefined, "tracker");
  const ana = answers.serve("k1", "/v1/x/?1", 60, undefined, "ana");
  release();
  const [t, a] = await Promise.all([tracker, ana]);
  expect([t.status, t.refusedBy]).toEqual([429, "share"]);
  expect(String(t.body)).toMatch(/'tracker'/);
  expect([a.status, a.cache]).toEqual([200, "miss"]);
  expect(calls).toEqual(["/v1/x/?0", "/v1/x/?1"]);
});
