// The newcomer's order of commands, on a copy of this checkout without dist/ and with an npm cache
// of its own (npm_config_cache), so npx has never seen the project: `npx mdq` before any build,
// then `npm run build`, then `npx mdq` again, and calls while a build is running. node_modules
// is this checkout's, linked package by package, without the self-link npm ci makes: so npx
// takes its slow path, installing the project into its own cache, the path that once broke.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { byGroup } from "../../shared/catalogue/describe";

const ROOT = join(__dirname, "..", "..");
let work: string;
let copy: string;
let env: NodeJS.ProcessEnv;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(command: string, args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(command, args, { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const run = (command: string, args: string[]) => start(command, args).done;
const npxMdq = (...args: string[]) => run("npx", ["--no-install", "mdq", ...args]);
const lockHeld = () => existsSync(join(copy, "dist")) && readdirSync(join(copy, "dist")).some((f) => /^\.build-\d+\.lock$/.test(f));

async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Grouped by market: each function on an indented line of its own, under its market's title. */
const NAMES = byGroup().flatMap(([, fns]) => fns.map((f) => f.name));
const listsFunctions = (r: Run) => {
  expect(r.stderr).not.toMatch(/not found/);
  expect(r.code).toBe(0);
  expect(r.stdout.split("\n").flatMap((line) => /^ {2}(\S+)/.exec(line)?.[1] ?? [])).toEqual(NAMES);
};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mdq-npx-"));
  copy = join(work, "checkout");
  // The tracked files (and new ones not ignored), as a fresh clone would have them: no dist/.
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  mkdirSync(join(copy, "node_modules"));
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== "mdq" && entry !== ".bin") symlinkSync(join(ROOT, "node_modules", entry), join(copy, "node_modules", entry));
  }
  env = { ...process.env, npm_config_cache: join(work, "npm-cache"), npm_config_update_notifier: "false", npm_config_fund: "false" };
  delete env.npm_config_yes;
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

test("npx mdq before any build builds the command, and npx never keeps a broken link", async () => {
  expect(existsSync(join(copy, "dist"))).toBe(false);
  const first = await npxMdq("functions");
  listsFunctions(first);
  expect(first.stderr).toMatch(/building the command first/);

  const build = await run("npm", ["run", "build"]);
  expect(build.code).toBe(0);
  listsFunctions(await npxMdq("functions"));
  // npx installed the project into its own cache with the bin linked: later calls reuse it.
  const npxEntries = readdirSync(join(work, "npm-cache", "_npx"));
  expect(npxEntries).toHaveLength(1);
  expect(existsSync(join(work, "npm-cache", "_npx", npxEntries[0], "node_modules", ".bin", "mdq"))).toBe(true);
}, 120_000);

test("a call during a rebuild runs the old or the new command; the command file is never missing", async () => {
  const build = start("npm", ["run", "build"]);
  let missing = 0;
  const watch = setInterval(() => (missing += existsSync(join(copy, "dist", "cli", "mdq.js")) ? 0 : 1), 1);
  await until(lockHeld, "the build's lock");
  const calls: Array<Promise<Run>> = [];
  // Calls keep starting while the build holds its lock (at least one, at most three).
  while (calls.length === 0 || (lockHeld() && calls.length < 3)) {
    calls.push(npxMdq("functions"));
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await build.done).code).toBe(0);
  clearInterval(watch);
  for (const call of await Promise.all(calls)) listsFunctions(call);
  expect(missing).toBe(0);
  expect(readdirSync(join(copy, "dist")).filter((f) => f.startsWith("."))).toEqual([]);
}, 120_000);

test("a call during the first build waits for it instead of failing or building twice", async () => {
  rmSync(join(copy, "dist"), { recursive: true, force: true });
  const build = start("npm", ["run", "build"]);
  await until(lockHeld, "the build's lock");
  const call = await npxMdq("functions");
  listsFunctions(call);
  expect(call.stderr).not.toMatch(/building the command first/);
  expect((await build.done).code).toBe(0);
}, 120_000);

test("the checkout's own node_modules links mdq to this bin (npm ci's self-link), so npx runs it directly", () => {
  const bin = join(ROOT, "node_modules", ".bin", "mdq");
  expect(existsSync(bin)).toBe(true);
  expect(execFileSync("node", ["-e", `console.log(require("fs").realpathSync(${JSON.stringify(bin)}))`], { encoding: "utf8" }).trim()).toBe(
    require("node:fs").realpathSync(join(ROOT, "bin", "mdq.js")),
  );
});
