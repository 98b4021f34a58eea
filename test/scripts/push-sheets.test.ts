// npm run push:sheets says what clasp lacks before it builds anything: one line each for the
// project's .clasp.json and clasp's login, with what to do.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SCRIPT = join(__dirname, "..", "..", "scripts", "push-sheets.mjs");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mdq-push-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The script run from `dir` (the project's folder) with `dir` as the home folder too. */
const push = () => spawnSync(process.execPath, [SCRIPT], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir }, encoding: "utf8" });
const problems = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("push:sheets: "));

test("neither a .clasp.json nor a login: both said, in one line each, and nothing is built", () => {
  const r = push();
  expect(r.status).toBe(1);
  expect(problems(r.stderr)).toEqual([
    expect.stringMatching(/^push:sheets: no \.clasp\.json: cp \.clasp\.json\.example \.clasp\.json, then paste your script's ID/),
    expect.stringMatching(/^push:sheets: clasp is not logged in: run npx clasp login/),
  ]);
  expect(r.stdout).toBe("");
});

test("the example's placeholder ID and a wrong rootDir are named", () => {
  writeFileSync(
    join(dir, ".clasp.json"),
    JSON.stringify({ scriptId: "PASTE-THE-SCRIPT-ID-FROM-EXTENSIONS-APPS-SCRIPT-PROJECT-SETTINGS", rootDir: "dist/sheets" }),
  );
  expect(problems(push().stderr)[0]).toMatch(/^push:sheets: \.clasp\.json has no script ID/);
  writeFileSync(join(dir, ".clasp.json"), JSON.stringify({ scriptId: "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", rootDir: "src" }));
  expect(problems(push().stderr)[0]).toBe(
    'push:sheets: .clasp.json\'s rootDir is "src": set it to "dist/sheets", where the build writes the script',
  );
});

test("with both in place nothing is said and the build starts", () => {
  writeFileSync(join(dir, ".clasp.json"), JSON.stringify({ scriptId: "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", rootDir: "dist/sheets" }));
  writeFileSync(join(dir, ".clasprc.json"), JSON.stringify({ tokens: { default: { type: "authorized_user" } } }));
  const r = push();
  expect(problems(r.stderr)).toEqual([]);
  // This folder has no project to build: the build step is what fails, past the checks.
  expect(r.stderr).toMatch(/scripts\/build\.mjs/);
  expect(r.status).not.toBe(0);
});
