// A fault-injecting HTTP server on 127.0.0.1. The first path segment names the behaviour, so a
// base URL of `${url}/<fault>` makes every request of a call meet that fault; hits are counted.
import { listenOnLoopback, refusedUrl } from "./loopback";

export interface FaultServer {
  url: string;
  /** A base URL where nothing listens. */
  refusedUrl: string;
  hits: Record<string, number>;
  /** Authorization headers received. */
  keys: string[];
  close(): Promise<void>;
}

/** `size` bytes of records in the shape GET lays out as rows. */
export function bigBody(size: number): string {
  const rows: string[] = [];
  let length = 2;
  for (let i = 0; length < size; i++) {
    const row = JSON.stringify({ id: i, note: `row ${i} ${"é€x".repeat(40)}` });
    rows.push(row);
    length += row.length + 1;
  }
  return `[${rows.join(",")}]`;
}

export async function startFaultServer(options: { slowMs?: number } = {}): Promise<FaultServer> {
  const hits: Record<string, number> = {};
  const keys: string[] = [];
  const bodies = new Map<string, string>();
  // GET /switch/mode/<fault> sets what GET /switch/... answers from then on (ok: a good answer
  // counting the good answers sent), so one request meets a failure after it was answered well.
  let switchMode = "ok";
  let switchServed = 0;
  const loopback = await listenOnLoopback((req, res) => {
    const [fault, arg] = (req.url ?? "").split("?")[0].split("/").slice(1);
    hits[fault] = (hits[fault] ?? 0) + 1;
    keys.push(String(req.headers.authorization));
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(body);
    };
    const later = loopback.later;
    // What a slow answer declares, for a virtual clock (scripts/harness/apps-script.ts).
    const slow = { "X-Simulated-Latency-Ms": String(options.slowMs ?? 600) };
    switch (fault) {
      case "401":
        return send(401, JSON.stringify({ error: "SUBSCRIPTION_DOES_NOT_ALLOW", message: `key ${req.headers.authorization} refused` }));
      case "404":
        return send(404, JSON.stringify({ error: "Company not found." }));
      case "410":
        return send(410, JSON.stringify({ message: "The /v1/ API was retired." }));
      case "429":
        return send(429, JSON.stringify({ message: "Rate limit exceeded." }), { "Retry-After": "0" });
      case "429-long":
        return send(429, JSON.stringify({ message: "Rate limit exceeded." }), { "Retry-After": "3600" });
      case "500":
        return send(500, JSON.stringify({ error: "upstream trouble" }));
      case "html":
        return send(200, "<!doctype html><html><body>Welcome to nginx!</body></html>", { "Content-Type": "text/html" });
      case "403":
        return send(403, JSON.stringify({ error: "Forbidden: credits exhausted." }));
      case "truncated":
        return send(200, '[{"index_code": "LQ45", "date": "2024-01-02", "pri');
      case "wrong-shape":
        return send(200, JSON.stringify({ data: { rows: "not a list" } }));
      case "redirect":
        return send(301, "", { Location: "https://elsewhere.example/" });
      case "empty-list":
        return send(200, "[]");
      case "slow-500":
        return later(options.slowMs ?? 600, () => send(500, JSON.stringify({ error: "slow trouble" }), slow));
      case "slow-ok":
        return later(options.slowMs ?? 600, () => send(200, JSON.stringify([{ a: 1 }]), slow));
      case "hang":
        return later(60_000, () => send(200, "[]"));
      case "long-text":
        // GET /long-text/<n>: one record whose note is n emoji (2n UTF-16 units), one short.
        return send(
          200,
          JSON.stringify([
            { id: 1, note: "😀".repeat(Number(arg)) },
            { id: 2, note: "short" },
          ]),
        );
      case "switch":
        if (arg === "mode") {
          switchMode = (req.url ?? "").split("/")[3] ?? "ok";
          return send(200, JSON.stringify({ mode: switchMode }));
        }
        if (switchMode === "ok") return send(200, JSON.stringify([{ answer: ++switchServed }]));
        if (switchMode === "429") return send(429, JSON.stringify({ message: "Rate limit exceeded." }), { "Retry-After": "0" });
        return send(Number(switchMode), JSON.stringify({ error: `switched to ${switchMode}` }));
      case "big": {
        // GET /big/<bytes>: a large valid answer, the same text each time.
        const size = Number(arg);
        if (!bodies.has(arg)) bodies.set(arg, bigBody(size));
        return send(200, bodies.get(arg) as string);
      }
      default:
        return send(404, JSON.stringify({ error: `no such fault: ${fault}` }));
    }
  });
  return { url: loopback.url, refusedUrl: await refusedUrl(), hits, keys, close: loopback.close };
}
