// The server of the time-to-all-values figure: one origin on 127.0.0.1 that serves the add-in's
// files (a whole folder, dist/excel, whichever scripts it holds, and pages made up by the bench)
// and, for every other path, the sandbox's answer held back by the service's latency. Page and
// service share the origin so that no CORS preflight is in the figure (both add-ins would pay it).
// Over HTTP/1.1 Chromium opens at most 6 connections to it; over HTTP/2 (TLS with a certificate
// made for the run) every request shares one connection.
import { existsSync, readFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import http2 from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import { extname, join, normalize } from "node:path";
import { createSandboxHandler } from "../../src/sandbox/server";
import type { RunCertificate } from "./run-certificate";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json" };

/** Holds an answer back: calls `release` when the service would have answered. */
export type Hold = (release: () => void) => void;

export interface FrontOptions {
  /** A folder served as is (dist/excel). */
  root: string;
  /** Pages made up by the bench, by path ("/plain.html"), before the folder's files. */
  pages?: Record<string, string>;
  apiKey: string;
  today: string;
  hold: Hold;
}

/** What the front reads of a request and writes of an answer, over HTTP/1.1 or HTTP/2's compatibility API. */
type Request = Pick<IncomingMessage, "url" | "method">;
interface Response {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string | Buffer): unknown;
}

const send = (res: Response, status: number, type: string, body: string | Buffer) => {
  res.writeHead(status, { "content-type": type });
  res.end(body);
};

/** The front's answer to one request: a file, or the sandbox's answer once `hold` releases it. */
export function frontHandler(options: FrontOptions): (req: Request, res: Response) => void {
  const sandbox = createSandboxHandler({ apiKey: options.apiKey, today: options.today });
  const files = new Map<string, Buffer>();
  const file = (path: string): Buffer | undefined => {
    if (options.pages?.[path] !== undefined) return Buffer.from(options.pages[path]);
    const local = join(options.root, normalize(path));
    if (!local.startsWith(options.root) || !existsSync(local) || !extname(local)) return undefined;
    if (!files.has(local)) files.set(local, readFileSync(local));
    return files.get(local);
  };
  return (req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const body = file(path);
    if (body) return send(res, 200, TYPES[extname(path)] ?? "application/octet-stream", body);
    options.hold(() => {
      if (!sandbox(req as IncomingMessage, res as ServerResponse)) send(res, 404, "application/json", '{"error":"not found"}');
    });
  };
}

export interface Front {
  url: string;
  close(): Promise<void>;
}

/** `latencyMs` after each request arrives, however many are open (a service whose latency does not
 *  grow with load). Timers still pending when the front closes are cleared. */
export function latency(latencyMs: number) {
  const pending = new Set<NodeJS.Timeout>();
  const hold: Hold = (release) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      release();
    }, latencyMs);
    pending.add(timer);
  };
  return { hold, clear: () => pending.forEach(clearTimeout) };
}

/** The front over HTTP/1.1 (plain http) or HTTP/2 (TLS with `certificate`), on 127.0.0.1. */
export async function startFront(options: FrontOptions & { certificate?: RunCertificate }, onClose = () => {}): Promise<Front> {
  const handler = frontHandler(options);
  const sockets = new Set<Socket>();
  const server = options.certificate
    ? http2.createSecureServer({ key: options.certificate.key, cert: options.certificate.cert }, handler)
    : http.createServer(handler);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const scheme = options.certificate ? "https" : "http";
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      onClose();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
