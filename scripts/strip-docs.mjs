// The Excel bundle without the catalogue's prose. A row's summary and output rule and each
// argument's help are read only where a function is documented (functions.json from the generated
// wrappers' JSDoc, docs/functions.md, the CLI's help, the Sheets wrappers, the playground); the
// argument checks see an argument as an ArgRule (shared/input/arg-spec.ts), which has no help.
// So is a row's `example` (its arguments for the docs, the tests and the sandbox's contract), and
// an endpoint's `routeCases` (the paths its `route` picks, as docs/functions.md names them).
// This esbuild plugin drops them from the core's modules as they are bundled: about 30 KB of the
// minified bundle. Found by syntax (TypeScript's parser), never by pattern matching on text: a
// `help` property (in the core only arguments have one, often written as another argument spread
// with its own help), `summary`, `output` and `example` of a row (an object with `editions`) and
// `output` of an endpoint (an object with a `path` or a `response`), `routeCases` of an endpoint
// (an object with a `route`).
import { readFileSync } from "node:fs";
import ts from "typescript";

/** Each documentation property, and the properties one of which its object has (none: any object). */
const DOC_PROPERTIES = {
  help: [],
  summary: ["editions"],
  example: ["editions"],
  output: ["editions", "path", "response"],
  outputTable: ["editions"],
  routeCases: ["route"],
};

const nameOf = (property) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

/** The spans of `source` that are documentation properties, each with the comma after it. */
export function docSpans(source, fileName = "row.ts") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const spans = [];
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const names = new Set(node.properties.map(nameOf).filter(Boolean));
      for (const property of node.properties) {
        const siblings = DOC_PROPERTIES[nameOf(property)];
        if (!siblings || !ts.isPropertyAssignment(property) || (siblings.length > 0 && !siblings.some((s) => names.has(s)))) continue;
        const comma = /\s*,/y;
        comma.lastIndex = property.getEnd();
        spans.push({ start: property.getStart(file), end: comma.test(source) ? comma.lastIndex : property.getEnd() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return spans;
}

/** `source` without its documentation properties. */
export function stripDocs(source, fileName) {
  let out = source;
  for (const { start, end } of docSpans(source, fileName).sort((a, b) => b.start - a.start)) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** The plugin: the core's modules (shared/) bundled without their documentation prose. */
export const stripDocsPlugin = {
  name: "strip-docs",
  setup(build) {
    build.onLoad({ filter: /[\\/]shared[\\/].*\.ts$/ }, (args) => ({
      contents: stripDocs(readFileSync(args.path, "utf8"), args.path),
      loader: "ts",
    }));
  },
};
