// A gateway instance: the handler on node:http (or https with a certificate), its state (memory,
// or Redis with memory behind it), and the upstream it forwards to with the one provider key.
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { checkApiKey, checkBaseUrl, DEFAULT_ANSWER_MB, toMdqError } from "../../shared";
import { BatchedLog } from "./access-log";
import { createAdminHandler } from "./admin";
import { Answers } from "./answers";
import { createGatewayHandler } from "./handler";
import { Lifetimes } from "./lifetimes";
import { DEFAULT_LIMITS, DEFAULT_TEAM_BUDGET, type TokenLimits } from "./limits";
import { checkMemoryPolicy } from "./memory-policy";
import { createMetrics } from "./metrics";
import type { Pause } from "./pause";
import { type Readiness, type ReadinessView, readinessOf } from "./readiness";
import { KeyRedactor } from "./redact";
import { REDIS_COMMAND_MS, RedisState } from "./redis-state";
import { ResilientState } from "./resilient";
import type { Shares } from "./shares";
import { MemoryState, type SharedState } from "./state";
import { TokenFile } from "./tokens";
import { upstreamClient } from "./upstream";
import { Warnings } from "./warnings";

export interface GatewayOptions {
  /** The service's base URL; https unless it is this computer. */
  upstream: string;
  /** The provider's key: sent upstream only, never logged, never in a cache key. */
  providerKey: string;
  /** Share cache, locks, limits, tokens and the upstream's pause here; absent: the embedded mode. */
  redisUrl?: string;
  /** Redis's password, given apart from its URL. */
  redisPassword?: string;
  /** The token file of the embedded mode. */
  tokenFile?: string;
  limits?: TokenLimits;
  /** Upstream requests (misses) all tokens and instances together may make; default DEFAULT_TEAM_BUDGET. */
  teamBudget?: TokenLimits;
  /** Each token's share of the team's budget (shares.ts); default DEFAULT_SHARES. */
  shares?: Shares;
  corsOrigins?: readonly string[];
  host?: string;
  port?: number;
  /** PEM files for https; absent: plain http (behind a reverse proxy that terminates TLS). */
  cert?: string;
  key?: string;
  /** The bound of the instance's own answers in memory, in MB (default 256): its process holds about
   *  this plus its code and buffers (docs/gateway.md). */
  cacheMb?: number;
  /** How long past freshness an answer is kept for stale-if-error, in hours (default 24). */
  staleHours?: number;
  /** The longest an upstream request may take, in seconds (default 30). */
  timeoutSeconds?: number;
  /** The longest one Redis command may take before the instance answers alone, in ms (default REDIS_COMMAND_MS). */
  redisCommandMs?: number;
  /** How often a token's counted requests are sent to Redis, in ms (default FLUSH_MS); for tests. */
  countFlushMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** Prometheus's default process metrics (on for the command, off in tests). */
  processMetrics?: boolean;
  /** The admin listener's port (/metrics, and /readyz and /healthz in full detail), plain http;
   *  0: a free port (tests read it from `metricsUrl`). Absent: no admin listener, so no metrics
   *  anywhere; the command passes its --metrics-port (default 9790) and leaves it out for 0. */
  metricsPort?: number;
  /** Where the admin listener binds; default 127.0.0.1. Wider only on a private network. */
  metricsHost?: string;
}

export interface Gateway {
  url: string;
  port: number;
  /** The admin listener's base URL (its /metrics, /readyz, /healthz), when there is one. */
  metricsUrl?: string;
  state: SharedState;
  close(): Promise<void>;
}

/** The core's rule for a base URL (https unless loopback, no credentials, query or fragment), in
 *  the gateway's words. */
function upstreamOf(url: string): string {
  try {
    return checkBaseUrl(url);
  } catch (e) {
    const why = toMdqError(e)
      .messageFor("gateway")
      .replace(/^MDQ: /, "");
    throw new Error(`--upstream: ${why.replace("MDQ never sends the API key", "the gateway never sends the provider key")}`);
  }
}

export async function startGateway(o: GatewayOptions): Promise<Gateway> {
  const upstream = upstreamOf(o.upstream);
  const providerKey = (o.providerKey ?? "").trim();
  if (!providerKey) throw new Error("no provider key: set MDQ_PROVIDER_KEY (or --provider-key-file) to the service's API key");
  checkApiKey(providerKey);
  const now = o.now ?? Date.now;
  const batched = o.log ? undefined : new BatchedLog(process.stdout);
  const log = o.log ?? batched!.line;
  const metrics = createMetrics({ defaults: o.processMetrics, pauseSeconds: async () => secondsLeft(await answers.pause()) });
  const secondsLeft = (p: Pause | undefined) => (p ? Math.max(0, Math.ceil((p.until - now()) / 1000)) : 0);
  let state: SharedState;
  let redis: RedisState | undefined;
  let resilient: ResilientState | undefined;
  let tokenFile: TokenFile | undefined;
  const warn = (message: string) => log(JSON.stringify({ time: new Date().toISOString(), level: "warn", message }));
  const warnings = new Warnings(now, warn);
  if (o.redisUrl) {
    redis = new RedisState({
      url: o.redisUrl,
      password: o.redisPassword,
      commandMs: o.redisCommandMs ?? REDIS_COMMAND_MS,
      onError: (message) => warnings.say("redis-connection", message),
      onTimeout: (command) => metrics.redisTimeouts.inc({ command }),
    });
    try {
      await redis.connect();
    } catch (e) {
      // Started without Redis: each instance by itself (and no tokens known) until it answers.
      warn(`${(e as Error).message}: starting without it, /readyz says so`);
    }
    resilient = new ResilientState(redis, {
      now,
      flushMs: o.countFlushMs,
      onChange: (message) => warnings.say(message.includes("answers again") ? "redis-back" : "redis-alone", message),
      onRefusal: (operation, e) =>
        warnings.say(
          `redis-refused:${operation}`,
          `Redis at ${redis?.where} refused a ${operation} (${e.message}): done by this instance alone`,
        ),
    });
    if (redis.ready) await checkMemoryPolicy(redis, warn);
    await resilient.watchTokens(redis.ready ? 5000 : 0);
    if (!resilient.tokens.loaded) warn(resilient.tokenStoreProblem ?? "");
    state = resilient;
  } else {
    const tokens = new TokenFile(o.tokenFile ?? "mdq-gateway-tokens.json", now);
    tokenFile = tokens;
    state = new MemoryState(now, (hash) => tokens.nameOf(hash));
  }
  const timeoutMs = (o.timeoutSeconds ?? 30) * 1000;
  const redactor = new KeyRedactor(providerKey);
  const client = upstreamClient(timeoutMs, DEFAULT_ANSWER_MB * 1_048_576);
  const upstreamHeaders = { Authorization: providerKey, Accept: "application/json" };
  const answers = new Answers({
    shared: state,
    shareAnswers: redis !== undefined,
    now,
    metrics,
    staleMs: (o.staleHours ?? 24) * 3_600_000,
    cacheBytes: o.cacheMb === undefined ? undefined : o.cacheMb * 1_048_576,
    teamBudget: o.teamBudget ?? DEFAULT_TEAM_BUDGET,
    shares: o.shares,
    upstreamMs: timeoutMs,
    upstream: async (pathAndQuery) => {
      const answer = await client.get(upstream + pathAndQuery, upstreamHeaders);
      // A service that echoes the key (in an error's message) must not hand it to the team. Data
      // answers are not searched: they are market data, and searching megabytes costs every miss.
      return "body" in answer && (answer.status < 200 || answer.status >= 300)
        ? { ...answer, body: Buffer.from(redactor.redact(answer.body.toString("utf8"))) }
        : answer;
    },
  });
  const readiness = async (view: ReadinessView): Promise<Readiness> => {
    const pause = await answers.pause().catch(() => undefined);
    if (redis && resilient) metrics.redisUp.set(resilient.alone || !redis.subscribed ? 0 : 1);
    return readinessOf({ redis, resilient, tokenFile, pause: pause && { pause, seconds: secondsLeft(pause) } }, view);
  };
  const handler = createGatewayHandler({
    upstream,
    providerKey,
    state,
    answers,
    lifetimes: new Lifetimes(),
    limits: o.limits ?? DEFAULT_LIMITS,
    metrics,
    corsOrigins: new Set(o.corsOrigins ?? []),
    now,
    readiness,
    log,
  });
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => void handler(req, res);
  const server =
    o.cert && o.key ? https.createServer({ cert: readFileSync(o.cert), key: readFileSync(o.key) }, listener) : http.createServer(listener);
  server.keepAliveTimeout = 65_000; // longer than a load balancer's idle timeout
  const sockets = new Set<Socket>();
  const tracked = <S extends http.Server>(listening: S): S => {
    listening.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    return listening;
  };
  tracked(server);
  const host = o.host ?? "127.0.0.1";
  await listen(server, o.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  const shown = (name: string) => (name.includes(":") ? `[${name}]` : name);
  const admin = o.metricsPort === undefined ? undefined : tracked(http.createServer(adminListener({ metrics, readiness, log })));
  const close = async () => {
    for (const s of sockets) s.destroy();
    await Promise.all([server, admin].map((s) => s && new Promise((r) => s.close(r))));
    client.close();
    resilient?.close();
    redis?.close();
    await batched?.close();
  };
  const metricsHost = o.metricsHost ?? "127.0.0.1";
  if (admin) {
    await listen(admin, o.metricsPort ?? 0, metricsHost).catch(async (e: NodeJS.ErrnoException) => {
      await close();
      throw new Error(
        `the admin port (--metrics-port ${o.metricsPort} on ${metricsHost}) cannot be opened (${e.code ?? e.message}): give each gateway on this machine its own --metrics-port, or 0 to serve no metrics`,
      );
    });
  }
  return {
    url: `${o.cert && o.key ? "https" : "http"}://${shown(host)}:${port}`,
    port,
    metricsUrl: admin && `http://${shown(metricsHost)}:${(admin.address() as AddressInfo).port}`,
    state,
    close,
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** The admin listener's requests, on node:http: never a client's, so apart from the handler's. */
function adminListener(c: Parameters<typeof createAdminHandler>[0]) {
  const handle = createAdminHandler(c);
  return (req: http.IncomingMessage, res: http.ServerResponse) => void handle(req, res);
}
