// The team gateway's figures: cache-hit throughput and latency of one instance (in a worker
// thread of its own), what it adds to a miss, and the upstream requests (and the credits billed for
// them) of 20 analysts running the 300-formula workbook through two instances sharing Redis, against
// the same analysts without it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { creditsOfAnswer, findFunction, functionNamed, prepare } from "../../shared";
import { RedisState } from "../../src/gateway/redis-state";
import { startGateway } from "../../src/gateway/server";
import { TokenFile } from "../../src/gateway/tokens";
import { createSandboxHandler } from "../../src/sandbox/server";
import { workerBundle } from "../harness/workers";
import { loadExcel } from "./hosts";
import { DISTINCT, formulas } from "./workbook";

const KEY = "bench-provider-key-0123456789";
const TODAY = "2025-06-18";
const ANALYSTS = 20;

/** The sandbox on this thread, counting what reaches it; with `bill`, also the credits the
 *  provider would bill for what it answers (each answer at its path's price, shared/rows/credits.ts). */
async function countingSandbox({ bill = false } = {}) {
  const handle = createSandboxHandler({ apiKey: KEY, today: TODAY });
  let requests = 0;
  let credits = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (bill) {
      // The sandbox answers with one end(text): the whole body is there.
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      res.end = ((chunk?: unknown) => {
        credits += creditsOfAnswer(req.url ?? "", {
          status: res.statusCode,
          body: typeof chunk === "string" ? chunk : String(chunk ?? ""),
        });
        return end(chunk);
      }) as typeof res.end;
    }
    if (!handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    credits: () => credits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The credits a gateway counted, every token's added up (its admin listener's /metrics). */
async function gatewayCredits(metricsUrl: string | undefined): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  return [...text.matchAll(/^mdq_gateway_credits_total\{[^}]*\} (\d+(?:\.\d+)?)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** A gateway in a worker thread. */
async function gatewayWorker(options: Record<string, unknown>) {
  const worker = new Worker(workerBundle({ entryPoints: [join(__dirname, "..", "harness", "gateway-entry.ts")] }), {
    eval: true,
    workerData: options,
  });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (m: { url?: string; error?: string }) => (m.url ? resolve(m.url) : reject(new Error(m.error))));
  });
  return { url, close: () => worker.terminate() };
}

/** The workbook's 60 distinct requests, as paths under the base URL. */
const distinctPaths = () =>
  DISTINCT.map(([name, args]) =>
    prepare(functionNamed(name), args as never[], { baseUrl: "http://127.0.0.1", apiKey: KEY }).request.url.slice(
      "http://127.0.0.1".length,
    ),
  );

function timedGet(agent: http.Agent, url: string, path: string, token: string): Promise<{ status: number; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ hostname, port, path, agent, headers: { Authorization: token } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on("error", reject);
  });
}

const quantile = (samples: number[], q: number) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** Cache hits from `clients` keep-alive clients, `requests` in all, over the distinct paths; then
 *  the same paths one at a time, through the gateway (hits) and straight to the sandbox. */
export async function gatewayThroughput({ clients = 32, requests = 20_000 } = {}) {
  const upstream = await countingSandbox();
  const tokens = new TokenFile(join(mkdtempSync(join(tmpdir(), "mdq-bench-gw-")), "tokens.json"));
  const token = await tokens.add("bench");
  const gateway = await gatewayWorker({
    upstream: upstream.url,
    providerKey: KEY,
    tokenFile: tokens.path,
    limits: { perMinute: 0, perDay: 0 },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const paths = distinctPaths();
  try {
    // Misses, one at a time: the gateway's time against the sandbox's own for the same request
    // (asked of the sandbox once before, so neither pays for its first making of the data).
    const added: number[] = [];
    for (const path of paths) {
      await timedGet(agent, upstream.url, path, KEY);
      const via = await timedGet(agent, gateway.url, path, token);
      const direct = await timedGet(agent, upstream.url, path, KEY);
      added.push(via.ms - direct.ms);
    }
    const upstreamAfterWarm = upstream.requests();
    // Hits, one at a time.
    const hits: number[] = [];
    for (let i = 0; i < 2000; i++) hits.push((await timedGet(agent, gateway.url, paths[i % paths.length], token)).ms);
    // Hits, many clients at once.
    let next = 0;
    let errors = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < requests) {
          const r = await timedGet(agent, gateway.url, paths[next++ % paths.length], token);
          if (r.status !== 200) errors++;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      clients,
      requests,
      errors,
      rps: requests / seconds,
      hitP50: quantile(hits, 0.5),
      hitP99: quantile(hits, 0.99),
      missAddedP50: quantile(added, 0.5),
      missAddedP99: quantile(added, 0.99),
      upstreamDuringHits: upstream.requests() - upstreamAfterWarm,
    };
  } finally {
    agent.destroy();
    await gateway.close();
    await upstream.close();
  }
}

export async function startRedis(): Promise<{ url: string; pid: number; kill(): void } | undefined> {
  if (spawnSync("redis-server", ["--version"]).error) return undefined;
  const spare = http.createServer();
  await new Promise<void>((r) => spare.listen(0, "127.0.0.1", r));
  const { port } = spare.address() as AddressInfo;
  await new Promise((r) => spare.close(r));
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start within 15 s")), 15_000);
    child.stdout?.on("data", (d) => {
      if (String(d).includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid!, kill: () => void child.kill("SIGKILL") };
}

/** Every analyst's workbook at once (analyst i through base URL i % n); upstream requests, the
 *  credits billed for their answers, and failed cells. */
async function team(bases: string[], keys: string[], upstream: { requests(): number; credits(): number }) {
  const workbook = formulas((name) => findFunction(name)!.args.length);
  const before = upstream.requests();
  const creditsBefore = upstream.credits();
  const started = process.hrtime.bigint();
  const runs = keys.map((key, i) => loadExcel(bases[i % bases.length], key));
  const results = await Promise.allSettled(
    runs.flatMap((excel) => workbook.map(([name, args]) => excel.get(name)!(...args, { onCanceled: undefined }))),
  );
  return {
    requests: upstream.requests() - before,
    credits: upstream.credits() - creditsBefore,
    failed: results.filter((r) => r.status === "rejected").length,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}

/** 20 analysts through two instances sharing Redis, then the same 20 straight to the service. */
export async function teamRequests() {
  const redis = await startRedis();
  if (!redis)
    return { analysts: ANALYSTS, distinct: DISTINCT.length, missing: "redis-server is not installed (apt-get install -y redis-server)" };
  const upstream = await countingSandbox({ bill: true });
  const store = new RedisState({ url: redis.url });
  await store.connect();
  const tokens = await Promise.all(Array.from({ length: ANALYSTS }, (_, i) => store.add(`analyst-${i + 1}`)));
  store.close();
  const options = { upstream: upstream.url, providerKey: KEY, redisUrl: redis.url, log: () => undefined, metricsPort: 0 };
  const a = await startGateway(options);
  const b = await startGateway(options);
  try {
    const first = await team([a.url, b.url], tokens, upstream);
    const second = await team([a.url, b.url], tokens, upstream);
    // The gateways' own count per token, added up: what /metrics tells the team it spent.
    const counted = (await gatewayCredits(a.metricsUrl)) + (await gatewayCredits(b.metricsUrl));
    const direct = await team([upstream.url], Array(ANALYSTS).fill(KEY), upstream);
    return { analysts: ANALYSTS, distinct: DISTINCT.length, first, second, direct, gatewayCredits: counted };
  } finally {
    await a.close();
    await b.close();
    await upstream.close();
    redis.kill();
  }
}
