// The deployable build: `npm run build:excel -- --origin https://host/path` (or MDQ_ADDIN_ORIGIN)
// writes a dist/excel/ whose every URL is on that origin, ready to copy to a static https host.
// Built here into temporary folders (--dist) so dist/ stays as the other tests need it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { DEV_ADDIN_ORIGIN, manifestFor, parseAddinOrigin } from "../../scripts/addin-origin";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { manifestChecks, parseManifest } from "./manifest-checks";

const root = join(__dirname, "..", "..");
const GIVEN = "https://addins.example.com/team/mdq";
const BASE = `${GIVEN}/`;
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

/** node scripts/build.mjs excel <args>, with MDQ_ADDIN_ORIGIN as given (unset by default). */
function build(args: string[], origin?: string) {
  const env = { ...process.env };
  delete env.MDQ_ADDIN_ORIGIN;
  if (origin !== undefined) env.MDQ_ADDIN_ORIGIN = origin;
  return spawnSync(process.execPath, ["scripts/build.mjs", "excel", ...args], { cwd: root, env, encoding: "utf8", timeout: 120000 });
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
}

let out: string;
let fromEnv: string;
let stdout: string;
const read = (file: string) => readFileSync(join(out, file), "utf8");

beforeAll(() => {
  const flagDist = mkdtempSync(join(tmpdir(), "mdq-deploy-"));
  const flag = build(["--origin", GIVEN, "--dist", flagDist]);
  if (flag.status !== 0) throw new Error(`build with --origin failed (${flag.status}): ${flag.stderr}`);
  const envDist = mkdtempSync(join(tmpdir(), "mdq-deploy-env-"));
  const env = build(["--dist", envDist], GIVEN);
  if (env.status !== 0) throw new Error(`build with MDQ_ADDIN_ORIGIN failed (${env.status}): ${env.stderr}`);
  out = join(flagDist, "excel");
  fromEnv = join(envDist, "excel");
  stdout = flag.stdout;
});

test("the build names the origin and writes the same files as the default build, manifest included", () => {
  expect(stdout).toContain(`add-in URLs on ${BASE}`);
  const defaults = join(root, "dist", "excel");
  if (!existsSync(defaults)) throw new Error(`${defaults} is missing: run npm run build first`);
  expect(filesBelow(out)).toEqual(filesBelow(defaults));
  expect(filesBelow(out)).toContain("manifest.xml");
});

test("MDQ_ADDIN_ORIGIN builds exactly what --origin builds", () => {
  expect(filesBelow(fromEnv)).toEqual(filesBelow(out));
  for (const file of filesBelow(out))
    expect({ file, same: readFileSync(join(fromEnv, file)).equals(readFileSync(join(out, file))) }).toEqual({ file, same: true });
});

// The one "localhost" left is code, not a URL: the base URL check that lets an analyst point MDQ
// at a sandbox on their own computer over plain http (isLoopback in shared/base/base-url.ts), in the
// functions bundle and in its source map.
test("no localhost anywhere in the output but the loopback-host check", () => {
  const found: Array<{ file: string; context: string }> = [];
  for (const file of filesBelow(out)) {
    const text = readFileSync(join(out, file)).toString("latin1");
    for (const m of text.matchAll(/localhost/gi)) {
      const context = text.slice(Math.max(0, m.index - 2), m.index + 16);
      if (!context.startsWith("^(localhost|127(")) found.push({ file, context });
    }
  }
  expect(found).toEqual([]);
  for (const file of filesBelow(out).filter((f) => !/\.js(\.map)?$/.test(f)))
    expect({ file, text: read(file) }).not.toMatchObject({ text: expect.stringMatching(/localhost/i) });
});

test("every URL in the manifest is on the origin and names a file the build wrote", () => {
  const { addinUrls } = parseManifest(read("manifest.xml"));
  for (const url of addinUrls) {
    expect(url.startsWith(BASE)).toBe(true);
    const file = url.slice(BASE.length).split("#")[0];
    expect({ url, exists: existsSync(join(out, file)) }).toEqual({ url, exists: true });
  }
});

describe("the manifest built for the origin", () => manifestChecks(() => read("manifest.xml"), BASE));

test("every function's help link is on the origin, at its own section of help.html; nothing else in functions.json changes", () => {
  const built = JSON.parse(read("functions.json"));
  const help = read("help.html");
  for (const fn of built.functions) {
    expect(fn.helpUrl).toBe(`${BASE}help.html#${fn.id.toLowerCase()}`);
    expect(help).toContain(`id="${fn.id.toLowerCase()}"`);
  }
  expect(built.functions.map((f: { id: string }) => f.id).sort()).toEqual(CATALOGUE.map((f) => f.name).sort());
  const dev = JSON.parse(readFileSync(join(root, "dist", "excel", "functions.json"), "utf8"));
  for (const fn of dev.functions) fn.helpUrl = fn.helpUrl.replace(DEV_ADDIN_ORIGIN, BASE);
  expect(built).toEqual(dev);
});

test("the pages load their own files by relative URL, and office.js from Microsoft's CDN", () => {
  for (const page of filesBelow(out).filter((f) => f.endsWith(".html"))) {
    for (const [, url] of read(page).matchAll(/\b(?:src|href)="([^"]*)"/g)) {
      const absolute = /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
      expect({ page, url, ok: !absolute || url === OFFICE_JS }).toEqual({ page, url, ok: true });
    }
  }
  expect(read("taskpane.html")).toContain(`<script src="${OFFICE_JS}"></script>`);
});

test("a bad origin stops the build before anything is written, saying why", () => {
  const dist = mkdtempSync(join(tmpdir(), "mdq-deploy-bad-"));
  const run = build(["--origin", "http://addins.example.com/mdq", "--dist", dist]);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/the add-in origin "http:\/\/addins\.example\.com\/mdq" is not https/);
  expect(readdirSync(dist)).toEqual([]);
  const fromEnv = build(["--dist", dist], "https://addins.example.com/mdq?v=2");
  expect(fromEnv.status).toBe(1);
  expect(fromEnv.stderr).toMatch(/has a query/);
  expect(readdirSync(dist)).toEqual([]);
});

describe("the origin", () => {
  test.each([
    ["https://addins.example.com", "https://addins.example.com/"],
    ["https://addins.example.com/team/mdq", "https://addins.example.com/team/mdq/"],
    [" https://Addins.Example.com:8443/mdq/ ", "https://addins.example.com:8443/mdq/"],
    ["https://addins.example.com:443/mdq", "https://addins.example.com/mdq/"],
    ["http://localhost:3001", "http://localhost:3001/"],
    ["http://127.0.0.1:8080/mdq", "http://127.0.0.1:8080/mdq/"],
  ])("%s is served as %s", (given, base) => {
    expect(parseAddinOrigin(given)).toBe(base);
  });

  test.each([
    ["http://addins.example.com", /is not https/],
    ["ftp://addins.example.com/mdq", /is not https/],
    ["addins.example.com/mdq", /is not an absolute URL/],
    ["https://user:secret@addins.example.com/", /has a user name or password/],
    ["https://addins.example.com/mdq?v=2", /has a query/],
    ["https://addins.example.com/mdq?", /has a query/],
    ["https://addins.example.com/mdq#top", /has a fragment/],
  ])("%s is refused", (given, why) => {
    expect(() => parseAddinOrigin(given)).toThrow(why);
    expect(() => parseAddinOrigin(given)).toThrow(/give the https address dist\/excel\/ will be served from/);
  });

  test("a path that needs escaping in XML stays well-formed in the manifest", () => {
    const base = parseAddinOrigin("https://addins.example.com/r&d/mdq");
    const manifest = manifestFor(readFileSync(join(root, "manifest.xml"), "utf8"), base);
    expect(XMLValidator.validate(manifest)).toBe(true);
    expect(parseManifest(manifest).urls.get("Functions.Script.Url")).toBe("https://addins.example.com/r&d/mdq/functions.js");
  });
});
