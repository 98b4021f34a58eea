// A fault-injecting HTTP server on 127.0.0.1 for the fault matrix. The first path segment names
// the fault (base URL `${url}/<fault>`), so one server serves every row; hits are counted per fault.
import type http from "node:http";
import { listenOnLoopback, refusedUrl } from "./loopback";

export const API_KEY = "fault-test-key-0123456789abcdef";

/** Each fault: what the server does, the error family every front end must report, and whether it is retried. */
export const FAULTS = {
  "400": { family: "bad_request", retried: false },
  "401": { family: "auth", retried: false },
  "403": { family: "auth", retried: false },
  "404": { family: "not_found", retried: false },
  "410": { family: "gone", retried: false },
  "429-retry-after": { family: "rate_limited", retried: true },
  "429": { family: "rate_limited", retried: true },
  "500": { family: "server", retried: true },
  "502": { family: "server", retried: true },
  "503": { family: "server", retried: true },
  "html-200": { family: "malformed", retried: false },
  "empty-200": { family: "malformed", retried: false },
  "truncated-json": { family: "malformed", retried: false },
  "wrong-shape": { family: "malformed", retried: false },
  /** The live edition's envelope where the spec edition's list belongs (a live service, edition spec). */
  "live-shape": { family: "malformed", retried: false },
  slow: { family: "timeout", retried: false },
  refused: { family: "network", retried: true },
  "reset-mid-body": { family: "network", retried: true },
} as const;

export type Fault = keyof typeof FAULTS;

/** A sentence of what to do, per family: the matrix checks every message carries it. */
export const ADVICE: Record<string, RegExp> = {
  bad_request: /Check the arguments/,
  auth: /Check the key in MDQ settings/,
  not_found: /Check the ticker, code or id/,
  gone: /The provider's current API is MDQ's live edition/,
  rate_limited: /Wait a minute, then recalculate|the service asks to wait/,
  server: /Try again in a few minutes/,
  malformed: /Check the base URL points at/,
  timeout: /Try again later/,
  network: /Check the base URL and your connection/,
};

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

export interface FaultServer {
  url: string;
  /** A base URL where nothing listens. */
  refusedUrl: string;
  hits: Record<string, number>;
  close(): Promise<void>;
}

export async function startFaultServer(options: { slowMs?: number } = {}): Promise<FaultServer> {
  const hits: Record<string, number> = {};
  const loopback = await listenOnLoopback((req, res) => {
    const fault = (req.url ?? "").split("/")[1];
    hits[fault] = (hits[fault] ?? 0) + 1;
    const echo = `key ${req.headers.authorization} refused`; // a careless service echoing the key
    switch (fault) {
      case "400":
        return json(res, 400, { error: "Invalid query parameters: bogus." });
      case "401":
        return json(res, 401, { error: "SUBSCRIPTION_DOES_NOT_ALLOW", message: echo });
      case "403":
        return json(res, 403, { error: "Forbidden: credits exhausted." });
      case "404":
        return json(res, 404, { error: "Company not found." });
      case "410":
        return json(res, 410, { error: "v1_discontinued", message: "The /v1/ API was retired." });
      case "429-retry-after":
        return json(res, 429, { code: 429, message: "Rate limit exceeded." }, { "Retry-After": "1" });
      case "429":
        return json(res, 429, { error: "RATE_LIMIT_EXCEEDED", message: "Rate limit exceeded." });
      case "500":
      case "502":
      case "503":
        return json(res, Number(fault), { error: "upstream trouble" });
      case "html-200":
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>");
      case "empty-200":
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end();
      case "truncated-json":
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end('[{"index_code": "LQ45", "date": "2024-01-02", "pri');
      // The spec edition's plain list where the live edition's envelope belongs (not in the matrix:
      // only a live-edition list function meets it).
      case "spec-shape":
        return json(res, 200, [{ id: 1, name: "PT Contoh", idx_ticker: null }]);
      case "live-shape":
        return json(res, 200, { results: [], pagination: { total_count: 0, has_next: false, next_offset: null } });
      case "wrong-shape":
        return json(res, 200, { data: { rows: "not a list" } });
      case "slow":
        return loopback.later(options.slowMs ?? 60_000, () => json(res, 200, []));
      case "reset-mid-body":
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "1000" });
        res.write('[{"index_code": "LQ45",');
        return void setTimeout(() => req.socket.destroy(), 20);
      default:
        return json(res, 404, { error: `no such fault: ${fault}` });
    }
  });
  return { url: loopback.url, refusedUrl: await refusedUrl(), hits, close: loopback.close };
}

/** Print the matrix: one row per fault, one column per front end. */
export function printMatrix(title: string, rows: Array<{ fault: string; family: string; requests: number; ms: number }>): void {
  const lines = rows.map(
    (r) => `${r.fault.padEnd(16)} ${r.family.padEnd(13)} ${String(r.requests).padStart(8)} ${String(r.ms).padStart(8)}`,
  );
  // eslint-disable-next-line no-console
  console.log([`${title}\n${"fault".padEnd(16)} ${"family".padEnd(13)} requests  time ms`, ...lines].join("\n"));
}
