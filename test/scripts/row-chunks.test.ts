// What a row script takes from the engine's table (scripts/row-chunks.mjs): the value imports of
// a row module, found by syntax. Type imports are not in the bundle and are left out; a namespace
// import takes the properties read of it; what the table could not serve stops the build.
import { execFileSync } from "node:child_process";

/** valueImports(source) as the build reads it (an ES module, so run by node itself): specifier → names. */
function imports(source: string): Record<string, string[]> {
  const script = `import { valueImports } from "./scripts/row-chunks.mjs";
    const found = valueImports(${JSON.stringify(source)}, "row.ts");
    process.stdout.write(JSON.stringify(Object.fromEntries([...found].map(([spec, names]) => [spec, [...names].sort()]))));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

test("named value imports are taken, type imports left out, renamed ones by their exported name", () => {
  const source = `import type { FunctionSpec } from "../../rows/function-spec";
import { type Table, listCell, longTable as long } from "../../base/table";
import { endpoint } from "../../rows/function-spec";
export const ROW = endpoint({ layout: (t: Table) => long(t), cell: listCell });`;
  expect(imports(source)).toEqual({ "../../base/table": ["listCell", "longTable"], "../../rows/function-spec": ["endpoint"] });
});

test("a namespace import takes the properties read of it, not its types", () => {
  const source = `import * as z from "zod/mini";
const kind = z.string().check(z.minLength(1));
type Kind = z.infer<typeof kind>;
export const rule = z.object({ a: kind });`;
  expect(imports(source)).toEqual({ "zod/mini": ["minLength", "object", "string"] });
});

test("what the engine's table could not serve stops the build, saying what to write instead", () => {
  expect(() => imports(`import * as z from "zod/mini";\nexport const all = z;`)).toThrow(/z is used other than by its properties/);
  expect(() => imports(`import table from "../../base/table";`)).toThrow(/default export/);
  expect(() => imports(`export { listCell } from "../../base/table";`)).toThrow(/re-exports/);
  expect(() => imports(`import "../../base/table";`)).toThrow(/for its effects/);
});
