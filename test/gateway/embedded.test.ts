// The embedded mode (no Redis): one instance, tokens in a file, answers in memory; what every
// mode shares: canonical requests, lifetimes, stale-if-error, CORS, operations paths, secrets.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TTL } from "../../shared/rows/function-spec";
import { startGateway } from "../../src/gateway/server";
import { TOKEN_CHECK_MS } from "../../src/gateway/tokens";
import { admin, type CountingUpstream, clock, countingUpstream, gateway, get, PROVIDER_KEY, type Started, tokenFile } from "./harness";

let upstream: CountingUpstream;
let g: Started;
let token: string;
const time = clock();
const tokens = tokenFile();

beforeAll(async () => {
  upstream = await countingUpstream();
  token = await tokens.add("grace");
  g = await gateway(upstream.url, { tokenFile: tokens.path, now: time.now, corsOrigins: ["https://addin.example.com"] });
});
afterAll(async () => {
  await g?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.script = undefined;
});

test("concurrent identical misses make one upstream request; spellings of one request share it", async () => {
  const before = upstream.seen.length;
  const spellings = ["/v1/klse/companies/top/?classifications=pe&n_stock=5", "/v1/klse/companies/top/?n_stock=5&classifications=pe"];
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => get(g.url, spellings[i % 2], token)));
  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  expect(upstream.seen.slice(before)).toEqual(["/v1/klse/companies/top/?classifications=pe&n_stock=5"]);
  expect(answers.map((a) => a.headers.get("mdq-cache")).sort()[0]).toMatch(/hit|joined|miss/);
});

test("answers stay fresh for the catalogue's lifetime of their path, then go upstream again", async () => {
  const path = "/v1/index-daily/lq45/?start=2025-04-01"; // INDEX: TTL.live
  const before = upstream.seen.length;
  expect((await get(g.url, path, token)).headers.get("mdq-cache")).toBe("miss");
  time.advance(TTL.live * 1000 - 1000);
  const hit = await get(g.url, path, token);
  expect(hit.headers.get("mdq-cache")).toBe("hit");
  expect(hit.headers.get("age")).toBe(String(TTL.live - 1));
  time.advance(2000);
  expect((await get(g.url, path, token)).headers.get("mdq-cache")).toBe("miss");
  expect(upstream.seen.length).toBe(before + 2);
});

/** What a client sends to take a stale answer when the service fails (RFC 5861). */
const TAKES_STALE = { "Cache-Control": "stale-if-error=86400" };

test("stale-if-error: past its lifetime, an answer is served marked stale when the upstream fails, never as fresh", async () => {
  const path = "/v1/financials/quarterly/BBCA/?n_quarters=4"; // QUARTERLY: TTL.financials
  const fresh = await get(g.url, path, token);
  expect(fresh.status).toBe(200);
  time.advance(TTL.financials * 1000 + 60_000);
  let age = TTL.financials + 60;
  for (const [status, failure] of [
    [503, "the upstream answered 503"],
    [429, "the upstream answered 429"],
  ] as const) {
    upstream.script = () => [status, JSON.stringify({ error: "busy" }), { "Retry-After": "1" }];
    const stale = await get(g.url, path, token, TAKES_STALE);
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(fresh.body);
    expect(stale.headers.get("mdq-cache")).toBe("stale");
    expect(Number(stale.headers.get("mdq-stale"))).toBe(age);
    expect(stale.headers.get("mdq-stale-reason")).toBe(failure);
    // A client that does not say it takes stale answers could not tell one: it gets the failure.
    const plain = await get(g.url, path, token);
    expect([plain.status, plain.headers.get("mdq-cache")]).toEqual([status, "uncached"]);
    expect(plain.body).not.toBe(fresh.body);
    time.advance(2000); // past the upstream's pause
    age += 2;
  }
  upstream.script = undefined;
  // An answer never fetched has nothing stale: the failure is passed on.
  upstream.script = () => [502, JSON.stringify({ error: "bad gateway" })];
  expect((await get(g.url, "/v1/financials/quarterly/TLKM/", token)).status).toBe(502);
});

test("stale-if-error when the upstream cannot be reached: a network failure serves the stale answer", async () => {
  const offline = await countingUpstream();
  const t = clock();
  const own = await gateway(offline.url, { tokenFile: tokens.path, now: t.now });
  try {
    const fresh = await get(own.url, "/v1/klse/companies/top/", token);
    await offline.close();
    t.advance(TTL.financials * 1000 + 1000);
    const stale = await get(own.url, "/v1/klse/companies/top/", token, { "Cache-Control": "max-stale" });
    expect([stale.status, stale.headers.get("mdq-cache"), stale.body]).toEqual([200, "stale", fresh.body]);
    expect(stale.headers.get("mdq-stale-reason")).toBe("the upstream failed (network)");
    const never = await get(own.url, "/v1/klse/companies/top/?n_stock=3", token);
    expect(never.status).toBe(502);
    expect(JSON.parse(never.body).message).toMatch(/could not get an answer from the service/);
  } finally {
    await own.close();
  }
});

test("tokens: none, unknown and revoked are refused before anything is sent; a revocation in the file holds from the gateway's next look at it", async () => {
  const before = upstream.seen.length;
  expect((await get(g.url, "/v1/news/")).status).toBe(401);
  expect((await get(g.url, "/v1/news/", `${token}x`)).status).toBe(401);
  expect((await get(g.url, "/v1/news/", PROVIDER_KEY)).status).toBe(401);
  const heidi = await tokens.add("heidi");
  time.advance(TOKEN_CHECK_MS);
  const signedIn = await get(g.url, "/v1/news/", `Bearer ${heidi}`);
  expect([signedIn.status, signedIn.body.slice(0, 300)]).toEqual([200, expect.anything()]);
  await tokens.revoke("heidi");
  time.advance(TOKEN_CHECK_MS);
  expect((await get(g.url, "/v1/news/", heidi)).status).toBe(401);
  expect(upstream.seen.length).toBe(before + 1);
});

test("the provider key never leaves the gateway: not in answers, logs or metrics, even when the upstream echoes it", async () => {
  upstream.script = () => [400, JSON.stringify({ error: `bad key ${PROVIDER_KEY} for this request` })];
  const echoed = await get(g.url, "/v1/news/?keyword=echo", token);
  expect(echoed.status).toBe(400);
  expect(echoed.body).not.toContain(PROVIDER_KEY.slice(0, 12));
  expect(echoed.body).toContain("[key]");
  const metrics = await admin(g, "/metrics");
  for (const text of [g.logs.join("\n"), metrics.body]) {
    expect(text).not.toContain(PROVIDER_KEY.slice(0, 12));
    expect(text).not.toContain(token);
  }
  expect(g.logs.some((l) => JSON.parse(l).token === "grace")).toBe(true);
});

test("CORS: a configured add-in origin's preflight is answered; other origins get no CORS headers", async () => {
  const preflight = await fetch(`${g.url}/v1/news/`, {
    method: "OPTIONS",
    headers: {
      Origin: "https://addin.example.com",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "authorization",
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("https://addin.example.com");
  expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  const answer = await get(g.url, "/v1/news/", token, { Origin: "https://addin.example.com" });
  expect(answer.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  const other = await fetch(`${g.url}/v1/news/`, { method: "OPTIONS", headers: { Origin: "https://evil.example.net" } });
  expect(other.headers.get("access-control-allow-origin")).toBeNull();
});

test("operations: /healthz, /readyz (embedded), /metrics on the admin listener with requests, hits, joins, upstream requests and 429s", async () => {
  expect((await get(g.url, "/healthz")).status).toBe(200);
  const ready = await get(g.url, "/readyz");
  expect([ready.status, JSON.parse(ready.body).mode]).toEqual([200, "embedded"]);
  const metrics = (await admin(g, "/metrics")).body;
  for (const name of [
    "mdq_gateway_requests_total",
    "mdq_gateway_cache_hits_total",
    "mdq_gateway_singleflight_joins_total",
    "mdq_gateway_upstream_requests_total",
    "mdq_gateway_upstream_seconds_bucket",
    "mdq_gateway_429_total",
  ]) {
    expect(metrics).toContain(name);
  }
  expect(metrics).toMatch(/mdq_gateway_upstream_requests_total\{status="200"\} [1-9]/);
});

test("only the service's paths and GET: everything else is refused without an upstream request", async () => {
  const before = upstream.seen.length;
  expect((await get(g.url, "/admin", token)).status).toBe(404);
  expect((await get(g.url, "/v1/../admin", token)).status).toBeLessThan(500);
  expect((await get(g.url, "/v1/%E0%A4%A/", token)).status).toBe(400);
  expect((await fetch(`${g.url}/v1/news/`, { method: "POST", headers: { Authorization: token } })).status).toBe(405);
  expect(upstream.seen.length).toBe(before);
});

test("the upstream must be https unless it is this computer; a provider key is required", async () => {
  await expect(startGateway({ upstream: "http://api.example.com", providerKey: PROVIDER_KEY })).rejects.toThrow(/https/);
  await expect(startGateway({ upstream: upstream.url, providerKey: "" })).rejects.toThrow(/MDQ_PROVIDER_KEY/);
});

test("the live edition's paths: /v2/ answered and cached, its retired /v1/ answer (410) passed on", async () => {
  const live = await countingUpstream("live");
  const own = await gateway(live.url, { tokenFile: tokens.path, now: clock().now });
  try {
    const first = await get(own.url, "/v2/index-daily/lq45/", token);
    const again = await get(own.url, "/v2/index-daily/lq45/", token);
    expect([first.status, first.headers.get("mdq-cache"), again.headers.get("mdq-cache")]).toEqual([200, "miss", "hit"]);
    expect((await get(own.url, "/v1/index-daily/lq45/", token)).status).toBe(410);
    expect(live.seen).toEqual(["/v2/index-daily/lq45/", "/v1/index-daily/lq45/"]);
  } finally {
    await own.close();
    await live.close();
  }
});

test("https from a certificate and key given on the command line", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mdq-gw-tls-"));
  const made = spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-days",
    "1",
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
  ]);
  expect(made.status).toBe(0);
  const secure = await gateway(upstream.url, { tokenFile: tokens.path, cert: join(dir, "cert.pem"), key: join(dir, "key.pem") });
  try {
    expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const status = await new Promise<number>((resolve, reject) => {
      https
        .get(
          `${secure.url}/v1/klse/companies/top/`,
          { headers: { Authorization: token }, ca: readFileSync(join(dir, "cert.pem")) },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on("error", reject);
    });
    expect(status).toBe(200);
  } finally {
    await secure.close();
  }
});
