// What a cache hit costs the gateway, side by side with nginx's proxy_cache on the same answers,
// the same token check and the same load generator (wrk): each server in a process of its own, so
// the CPU time read from /proc before and after a run is that server's alone (with Redis, Redis's
// too: nginx needs nothing beside itself). Also a bare node:http server answering a fixed Buffer:
// the floor any handler on node:http starts from.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { RedisState } from "../../src/gateway/redis-state";
import { TokenFile } from "../../src/gateway/tokens";
import { startRedis } from "./gateway";

const KEY = "bench-provider-key-0123456789";
/** About the size of a typical MDQ answer (a company's segments, a day's prices). */
const ANSWER_BYTES = 3400;
const CONNECTIONS = 32;
/** The gateways' bound on their own answers (--cache-mb): room for 100k answers of ANSWER_BYTES. */
const CACHE_MB = 512;
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout ?? 100) || 100;

/** The i-th distinct request: one path per ticker, so every answer is a cache entry of its own. */
const pathOf = (i: number) => `/v1/company/get-segments/T${i}.JK/`;

export interface Missing {
  missing: string;
}

/** Says how to install what the bench needs, or undefined when it is there. */
export function missingTools(): string | undefined {
  const absent = ["nginx", "wrk"].filter((tool) => spawnSync(tool, ["-v"]).error);
  return absent.length
    ? `${absent.join(" and ")} ${absent.length > 1 ? "are" : "is"} not installed: apt-get install -y ${absent.map((t) => (t === "nginx" ? "nginx-light" : t)).join(" ")}`
    : undefined;
}

/** Any path answered with a fixed-size JSON body naming it; the requests that reach it counted. */
async function scriptedUpstream() {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const bare = JSON.stringify({ path: req.url, padding: "" }).length;
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ path: req.url, padding: "x".repeat(Math.max(0, ANSWER_BYTES - bare)) }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function freePort(): Promise<number> {
  const spare = http.createServer();
  await new Promise<void>((r) => spare.listen(0, "127.0.0.1", r));
  const { port } = spare.address() as AddressInfo;
  await new Promise((r) => spare.close(r));
  return port;
}

/** utime + stime of these processes, in seconds (/proc/PID/stat, fields 14 and 15). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}

const rssBytes = (pids: number[]) =>
  pids.reduce((sum, pid) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024, 0);

const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);

interface Server {
  url: string;
  /** The processes whose CPU time the server's requests cost. */
  pids(): number[];
  close(): Promise<void>;
}

/** Waits for a listener, bounded: 100 tries 50 ms apart. */
async function listening(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const req = http.get(`${url}/healthz`, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens at ${url} after 5 s`);
}

/** Ends a server: at once, or after `graceMs` for one that was asked to stop and may still be
 *  writing (a CPU profile, its log). */
const stopped = (child: ChildProcess, graceMs = 0) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGTERM"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** nginx with one worker: proxy_cache in front of the upstream, a map of the raw token to a name
 *  (the equivalent of the gateway's in-memory table: nginx cannot hash in its core), the access
 *  log buffered as the gateway's is (64 KB, flushed every second). */
async function startNginx(dir: string, upstream: string, token: string): Promise<Server> {
  const port = await freePort();
  const prefix = join(dir, "nginx");
  mkdirSync(join(prefix, "tmp"), { recursive: true });
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=mdq:64m max_size=2g inactive=1h use_temp_path=off;
  map_hash_bucket_size 128;
  map $http_authorization $mdq_token { default ""; "${token}" "bench"; }
  server {
    listen 127.0.0.1:${port};
    location = /healthz { return 200 '{"ok":true}'; }
    location / {
      if ($mdq_token = "") { return 401 '{"error":"unknown token"}'; }
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Authorization "${KEY}";
      proxy_cache mdq;
      proxy_cache_key $uri$is_args$args;
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
    }
  }
}
`,
  );
  const child = spawn("nginx", ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  try {
    await listening(url);
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(
      `nginx did not start: ${(e as Error).message}; its log: ${readFileSync(join(prefix, "error.log"), "utf8").slice(-500)}`,
    );
  }
  return {
    url,
    pids: () => [child.pid!, ...childrenOf(child.pid!)],
    close: () => stopped(child),
  };
}

/** node:http answering a fixed Buffer to every request: no routing, no token, no cache. */
async function startBareNode(): Promise<Server> {
  const code = `
    const body = Buffer.alloc(${ANSWER_BYTES}, 120);
    const server = require("node:http").createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.byteLength) });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () => process.send({ url: "http://127.0.0.1:" + server.address().port }));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const url = await announced(child);
  return { url, pids: () => [child.pid!], close: () => stopped(child) };
}

function announced(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server process exited (${code}) before it listened`)));
    child.once("message", (m: { url?: string; error?: string }) => (m.url ? resolve(m.url) : reject(new Error(m.error))));
  });
}

let bundle: string | undefined;

/** `mdq gateway` in a process of its own, its access log going to a file. */
async function startGatewayProcess(dir: string, options: Record<string, unknown>): Promise<Server & { log: string }> {
  bundle ??= (() => {
    const file = join(dir, "gateway-process.js");
    buildSync({
      entryPoints: [join(__dirname, "gateway-process.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      outfile: file,
      logLevel: "warning",
    });
    return file;
  })();
  const log = join(dir, `gateway-${Date.now()}.log`);
  const fd = openSync(log, "a");
  // MDQ_BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the gateway's hits.
  const nodeArgs = (process.env.MDQ_BENCH_GATEWAY_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    stdio: ["ignore", fd, "inherit", "ipc"],
    env: { ...process.env, MDQ_BENCH_GATEWAY: JSON.stringify(options) },
  });
  closeSync(fd);
  const url = await announced(child);
  return {
    url,
    log,
    pids: () => [child.pid!],
    close: async () => {
      child.send("close");
      await stopped(child, 10_000);
    },
  };
}

/** Each of the first `n` requests once, 32 at a time: the answers the runs then hit. */
async function warm(url: string, token: string, n: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const { hostname, port } = new URL(url);
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < n) {
          const path = pathOf(++next);
          const status = await new Promise<number>((resolve, reject) => {
            http
              .get({ hostname, port, path, agent, headers: { Authorization: token } }, (res) => {
                res.resume();
                res.on("end", () => resolve(res.statusCode ?? 0));
              })
              .on("error", reject);
          });
          if (status !== 200) throw new Error(`warming ${url}${path} answered ${status}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

interface Load {
  requests: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
}

const MS = { us: 0.001, ms: 1, s: 1000 } as const;

/** wrk, one thread, 32 connections, cycling over the first `n` requests. */
async function wrk(dir: string, url: string, token: string, n: number, seconds: number): Promise<Load> {
  const script = join(dir, `cycle-${n}.lua`);
  writeFileSync(
    script,
    `local i = 0
request = function()
  i = i % ${n} + 1
  return wrk.format("GET", "/v1/company/get-segments/T" .. i .. ".JK/")
end
`,
  );
  const child = spawn(
    "wrk",
    ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-H", `Authorization: ${token}`, "-s", script, url],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  await new Promise((r) => child.once("exit", r));
  const latency = (q: string) => {
    const m = new RegExp(`^\\s+${q}%\\s+([\\d.]+)(us|ms|s)$`, "m").exec(out);
    return m ? Number(m[1]) * MS[m[2] as keyof typeof MS] : Number.NaN;
  };
  const total = /(\d+) requests in/.exec(out);
  if (!total) throw new Error(`wrk said: ${out.slice(0, 500)}`);
  return {
    requests: Number(total[1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50ms: latency("50"),
    p99ms: latency("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

export interface HitRun extends Load {
  server: string;
  distinct: number;
  /** CPU time of the server's processes per request, in microseconds. */
  cpuUs: number;
  /** Requests that reached the upstream during the run (misses that should have been hits). */
  upstream: number;
  rssMB: number;
}

async function measure(
  dir: string,
  name: string,
  server: Server,
  token: string,
  upstream: { requests(): number },
  distinct: number[],
  seconds: number,
): Promise<HitRun[]> {
  const runs: HitRun[] = [];
  for (const n of distinct) {
    await warm(server.url, token, n);
    const pids = server.pids();
    const cpuBefore = cpuSeconds(pids);
    const upstreamBefore = upstream.requests();
    const load = await wrk(dir, server.url, token, n, seconds);
    const cpu = cpuSeconds(pids) - cpuBefore;
    runs.push({
      server: name,
      distinct: n,
      ...load,
      cpuUs: (cpu * 1e6) / load.requests,
      upstream: upstream.requests() - upstreamBefore,
      // The server's own process: the Redis row's redis-server holds the shared copy, not the gateway's.
      rssMB: rssBytes(pids.slice(0, 1)) / 1_048_576,
    });
  }
  return runs;
}

export interface HitCost {
  runs: HitRun[];
  /** What was not measured and why (nginx, wrk or redis-server missing). */
  missing: string[];
  /** The gateway's bound on the answers it keeps in memory. */
  boundMB: number;
  answerBytes: number;
  seconds: number;
}

/** Every server over 1k and 100k distinct cached answers (the bare node:http server over 1k:
 *  it has no cache), `seconds` of wrk each; `only` runs the servers whose name starts with one of
 *  its words (while working on one of them). */
export async function hitCost({ distinct = [1000, 100_000], seconds = 5, only = [] as string[] } = {}): Promise<HitCost> {
  const runs: HitRun[] = [];
  const wanted = (server: string) => only.length === 0 || only.some((word) => server.startsWith(word));
  const dir = mkdtempSync(join(tmpdir(), "mdq-bench-hits-"));
  const missing: string[] = [];
  const upstream = await scriptedUpstream();
  const tokens = new TokenFile(join(dir, "tokens.json"));
  const token = await tokens.add("bench");
  const noLimits = { perMinute: 0, perDay: 0 };
  // Every warmed answer is a miss: the team's budget must let them all through.
  const gatewayOptions = { upstream: upstream.url, providerKey: KEY, cacheMb: CACHE_MB, teamBudget: noLimits };
  const tools = missingTools();
  try {
    if (tools) missing.push(tools);
    else if (wanted("nginx")) {
      const nginx = await startNginx(dir, upstream.url, token);
      try {
        runs.push(...(await measure(dir, "nginx proxy_cache", nginx, token, upstream, distinct, seconds)));
      } finally {
        await nginx.close();
      }
    }
    if (!tools && wanted("node:http")) {
      const bare = await startBareNode();
      try {
        runs.push(...(await measure(dir, "node:http, a fixed Buffer", bare, token, upstream, distinct.slice(0, 1), seconds)));
      } finally {
        await bare.close();
      }
    }
    if (!spawnSync("wrk", ["-v"]).error && wanted("gateway, embedded")) {
      const embedded = await startGatewayProcess(dir, { ...gatewayOptions, tokenFile: tokens.path, limits: noLimits });
      try {
        runs.push(...(await measure(dir, "gateway, embedded", embedded, token, upstream, distinct, seconds)));
      } finally {
        await embedded.close();
      }
    }
    if (!spawnSync("wrk", ["-v"]).error && wanted("gateway, Redis")) {
      const redis = await startRedis();
      if (!redis) missing.push("redis-server is not installed (apt-get install -y redis-server): no row with Redis");
      else {
        try {
          const store = new RedisState({ url: redis.url });
          await store.connect();
          const shared = await store.add("bench");
          store.close();
          // Limits far above the load, so every request is counted and none refused.
          const limits = { perMinute: 1_000_000, perDay: 100_000_000 };
          const gateway = await startGatewayProcess(dir, { ...gatewayOptions, redisUrl: redis.url, limits });
          const withRedis = { ...gateway, pids: () => [...gateway.pids(), redis.pid] };
          try {
            runs.push(...(await measure(dir, "gateway, Redis + limits", withRedis, shared, upstream, distinct, seconds)));
          } finally {
            await gateway.close();
          }
        } finally {
          redis.kill();
        }
      }
    }
  } finally {
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { runs, missing, boundMB: CACHE_MB, answerBytes: ANSWER_BYTES, seconds };
}

const goals: Record<string, string> = {
  "gateway, embedded": "<= 2x nginx's CPU per hit",
  "gateway, Redis + limits": "<= 3x nginx's CPU per hit (gateway + redis-server)",
};

/** The figures as the bench's table shows them: [figure, measured, goal], each server beside the
 *  nginx run over as many answers. */
export function hitCostRows(r: HitCost): string[][] {
  const rows: string[][] = [];
  const n = (x: number) => x.toLocaleString("en-US");
  for (const run of r.runs) {
    const anchor = r.runs.find((a) => a.server === "nginx proxy_cache" && a.distinct === run.distinct);
    const times = anchor && anchor !== run ? ` (${(run.cpuUs / anchor.cpuUs).toFixed(2)}x nginx)` : "";
    rows.push([
      `11. a cache hit, ${n(run.distinct)} answers, wrk ${CONNECTIONS} connections: ${run.server}`,
      `${run.cpuUs.toFixed(1)} µs CPU per hit${times}; ${n(Math.round(run.rps))} req/s, p50 ${run.p50ms.toFixed(2)} ms, p99 ${run.p99ms.toFixed(2)} ms; ${run.non2xx} not 200, ${run.upstream} upstream; RSS ${run.rssMB.toFixed(0)} MB`,
      goals[run.server] ?? (anchor === run ? "the anchor" : "the floor of node:http"),
    ]);
  }
  const distinct = [...new Set(r.runs.map((x) => x.distinct))].sort((a, b) => a - b);
  const [fewest, most] = [distinct[0], distinct.at(-1)];
  for (const server of Object.keys(goals)) {
    const few = r.runs.find((x) => x.server === server && x.distinct === fewest);
    const many = r.runs.find((x) => x.server === server && x.distinct === most);
    if (!few || !many || few === many) continue;
    const limit = r.boundMB * 1.1 + 100;
    rows.push([
      `11. ${server}: ${n(most!)} answers against ${n(fewest)}`,
      `hit throughput ${((many.rps / few.rps - 1) * 100).toFixed(0)}%; RSS ${many.rssMB.toFixed(0)} MB with a ${r.boundMB} MB bound on answers (${n(r.answerBytes)} bytes each)`,
      `throughput within 20%; RSS <= ${limit.toFixed(0)} MB`,
    ]);
  }
  for (const m of r.missing) rows.push(["11. a cache hit beside nginx", `not measured: ${m}`, "-"]);
  return rows;
}
