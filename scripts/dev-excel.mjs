// The add-in's dev server: dist/excel over https on localhost:3000 (Office loads add-ins only
// over https), with the certificates of office-addin-dev-certs (it makes a local CA and asks the
// OS to trust it). `npm run dev:excel` runs it; scripts/start.mjs calls startAddinServer beside
// the sandbox. When certificates cannot be made or the port is taken it says so and resolves
// without a URL, so the caller can go on.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:https";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
};

/** The certificate, key and CA from office-addin-dev-certs (made and trusted on first use). What
 *  the library prints on the way ("have been generated", "Installing CA certificate...") is kept
 *  back: the one line the caller prints says what came of it. */
async function devCertificates() {
  const require = createRequire(import.meta.url);
  const { getHttpsServerOptions } = require("office-addin-dev-certs");
  const said = { log: console.log, error: console.error, warn: console.warn };
  console.log = console.error = console.warn = () => {};
  try {
    return await getHttpsServerOptions();
  } finally {
    Object.assign(console, said);
  }
}

/** Certificates made earlier whose CA the OS would not trust (Linux without sudo): still good
 *  for a browser that is told to accept them, so serve with a warning rather than not at all. */
function untrustedCertificates() {
  const dir = join(homedir(), ".office-addin-dev-certs");
  const files = ["localhost.crt", "localhost.key", "ca.crt"].map((f) => join(dir, f));
  if (!files.every((f) => existsSync(f))) return undefined;
  const [cert, key, ca] = files.map((f) => readFileSync(f));
  return { cert, key, ca };
}

// Office fetches functions.json from its own pages, not the add-in's, and Microsoft asks for CORS
// on it ("Publish an Office Add-in from Visual Studio Code to Azure"); the scripts and pages get
// the same header. Every file here is public to whoever reaches the server, so any origin may read.
const CORS = { "access-control-allow-origin": "*" };

/** The answer to a CORS preflight: GET from anywhere, with whatever headers were asked for. */
function preflight(req) {
  return {
    ...CORS,
    "access-control-allow-methods": "GET, HEAD, OPTIONS",
    "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
    "access-control-max-age": "600",
  };
}

function staticFiles(root) {
  return (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, preflight(req));
      return res.end();
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...CORS, allow: "GET, HEAD, OPTIONS", "content-type": "text/plain" });
      return res.end(`Method ${req.method} not allowed: the add-in's files are read-only.`);
    }
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const file = resolve(root, `.${path === "/" ? "/taskpane.html" : path}`);
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...CORS, "content-type": "text/plain" });
      return res.end(`Not found: ${path}. Run npm run build first?`);
    }
    // no-store: Excel picks up a rebuild on the next reload of the add-in.
    res.writeHead(200, { ...CORS, "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file)); // Node sends no body for HEAD
  };
}

/**
 * Serve dist/excel over https. Resolves {url, close}; url is undefined (with `problem` saying
 * why) when the certificates or the port are not available.
 * @param {{port?: number, host?: string, root?: string, https?: {cert: string|Buffer, key: string|Buffer}}} options
 *   host: one address to listen on; by default 127.0.0.1 and ::1 (both loopback).
 */
export async function startAddinServer({ port = 3000, host, root = "dist/excel", https } = {}) {
  const dir = resolve(root);
  const none = (problem) => ({ url: undefined, problem, close: async () => {} });
  if (!existsSync(join(dir, "functions.js"))) return none(`${dir}/functions.js is missing: run npm run build first`);
  let tls = https;
  /** Why this machine does not trust the certificate served, when it does not. */
  let untrusted;
  if (!tls) {
    try {
      tls = await devCertificates();
    } catch (e) {
      const why = String(e?.message ?? e).split("\n")[0];
      tls = untrustedCertificates();
      if (!tls) return none(`no development certificate could be made (${why}): run npx office-addin-dev-certs install (docs/excel.md)`);
      untrusted = why;
    }
  }
  const options = { cert: tls.cert, key: tls.key, ca: tls.ca };
  const first = await listen(createServer(options, staticFiles(dir)), port, host ?? "127.0.0.1");
  if (first.error)
    return none(
      first.error.code === "EADDRINUSE" ? `port ${port} is in use: stop the other server or pick another port` : first.error.message,
    );
  const servers = [first.server];
  // "localhost" may resolve to 127.0.0.1 or ::1 depending on the system and the web view: without
  // a host given, answer on both loopback addresses (never on the network).
  if (host === undefined) {
    const second = await listen(createServer(options, staticFiles(dir)), first.server.address().port, "::1");
    if (!second.error) servers.push(second.server);
  }
  return {
    url: `https://localhost:${first.server.address().port}`,
    untrusted,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise((closed) => {
              s.closeAllConnections();
              s.close(() => closed());
            }),
        ),
      ).then(() => undefined),
  };
}

/** The one line that says how the add-in is served: where, whether this machine trusts its
 *  certificate (Excel refuses an add-in whose certificate it does not) and what to do if not. */
export function addinLine({ url, problem, untrusted }) {
  if (!url) return `Excel add-in: not served: ${problem}.`;
  const page = `${url}/taskpane.html`;
  if (untrusted === undefined) return `Excel add-in: ${page}, certificate trusted: sideload manifest.xml (docs/excel.md).`;
  return `Excel add-in: ${page}, with a certificate this machine does not trust (${untrusted}): trust ~/.office-addin-dev-certs/ca.crt (docs/excel.md), or Excel refuses to load the add-in.`;
}

/** Resolves {server} once listening, or {error} (port taken, no IPv6). */
function listen(server, port, host) {
  return new Promise((done) => {
    server.once("error", (error) => done({ error }));
    server.listen(port, host, () => done({ server }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const served = await startAddinServer({ port: Number(process.env.PORT ?? 3000) });
  (served.url ? console.log : console.error)(addinLine(served));
  if (!served.url) process.exit(1);
  console.log("Ctrl+C stops the server.");
}
