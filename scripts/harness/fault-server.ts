// A fault-injecting HTTP server on 127.0.0.1 for the fault matrix. The first path segment names
// the fault (base URL `${url}/<fault>`), so one server serves every row; hits are counted per fault.
import type http from "node:http";
import { gzipSync } from "node:zlib";
import { listenOnLoopback, refusedUrl } from "./loopback";

/** 64 hexadecimal characters, as the service's keys are. */
export const API_KEY = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
/** A short key, for the service that echoes it glued to other text. */
export const SHORT_KEY = "Zq7w2";
/** A key with a character an HTTP header cannot carry (a euro sign pasted from a document). */
export const NON_LATIN1_KEY = "sk-live-2024€-0123456789";

/** What a fault row runs, where it is not INDEX("lq45") with API_KEY, and what it costs. */
export interface FaultRow {
  family: string;
  retried: boolean;
  /** Requests the call makes (default: 3 when retried, else 1). */
  requests?: number;
  apiKey?: string;
  /** The function and its arguments. */
  call?: readonly [string, ...string[]];
}

/** The call a fault row makes. */
export const callOf = (row: FaultRow): readonly [string, ...string[]] => row.call ?? ["INDEX", "lq45"];
export const keyOf = (row: FaultRow): string => row.apiKey ?? API_KEY;
export const requestsOf = (row: FaultRow): number => row.requests ?? (row.retried ? 3 : 1);

/** True when `text` holds the key, or any 8 characters of it in a row, in any case. */
export function leaksKey(text: string, key: string): boolean {
  const lower = text.toLowerCase();
  const k = key.toLowerCase();
  if (k.length < 8) return lower.includes(k);
  for (let i = 0; i + 8 <= k.length; i++) if (lower.includes(k.slice(i, i + 8))) return true;
  return false;
}

/** Each fault: what the server does, the error family every front end must report, and whether it is retried. */
export const FAULTS: Record<string, FaultRow> = {
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
  /** The live edition's envelope where the spec edition's list belongs (a live service, edition
   *  spec): the call set to spec then asks the server its edition once, and it answers the
   *  question (200), so the answer's own failure is shown. */
  "live-shape": { family: "malformed", retried: false, requests: 2 },
  slow: { family: "timeout", retried: false },
  refused: { family: "network", retried: true },
  "reset-mid-body": { family: "network", retried: true },
  /** 100 KB of gzip that inflates to 100 MB. */
  "gzip-bomb": { family: "too_large", retried: false },
  /** 200 MB of one JSON string, sent without a length. */
  "huge-body": { family: "too_large", retried: false },
  /** 450 KB of records, each with its own keys: 40,000 columns if laid out. */
  "sparse-records": { family: "too_large", retried: false, call: ["GET", "v1/records/"] },
  /** 100,000 nested lists. */
  "deep-json": { family: "malformed", retried: false },
  /** The key echoed after 185 characters, where a message is cut at 197. */
  "key-echo-cut": { family: "auth", retried: false },
  "key-echo-upper": { family: "auth", retried: false },
  "key-echo-glued": { family: "auth", retried: false, apiKey: SHORT_KEY },
  /** Refused when read from the settings: nothing is sent. */
  "non-latin1-key": { family: "key", retried: false, requests: 0, apiKey: NON_LATIN1_KEY },
};

export type Fault = string;

/** A sentence of what to do, per family: the matrix checks every message carries it. */
export const ADVICE: Record<string, RegExp> = {
  bad_request: /Check the arguments/,
  auth: /Check the key (in|with) .*, your plan and your credits/,
  not_found: /Check the ticker, code or id/,
  // A 410 as classified, or (the edition set to spec) the server named as speaking live.
  gone: /The provider's current API is MDQ's live edition|speaks the live edition \(the provider's current API\)/,
  rate_limited: /Wait a minute, then recalculate|the service asks to wait/,
  server: /Try again in a few minutes/,
  malformed: /Check the base URL points at/,
  timeout: /Try again later/,
  network: /Check the base URL and your connection/,
  too_large: /larger than MDQ accepts|would make a table of/,
  key: /characters an HTTP header cannot carry/,
};

/** 100 MB of spaces inside a JSON list, gzipped once (about 100 KB). */
let bomb: Buffer | undefined;
const gzipBomb = () =>
  (bomb ??= gzipSync(Buffer.concat([Buffer.from("["), Buffer.alloc(100 * 1024 * 1024, 32), Buffer.from("]")]), { level: 9 }));

/** Records whose keys never repeat: 2,001 records of 20 keys (40,020 distinct). */
const sparseRecords = () =>
  Array.from({ length: 2001 }, (_, r) => Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`f${r * 20 + k}`, 1])));

/** Write `total` bytes of a JSON string in 1 MB pieces as the client reads them; stop when it goes. */
function streamHuge(res: http.ServerResponse, total: number): void {
  const piece = Buffer.alloc(1024 * 1024, 120); // "x"
  let sent = 0;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.write('["');
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once("drain", more);
    }
    if (!res.destroyed) res.end('"]');
  };
  res.on("close", () => (sent = total));
  more();
}

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
      case "gzip-bomb":
        res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
        return res.end(gzipBomb());
      case "huge-body":
        return streamHuge(res, 200 * 1024 * 1024);
      case "sparse-records":
        return json(res, 200, sparseRecords());
      case "deep-json":
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
      case "key-echo-cut":
        return json(res, 401, {
          message: `${"The key you sent is not valid for this plan. ".repeat(4).slice(0, 185)} ${req.headers.authorization}`,
        });
      case "key-echo-upper":
        return json(res, 401, { message: `Unknown key ${String(req.headers.authorization).toUpperCase()}.` });
      case "key-echo-glued":
        return json(res, 401, { message: `invalid token:${req.headers.authorization}x (expired)` });
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
