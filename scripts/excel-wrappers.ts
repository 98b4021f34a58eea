// The Excel wrappers, generated from the catalogue: one JSDoc-tagged function per catalogue row,
// which custom-functions-metadata reads to write functions.json. Fixed choices become custom
// enums (custom-functions-metadata 2.x supports @customenum), so Excel offers them as a pick
// list; argHelp keeps them in the parameter help text as well, for hosts without enum support.

import { type ArgSpec, argHelp, CATALOGUE, exampleCall, type FunctionSpec, GENERATED_BANNER, optionsHelp } from "../shared";

/** The function reference page the build renders from docs/functions.md, relative to the add-in:
 *  the build resolves it against the origin the add-in is served from (scripts/addin-origin.ts),
 *  so this generated file is the same for every deployment. */
export const helpUrl = (fn: FunctionSpec) => `help.html#${fn.name.toLowerCase()}`;

// A list argument, a batch argument (one key, or a range of them for one stacked table) or a grid
// argument (VALUE's keys, fields and periods) may be a range of cells: it must be declared as a
// matrix, or Excel would call the function once per cell of the range ("lifting") instead of
// passing the range. Excel has no pick list for a matrix: such an argument's choices are in its help.
const spansGrid = (fn: FunctionSpec, arg: ArgSpec) => fn.grid !== undefined && [fn.grid.down, ...fn.grid.across].includes(arg.name);
const takesRange = (fn: FunctionSpec, arg: ArgSpec) => arg.kind.list || arg.batch === true || spansGrid(fn, arg);

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
      const choices = pickList(fn, arg);
      if (!choices || byChoices.has(choices.join(","))) continue;
      let id = pascal(arg.name);
      if (usedIds.has(id)) id = pascal(fn.name.toLowerCase()) + id;
      usedIds.add(id);
      byChoices.set(choices.join(","), { id, choices });
    }
  }
  return byChoices;
}

/** What Excel's pick list (a custom enum) offers for an argument: its choices or suggestions; none
 *  for an argument that takes a range (a batch's or a grid's). */
export const pickList = (fn: FunctionSpec, arg: ArgSpec): readonly string[] | undefined =>
  arg.batch || spansGrid(fn, arg) ? undefined : (arg.kind.choices ?? arg.kind.suggestions);

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
function paramType(fn: FunctionSpec, arg: ArgSpec, enums: Map<string, EnumDef>): string {
  if (arg.batch || spansGrid(fn, arg)) return "any[][]";
  const list = pickList(fn, arg);
  const def = list ? enums.get(list.join(",")) : undefined;
  if (def) return def.id;
  return takesRange(fn, arg) ? "any[][]" : "any";
}

function wrapperSource(fn: FunctionSpec, enums: Map<string, EnumDef>): string {
  const params = fn.args.map((a) => `${a.name}: ${paramType(fn, a, enums)}`);
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
    "// custom-functions-metadata reads these JSDoc tags to write functions.json. The add-in bundles",
    "// none of them: functions.js registers the ids of function-ids.generated.ts, and the engine",
    "// serves each call as these wrappers do (invoke.ts).",
    'import { call } from "./invoke";',
    "",
    ...[...enums.values()].map((d) => `${enumSource(d)}\n`),
    ...catalogue.map((fn) => `${wrapperSource(fn, enums)}\n`),
    "/** Every wrapper by its custom function id, for CustomFunctions.associate. */",
    `export const WRAPPERS = { ${catalogue.map((f) => f.name).join(", ")} };`,
    "",
  ].join("\n");
}

/** The text of src/excel/function-ids.generated.ts: what the registration script (register.ts)
 *  needs of each function: its id and the parameters it declares before Excel's invocation (its
 *  arguments, then options), and for each such count a wrapper of exactly that many parameters,
 *  so that a wrapper's length is Excel's (the tests pad omitted arguments up to it) without the
 *  cost of setting it. */
export function functionIds(catalogue: readonly FunctionSpec[] = CATALOGUE): string {
  const counts = [...new Set(catalogue.map((fn) => fn.args.length + 1))].sort((a, b) => a - b);
  const params = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`).join(", ");
  return [
    `// ${GENERATED_BANNER}`,
    '/// <reference types="custom-functions-runtime" />',
    "// Each custom function's id and how many parameters it declares before Excel's invocation.",
    "export const FUNCTION_IDS: Record<string, number> = {",
    ...catalogue.map((fn) => `  ${fn.name}: ${fn.args.length + 1},`),
    "};",
    "",
    "/** A call of the function `id`: its arguments and Excel's invocation, handed on. */",
    "export type Handle = (id: string, args: unknown[], invocation?: CustomFunctions.CancelableInvocation) => Promise<unknown>;",
    "",
    "/** For each count of FUNCTION_IDS: the wrapper of `id`, of that many parameters, then the invocation. */",
    "export const WRAPPER_OF: Record<number, (handle: Handle, id: string) => (...args: any[]) => Promise<unknown>> = {",
    ...counts.map((count) => `  ${count}: (handle, id) => (${params(count)}, invocation) => handle(id, [${params(count)}], invocation),`),
    "};",
    "",
  ].join("\n");
}
