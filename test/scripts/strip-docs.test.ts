// The Excel engine's build leaves out the rows' documentation (scripts/strip-docs.mjs): here, the
// paths an endpoint's route picks (`routeCases`), which only docs/functions.md names, while the
// route itself, which runs, stays.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** `source` as the plugin bundles it (an ES module, so run by node itself). */
function stripped(source: string): string {
  const script = `import { stripDocs } from "./scripts/strip-docs.mjs"; process.stdout.write(stripDocs(${JSON.stringify(source)}, "row.ts"));`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

test("an endpoint's routeCases are left out, its route kept", () => {
  const source = readFileSync("shared/catalogue/functions/list.ts", "utf8");
  expect(source).toContain("routeCases:");
  const out = stripped(source);
  expect(out).not.toContain("routeCases:");
  expect(out).toContain("route: (v) =>");
  expect(out).toContain("layout: routed,");
});

test("a routeCases property of an object without a route is not the endpoint's, and stays", () => {
  const out = stripped("const x = { routeCases: [1], path: '/v2/x/' };");
  expect(out).toContain("routeCases: [1]");
});
