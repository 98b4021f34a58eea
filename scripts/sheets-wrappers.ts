// The Apps Script top-level functions, generated from the catalogue: one `function MDQ_<NAME>`
// per catalogue row with JSDoc and @customfunction (Sheets reads these comments for its
// autocomplete and argument help), then onOpen and one handler per MDQ menu item. Each body
// is one line into the bundle (global MdqSheets). Committed as src/sheets/wrappers.generated.js
// (npm run generate) and appended to dist/sheets/Code.js by scripts/build-sheets.mjs.

import {
  type ArgSpec,
  type ArgType,
  argHelp,
  CATALOGUE,
  editionValuesHelp,
  exampleCall,
  type FunctionSpec,
  GENERATED_BANNER,
  optionsHelp,
} from "../shared";
import { MENU_ITEMS, PAGE_CALLS } from "../src/sheets/menu-items";

export const BUNDLE_GLOBAL = "MdqSheets";

const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return super switch this throw true try typeof var void while with yield await".split(
    " ",
  ),
);

function identifier(name: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || RESERVED.has(name) || name.endsWith("_")) {
    throw new Error(`"${name}" cannot be an Apps Script name`);
  }
  return name;
}

/** JSDoc type of an argument, from its kind: what Sheets offers in its argument help. */
const JSDOC_TYPE: Record<ArgType, string> = {
  text: "string",
  choice: "string",
  number: "number",
  whole: "number",
  boolean: "boolean",
  date: "string|Date",
};

const jsdocType = (arg: ArgSpec): string => (arg.kind.list ? "string|Array<Array<string>>" : JSDOC_TYPE[arg.kind.type]);

// "*/" inside a comment would end it early.
const comment = (text: string) => text.replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();

function wrapper(fn: FunctionSpec): string {
  const name = identifier(`MDQ_${fn.name}`);
  const params = [...fn.args.map((a) => identifier(a.name)), "options"];
  const lines = [
    "/**",
    ` * ${comment(fn.summary)}`,
    " *",
    ` * Example: ${comment(exampleCall(fn, "sheets"))}`,
    " *",
    ...fn.args.map(
      (a) => ` * @param {${jsdocType(a)}} ${a.name} ${a.required ? "" : "Optional. "}${comment(argHelp(a) + editionValuesHelp(fn, a))}`,
    ),
    ` * @param {string|Array<Array<string>>} options Optional. ${comment(optionsHelp(fn))}`,
    ` * @return {Array<Array<string|number|boolean|Date>>} ${comment(fn.output)}`,
    " * @customfunction",
    " */",
    // `arguments`, not the named list: extra arguments must reach the core's argument check.
    `function ${name}(${params.join(", ")}) {`,
    `  return ${BUNDLE_GLOBAL}.run(${JSON.stringify(fn.name)}, Array.prototype.slice.call(arguments));`,
    "}",
  ];
  return lines.join("\n");
}

function menuHandlers(): string[] {
  return [
    "/** Adds the MDQ menu when the spreadsheet opens (a simple trigger). */",
    "function onOpen() {",
    `  ${BUNDLE_GLOBAL}.onOpen();`,
    "}",
    ...MENU_ITEMS.flatMap((item) => [
      "",
      `/** Menu MDQ > ${comment(item.caption)}. */`,
      `function ${identifier(item.handler)}() {`,
      `  ${BUNDLE_GLOBAL}.${item.action}();`,
      "}",
    ]),
    ...PAGE_CALLS.flatMap((page) => [
      "",
      `/** Called by the formula builder's sidebar (google.script.run.${page.handler}). */`,
      `function ${identifier(page.handler)}(${page.params.map(identifier).join(", ")}) {`,
      `  return ${BUNDLE_GLOBAL}.${page.action}(${page.params.join(", ")});`,
      "}",
    ]),
  ];
}

export function sheetsWrappers(catalogue: readonly FunctionSpec[] = CATALOGUE): string {
  return [
    `// ${GENERATED_BANNER}`,
    "// Google Sheets custom functions: one per catalogue function, then the MDQ menu.",
    "",
    catalogue.map(wrapper).join("\n\n"),
    "",
    ...menuHandlers(),
    "",
  ].join("\n");
}
