// The Excel wrappers, generated from the catalogue: one JSDoc-tagged function per catalogue row,
// which custom-functions-metadata reads to write functions.json. Fixed choices become custom
// enums (custom-functions-metadata 2.x supports @customenum), so Excel offers them as a pick
// list; argHelp keeps them in the parameter help text as well, for hosts without enum support.

import { type ArgSpec, argHelp, CATALOGUE, exampleCall, type FunctionSpec, GENERATED_BANNER, optionsHelp } from "../shared";

/** The function reference page the build renders from docs/functions.md, relative to the add-in:
 *  the build resolves it against the origin the add-in is served from (scripts/addin-origin.ts),
 *  so this generated file is the same for every deployment. */
export const helpUrl = (fn: FunctionSpec) => `help.html#${fn.name.toLowerCase()}`;

// A list argument, or a batch argument (one key, or a range of them for one stacked table), may be
// a range of cells: it must be declared as a matrix, or Excel would call the function once per
// cell of the range ("lifting") instead of passing the range.
const takesRange = (arg: ArgSpec) => arg.kind.list || arg.batch === true;

/** Excel shows at most 255 characters of a parameter's help. */
const EXCEL_HELP_MAX = 255;

const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

interface EnumDef {
  id: string;
  choices: readonly string[];
}

/** One custom enum per distinct set of choices, named after the argument (and the function
 *  when two different sets share an argument name, like sort_by). */
export function enumsOf(catalogue: readonly FunctionSpec[]): Map<string, EnumDef> {
  const byChoices = new Map<string, EnumDef>();
  const usedIds = new Set<string>();
  for (const fn of catalogue) {
    for (const arg of fn.args) {
      const choices = pickList(arg);
      if (!choices || byChoices.has(choices.join(","))) continue;
      let id = pascal(arg.name);
      if (usedIds.has(id)) id = pascal(fn.name.toLowerCase()) + id;
      usedIds.add(id);
      byChoices.set(choices.join(","), { id, choices });
    }
  }
  return byChoices;
}

/** What Excel's pick list (a custom enum) offers for an argument: its choices, or its suggestions. */
/** An argument's pick list: its choices or suggestions; none for a batch argument, which takes a range. */
export const pickList = (arg: ArgSpec): readonly string[] | undefined =>
  arg.batch ? undefined : (arg.kind.choices ?? arg.kind.suggestions);

const memberName = (value: string) => (/^[A-Za-z_]\w*$/.test(value) ? value : `_${value.replace(/\W/g, "_")}`);

function enumSource(def: EnumDef): string {
  return [
    "/** @customenum {string} */",
    `export enum ${def.id} {`,
    ...def.choices.map((c) => `  /** ${c} */\n  ${memberName(c)} = ${JSON.stringify(c)},`),
    "}",
  ].join("\n");
}

const comment = (text: string) => text.replace(/\*\//g, "* /");

// No TypeScript return type on the wrappers: custom-functions-metadata rejects a Promise<...>
// annotation next to the JSDoc @returns {any[][]} (it compares the two type nodes' kinds).
function paramType(arg: ArgSpec, enums: Map<string, EnumDef>): string {
  // A batch argument takes a range: Excel has no pick list for a matrix (INDEX's codes are in its help).
  if (arg.batch) return "any[][]";
  const list = pickList(arg);
  const def = list ? enums.get(list.join(",")) : undefined;
  if (def) return def.id;
  return takesRange(arg) ? "any[][]" : "any";
}

function wrapperSource(fn: FunctionSpec, enums: Map<string, EnumDef>): string {
  const params = fn.args.map((a) => `${a.name}: ${paramType(a, enums)}`);
  const names = [...fn.args.map((a) => a.name), "options"];
  return [
    "/**",
    ` * ${comment(fn.summary)}`,
    ` * Example: ${comment(exampleCall(fn, "excel"))}`,
    ` * @customfunction ${fn.name}`,
    ...fn.args.map((a) => ` * @param ${a.required ? a.name : `[${a.name}]`} ${comment(argHelp(a, EXCEL_HELP_MAX))}`),
    ` * @param [options] ${comment(optionsHelp(fn))}`,
    " * @param invocation Lets Excel cancel the call (the fetch is aborted).",
    ` * @helpurl ${helpUrl(fn)}`,
    " * @cancelable",
    " * @returns {any[][]} The table, spilled from the formula's cell.",
    " */",
    `export function ${fn.name}(${[...params, "options: any[][]", "invocation: CustomFunctions.CancelableInvocation"].join(", ")}) {`,
    `  return call(${JSON.stringify(fn.name)}, [${names.join(", ")}], invocation);`,
    "}",
  ].join("\n");
}

/** The text of src/excel/functions.generated.ts. */
export function excelWrappers(catalogue: readonly FunctionSpec[] = CATALOGUE): string {
  const enums = enumsOf(catalogue);
  return [
    `// ${GENERATED_BANNER}`,
    '/// <reference types="custom-functions-runtime" />',
    "// The Excel custom functions: each wrapper hands its arguments to the add-in runtime.",
    "// custom-functions-metadata reads these JSDoc tags to write functions.json.",
    'import { call } from "./invoke";',
    "",
    ...[...enums.values()].map((d) => `${enumSource(d)}\n`),
    ...catalogue.map((fn) => `${wrapperSource(fn, enums)}\n`),
    "/** Every wrapper by its custom function id, for CustomFunctions.associate. */",
    `export const WRAPPERS = { ${catalogue.map((f) => f.name).join(", ")} };`,
    "",
  ].join("\n");
}
