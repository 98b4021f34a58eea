// The gateway counts, per token, the credits its upstream answers cost (the provider's prices,
// shared/rows/credits.ts): the token whose request went upstream pays; a cache hit, a request that
// joined one already on its way, and an error answer cost nothing, but a 404, which the provider
// bills 1 credit (the lookup ran).
import { admin, type CountingUpstream, countingUpstream, gateway, get, type Started, tokenFile } from "./harness";

let upstream: CountingUpstream;
let g: Started;
const tokens = tokenFile();
let alice: string;
let bob: string;

beforeAll(async () => {
  upstream = await countingUpstream("live");
  alice = await tokens.add("alice");
  bob = await tokens.add("bob");
  g = await gateway(upstream.url, { tokenFile: tokens.path });
});
afterAll(async () => {
  await g?.close();
  await upstream?.close();
});

/** The credits counted for each token, from /metrics. */
async function credits(): Promise<Record<string, number>> {
  const text = (await admin(g, "/metrics")).body;
  return Object.fromEntries([...text.matchAll(/^mdq_gateway_credits_total\{token="([^"]+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
}

test("a miss is billed to its token at the path's price; the same answer from the cache to another, nothing", async () => {
  const path = "/v2/financials/quarterly/BBCA/?n_quarters=8";
  const first = await get(g.url, path, alice);
  expect([first.status, first.headers.get("mdq-cache"), JSON.parse(first.body).length]).toEqual([200, "miss", 8]);
  expect(await credits()).toEqual({ alice: 8 });
  expect((await get(g.url, path, bob)).headers.get("mdq-cache")).toBe("hit");
  expect(await credits()).toEqual({ alice: 8 });
});

test("identical requests at once: one upstream request, billed once, to the token that sent it", async () => {
  const before = upstream.seen.length;
  upstream.delayMs = 50;
  try {
    const path = "/v2/company/report/BBRI/?sections=overview%2Cvaluation";
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(g.url, path, i % 2 ? bob : alice)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  } finally {
    upstream.delayMs = undefined;
  }
  expect(upstream.seen.length - before).toBe(1);
  const after = await credits();
  // Two sections, once: to whichever token's request went upstream.
  expect(after.alice + (after.bob ?? 0)).toBe(8 + 2);
});

test("a 404 (an unknown ticker) is 1 credit, to the token that sent it, once; a 400 or a 5xx, none", async () => {
  const before = await credits();
  expect((await get(g.url, "/v2/financials/quarterly/ZZZZ/?n_quarters=4", bob)).status).toBe(404);
  expect(await credits()).toEqual({ ...before, bob: (before.bob ?? 0) + 1 });
  // Identical requests at once: one goes upstream, and only its token pays.
  upstream.delayMs = 50;
  try {
    const path = "/v2/financials/quarterly/YYYY/?n_quarters=4";
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get(g.url, path, i % 2 ? bob : alice)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(404));
  } finally {
    upstream.delayMs = undefined;
  }
  const after = await credits();
  expect(after.alice + after.bob - (before.alice + (before.bob ?? 0))).toBe(2);
  upstream.script = (url) => (url.includes("XXXX") ? [url.includes("n_quarters=5") ? 400 : 500, '{"error":"no"}'] : undefined);
  try {
    expect((await get(g.url, "/v2/financials/quarterly/XXXX/?n_quarters=5", bob)).status).toBe(400);
    expect((await get(g.url, "/v2/financials/quarterly/XXXX/?n_quarters=4", bob)).status).toBeGreaterThanOrEqual(500);
  } finally {
    upstream.script = undefined;
  }
  expect(await credits()).toEqual(after);
});
