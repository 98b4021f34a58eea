// functions.json (from custom-functions-metadata, written by the build) against the catalogue:
// every function is there with its help, its pick lists and no @volatile.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEV_ADDIN_ORIGIN } from "../../scripts/addin-origin";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { argHelp } from "../../shared/catalogue/describe";

const path = join(__dirname, "..", "..", "dist", "excel", "functions.json");

interface Param {
  name: string;
  description?: string;
  optional?: boolean;
  customEnumId?: string;
  dimensionality?: string;
}
interface Fn {
  id: string;
  name: string;
  description: string;
  helpUrl: string;
  options?: Record<string, boolean>;
  parameters: Param[];
  result: { dimensionality?: string };
}
interface Metadata {
  functions: Fn[];
  enums: Array<{ id: string; values: Array<{ stringValue: string }> }>;
}

const metadata = (): Metadata => {
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return JSON.parse(readFileSync(path, "utf8"));
};

test("every catalogue function is in functions.json, and nothing else", () => {
  expect(
    metadata()
      .functions.map((f) => f.id)
      .sort(),
  ).toEqual(CATALOGUE.map((f) => f.name).sort());
});

describe.each(CATALOGUE.map((f) => [f.name, f] as const))("%s", (name, fn) => {
  const meta = () => metadata().functions.find((f) => f.id === name)!;

  test("cancelable, never volatile, a matrix result, help at its own section", () => {
    expect(meta().options).toEqual({ cancelable: true });
    expect(meta().result.dimensionality).toBe("matrix");
    expect(meta().helpUrl).toBe(`${DEV_ADDIN_ORIGIN}help.html#${name.toLowerCase()}`);
    expect(meta().description).toContain(fn.summary);
  });

  test("parameters in catalogue order with the catalogue's help, then options", () => {
    const params = meta().parameters;
    expect(params.map((p) => p.name)).toEqual([...fn.args.map((a) => a.name), "options"]);
    fn.args.forEach((arg, i) => {
      expect(params[i].description).toBe(argHelp(arg, 255));
      expect(Boolean(params[i].optional)).toBe(!arg.required);
    });
    expect(params[params.length - 1]).toMatchObject({ optional: true, dimensionality: "matrix" });
  });

  test("fixed choices are a pick list (custom enum) with exactly the allowed values; suggestions too", () => {
    for (const [i, arg] of fn.args.entries()) {
      const enumId = meta().parameters[i].customEnumId;
      // A batch or grid argument takes a range, which Excel cannot offer as a pick list.
      const spansGrid = fn.grid !== undefined && [fn.grid.down, ...fn.grid.across].includes(arg.name);
      const list = arg.batch || spansGrid ? undefined : (arg.kind.choices ?? arg.kind.suggestions);
      if (!list) {
        expect(enumId).toBeUndefined();
        if (spansGrid) expect(meta().parameters[i].dimensionality).toBe("matrix");
        continue;
      }
      const values = metadata()
        .enums.find((e) => e.id === enumId)
        ?.values.map((v) => v.stringValue);
      expect(values).toEqual([...list]);
      for (const choice of arg.kind.choices ?? []) expect(argHelp(arg)).toContain(choice);
    }
  });
});

// Excel's function wizard has long cut argument help at 255 characters; keep every text within it.
test("every description fits Excel's 255-character limit for help text", () => {
  for (const fn of metadata().functions) {
    expect(fn.description.length).toBeLessThanOrEqual(255);
    for (const p of fn.parameters) expect((p.description ?? "").length).toBeLessThanOrEqual(255);
  }
});
