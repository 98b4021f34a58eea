// The built `mdq` command with --cache-dir, when something other than MDQ's own entry sits in the
// folder: a FIFO, a link (to /dev/zero, or to a good entry), a file over the bound, another
// request's entry, an edited entry. Each is ignored and the call goes to the service (a small
// server on 127.0.0.1 that counts and numbers its answers); what MDQ writes instead is a regular
// file of mode 0600.

import { execFile, spawnSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileCache } from "../../src/cli/file-cache";
import { SPEC_EDITION } from "./spec-edition";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
/** A run that hangs (a FIFO opened for reading waits for a writer) is killed then, and fails. */
const KILL_AFTER_MS = 20_000;
/** Data memory a run may take (KB; ulimit -d, as -v would refuse WebAssembly's reservations): a command that reads /dev/zero dies at once instead of
 *  filling the machine's memory before the kill. */
const MEMORY_CAP_KB = 1_000_000;

let server: http.Server;
let base: string;
let served = 0;
/** While true, the service answers 500: a run may then print a stale answer from the cache. */
let failing = false;
/** Rows in each answer: enough of them make an answer over 1 MB. */
let rows = 1;
let dir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (failing) {
      res.writeHead(500, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ error: "switched to failing" }));
    }
    served++;
    const answer = Array.from({ length: rows }, (_, row) => ({ path: req.url, answer: served, row }));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  rows = 1;
  failing = false;
  dir = mkdtempSync(join(tmpdir(), "mdq-cache-folder-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  /** The answer's first row, as the service numbered it. */
  first: { path: string; answer: number } | undefined;
  stderr: string;
}

const run = (path: string, ...flags: string[]): Promise<Run> =>
  new Promise((resolve) => {
    const args = [BIN, "GET", path, "--base-url", base, "--api-key", "cache-folder-key", "--format", "json", "--cache-dir", dir, ...flags];
    const command = `ulimit -d ${MEMORY_CAP_KB}; exec "$0" "$@"`;
    const options = { env: { PATH: process.env.PATH, ...SPEC_EDITION }, timeout: KILL_AFTER_MS, maxBuffer: 64 * 1024 * 1024 };
    execFile("sh", ["-c", command, process.execPath, ...args], options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      const table = code === 0 ? (JSON.parse(stdout) as unknown[][]) : [];
      const [header, row] = [table[0] as string[] | undefined, table[1]];
      const first =
        header && row ? { path: String(row[header.indexOf("path")]), answer: Number(row[header.indexOf("answer")]) } : undefined;
      resolve({ code, first, stderr });
    });
  });

const entries = () => readdirSync(dir).filter((name) => name.endsWith(".mdq"));

/** One request answered by the service and cached, then answered from the cache: its file. */
async function cached(path: string, ...flags: string[]): Promise<{ file: string; answer: number }> {
  const before = entries();
  const fetched = await run(path, ...flags);
  expect(fetched).toMatchObject({ code: 0, first: { path: `/${path}` } });
  const again = await run(path, ...flags);
  expect(again.first).toEqual(fetched.first);
  const [name] = entries().filter((e) => !before.includes(e));
  return { file: join(dir, name), answer: fetched.first!.answer };
}

/** The run went to the service (a new answer, for this path) and left a regular file of mode 0600. */
async function expectFetched(path: string, file: string, flags: string[] = []) {
  const before = served;
  const result = await run(path, ...flags);
  expect(result).toMatchObject({ code: 0, first: { path: `/${path}`, answer: before + 1 } });
  expect(served).toBe(before + 1);
  const written = lstatSync(file);
  expect(written.isFile()).toBe(true);
  expect(written.mode & 0o777).toBe(0o600);
}

test("a FIFO in an entry's place is not opened: the run does not hang and asks the service", async () => {
  const { file } = await cached("cache/fifo");
  unlinkSync(file);
  expect(spawnSync("mkfifo", [file]).status).toBe(0);
  await expectFetched("cache/fifo", file);
});

test("a link in an entry's place is not followed, to /dev/zero or to a good entry", async () => {
  const { file } = await cached("cache/zero");
  unlinkSync(file);
  symlinkSync("/dev/zero", file);
  await expectFetched("cache/zero", file);
  // The good entry just written, moved aside and linked back: still a link, so not read.
  renameSync(file, `${file}.aside`);
  symlinkSync(`${file}.aside`, file);
  await expectFetched("cache/zero", file);
});

test("a file over the bound (the answer limit and 64 KB) is ignored and removed", async () => {
  rows = 30_000;
  const { file } = await cached("cache/big", "--answer-mb", "2");
  expect(lstatSync(file).size).toBeGreaterThan(1024 * 1024 + 64 * 1024);
  rows = 1;
  await expectFetched("cache/big", file, ["--answer-mb", "1"]);
  expect(lstatSync(file).size).toBeLessThan(1024);
});

test("another request's entry under this one's name is not this request's answer", async () => {
  const other = await cached("cache/other");
  const { file } = await cached("cache/mine");
  copyFileSync(other.file, file);
  await expectFetched("cache/mine", file);
});

test("an entry edited after it was written (checksum) is ignored and removed, never shown as fresh", async () => {
  const { file, answer } = await cached("cache/edited");
  const text = readFileSync(file, "latin1");
  writeFileSync(file, text.replace(`"answer":${answer}`, `"answer":${answer + 1000}`), "latin1");
  await expectFetched("cache/edited", file);
  // Cut short: the same.
  writeFileSync(file, readFileSync(file).subarray(0, -5));
  await expectFetched("cache/edited", file);
});

test("an edited entry is not a stale answer either: with the service failing the run fails, and the file is removed", async () => {
  const { file, answer } = await cached("cache/stale");
  writeFileSync(file, readFileSync(file, "latin1").replace(`"answer":${answer}`, `"answer":${answer + 1000}`), "latin1");
  failing = true;
  const result = await run("cache/stale");
  expect(result).toMatchObject({ code: 1, first: undefined });
  expect(result.stderr).toMatch(/^MDQ error: /m);
  expect(entries()).toEqual([]);
});

test("another user's file is neither read nor removed", () => {
  const now = () => Date.parse("2025-06-18T03:00:00Z");
  const me = new FileCache(dir, { maxBytes: 1024, now });
  me.set("mdq:k:/path", "the answer", 60);
  expect(me.get("mdq:k:/path")).toBe("the answer");
  const [name] = entries();
  // The same file, as seen by a cache run by another user: its owner is not that user.
  const other = new FileCache(dir, { maxBytes: 1024, now, owner: lstatSync(join(dir, name)).uid + 1 });
  expect(other.get("mdq:k:/path")).toBeUndefined();
  expect(entries()).toEqual([name]);
});
