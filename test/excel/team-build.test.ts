// A team's build of the add-in (npm run build:excel -- --base-url URL [--edition E]): every analyst's
// add-in starts on the team's gateway and edition, with no key (each pastes their own token),
// instead of the local sandbox and its demo key; a base URL the core would refuse stops the build
// before anything is written.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import { standIns } from "../../src/excel/stand-ins";

const ROOT = join(__dirname, "..", "..");

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "mdq-team-"));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const build = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/build.mjs", "excel", "--dist", dist, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });

/** The settings a freshly installed add-in of this build reads (nothing stored yet). */
async function firstSettings(): Promise<Record<string, unknown>> {
  const stand = standIns({});
  const context = vm.createContext({
    ...stand.globals,
    fetch,
    AbortController,
    setTimeout,
    clearTimeout,
    URL,
    TextDecoder,
    performance,
    console,
  });
  // Without a page, functions.js registers and leaves its engine to whoever runs it.
  for (const script of ["functions.js", "engine.js"]) vm.runInContext(readFileSync(join(dist, "excel", script), "utf8"), context);
  return (context.MDQ_ADDIN as { runtime(): { settings(): Promise<Record<string, unknown>> } }).runtime().settings();
}

test("a team's base URL and edition are the add-in's defaults, with no key", async () => {
  const r = build("--base-url", "https://gateway.team.example/", "--edition", "live");
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/default base URL https:\/\/gateway\.team\.example, edition live/);
  expect(await firstSettings()).toMatchObject({ baseUrl: "https://gateway.team.example", apiKey: "", edition: "live" });
});

test("without them, the sandbox and its demo key, as before", async () => {
  expect(build().status).toBe(0);
  expect(await firstSettings()).toMatchObject({ baseUrl: "http://127.0.0.1:8787", apiKey: "demo", edition: "auto" });
});

test("a base URL the add-in would refuse stops the build before anything is written", () => {
  const fresh = mkdtempSync(join(tmpdir(), "mdq-team-bad-"));
  try {
    const r = spawnSync(process.execPath, ["scripts/build.mjs", "excel", "--dist", fresh, "--base-url", "http://gateway.team.example"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--base-url \/ --edition: the base URL must use https:\/\/ for gateway\.team\.example/);
    expect(existsSync(join(fresh, "excel"))).toBe(false);
    const edition = spawnSync(process.execPath, ["scripts/build.mjs", "excel", "--dist", fresh, "--edition", "live"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(edition.stderr).toMatch(/--edition needs --base-url/);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
});
