// Local HTTP servers for the Excel tests, on 127.0.0.1 only: the sandbox behind a counter, and a
// fault-injecting server whose first path segment picks the failure.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { slowSandboxHandler } from "../../scripts/harness/slow-sandbox";
import type { Edition } from "../../shared/base/editions";
import { createSandboxHandler } from "../../src/sandbox/server";

export interface TestServer {
  url: string;
  /** Request paths (with query) in arrival order. */
  hits: string[];
  /** Most requests open at the same time. */
  maxOpen: number;
  close(): Promise<void>;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const state = { hits: [] as string[], open: 0, maxOpen: 0 };
  const server: Server = createServer((req, res) => {
    // Preflights are the browser's, not the add-in's requests.
    if (req.method !== "OPTIONS") state.hits.push(req.url ?? "/");
    state.open++;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    res.on("close", () => state.open--);
    handler(req, res);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        get hits() {
          return state.hits;
        },
        get maxOpen() {
          return state.maxOpen;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The in-process sandbox (demo key "demo"), counting the requests that reach it. */
export function startCountingSandbox(today = "2025-06-30", edition: Edition = "spec"): Promise<TestServer> {
  const handle = createSandboxHandler({ apiKey: "demo", today, edition });
  return listen((req, res) => {
    if (!handle(req, res)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not found" }));
    }
  });
}

/** The sandbox answering each request `delayMs` after it arrives: a slow service. */
export const startDelayedSandbox = (delayMs: number, today = "2025-06-30"): Promise<TestServer> =>
  listen(slowSandboxHandler({ apiKey: "demo", today, delayMs }));

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

/** Base URL `${url}/<fault>` answers every request with that fault. */
export function startFaultServer(validBody: unknown = []): Promise<TestServer> {
  return listen((req, res) => {
    const fault = (req.url ?? "/").split("/")[1];
    switch (fault) {
      case "400":
        return json(res, 400, { message: "Invalid parameter n" });
      case "401":
        return json(res, 401, { error: "Invalid API key" });
      case "403":
        return json(res, 403, { error: "No credits left" });
      case "404":
        return json(res, 404, { detail: "Ticker not found" });
      case "410":
        return json(res, 410, { error: "This endpoint was retired" });
      case "429":
        return json(res, 429, { error: "Too many requests" }, { "retry-after": "0" });
      case "500":
        return json(res, 500, { error: "Internal error" });
      case "html":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><html><body>Login</body></html>");
      case "truncated":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('[{"date": "2024-');
      case "empty":
        return json(res, 200, []);
      case "slow-ok":
        return void setTimeout(() => json(res, 200, validBody), 30);
      case "hang":
        return; // never answers: the caller's deadline must end the call
      default:
        return json(res, 200, validBody);
    }
  });
}
