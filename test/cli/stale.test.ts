// The built `mdq` command with --cache-dir: a run whose request fails for the service's trouble
// prints the last good answer and warns on stderr with its age; --stale error, a 404 and a run
// without a cache fail as before. The service is a small switchable server on 127.0.0.1.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
const KEY = "cli-stale-key-0d4f";

let server: http.Server;
let base: string;
let mode = "ok";
let served = 0;
let dir: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    const ok = mode === "ok";
    res.writeHead(ok ? 200 : Number(mode), { "Content-Type": "application/json" });
    res.end(JSON.stringify(ok ? [{ answer: ++served }] : { error: `switched to ${mode}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mode = "ok";
  dir = mkdtempSync(join(tmpdir(), "mdq-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const all = ["GET", "switch/data", ...args, "--base-url", base, "--api-key", KEY, "--format", "json"];
    execFile(process.execPath, [BIN, ...all], { env: { PATH: process.env.PATH }, timeout: 40_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

test("a run whose refresh meets a 500 prints the last good answer, with a warning and its age", async () => {
  const first = await run(["", "refresh=1", "--cache-dir", dir]);
  expect(first.code).toBe(0);
  // The cache never holds the key.
  for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), "utf8")).not.toContain(KEY);
  const again = await run(["", "refresh=1", "--cache-dir", dir]);
  expect(again.stdout).toBe(first.stdout);
  expect(served).toBeGreaterThanOrEqual(1);
  const before = served;
  mode = "500";
  const stale = await run(["", "refresh=2", "--cache-dir", dir]);
  expect(stale).toMatchObject({ code: 0, stdout: first.stdout });
  expect(stale.stderr).toMatch(
    /^mdq: warning: stale: answer fetched \d+ s ago; the refresh failed \(.*(server|500).*\)\. Pass --stale error/m,
  );
  expect(served).toBe(before);
});

test("--stale error, a 404, or no cache: the failure; a bad --stale is refused", async () => {
  await run(["", "refresh=1", "--cache-dir", dir]);
  mode = "500";
  const refused = await run(["", "refresh=2", "--cache-dir", dir, "--stale", "error"]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^MDQ error: .*(server|500)/i);
  expect((await run(["", "refresh=2"])).code).toBe(1);
  mode = "404";
  const missing = await run(["", "refresh=3", "--cache-dir", dir]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/not found/i);
  expect((await run(["", "", "--stale", "maybe"])).stderr).toMatch(/'--stale' must be serve or error \(got "maybe"\)/);
});
