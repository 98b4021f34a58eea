// The embedded mode's token file: separate `mdq gateway token` processes at once never lose a
// write, the gateway reads the file at most once a second (a revocation holds within that), and a
// file it cannot read is a 503 that names it, never a 500 or its contents.
import { execFile } from "node:child_process";
import fs, { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashToken, TOKEN_CHECK_MS, TokenFile } from "../../src/gateway/tokens";
import { admin, BIN, clock, countingUpstream, gateway, get } from "./harness";

/** The built command in a process of its own, as an administrator runs it, started only once
 *  `go` exists: the processes load the command first, then all act at the same moment. */
const mdq = (args: string[], go: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const launcher = `const pause = new Int32Array(new SharedArrayBuffer(4));
for (let i = 0; i < 2000 && !require("node:fs").existsSync(${JSON.stringify(go)}); i++) Atomics.wait(pause, 0, 0, 5);
require(${JSON.stringify(BIN)});`;
    execFile(
      process.execPath,
      ["-e", launcher, "mdq", "gateway", ...args],
      { env: { PATH: process.env.PATH }, timeout: 40_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** Every process at once: each waits for the go file, made once they have all had time to start. */
async function atOnce(argsOf: (name: string) => string[]) {
  const go = join(mkdtempSync(join(tmpdir(), "mdq-gw-go-")), "go");
  const runs = names.map((name) => mdq(argsOf(name), go));
  await new Promise((r) => setTimeout(r, 1500));
  writeFileSync(go, "");
  return Promise.all(runs);
}

const fresh = () => join(mkdtempSync(join(tmpdir(), "mdq-gw-tokens-")), "tokens.json");
const stored = (file: string) =>
  (JSON.parse(readFileSync(file, "utf8")) as { tokens: { name: string }[] }).tokens.map((t) => t.name).sort();
const names = Array.from({ length: 8 }, (_, i) => `person-${i + 1}`);

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test builds it first)`);
});

test("8 token add processes at once print 8 tokens and store all 8; 8 revokes at once all hold", async () => {
  const file = fresh();
  const added = await atOnce((name) => ["token", "add", name, "--tokens", file]);
  expect(added.map((a) => a.code)).toEqual(Array(8).fill(0));
  expect(added.every((a) => /\bmdqg_[A-Za-z0-9_-]{43}\b/.test(a.stdout))).toBe(true);
  expect(stored(file)).toEqual([...names].sort());
  const revoked = await atOnce((name) => ["token", "revoke", name, "--tokens", file]);
  expect(revoked.map((r) => [r.code, r.stderr])).toEqual(Array(8).fill([0, ""]));
  expect(stored(file)).toEqual([]);
  expect(fs.statSync(file).mode & 0o077).toBe(0);
}, 120_000);

test("the gateway looks at the token file at most once a second; a revocation holds from the next look", async () => {
  const file = new TokenFile(fresh());
  const token = await file.add("kim");
  const time = clock();
  const read = new TokenFile(file.path, time.now);
  const stat = jest.spyOn(fs, "statSync");
  try {
    for (let i = 0; i < 100; i++) expect(read.nameOf(hashToken(token))).toBe("kim");
    expect(stat.mock.calls.length).toBeLessThanOrEqual(1);
    await file.revoke("kim");
    time.advance(TOKEN_CHECK_MS);
    expect(read.nameOf(hashToken(token))).toBeUndefined();
    expect(stat.mock.calls.length).toBeLessThanOrEqual(2);
  } finally {
    stat.mockRestore();
  }
});

test("a token file that is not a token list: 503 naming the file and the fault, never its contents; /readyz says so", async () => {
  const path = fresh();
  writeFileSync(path, '{"tokens": [ {"name": "x", "hash": "SECRET-LOOKING-TEXT"', { mode: 0o600 });
  const upstream = await countingUpstream();
  const g = await gateway(upstream.url, { tokenFile: path, now: clock().now });
  try {
    const answer = await get(g.url, "/v1/news/", "mdqg_anything");
    expect(answer.status).toBe(503);
    const said = JSON.parse(answer.body).message as string;
    expect(said).toContain(path);
    expect(said).toMatch(/not valid JSON/);
    expect(said).toMatch(/mdq gateway token/);
    expect(answer.body).not.toContain("SECRET");
    // The public /readyz says what is wrong without the file's path; the admin listener names it.
    const ready = await get(g.url, "/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).tokens).toMatch(/^the token file is not valid JSON holding a token list .*mdq gateway token add/);
    expect(ready.body).not.toContain(tmpdir());
    expect(ready.body).not.toMatch(/tokens\.json|SECRET|"x"/);
    const detail = await admin(g, "/readyz");
    expect([detail.status, JSON.parse(detail.body).tokens]).toEqual([503, expect.stringContaining(path)]);
    expect(upstream.seen).toEqual([]);
  } finally {
    await g.close();
    await upstream.close();
  }
});
