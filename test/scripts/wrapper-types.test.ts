// The hosts' parameter types come from each argument kind's zod rule, never from its wording:
// rewording every "must be ..." sentence (with words the old prose rules reacted to: range, comma
// list, date, TRUE or FALSE, number, year) changes the help text and no declared type.
import * as z from "zod/mini";
import { excelWrappers } from "../../scripts/excel-wrappers";
import { sheetsWrappers } from "../../scripts/sheets-wrappers";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import type { FunctionSpec } from "../../shared/rows/function-spec";

const REWORDED = "a comma list or range of dates, TRUE or FALSE, a number or a year";

const reworded: FunctionSpec[] = CATALOGUE.map((fn) => ({
  ...fn,
  args: fn.args.map((a) => ({ ...a, kind: { ...a.kind, expected: REWORDED } })),
}));

/** name(param: Type, ...) of every Excel wrapper. */
const excelTypes = (source: string) => [...source.matchAll(/^export function (\w+)\(([^)]*)\)/gm)].map((m) => `${m[1]}(${m[2]})`);
/** "@param {Type} name" of every Apps Script wrapper. */
const sheetsTypes = (source: string) => [...source.matchAll(/@param \{([^}]+)\} (\w+)/g)].map((m) => `${m[2]}: ${m[1]}`);

test("rewording every argument's sentence changes no Excel parameter type", () => {
  const before = excelWrappers(CATALOGUE);
  const after = excelWrappers(reworded);
  expect(after).toContain(REWORDED);
  expect(excelTypes(after)).toEqual(excelTypes(before));
  expect(excelTypes(before)).toHaveLength(CATALOGUE.length);
});

test("rewording every argument's sentence changes no Apps Script JSDoc type", () => {
  const before = sheetsWrappers(CATALOGUE);
  const after = sheetsWrappers(reworded);
  expect(after).toContain(REWORDED);
  expect(sheetsTypes(after)).toEqual(sheetsTypes(before));
});

test("a list takes a range in both hosts; a date, a boolean and a number get their own types", () => {
  const types = new Map(sheetsTypes(sheetsWrappers(CATALOGUE)).map((t) => [t, true]));
  expect(types.has("tickers: string|Array<Array<string>>")).toBe(true);
  expect(types.has("report_date: string|Date")).toBe(true);
  expect(types.has("approx: boolean")).toBe(true);
  expect(types.has("n_quarters: number")).toBe(true);
  // Choices are text even when a choice's name contains a word such as "dates" or "year".
  expect(types.has("kind: string")).toBe(true);
  expect(types.has("sort_by: string")).toBe(true);
  expect(excelWrappers(CATALOGUE)).toMatch(/export function FILINGS\(tickers: any\[\]\[\]/);
});

test("each kind's sentence, type and choices agree with zod's own description of its rule", () => {
  for (const fn of CATALOGUE) {
    for (const arg of [...fn.args, ...fn.options]) {
      const json = z.toJSONSchema(arg.kind.rule, { unrepresentable: "any" }) as Record<string, any>;
      const one = arg.kind.list ? json.items : json;
      const expectedType = { text: "string", choice: "string", date: "string", number: "number", whole: "integer", boolean: "boolean" }[
        arg.kind.type
      ];
      expect({ arg: arg.name, type: one.type }).toEqual({ arg: arg.name, type: expectedType });
      if (arg.kind.type === "choice") expect(arg.kind.choices).toEqual(one.enum);
      if (arg.kind.type === "date") expect(one.format).toBe("date");
      if (arg.kind.type === "whole" && !json.description && !one.description) {
        expect(arg.kind.expected).toBe(`a whole number from ${one.minimum} to ${one.maximum}`);
      }
      if (json.description) expect(arg.kind.expected).toBe(json.description);
    }
  }
});
