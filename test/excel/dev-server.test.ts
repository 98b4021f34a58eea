// The dev server (scripts/dev-excel.mjs), run in a child Node process (it is an ES module for
// scripts/start.mjs): it serves dist/excel over https with the certificate it is given, and says
// why when it cannot serve, resolving without a URL so `npm start` goes on.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const server = JSON.stringify(join(root, "scripts", "dev-excel.mjs"));

function runNode(body: string) {
  const script = `const { startAddinServer } = await import(${server});\n${body}`;
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

test("without a build it says so and resolves without a URL", () => {
  const { out, stderr } = runNode(`
    const s = await startAddinServer({ port: 0, root: ${JSON.stringify(mkdtempSync(join(tmpdir(), "mdq-empty-")))} });
    console.log(JSON.stringify({ url: s.url ?? null, problem: s.problem }));`);
  expect(out.url).toBeNull();
  expect(out.problem).toMatch(/functions\.js is missing: run npm run build first/);
  expect(stderr).toMatch(/MDQ Excel add-in: not served/);
});
