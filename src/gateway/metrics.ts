// Prometheus metrics at /metrics (prom-client), one registry per gateway so instances in one
// process (the tests) count apart. Labels never carry a token or a path: a label per request would
// grow without bound. One counter carries the token's name (never the token): the credits each
// token spent, which is what the team's quota is made of; there is one series per token the
// administrator made, a number a team keeps small.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export type CacheOutcome = "hit" | "miss" | "joined" | "stale" | "uncached" | "refused";

export interface MetricsOptions {
  defaults?: boolean;
  /** Seconds the upstream's pause has left (0: none), read when /metrics is asked. */
  pauseSeconds?: () => Promise<number>;
}

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  if (options.defaults) collectDefaultMetrics({ register: registry, prefix: "mdq_gateway_" });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "mdq_gateway_requests_total",
      help: "Requests answered, by HTTP status and how the answer was found",
      labelNames: ["status", "cache"] as const,
      registers,
    }),
    cacheHits: new Counter({ name: "mdq_gateway_cache_hits_total", help: "Requests answered fresh from the cache", registers }),
    staleServed: new Counter({
      name: "mdq_gateway_stale_served_total",
      help: "Stale answers served because the upstream failed or asked to wait",
      registers,
    }),
    joins: new Counter({
      name: "mdq_gateway_singleflight_joins_total",
      help: "Misses that waited for an identical request already on its way upstream (this or another instance)",
      registers,
    }),
    upstreamRequests: new Counter({
      name: "mdq_gateway_upstream_requests_total",
      help: "Requests sent to the upstream service, by its status (or network, timeout)",
      labelNames: ["status"] as const,
      registers,
    }),
    credits: new Counter({
      name: "mdq_gateway_credits_total",
      help: "Credits the provider billed for upstream answers (its published prices; estimated for /v1/ paths), by the name of the token whose request went upstream",
      labelNames: ["token"] as const,
      registers,
    }),
    upstreamSeconds: new Histogram({
      name: "mdq_gateway_upstream_seconds",
      help: "Time the upstream service took to answer",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    tooMany: new Counter({
      name: "mdq_gateway_429_total",
      help: "429 answers, by reason: a token's rate or daily quota, its share of the team's upstream budget, the team's budget, or the upstream's pause",
      labelNames: ["reason"] as const,
      registers,
    }),
    redisUp: new Gauge({ name: "mdq_gateway_redis_up", help: "1 while Redis is configured and answers, 0 otherwise", registers }),
    redisTimeouts: new Counter({
      name: "mdq_gateway_redis_timeouts_total",
      help: "Redis commands that got no answer in time, a request's or one in the background, by command (PING: a probe); several in a row, or an unanswered probe, open the breaker: the instance answers alone until Redis answers again",
      labelNames: ["command"] as const,
      registers,
    }),
    pauseSeconds: new Gauge({
      name: "mdq_gateway_upstream_pause_seconds",
      help: "Seconds left of the pause the upstream's 429 set for every instance (0: none); misses are held meanwhile",
      registers,
      async collect() {
        this.set(options.pauseSeconds ? await options.pauseSeconds().catch(() => 0) : 0);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
