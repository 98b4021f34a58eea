// The embedded mode's token file: separate `mdq gateway token` processes at once never lose a
// write, the gateway reads the file at most once a second (a revocation holds within that), a
// file it cannot read is a 503 that names it, never a 500 or its contents, and the lock of a
// command that died is taken over as soon as its process has ended, the waiter saying what it
// waits for.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs, { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
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
  // The looks at the token file itself (revoke's lock looks at its own folder).
  const looks = () => stat.mock.calls.filter(([path]) => path === file.path).length;
  try {
    for (let i = 0; i < 100; i++) expect(read.nameOf(hashToken(token))).toBe("kim");
    expect(looks()).toBeLessThanOrEqual(1);
    await file.revoke("kim");
    time.advance(TOKEN_CHECK_MS);
    expect(read.nameOf(hashToken(token))).toBeUndefined();
    expect(looks()).toBeLessThanOrEqual(2);
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

/** A process of this host (a node waiting), and a promise of its end. */
function aProcess(): { child: ChildProcess; ended: Promise<void> } {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, ended };
}

/** A lock folder as a command left it: owner.json naming `owner`, or none (an older MDQ's). */
function leftLock(file: string, owner: { pid: number; host: string; since: number } | undefined, touched: number) {
  const folder = `${file}.lock`;
  mkdirSync(folder);
  if (owner) writeFileSync(join(folder, "owner.json"), JSON.stringify({ ...owner, id: "theirs" }));
  utimesSync(folder, new Date(touched), new Date(touched));
  return folder;
}

/** A token file on a fake clock whose waits only move it on; `onWait` runs at each wait. */
function waitingFile(path: string, onWait: (waits: number) => Promise<void> | void = () => undefined) {
  const time = clock(Date.now());
  const said: string[] = [];
  let waits = 0;
  const file = new TokenFile(path, time.now, {
    now: time.now,
    sleep: async (ms) => {
      time.advance(ms);
      await onWait(++waits);
    },
    say: (text) => said.push(text),
  });
  return { file, time, said, waits: () => waits };
}

const clockTime = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

test("a lock whose process has ended is taken over at once, saying so", async () => {
  const path = fresh();
  const { child, ended } = aProcess();
  child.kill("SIGKILL");
  await ended;
  const { file, said, waits } = waitingFile(path);
  leftLock(path, { pid: child.pid!, host: hostname(), since: Date.now() }, Date.now());
  await file.add("ana");
  expect(stored(path)).toEqual(["ana"]);
  expect(said).toEqual([`the token file's lock (${path}.lock) was left by process ${child.pid}, which has ended: taken over`]);
  expect(waits()).toBe(0);
  expect(existsSync(`${path}.lock`)).toBe(false);
});

test("a lock whose process runs is waited for, saying once what for; taken over within 2 s of that process's end", async () => {
  const path = fresh();
  const { child, ended } = aProcess();
  let endedAt = Number.NaN;
  const since = Date.now();
  const waiting = waitingFile(path, async (waits) => {
    // Still the other command's while its process runs.
    expect(JSON.parse(readFileSync(`${path}.lock/owner.json`, "utf8")).id).toBe("theirs");
    if (waits === 40) {
      child.kill("SIGKILL");
      await ended;
      endedAt = waiting.time.now();
    }
  });
  try {
    leftLock(path, { pid: child.pid!, host: hostname(), since }, since);
    await waiting.file.add("bea");
    expect(stored(path)).toEqual(["bea"]);
    expect(waiting.waits()).toBeGreaterThanOrEqual(40);
    expect(waiting.time.now() - endedAt).toBeLessThanOrEqual(2000);
    expect(waiting.said).toEqual([
      `waiting for the token file's lock (${path}.lock), held by process ${child.pid} since ${clockTime(since)}: taken over as soon as that process ends`,
      `the token file's lock (${path}.lock) was left by process ${child.pid}, which has ended: taken over`,
    ]);
  } finally {
    child.kill("SIGKILL");
  }
});

test.each([
  [
    "a process of another host",
    { pid: 1, host: "another-host" },
    "process 1 on host another-host",
    "a process of another host cannot be seen from here",
  ],
  ["no process (an older MDQ's lock)", undefined, "a command that does not name its process (an older MDQ?)", "its process is not known"],
])("a lock of %s keeps the 10 s rule: waited for, then taken over once not refreshed for 10 s", async (_, owner, holder, why) => {
  const path = fresh();
  const waiting = waitingFile(path);
  const since = waiting.time.now();
  leftLock(path, owner && { ...owner, since }, since);
  await waiting.file.add("cy");
  expect(stored(path)).toEqual(["cy"]);
  expect(waiting.time.now() - since).toBeGreaterThan(10_000);
  expect(waiting.said).toEqual([
    `waiting for the token file's lock (${path}.lock), held by ${holder} since ${clockTime(since)}: taken over once it is not refreshed for 10 s (${why})`,
    `the token file's lock (${path}.lock) was not refreshed for 10 s (its holder is gone): taken over`,
  ]);
});

test("a lock held 30 s by a running process: the command gives up naming it, and changes nothing", async () => {
  const path = fresh();
  const { child, ended } = aProcess();
  try {
    const waiting = waitingFile(path, () => {
      // The holder keeps its lock young.
      utimesSync(`${path}.lock`, new Date(waiting.time.now()), new Date(waiting.time.now()));
    });
    leftLock(path, { pid: child.pid!, host: hostname(), since: waiting.time.now() }, waiting.time.now());
    await expect(waiting.file.add("dee")).rejects.toThrow(
      new RegExp(`is locked by another mdq gateway token command \\(its lock .*, held by process ${child.pid} since .*\\): try again`),
    );
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.lock`)).toBe(true);
  } finally {
    child.kill("SIGKILL");
    await ended;
  }
});
