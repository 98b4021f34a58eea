// The committed wrappers must be what the generator writes now, and a metadata error must fail
// the build (custom-functions-metadata's own CLI would exit 0).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { excelWrappers, functionIds } from "../../scripts/excel-wrappers";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { GENERATED_BANNER } from "../../shared/catalogue/describe";

const root = join(__dirname, "..", "..");

test("src/excel/functions.generated.ts is up to date (run npm run generate)", () => {
  expect(readFileSync(join(root, "src/excel/functions.generated.ts"), "utf8")).toBe(excelWrappers());
});

test("the wrappers are marked generated, one per function, each one line into the runtime, never volatile", () => {
  const text = excelWrappers();
  expect(text.startsWith(`// ${GENERATED_BANNER}`)).toBe(true);
  expect(text).not.toMatch(/@volatile/i);
  for (const fn of CATALOGUE) {
    expect(text).toContain(`@customfunction ${fn.name}\n`);
    expect(text).toMatch(
      new RegExp(`export function ${fn.name}\\([^)]*\\) \\{\\n  return call\\("${fn.name}", \\[[^\\]]*\\], invocation\\);\\n\\}`),
    );
  }
});

test("the registration script's table names every function with the parameters its wrapper declares", () => {
  const text = functionIds();
  expect(text.startsWith(`// ${GENERATED_BANNER}`)).toBe(true);
  for (const fn of CATALOGUE) {
    // Its arguments and options, as in functions.json; then Excel's invocation.
    const declared = new RegExp(`export function ${fn.name}\\(([^)]*)\\)`).exec(excelWrappers())?.[1].split(", ").length;
    expect(text).toContain(`\n  ${fn.name}: ${fn.args.length + 1},\n`);
    expect(declared).toBe(fn.args.length + 2);
    expect(text).toContain(`\n  ${fn.args.length + 1}: (handle, id) => (`);
  }
});

test("a change in the catalogue changes the wrappers", () => {
  const renamed = CATALOGUE.map((f) => (f.name === "NEWS" ? { ...f, summary: "Changed summary." } : f));
  expect(excelWrappers(renamed)).toContain("Changed summary.");
  expect(excelWrappers(renamed)).not.toBe(excelWrappers());
});

test("a metadata error fails the build step instead of writing a partial functions.json", () => {
  const dir = mkdtempSync(join(tmpdir(), "mdq-meta-"));
  const bad = join(dir, "bad.ts");
  writeFileSync(bad, "/**\n * Bad name.\n * @customfunction BAD-NAME\n */\nexport function bad(x: Date) { return x; }\n");
  const script = `import(${JSON.stringify(join(root, "scripts/build-excel.mjs"))}).then((m) => m.functionsMetadata(${JSON.stringify(bad)})).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
  const run = spawnSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
  expect(run.status).toBe(3);
  expect(run.stderr).toMatch(/custom-functions-metadata found errors/);
});
