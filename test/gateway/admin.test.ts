// The admin endpoints closed: /metrics (every token's holder and their credits) is served only on
// the admin listener (--metrics-port, 127.0.0.1 by default), the public port answers 401 naming no
// host or port; the admin listener's requests are no client's (not logged, not counted).
import { once } from "node:events";
import { mkdirSync, mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startGateway } from "../../src/gateway/server";
import {
  addressIn,
  admin,
  banner,
  type CountingUpstream,
  countingUpstream,
  freePort,
  gateway,
  gatewayProcess,
  get,
  PROVIDER_KEY,
  type Started,
  tokenFile,
} from "./harness";

let upstream: CountingUpstream;
let g: Started;
let token: string;
beforeAll(async () => {
  upstream = await countingUpstream();
  const tokens = tokenFile();
  token = await tokens.add("priya");
  g = await gateway(upstream.url, { tokenFile: tokens.path });
  expect((await get(g.url, "/v1/news/", token)).status).toBe(200);
});
afterAll(async () => {
  await g?.close();
  await upstream?.close();
});

const requestsCounted = async () =>
  [...(await admin(g, "/metrics")).body.matchAll(/^mdq_gateway_requests_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);

test("/metrics on the public port: 401 with the gateway's words, no metrics, no host or port; with a token too", async () => {
  for (const sent of [undefined, token]) {
    const refused = await get(g.url, "/metrics", sent);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    const said = JSON.parse(refused.body).message as string;
    expect(said).toMatch(/^\/metrics is not served on this port: .*admin port \(--metrics-port, loopback by default\)/);
    expect(refused.body).not.toMatch(/mdq_gateway|priya|127\.0\.0\.1|\d{4}/);
  }
});

test("the admin listener: on 127.0.0.1, /metrics with each token's credits, /healthz, /readyz; nothing else", async () => {
  expect(g.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(g.metricsUrl).not.toBe(g.url);
  const metrics = await admin(g, "/metrics");
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(metrics.body).toMatch(/^mdq_gateway_credits_total\{token="priya"\} [1-9]/m);
  expect(metrics.body).not.toContain(token);
  expect((await admin(g, "/healthz")).status).toBe(200);
  const ready = await admin(g, "/readyz");
  expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { ready: true, mode: "embedded", redis: "not configured" }]);
  // The service's paths are the public port's only: no token is checked here, nothing goes upstream.
  const before = upstream.seen.length;
  const elsewhere = await get(g.metricsUrl!, "/v1/news/", token);
  expect([elsewhere.status, JSON.parse(elsewhere.body).message]).toEqual([404, expect.stringMatching(/serves \/metrics, \/readyz/)]);
  expect((await fetch(`${g.metricsUrl}/metrics`, { method: "POST" })).status).toBe(405);
  expect(upstream.seen.length).toBe(before);
});

test("the admin listener's requests are not a client's: neither logged nor counted; the public port's are", async () => {
  const counted = await requestsCounted();
  const lines = g.logs.length;
  for (let i = 0; i < 5; i++) {
    await admin(g, "/metrics");
    await admin(g, "/readyz");
  }
  expect(await requestsCounted()).toBe(counted);
  expect(g.logs.length).toBe(lines);
  // The public port's /metrics refusal and /readyz are requests like any other: counted and logged.
  await get(g.url, "/metrics");
  await get(g.url, "/readyz");
  expect(await requestsCounted()).toBe(counted + 2);
  expect(g.logs.slice(lines).map((l) => `${JSON.parse(l).status} ${JSON.parse(l).path}`)).toEqual(["401 /metrics", "200 /readyz"]);
});

test("a token file that cannot be read: the public /readyz says so without its path, the admin one names it", async () => {
  const folder = mkdtempSync(join(tmpdir(), "mdq-gw-admin-"));
  const path = join(folder, "tokens.json");
  mkdirSync(path); // a folder where the file should be: EISDIR on reading
  const own = await gateway(upstream.url, { tokenFile: path });
  try {
    const ready = await get(own.url, "/readyz");
    expect([ready.status, JSON.parse(ready.body).tokens]).toEqual([
      503,
      "the token file cannot be read (EISDIR): give the gateway's user read and write access to it",
    ]);
    expect(ready.body).not.toContain(folder);
    expect(JSON.parse((await admin(own, "/readyz")).body).tokens).toContain(`the token file ${path} cannot be read (EISDIR)`);
  } finally {
    await own.close();
  }
});

test("without metricsPort startGateway opens no admin listener; a port already taken is refused naming --metrics-port", async () => {
  const plain = await startGateway({ upstream: upstream.url, providerKey: PROVIDER_KEY, log: () => undefined });
  try {
    expect(plain.metricsUrl).toBeUndefined();
    expect((await get(plain.url, "/metrics")).status).toBe(401);
  } finally {
    await plain.close();
  }
  const taken = http.createServer();
  taken.listen(0, "127.0.0.1");
  await once(taken, "listening");
  const port = (taken.address() as AddressInfo).port;
  try {
    await expect(
      startGateway({ upstream: upstream.url, providerKey: PROVIDER_KEY, log: () => undefined, metricsPort: port }),
    ).rejects.toThrow(new RegExp(`admin port \\(--metrics-port ${port} on 127\\.0\\.0\\.1\\) cannot be opened \\(EADDRINUSE\\)`));
  } finally {
    taken.close();
  }
});

test("mdq gateway --metrics-port N: the banner names the admin listener; it serves /metrics, the public port does not", async () => {
  const metricsPort = await freePort();
  const child = gatewayProcess(
    ["--port", "0", "--metrics-port", String(metricsPort), "--upstream", upstream.url, "--tokens", tokenFile().path],
    {
      env: { PATH: process.env.PATH, MDQ_PROVIDER_KEY: PROVIDER_KEY },
    },
  );
  try {
    const shown = await banner(child);
    expect(shown).toContain(`metrics on http://127.0.0.1:${metricsPort}/metrics`);
    const url = addressIn(shown);
    expect((await get(url, "/metrics")).status).toBe(401);
    const metrics = await get(`http://127.0.0.1:${metricsPort}`, "/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^mdq_gateway_requests_total\{status="401",cache="none"\} 1$/m);
    expect(metrics.body).toContain("mdq_gateway_process_cpu_seconds_total");
  } finally {
    child.kill("SIGINT");
  }
}, 60_000);

test("mdq gateway --metrics-port 0: no admin listener, and the banner says so", async () => {
  const child = gatewayProcess(["--port", "0", "--metrics-port", "0", "--upstream", upstream.url, "--tokens", tokenFile().path], {
    env: { PATH: process.env.PATH, MDQ_PROVIDER_KEY: PROVIDER_KEY },
  });
  try {
    expect(await banner(child)).toContain("no metrics (--metrics-port 0)");
  } finally {
    child.kill("SIGINT");
  }
}, 60_000);
