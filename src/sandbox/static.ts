// Static files beside the API: the playground page and the Excel bundle it runs, served from the
// same origin as the sandbox so the page needs no CORS and no second server. Read-only, GET/HEAD
// only, never outside the mounted folder, and never cached (a rebuild shows on the next reload).
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";

/** URL prefix (with its trailing slash, e.g. "/playground/") → folder on disk. */
export type StaticMounts = Record<string, string>;

const TYPES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
  }),
);

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createStaticHandler(mounts: StaticMounts): StaticHandler {
  const roots = Object.entries(mounts).map(([prefix, dir]) => {
    if (!prefix.startsWith("/") || !prefix.endsWith("/")) throw new Error(`a static mount must look like "/name/", got "${prefix}"`);
    return { prefix, root: resolve(dir) };
  });
  return (req, res) => {
    const path = (req.url ?? "/").split(/[?#]/)[0];
    for (const { prefix, root } of roots) {
      // "/playground" without its slash: redirect, or the page's relative links would miss.
      if (path === prefix.slice(0, -1)) {
        send(res, 301, "", { Location: prefix });
        return true;
      }
      if (!path.startsWith(prefix)) continue;
      if (req.method !== "GET" && req.method !== "HEAD") {
        send(res, 405, "Method not allowed.\n", { Allow: "GET, HEAD" });
        return true;
      }
      serveFile(req, res, root, path.slice(prefix.length));
      return true;
    }
    return false;
  };
}

function serveFile(req: IncomingMessage, res: ServerResponse, root: string, rest: string): void {
  let relative: string;
  try {
    relative = decodeURIComponent(rest);
  } catch {
    send(res, 400, "Malformed percent-encoding.\n");
    return;
  }
  // No "..", no NUL, no backslash tricks: anything that could name a file outside the folder is
  // refused before the file system is asked, and the resolved path is checked once more below.
  if (relative.includes("\0") || relative.split(/[/\\]/).some((part) => part === "..")) {
    send(res, 400, "Bad path.\n");
    return;
  }
  if (!existsSync(root)) {
    send(res, 404, "Not built yet: run npm run build, then reload.\n");
    return;
  }
  let file = resolve(root, relative || ".");
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file) || !statSync(file).isFile()) {
    send(res, 404, `Not found: ${relative || "index.html"}.\n`);
    return;
  }
  // A symbolic link inside the folder must not lead out of it either.
  const real = realpathSync(file);
  const realRoot = realpathSync(root);
  if (real !== realRoot && !real.startsWith(realRoot + sep)) {
    send(res, 404, `Not found: ${relative}.\n`);
    return;
  }
  const body = readFileSync(real);
  res.writeHead(200, {
    "Content-Type": TYPES.get(extname(real).toLowerCase()) ?? "application/octet-stream",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(text);
}
