// The core's shape, as docs/contributing.md maps it: floors that import only downward, no import
// circle (type imports count), one front door, and the engine handed rows rather than names.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..", "..");
const SHARED = join(ROOT, "shared");
const ENGINE = ["base", "input", "answer", "rows", "request", "run", "drive", "catalogue"];

const tsFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith(".ts") ? [path] : [];
  });

test("no module lies directly in shared/ but the front door; every floor is a folder of at most 12 files", () => {
  expect(readdirSync(SHARED).filter((n) => n.endsWith(".ts"))).toEqual(["index.ts"]);
  expect(
    readdirSync(SHARED)
      .filter((n) => statSync(join(SHARED, n)).isDirectory())
      .sort(),
  ).toEqual([...ENGINE].sort());
  for (const floor of ENGINE)
    expect([floor, readdirSync(join(SHARED, floor)).filter((n) => n.endsWith(".ts")).length <= 12]).toEqual([floor, true]);
});

test("the engine never looks a function up by name: only the catalogue and the front door do", () => {
  const lookups = tsFiles(SHARED)
    .filter((f) => /\b(findFunction|functionNamed)\b/.test(readFileSync(f, "utf8")))
    .map((f) => relative(SHARED, f));
  expect(lookups.filter((f) => !f.startsWith("catalogue/") && f !== "index.ts")).toEqual([]);
});

test("one name per idea: no two core modules export the same name", () => {
  const owners = new Map<string, string[]>();
  for (const file of tsFiles(SHARED)) {
    const text = readFileSync(file, "utf8");
    for (const [, name] of text.matchAll(
      /^export\s+(?:const|let|function\*?|async\s+function\*?|class|interface|type|enum)\s+([\w$]+)/gm,
    )) {
      owners.set(name, [...(owners.get(name) ?? []), relative(SHARED, file)]);
    }
  }
  expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
});

test("hosts, the sandbox and scripts import the core only through shared/index.ts", () => {
  const deep = ["src", "scripts"]
    .flatMap((dir) => tsFiles(join(ROOT, dir)))
    .filter((f) => /from\s+"(\.\.\/)+shared\/[^"]+"/.test(readFileSync(f, "utf8")))
    .map((f) => relative(ROOT, f));
  expect(deep).toEqual([]);
});

describe("the linter keeps the floors (npm run lint)", () => {
  let dir: string;
  const lint = () => {
    try {
      execFileSync(join(ROOT, "node_modules", ".bin", "biome"), ["lint", "--error-on-warnings", "."], { cwd: dir, stdio: "pipe" });
      return "";
    } catch (e) {
      const { stdout, stderr } = e as { stdout?: Buffer; stderr?: Buffer };
      return `${stdout}${stderr}`;
    }
  };
  const append = (path: string, text: string) => writeFileSync(join(dir, path), readFileSync(join(dir, path), "utf8") + text);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mdq-floors-"));
    cpSync(SHARED, join(dir, "shared"), { recursive: true });
    cpSync(join(ROOT, "src", "cli", "format.ts"), join(dir, "src", "cli", "format.ts"));
    // The project's own rules, without git (the copy is no checkout).
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
    delete config.$schema;
    config.vcs = { enabled: false };
    writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("the core as it is passes", () => {
    expect(lint()).toBe("");
  });

  test("an import circle of type imports alone fails", () => {
    append("shared/base/own.ts", '\nimport type { Cell } from "./table";\nexport type OwnCell = Cell;\n');
    append("shared/base/table.ts", '\nimport type { OwnCell } from "./own";\nexport type TableCell = OwnCell;\n');
    expect(lint()).toContain("noImportCycles");
  });

  test("an import up a floor fails", () => {
    append("shared/answer/display.ts", '\nimport type { PreparedCall } from "../request/prepare";\nexport type Upward = PreparedCall;\n');
    expect(lint()).toContain("noRestrictedImports");
  });

  test("a host importing a core module past the front door fails", () => {
    append("src/cli/format.ts", '\nimport { CLI_LIMITS } from "../../shared/answer/host-limits";\nexport const deep = CLI_LIMITS;\n');
    expect(lint()).toContain("noRestrictedImports");
  });
});
