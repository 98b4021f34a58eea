// The dev server (scripts/dev-excel.mjs), run in a child Node process (it is an ES module for
// scripts/start.mjs): it serves dist/excel over https with the certificate it is given, and says
// why when it cannot serve, resolving without a URL so `npm start` goes on. Its files carry CORS
// headers, checked from a page of another origin in headless Chromium.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOOPBACK_ONLY, launchChromium } from "../../scripts/harness/chromium";
import { listenOnLoopback } from "../../scripts/harness/loopback";
import { CATALOGUE } from "../../shared/catalogue/catalogue";

const root = join(__dirname, "..", "..");
const server = JSON.stringify(join(root, "scripts", "dev-excel.mjs"));

function runNode(body: string) {
  const script = `const { startAddinServer, addinLine } = await import(${server});\n${body}`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8", timeout: 30000 });
  if (run.status !== 0) throw new Error(`child failed (${run.status}): ${run.stderr}`);
  return { out: JSON.parse(run.stdout.trim().split("\n").pop()!), stderr: run.stderr };
}

function selfSigned(): { cert: string; key: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), "mdq-cert-"));
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) return undefined;
  return { cert: join(dir, "cert.pem"), key: join(dir, "key.pem") };
}

const tls = selfSigned();
(tls ? test : test.skip)("serves the built add-in over https on the port it is given", () => {
  const { out } = runNode(`
    import("node:fs").then(async ({ readFileSync }) => {
      const s = await startAddinServer({ port: 0, https: { cert: readFileSync(${JSON.stringify(tls?.cert)}), key: readFileSync(${JSON.stringify(tls?.key)}) } });
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
      const get = async (p, host = "127.0.0.1") => { const r = await fetch(s.url.replace("localhost", host) + p); return [r.status, r.headers.get("content-type"), (await r.text()).length]; };
      // fetch would normalise "/../"; a raw request sends the path as written.
      const { get: httpsGet } = await import("node:https");
      const raw = (path) => new Promise((ok) => httpsGet({ host: "127.0.0.1", port: new URL(s.url).port, path, rejectUnauthorized: false }, (r) => (r.resume(), ok([r.statusCode]))));
      const v6 = await get("/functions.json", "[::1]").catch(() => null);
      const result = { url: s.url, json: await get("/functions.json"), pane: await get("/taskpane.html"), missing: await get("/nothing.js"), escape: await raw("/../../package.json"), v6 };
      await s.close();
      console.log(JSON.stringify(result));
    });`);
  expect(out.url).toMatch(/^https:\/\/localhost:\d+$/);
  expect(out.json[0]).toBe(200);
  expect(out.json[1]).toMatch(/application\/json/);
  expect(out.json[2]).toBe(readFileSync(join(root, "dist/excel/functions.json"), "utf8").length);
  expect(out.pane.slice(0, 2)).toEqual([200, "text/html; charset=utf-8"]);
  expect(out.missing[0]).toBe(404);
  expect(out.escape[0]).toBe(404);
  // Where the machine has IPv6, localhost's other loopback address answers too.
  if (out.v6) expect(out.v6[0]).toBe(200);
});

test("npm start's one line for the add-in: where, whether its certificate is trusted, and what to do", () => {
  const { out } = runNode(`
    console.log(JSON.stringify([
      addinLine({ url: "https://localhost:3000" }),
      addinLine({ url: "https://localhost:3000", untrusted: "sudo: not found" }),
      addinLine({ url: undefined, problem: "port 3000 is in use: stop the other server or pick another port" }),
    ]));`);
  expect(out).toEqual([
    "Excel add-in: https://localhost:3000/taskpane.html, certificate trusted: sideload manifest.xml (docs/excel.md).",
    "Excel add-in: https://localhost:3000/taskpane.html, with a certificate this machine does not trust (sudo: not found): trust ~/.office-addin-dev-certs/ca.crt (docs/excel.md), or Excel refuses to load the add-in.",
    "Excel add-in: not served: port 3000 is in use: stop the other server or pick another port.",
  ]);
});

test("without a build it says so and resolves without a URL", () => {
  const { out, stderr } = runNode(`
    const s = await startAddinServer({ port: 0, root: ${JSON.stringify(mkdtempSync(join(tmpdir(), "mdq-empty-")))} });
    console.log(JSON.stringify({ url: s.url ?? null, problem: s.problem }));`);
  expect(out.url).toBeNull();
  expect(out.problem).toMatch(/functions\.js is missing: run npm run build first/);
  expect(stderr).toBe("");
});

/** The dev server in a child process that lives until its stdin closes. */
async function serveInChild(cert: string, key: string): Promise<{ url: string; close(): Promise<void> }> {
  const script = `const { startAddinServer } = await import(${server});
    const { readFileSync } = await import("node:fs");
    const s = await startAddinServer({ port: 0, https: { cert: readFileSync(${JSON.stringify(cert)}), key: readFileSync(${JSON.stringify(key)}) } });
    console.log(JSON.stringify({ url: s.url ?? null, problem: s.problem ?? null }));
    process.stdin.on("end", () => s.close().then(() => process.exit(0)));
    process.stdin.resume();`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  const close = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  let out = "";
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dev server did not start within 15 s: ${out}`)), 15000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!out.includes("\n")) return;
      clearTimeout(timer);
      resolve(out.split("\n")[0]);
    });
  }).catch(async (e) => {
    await close();
    throw e;
  });
  const { url, problem } = JSON.parse(line);
  if (!url) {
    await close();
    throw new Error(`the dev server did not serve: ${problem}`);
  }
  return { url, close };
}

// No request interception here: playwright would answer the preflight itself. LOOPBACK_ONLY keeps
// Chromium off the network instead; the page's own origin (http://127.0.0.1:<port>) differs from
// the dev server's (https://localhost:<port>) in scheme, host and port.
(tls ? test : test.skip)("a page of another origin reads functions.json, functions.js and the pages, also after a preflight", async () => {
  const addin = await serveInChild(tls!.cert, tls!.key);
  const other = await listenOnLoopback((_, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>another origin</title>");
  });
  const browser = await launchChromium([LOOPBACK_ONLY]);
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const preflights: string[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.type === "Preflight" || e.request.method === "OPTIONS")
        preflights.push(`${e.request.method} ${new URL(e.request.url).pathname}`);
    });
    await page.goto(`${other.url}/`);
    const result = await page.evaluate(async (base) => {
      const read = async (path: string, init?: RequestInit) => {
        try {
          const r = await fetch(base + path, init);
          return { status: r.status, type: r.headers.get("content-type"), text: await r.text() };
        } catch (e) {
          return { error: String(e) };
        }
      };
      return {
        origin: location.origin,
        json: await read("/functions.json"),
        script: await read("/functions.js"),
        pane: await read("/taskpane.html"),
        // A header outside the CORS-safelisted ones makes the browser ask first (OPTIONS).
        preflighted: await read("/functions.json", { headers: { "x-mdq-probe": "1" } }),
        // no-cors: reachable would resolve (opaque); only an unreachable host rejects.
        network: await fetch("https://appsforoffice.microsoft.com/lib/1/hosted/office.js", { mode: "no-cors" }).then(
          () => "reached",
          () => "unreachable",
        ),
      };
    }, addin.url);
    expect(result.origin).not.toBe(new URL(addin.url).origin);
    expect(result.json).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
    expect(JSON.parse((result.json as { text: string }).text).functions).toHaveLength(CATALOGUE.length);
    expect(result.script).toMatchObject({ status: 200, type: "text/javascript; charset=utf-8" });
    expect(result.pane).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect((result.pane as { text: string }).text).toContain("<title>MDQ settings</title>");
    expect(result.preflighted).toMatchObject({ status: 200 });
    expect(preflights).toContain("OPTIONS /functions.json");
    expect(result.network).toBe("unreachable");
  } finally {
    await browser.close();
    await other.close();
    await addin.close();
  }
});

(tls ? test : test.skip)("answers a preflight with what may be asked, and refuses to be written to", () => {
  const { out } = runNode(`
    import("node:fs").then(async ({ readFileSync }) => {
      const s = await startAddinServer({ port: 0, host: "127.0.0.1", https: { cert: readFileSync(${JSON.stringify(tls?.cert)}), key: readFileSync(${JSON.stringify(tls?.key)}) } });
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
      const url = s.url.replace("localhost", "127.0.0.1");
      const ask = async (path, init) => { const r = await fetch(url + path, init); await r.arrayBuffer(); return { status: r.status, headers: Object.fromEntries(r.headers) }; };
      const result = {
        options: await ask("/functions.json", { method: "OPTIONS", headers: { origin: "https://excel.example", "access-control-request-method": "GET", "access-control-request-headers": "x-mdq-probe" } }),
        head: await ask("/functions.json", { method: "HEAD" }),
        post: await ask("/functions.json", { method: "POST", body: "x" }),
        missing: await ask("/nothing.js"),
      };
      await s.close();
      console.log(JSON.stringify(result));
    });`);
  expect(out.options.status).toBe(204);
  expect(out.options.headers).toMatchObject({
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, HEAD, OPTIONS",
    "access-control-allow-headers": "x-mdq-probe",
  });
  expect(out.head).toMatchObject({ status: 200, headers: { "access-control-allow-origin": "*" } });
  expect(out.post).toMatchObject({ status: 405, headers: { allow: "GET, HEAD, OPTIONS" } });
  expect(out.missing).toMatchObject({ status: 404, headers: { "access-control-allow-origin": "*" } });
});
