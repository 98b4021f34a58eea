// The gateway's request pipeline: operations paths, CORS, the token, the limits, then the answer
// (cache, single-flight, upstream). Every outcome is a JSON answer; nothing a client sends makes
// it throw past here. The provider key is only ever in the upstream request's header.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Answers, Served } from "./answers";
import { type Canonical, canonical, keyOf } from "./canonical";
import { corsHeaders } from "./cors";
import type { Lifetimes } from "./lifetimes";
import { checkLimits, type TokenLimits } from "./limits";
import type { Metrics } from "./metrics";
import { staleAllowance } from "./stale-allowance";
import type { SharedState } from "./state";
import { hashToken } from "./tokens";

export interface HandlerContext {
  upstream: string;
  providerKey: string;
  state: SharedState;
  answers: Answers;
  lifetimes: Lifetimes;
  limits: TokenLimits;
  metrics: Metrics;
  corsOrigins: ReadonlySet<string>;
  now: () => number;
  /** "embedded", or whether Redis answers; the upstream's pause while there is one. */
  readiness: () => Promise<Readiness>;
  log: (line: string) => void;
}

export interface Readiness {
  ready: boolean;
  mode: "embedded" | "shared" | "degraded";
  redis: string;
  pause?: { seconds: number; reason: string };
}

/** One access-log line: who (the token's name), what, the outcome; never a token or a key. */
interface Access {
  token: string | null;
  method: string;
  path: string;
  status: number;
  cache?: string;
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(body);
}

const message = (text: string) => JSON.stringify({ error: text, message: text });

/** What a raw URL comes to (a pure function of it): kept for the URLs a team asks again and again. */
interface Resolved {
  request: Canonical;
  key?: string;
  ttl?: number;
}

const MEMO_URLS = 10_000;

export function createGatewayHandler(c: HandlerContext) {
  const memo = new Map<string, Resolved>();
  const resolve = (url: string): Resolved => {
    const known = memo.get(url);
    if (known) return known;
    const request = canonical(url);
    const resolved: Resolved = request.ok
      ? { request, key: keyOf(c.upstream, c.providerKey, request.path + request.query), ttl: c.lifetimes.of(request.segments) }
      : { request };
    // Bounded in count and in length: MDQ's URLs are short, a long one is worked out each time.
    if (memo.size >= MEMO_URLS) memo.clear();
    if (url.length <= 1024) memo.set(url, resolved);
    return resolved;
  };
  // One child counter per label pair, looked up once: prom-client hashes labels on every inc.
  const counted = new Map<string, { inc(): void }>();
  const countRequest = (status: number, cache: string) => {
    const label = `${status}|${cache}`;
    let child = counted.get(label);
    if (!child) {
      child = c.metrics.requests.labels({ status: String(status), cache });
      counted.set(label, child);
    }
    child.inc();
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const began = process.hrtime.bigint();
    const cors = corsHeaders(req.headers.origin, c.corsOrigins);
    const access: Access = { token: null, method: req.method ?? "?", path: (req.url ?? "/").split("?")[0].slice(0, 200), status: 0 };
    const reply = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      access.status = status;
      send(res, status, body, { ...cors, ...headers });
    };
    try {
      await route(req, reply, access, cors, res);
    } catch (e) {
      // A fault of the gateway's own (not the client's): said once in the log, never with a key.
      c.log(JSON.stringify({ time: new Date().toISOString(), level: "error", message: String((e as Error)?.message ?? e).slice(0, 300) }));
      if (!res.headersSent) reply(500, message("the team's gateway failed on this request; its log says why"));
    }
    countRequest(access.status, access.cache ?? "none");
    const ms = Number(process.hrtime.bigint() - began) / 1e6;
    c.log(JSON.stringify({ time: new Date().toISOString(), ...access, ms: Math.round(ms * 100) / 100 }));
  };

  async function route(
    req: IncomingMessage,
    reply: (status: number, body: string | Buffer, headers?: Record<string, string>) => void,
    access: Access,
    cors: Record<string, string>,
    res: ServerResponse,
  ): Promise<void> {
    const url = req.url ?? "/";
    if (req.method === "OPTIONS") {
      access.status = 204;
      res.writeHead(204, { ...cors, "Content-Length": "0" });
      res.end();
      return;
    }
    if (req.method !== "GET")
      return reply(405, message(`${req.method} is not allowed: the service is read-only, use GET`), { Allow: "GET, OPTIONS" });
    const bare = url.split("?")[0];
    if (bare === "/healthz") return reply(200, JSON.stringify({ ok: true }));
    if (bare === "/readyz") {
      const r = await c.readiness();
      return reply(r.ready ? 200 : 503, JSON.stringify(r));
    }
    if (bare === "/metrics") {
      await c.readiness(); // sets the Redis gauge
      const text = await c.metrics.registry.metrics();
      access.status = 200;
      res.writeHead(200, { "Content-Type": c.metrics.registry.contentType, "Cache-Control": "no-store" });
      res.end(text);
      return;
    }
    const token = tokenOf(req.headers.authorization);
    if (!token) {
      return reply(401, message("no gateway token was sent: set your MDQ key to the token your team's gateway administrator gave you"));
    }
    const name = await c.state.tokenName(hashToken(token));
    if (!name) {
      // A store never read is not a verdict on the token: saying "revoked" would send people to
      // their administrator for a new one when Redis is what needs fixing.
      const problem = c.state.tokenStoreProblem;
      if (problem) return reply(503, message(problem), { "Retry-After": "30" });
      return reply(
        401,
        message("the team's gateway does not know this token (revoked, or mistyped): ask your gateway administrator for a token"),
      );
    }
    access.token = name;
    const { request, key, ttl } = resolve(url);
    if (!request.ok) return reply(request.status, message(request.message));
    access.path = request.path + request.query;
    const refusal = await checkLimits(c.state, name, c.now(), c.limits);
    if (refusal) {
      c.metrics.tooMany.inc({ reason: refusal.reason });
      return reply(429, message(refusal.message), { "Retry-After": String(refusal.retryAfter) });
    }
    const served = await c.answers.serve(key!, access.path, ttl!, staleAllowance(req.headers["cache-control"]));
    access.cache = served.cache;
    if (served.credits) c.metrics.credits.inc({ token: name }, served.credits);
    if (served.status === 429) c.metrics.tooMany.inc({ reason: served.refusedBy ?? "upstream" });
    reply(served.status, served.body, answerHeaders(served));
  }
}

/** The raw token, as MDQ's front ends send a key (a "Bearer " prefix is taken off too). */
function tokenOf(header: string | undefined): string | undefined {
  const raw = header?.trim().replace(/^Bearer\s+/i, "");
  return raw ? raw : undefined;
}

function answerHeaders(s: Served): Record<string, string> {
  const h: Record<string, string> = { "MDQ-Cache": s.cache };
  if (s.age !== undefined) h.Age = String(s.age);
  if (s.retryAfter !== undefined) h["Retry-After"] = String(Math.ceil(s.retryAfter));
  if (s.cache === "stale") {
    h["MDQ-Stale"] = String(s.age ?? 0);
    h["MDQ-Stale-Reason"] = s.staleBecause ?? "the upstream failed";
    h.Warning = '110 - "Response is Stale"';
  }
  return h;
}
