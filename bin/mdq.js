#!/usr/bin/env node
// The `mdq` command as npm links it. It exists before any build, so `npx mdq` links it on a fresh
// clone as well (npm links a bin only when its file exists at install time, and keeps a link it
// made without the bin for good). It runs the built command, dist/cli/mdq.js; before the first
// build it waits for a build that is running, or builds the command itself.

const { existsSync, readdirSync, readFileSync } = require("node:fs");
const { spawnSync } = require("node:child_process");
const { join } = require("node:path");

const root = join(__dirname, "..");
const built = join(root, "dist", "cli", "mdq.js");
const WAIT_MS = 180_000;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
};

/** True while an `npm run build` of this checkout holds its lock (scripts/build.mjs). */
function buildRunning() {
  const dist = join(root, "dist");
  if (!existsSync(dist)) return false;
  return readdirSync(dist)
    .filter((name) => /^\.build-\d+\.lock$/.test(name))
    .some((name) => alive(Number(readFileSync(join(dist, name), "utf8"))));
}

function hasEsbuild() {
  try {
    require.resolve("esbuild", { paths: [root] });
    return true;
  } catch {
    return false;
  }
}

function waitForBuild() {
  process.stderr.write("mdq: the build is running (npm run build); waiting for it to make the command...\n");
  const until = Date.now() + WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(built) && buildRunning() && Date.now() < until) Atomics.wait(pause, 0, 0, 200);
}

function buildCommand() {
  if (!hasEsbuild()) {
    process.stderr.write("mdq: the command is not built and its build tools are not installed: run `npm ci`, then try again.\n");
    process.exit(1);
  }
  process.stderr.write("mdq: building the command first (npm run build cli)...\n");
  const result = spawnSync(process.execPath, [join(root, "scripts", "build.mjs"), "cli"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    process.stderr.write("mdq: the build failed (above). Run `npm run build` to see why.\n");
    process.exit(1);
  }
}

if (!existsSync(built) && buildRunning()) waitForBuild();
if (!existsSync(built)) buildCommand();
require(built);
