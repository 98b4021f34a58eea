// The gateway's request pipeline: operations paths, CORS, the token, the limits, then the answer
// (cache, single-flight, upstream). Every outcome is a JSON answer; nothing a client sends makes
// it throw past here. The provider key is only ever in the upstream request's header.
import type { IncomingMessage, ServerResponse } from "node:http";
import { GATEWAY_SOURCE } from "../../shared";
import { type Access, accessLine, isoTime } from "./access-log";
import type { Answers, Served } from "./answers";
import { canonical, keyOf } from "./canonical";
import { corsHeaders } from "./cors";
import type { Lifetimes } from "./lifetimes";
import { checkLimits, type TokenLimits } from "./limits";
import { BoundedMemo } from "./memo";
import type { Metrics } from "./metrics";
import type { Readiness, ReadinessView } from "./readiness";
import { staleAllowance } from "./stale-allowance";
import type { SharedState } from "./state";
import { hashToken, TokenFileFault } from "./tokens";

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
  /** "embedded", or whether Redis answers; the upstream's pause while there is one. This port
   *  asks for the public view (no path, host or person); the admin listener for the full one. */
  readiness: (view: ReadinessView) => Promise<Readiness>;
  log: (line: string) => void;
}

const JSON_TYPE = "application/json; charset=utf-8";
const NO_HEADERS: readonly string[] = [];

/** Headers as one flat list of names and values, the form node:http takes without an object of
 *  its own per request. */
function send(res: ServerResponse, status: number, body: string | Buffer, cors: readonly string[], extra: readonly string[]): void {
  const length = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  const headers = ["Content-Type", JSON_TYPE, "Content-Length", length, "Cache-Control", "no-store"];
  for (const h of cors) headers.push(h);
  for (const h of extra) headers.push(h);
  res.writeHead(status, headers);
  res.end(body);
}

/** Names no host or port: the public port does not tell where the admin listener is. */
const METRICS_ELSEWHERE =
  "/metrics is not served on this port: the gateway serves its metrics on its admin port (--metrics-port, loopback by default), for the administrator's Prometheus";

const message = (text: string) => JSON.stringify({ error: text, message: text });

/** A 401 of the gateway's own: `source` tells MDQ's front ends (shared/answer/classify.ts) that the
 *  gateway refused the token, so they do not send the user to the provider's plan and credits. */
const tokenRefusal = (text: string) => JSON.stringify({ error: text, message: text, source: GATEWAY_SOURCE });

/** What a raw URL comes to (a pure function of it): kept for the URLs a team asks again and again. */
type Resolved = { ok: true; pathAndQuery: string; key: string; ttl: number } | { ok: false; status: number; message: string };

/** About 32 MB of URLs and their cache keys at most: some 150,000 of MDQ's, more than a team's
 *  day of distinct requests, so a hit never works its URL out again. */
const MEMO_URL_CHARS = 32 * 1_048_576;
/** Token to hash: a team has tens of tokens; the bound keeps random ones from growing it. */
const MEMO_TOKEN_CHARS = 1_048_576;

export function createGatewayHandler(c: HandlerContext) {
  const urls = new BoundedMemo<Resolved>(MEMO_URL_CHARS);
  const resolve = (url: string): Resolved => {
    const known = urls.get(url);
    if (known) return known;
    const request = canonical(url);
    if (!request.ok) return { ok: false, status: request.status, message: request.message };
    const pathAndQuery = request.path + request.query;
    const key = keyOf(c.upstream, c.providerKey, pathAndQuery);
    const resolved: Resolved = { ok: true, pathAndQuery, key, ttl: c.lifetimes.of(request.segments, c.now()) };
    // A long URL (none of MDQ's) is worked out each time rather than held.
    if (url.length <= 1024) urls.set(url, resolved, pathAndQuery.length + key.length);
    return resolved;
  };
  // The hash is a pure function of the token: worked out once per token, not per request. Only
  // the hash → name lookup (the state's) decides, so a revocation holds at once.
  const hashes = new BoundedMemo<string>(MEMO_TOKEN_CHARS);
  const hashOf = (token: string): string => {
    let hash = hashes.get(token);
    if (hash === undefined) {
      hash = hashToken(token);
      hashes.set(token, hash, hash.length);
    }
    return hash;
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
    const began = performance.now();
    const url = req.url ?? "/";
    const cut = url.indexOf("?");
    const bare = cut < 0 ? url : url.slice(0, cut);
    const origin = req.headers.origin;
    const cors = origin === undefined ? NO_HEADERS : Object.entries(corsHeaders(origin, c.corsOrigins)).flat();
    const access: Access = { token: null, method: req.method ?? "?", path: bare.length > 200 ? bare.slice(0, 200) : bare, status: 0 };
    const reply = (status: number, body: string | Buffer, headers: readonly string[] = NO_HEADERS) => {
      access.status = status;
      send(res, status, body, cors, headers);
    };
    try {
      await route(req, url, bare, reply, access, cors, res);
    } catch (e) {
      // A fault of the gateway's own (not the client's): said once in the log, never with a key.
      c.log(JSON.stringify({ time: isoTime(Date.now()), level: "error", message: String((e as Error)?.message ?? e).slice(0, 300) }));
      if (!res.headersSent) reply(500, message("the team's gateway failed on this request; its log says why"));
    }
    countRequest(access.status, access.cache ?? "none");
    c.log(accessLine(access, performance.now() - began));
  };

  async function route(
    req: IncomingMessage,
    url: string,
    bare: string,
    reply: (status: number, body: string | Buffer, headers?: readonly string[]) => void,
    access: Access,
    cors: readonly string[],
    res: ServerResponse,
  ): Promise<void> {
    if (req.method === "OPTIONS") {
      access.status = 204;
      res.writeHead(204, [...cors, "Content-Length", "0"]);
      res.end();
      return;
    }
    if (req.method !== "GET")
      return reply(405, message(`${req.method} is not allowed: the service is read-only, use GET`), ["Allow", "GET, OPTIONS"]);
    if (bare === "/healthz") return reply(200, JSON.stringify({ ok: true }));
    if (bare === "/readyz") {
      const r = await c.readiness("public");
      return reply(r.ready ? 200 : 503, JSON.stringify(r));
    }
    // The metrics name every token's holder: served on the admin listener only (admin.ts).
    if (bare === "/metrics") return reply(401, message(METRICS_ELSEWHERE));
    const token = tokenOf(req.headers.authorization);
    if (!token) {
      return reply(401, tokenRefusal("no gateway token was sent: set your MDQ key to the token this gateway's administrator gave you"));
    }
    let name: string | undefined;
    try {
      name = await c.state.tokenName(hashOf(token));
    } catch (e) {
      // The administrator's fault, not the caller's: said with what to do, and no token is let in.
      if (e instanceof TokenFileFault) return reply(503, message(`the team's gateway cannot check tokens: ${e.message}`));
      throw e;
    }
    if (!name) {
      // A store never read is not a verdict on the token: saying "revoked" would send people to
      // their administrator for a new one when Redis is what needs fixing.
      const problem = c.state.tokenStoreProblem;
      if (problem) return reply(503, message(problem), ["Retry-After", "30"]);
      return reply(
        401,
        tokenRefusal(
          "this gateway does not know this token (revoked, mistyped, or made for another gateway or in a token file this gateway does not read): ask this gateway's administrator for a token",
        ),
      );
    }
    access.token = name;
    const resolved = resolve(url);
    if (!resolved.ok) return reply(resolved.status, message(resolved.message));
    access.path = resolved.pathAndQuery;
    const refusal = await checkLimits(c.state, name, c.now(), c.limits);
    if (refusal) {
      c.metrics.tooMany.inc({ reason: refusal.reason });
      return reply(429, message(refusal.message), ["Retry-After", String(refusal.retryAfter)]);
    }
    const served = await c.answers.serve(
      resolved.key,
      resolved.pathAndQuery,
      resolved.ttl,
      staleAllowance(req.headers["cache-control"]),
      name,
    );
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

function answerHeaders(s: Served): string[] {
  const h = ["MDQ-Cache", s.cache];
  if (s.age !== undefined) h.push("Age", String(s.age));
  if (s.retryAfter !== undefined) h.push("Retry-After", String(Math.ceil(s.retryAfter)));
  if (s.cache === "stale")
    h.push(
      "MDQ-Stale",
      String(s.age ?? 0),
      "MDQ-Stale-Reason",
      s.staleBecause ?? "the upstream failed",
      "Warning",
      '110 - "Response is Stale"',
    );
  return h;
}
