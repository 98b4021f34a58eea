// What the gateway tests share: a real redis-server (Debian's package) on a loopback port, an
// upstream that counts what reaches it (the sandbox, or a scripted answer), gateways and tokens.
import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Loopback, listenOnLoopback } from "../../scripts/harness/loopback";
import { classify } from "../../shared/answer/classify";
import type { MdqError } from "../../shared/base/errors";
import { main } from "../../src/cli/main";
import { RedisState } from "../../src/gateway/redis-state";
import { type Gateway, type GatewayOptions, startGateway } from "../../src/gateway/server";
import { TokenFile } from "../../src/gateway/tokens";
import { createSandboxHandler } from "../../src/sandbox/server";

export const PROVIDER_KEY = "provider-key-0123456789abcdef0123456789abcdef";
export const TODAY = "2025-06-18";
/** The gateway's fake clock: a fixed instant of TODAY, moved on by the tests that need it. */
export const clock = (start = Date.parse(`${TODAY}T03:00:00Z`)) => {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
};

export interface RedisServer {
  url: string;
  port: number;
  kill(): void;
  /** SIGSTOP / SIGCONT: a Redis that stalls with its connections open, then answers again. */
  stall(): void;
  resume(): void;
}

/** A fresh redis-server on a free loopback port, with nothing saved to disk. Missing, it fails the
 *  test with what to do: the tests never skip it silently. */
export async function startRedis(options: { port?: number; args?: string[] } = {}): Promise<RedisServer> {
  if (spawnSync("redis-server", ["--version"]).error) {
    throw new Error(
      "redis-server is not installed: the gateway tests need it. Install Debian's package: apt-get install -y redis-server (CI's .ci/run does).",
    );
  }
  const port = options.port ?? (await freePort());
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...(options.args ?? [])];
  const child: ChildProcess = spawn("redis-server", args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let said = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 15 s: ${said.slice(-500)}`)), 15_000);
    child.stdout?.on("data", (d) => {
      said += String(d);
      if (said.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${said.slice(-500)}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => void child.kill("SIGKILL"),
    stall: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
  };
}

export async function freePort(): Promise<number> {
  const spare = http.createServer();
  await new Promise<void>((r) => spare.listen(0, "127.0.0.1", r));
  const { port } = spare.address() as AddressInfo;
  await new Promise((r) => spare.close(r));
  return port;
}

export interface CountingUpstream extends Loopback {
  /** Requests that reached it, by path and query. */
  seen: string[];
  /** Authorization headers it was sent. */
  keys: Set<string>;
  /** Called on every request before it is answered. */
  onRequest?: (n: number) => void;
  /** Answers this much later while set (so that requests overlap). */
  delayMs?: number;
  /** Replaces the sandbox's answer while set: [status, body, headers]. */
  script?: (url: string) => [number, string, Record<string, string>?] | undefined;
}

/** The sandbox (the spec edition unless told, a fixed today) behind a counter. */
export async function countingUpstream(edition: "spec" | "live" = "spec"): Promise<CountingUpstream> {
  const sandbox = createSandboxHandler({ apiKey: PROVIDER_KEY, today: TODAY, edition });
  const state: Partial<CountingUpstream> = { seen: [], keys: new Set() };
  const server: Loopback = await listenOnLoopback((req, res) => {
    state.seen!.push(req.url ?? "");
    state.keys!.add(String(req.headers.authorization));
    state.onRequest?.(state.seen!.length);
    const answer = () => {
      const scripted = state.script?.(req.url ?? "");
      if (scripted) res.writeHead(scripted[0], { "Content-Type": "application/json", ...scripted[2] }).end(scripted[1]);
      else if (!sandbox(req, res)) res.writeHead(404).end("{}");
    };
    if (state.delayMs) server.later(state.delayMs, answer);
    else answer();
  });
  return Object.assign(state, server) as CountingUpstream;
}

export const tokenFile = () => new TokenFile(join(mkdtempSync(join(tmpdir(), "mdq-gateway-")), "tokens.json"));

/** Tokens made as `mdq gateway token add` makes them with --redis. */
export async function redisTokens(url: string, names: string[]): Promise<Map<string, string>> {
  const store = new RedisState({ url });
  await store.connect();
  try {
    const out = new Map<string, string>();
    for (const name of names) out.set(name, await store.add(name));
    return out;
  } finally {
    store.close();
  }
}

export async function revokeInRedis(url: string, name: string): Promise<boolean> {
  const store = new RedisState({ url });
  await store.connect();
  try {
    return await store.revoke(name);
  } finally {
    store.close();
  }
}

export interface Started extends Gateway {
  logs: string[];
}

export async function gateway(upstream: string, options: Partial<GatewayOptions> = {}): Promise<Started> {
  const logs: string[] = [];
  // The admin listener on a free port, as the command opens one on 9790: its /metrics, /readyz.
  const g = await startGateway({ upstream, providerKey: PROVIDER_KEY, log: (line) => logs.push(line), metricsPort: 0, ...options });
  return Object.assign(g, { logs });
}

/** A GET of a gateway's admin listener (its /metrics, or /readyz in full detail). */
export function admin(g: Gateway, path: "/metrics" | "/readyz" | "/healthz") {
  if (!g.metricsUrl) throw new Error("this gateway was started without an admin listener (metricsPort)");
  return get(g.metricsUrl, path);
}

/** A GET of the gateway: status, headers and body. */
export async function get(base: string, path: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers: { ...(token ? { Authorization: token } : {}), ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The built command (`npm test` builds it first), as an operator runs it. */
export const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

/** `mdq gateway ARGS` in a process of its own, its stderr piped (for the banner) and its stdout
 *  where `stdout` says. */
export function gatewayProcess(
  args: string[],
  o: { env: NodeJS.ProcessEnv; cwd?: string; stdout?: "pipe" | "ignore" | number },
): ChildProcessWithoutNullStreams {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test builds it first)`);
  return spawn(process.execPath, [BIN, "gateway", ...args], {
    cwd: o.cwd,
    env: o.env,
    stdio: ["ignore", o.stdout ?? "ignore", "pipe"],
  }) as ChildProcessWithoutNullStreams;
}

/** The banner on the gateway's stderr, up to "Ctrl+C" (bounded: 15 s); its exit before is a failure. */
export function banner(child: ChildProcessWithoutNullStreams): Promise<string> {
  let said = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 15 s: ${said}`)), 15_000);
    child.stderr.on("data", (d) => {
      said += String(d);
      if (!said.includes("Ctrl+C")) return;
      clearTimeout(timer);
      resolve(said);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the gateway exited (${code}): ${said}`));
    });
  });
}

/** The address a gateway's banner names. */
export const addressIn = (text: string) => /on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1];

/** What an MDQ front end shows for this answer (shared/answer/classify.ts). */
export function shown(answer: { status: number; body: string; headers: Headers }): string {
  try {
    classify({ status: answer.status, body: answer.body, retryAfter: answer.headers.get("retry-after") }, Date.now());
  } catch (e) {
    return (e as MdqError).message;
  }
  throw new Error("expected an error answer");
}

/** `mdq ARGV` in this process (no network): its exit code and what it said on stderr. */
export async function commandSays(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const code = await main({ argv, env, out: () => undefined, err: (t) => err.push(t), fetch: () => Promise.reject(new Error("none")) });
  return { code, err: err.join("\n") };
}
