// The server of the time-to-all-values figure: one origin on 127.0.0.1 that serves the add-in's
// files (a whole folder, dist/excel, whichever scripts it holds, and pages made up by the bench)
// and, for every other path, the sandbox's answer held back by the service's latency. Page and
// service share the origin so that no CORS preflight is in the figure (both add-ins would pay it).
// Over HTTP/1.1 Chromium opens at most 6 connections to it; over HTTP/2 (TLS with a certificate
// made for the run; Node's default settings, no limit of streams at once) every request shares one
// connection.
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
type Request = Pick<IncomingMessage, "url" | "method"> & { headers: { authorization?: string } };
interface Response {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string | Buffer): unknown;
}

const send = (res: Response, status: number, headers: Record<string, string>, body: string | Buffer) => {
  res.writeHead(status, headers);
  res.end(body);
};

/** A sandbox answer as written: replayed to every later request for the same URL and key. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** The front's answer to one request: a file, or the sandbox's answer once `hold` releases it.
 *  The sandbox's answers are kept by URL and key (it answers the same on its demo day), and
 *  `warm` makes them before the clock starts: a real service's work is not on the user's machine,
 *  and here it would share the measured browser's two cores, the more so for the add-in that
 *  sends more requests. */
export function frontHandler(options: FrontOptions) {
  const sandbox = createSandboxHandler({ apiKey: options.apiKey, today: options.today });
  const files = new Map<string, Buffer>();
  const file = (path: string): Buffer | undefined => {
    if (options.pages?.[path] !== undefined) return Buffer.from(options.pages[path]);
    const local = join(options.root, normalize(path));
    if (!local.startsWith(options.root) || !existsSync(local) || !extname(local)) return undefined;
    if (!files.has(local)) files.set(local, readFileSync(local));
    return files.get(local);
  };
  const answers = new Map<string, Answer>();
  const answerOf = (req: Request): Answer => {
    const key = `${req.method} ${req.url} ${req.headers.authorization ?? ""}`;
    const kept = answers.get(key);
    if (kept) return kept;
    const answer: Answer = { status: 404, headers: { "content-type": "application/json" }, body: '{"error":"not found"}' };
    const recorder = {
      writeHead: (status: number, headers: Record<string, string>) => Object.assign(answer, { status, headers }),
      end: (body: string | Buffer) => Object.assign(answer, { body }),
    };
    sandbox(req as IncomingMessage, recorder as unknown as ServerResponse);
    answers.set(key, answer);
    return answer;
  };
  const handle = (req: Request, res: Response) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const body = file(path);
    if (body) return send(res, 200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }, body);
    const answer = answerOf(req);
    options.hold(() => send(res, answer.status, answer.headers, answer.body));
  };
  /** The answers to `urls` (their path and query), made now. */
  const warm = (urls: string[]) => {
    for (const url of urls) {
      const { pathname, search } = new URL(url);
      answerOf({ method: "GET", url: pathname + search, headers: { authorization: options.apiKey } });
    }
  };
  return Object.assign(handle, { warm });
}

export interface Front {
  url: string;
  /** The sandbox's answers to `urls`, made before the clock starts. */
  warm(urls: string[]): void;
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
    warm: handler.warm,
    close: async () => {
      onClose();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
