// The first hour, as a new user meets it: `mdq serve` with no flags (what `npm start` runs), then
// every catalogued function's documented example (docs/functions.md, the CLI's help) and the
// README's commands through the built command with no flags either: no edition, no key. Only the
// address is given, because this test's sandbox listens on a free port rather than 8787.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { mdqJson } from "../cli/mdq-json";
import { type Served, startServe } from "../serve-command";

let served: Served;
beforeAll(async () => {
  served = await startServe();
});
afterAll(() => served?.stop());

/** The example's arguments as a shell passes them, trailing blanks dropped (as the docs print it). */
function exampleArgs(example: readonly unknown[]): string[] {
  const args = example.map((a) => (a === null || a === undefined ? "" : String(a)));
  while (args.length && args[args.length - 1] === "") args.pop();
  return args;
}

// The address only; the edition blank (as unset: mdqJson names spec for the other tests).
const noFlags = () => ({ MDQ_BASE_URL: served.base, MDQ_EDITION: "" });

test("the banner offers both editions, the live one at the base URL", () => {
  expect(served.banner).toMatch(/Base URL: http:\/\/127\.0\.0\.1:\d+ +the live edition/);
  expect(served.banner).toContain(`Spec:     ${served.base}/spec`);
});

describe.each(CATALOGUE.map((fn) => [fn.name, exampleArgs(fn.example)] as const))("mdq %s %j", (name, args) => {
  test("answers a table, with no edition and no key set", async () => {
    const { code, out, stderr } = await mdqJson([name, ...args], noFlags());
    expect({ code, stderr: stderr.replace(/^mdq: note: .*\n/gm, "") }).toEqual({ code: 0, stderr: "" });
    // A table with a header and rows, or VALUE's one number.
    const rows = out as unknown[][];
    expect(rows.length > 1 || (name === "VALUE" && typeof rows[0]?.[0] === "number")).toBe(true);
  });
});

/** The README's quick-start commands (`npx mdq ...` lines of its first code block after "npx mdq"). */
function readmeCommands(): string[][] {
  const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
  const lines = readme.split("\n").filter((l) => /^npx mdq [A-Z_]+ /.test(l));
  // Words as a shell splits them: quoted strings kept whole; the comment after `#` dropped.
  return lines.map((l) => [...l.replace(/\s+#.*$/, "").matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(2));
}

test("the README's commands answer with no flags but their own", async () => {
  const commands = readmeCommands().filter((words) => !words.some((w) => w.startsWith("--base-url") || w.startsWith("--edition")));
  expect(commands.length).toBeGreaterThanOrEqual(4);
  for (const words of commands) {
    const format = words.indexOf("--format");
    const args = format < 0 ? words : words.slice(0, format);
    const { code, stderr } = await mdqJson(args, noFlags());
    expect({ words, code, stderr }).toEqual({ words, code: 0, stderr: "" });
  }
});

test("the spec edition answers under /spec, and auto finds it there", async () => {
  const { code, out, stderr } = await mdqJson(["QUARTERLY", "BBCA", "2", "--verbose"], {
    MDQ_BASE_URL: `${served.base}/spec`,
    MDQ_EDITION: "",
  });
  expect(code).toBe(0);
  expect(Array.isArray(out) && out.length > 1).toBe(true);
  // The question (the spec edition's sub-sectors, answered), then the statement in spec.
  expect(stderr).toMatch(/^mdq: GET \S+\/spec\/v1\/subsectors\/ -> 200/m);
  expect(stderr).toMatch(/^mdq: GET \S+\/spec\/v1\/financials\/quarterly\/BBCA\/\S* -> 200/m);
  expect(stderr).toMatch(/^mdq: 2 requests,/m);
});

test("at the root, the question is answered 410, and the call is made in live", async () => {
  const { code, stderr } = await mdqJson(["QUARTERLY", "BBCA", "2", "--verbose"], noFlags());
  expect(code).toBe(0);
  expect(stderr).toMatch(/^mdq: GET \S+\/v1\/subsectors\/ -> 410 in \d+ ms, 0 credits$/m);
  expect(stderr).toMatch(/^mdq: GET \S+\/v2\/financials\/quarterly\/BBCA\/\S* -> 200/m);
});
