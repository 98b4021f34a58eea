// The Excel engine's rows, one script per family (shared/catalogue/families.ts): dist/excel/rows-
// <family>.js, which the engine loads when a function of the family is first called
// (src/excel/lazy-rows.ts). A row script bundles its rows' own modules (shared/catalogue/functions/,
// a helper two families use in each of them) and takes every core module they import from the
// engine, never a copy: the engine's build writes, in src/excel/row-core.ts's place, a table of
// exactly the exports the rows import (found by syntax, TypeScript's parser), and a row script's
// import of a core module reads its entry of that table (globalThis.MDQ_ROWS.core). So a row, its
// errors and its schemas are the engine's own classes, and no module runs twice.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve as absolute, dirname, relative, sep } from "node:path";
import { build } from "esbuild";
import ts from "typescript";
import { loadTs } from "./load-ts.mjs";
import { stripDocs } from "./strip-docs.mjs";

/** The modules a row script bundles whatever the engine holds: the rows' own and the families' list. */
const ROWS_OWN = /[\\/]shared[\\/]catalogue[\\/](functions[\\/][^\\/]+|families)\.ts$/;
const IN_CORE = /[\\/]shared[\\/].*\.ts$/;
const ROW_CORE = /[\\/]src[\\/]excel[\\/]row-core\.ts$/;
const CATALOGUE_ROWS = /[\\/]src[\\/]excel[\\/]catalogue-rows\.ts$/;
const fromCheckout = (path) => relative(process.cwd(), path).split(sep).join("/");
/** A module as row-core.ts imports it (its source is in the engine's map: no builder's folder). */
const fromRowCore = (path) => `./${relative(absolute("src/excel"), path).split(sep).join("/")}`;

/** The value imports of a module's source: specifier → the names it takes (a namespace import's:
 *  the properties read of it). Type imports are left out: they are not in the bundle. */
export function valueImports(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = new Map();
  const namesOf = (spec) => found.get(spec) ?? found.set(spec, new Set()).get(spec);
  const namespaces = new Map();
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      throw new Error(`${fileName}: a row module re-exports from ${statement.moduleSpecifier.text}; import and export instead`);
    if (!ts.isImportDeclaration(statement)) continue;
    const clause = statement.importClause;
    const spec = statement.moduleSpecifier.text;
    if (!clause) throw new Error(`${fileName}: a row module imports ${spec} for its effects; rows import values only`);
    if (clause.isTypeOnly) continue;
    if (clause.name) throw new Error(`${fileName}: a row module imports the default export of ${spec}; import it by name`);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) namesOf(spec).add((element.propertyName ?? element.name).text);
    } else if (bindings) namespaces.set(bindings.name.text, spec);
  }
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      namesOf(namespaces.get(node.expression.text)).add(node.name.text);
      return;
    }
    if (ts.isIdentifier(node) && namespaces.has(node.text))
      throw new Error(`${fileName}: ${node.text} is used other than by its properties; import what it uses by name`);
    ts.forEachChild(node, visit);
  };
  if (namespaces.size) visit(file);
  return found;
}

/** esbuild's plugin for a row script: the rows' modules bundled (without their prose), every other
 *  module read from the engine's table. `core` collects, per core module, the names the rows
 *  import, and `sources` the rows' modules; `table`, once known, is each core module's place in
 *  the engine's table and the names it holds of it. */
function rowScriptPlugin(rowSide, core, sources, table) {
  return {
    name: "row-script",
    setup(b) {
      const inner = { inner: true };
      const resolve = (path, resolveDir, kind, importer) => b.resolve(path, { resolveDir, kind, importer, pluginData: inner });
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.inner || args.kind === "entry-point") return undefined;
        const resolved = await resolve(args.path, args.resolveDir, args.kind, args.importer);
        if (resolved.errors.length) return { errors: resolved.errors };
        // The core has no module that runs code when loaded (package.json's sideEffects): a family takes only its rows.
        return rowSide(resolved.path)
          ? { path: resolved.path, sideEffects: false }
          : { path: fromCheckout(resolved.path), namespace: "engine-core", sideEffects: false };
      });
      // Named from the checkout, so that the maps and meta.json do not spell the builder's folders.
      b.onLoad({ filter: /.*/, namespace: "engine-core" }, ({ path: named }) => {
        if (!table) return { contents: "module.exports = {};", loader: "js" };
        const path = absolute(named);
        // The table holds each module's exports as a list, in the order of their names.
        const names = [...table.names.get(path)].sort();
        const taken = names.map((name, i) => `${name} = m[${i}]`).join(", ");
        return { contents: `const m = MDQ_ROWS.core[${table.indexOf.get(path)}];\nexport const ${taken};`, loader: "js" };
      });
      b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (!rowSide(path)) return undefined;
        const source = readFileSync(path, "utf8");
        sources.set(fromCheckout(path), source);
        for (const [spec, names] of valueImports(source, path)) {
          const resolved = await resolve(spec, dirname(path), "import-statement", path);
          if (resolved.errors.length) return { errors: resolved.errors };
          if (rowSide(resolved.path)) continue;
          const taken = core.get(resolved.path) ?? core.set(resolved.path, new Set()).get(resolved.path);
          for (const name of names) taken.add(name);
        }
        return { contents: stripDocs(source, path), loader: "ts" };
      });
    },
  };
}

/** The engine's plugin: lazy-rows.ts in catalogue-rows.ts's place, `table` in row-core.ts's. */
const enginePluginOf = (table) => ({
  name: "engine-rows",
  setup(b) {
    b.onLoad({ filter: CATALOGUE_ROWS }, () => ({ contents: 'export { allRows, rowNamed } from "./lazy-rows";', loader: "ts" }));
    b.onLoad({ filter: ROW_CORE }, () => ({ contents: table, loader: "ts" }));
  },
});

/** Each family's script entry: it hands the family's rows to the engine with the build's stamp. */
const entryOf = (family, stamp) => ({
  contents: `import { ${family.rows} } from "./shared/catalogue/families";\nMDQ_ROWS.add(${JSON.stringify(stamp)}, ${JSON.stringify(family.id)}, ${family.rows});\n`,
  resolveDir: process.cwd(),
  sourcefile: `rows-${family.id}.ts`,
  loader: "ts",
});

/** The plan of the row scripts under `options` (the Excel bundles' esbuild options): the engine's
 *  plugin (lazy rows and the core's table in place of the catalogue) and each family's script. */
export async function rowChunks(options, engineEntry) {
  const { ROW_FAMILIES, CATALOGUE, ...exported } = await loadTs("shared/index.ts");
  const familyOf = {};
  for (const family of ROW_FAMILIES) for (const fn of exported[family.rows]) familyOf[fn.name] = family.id;
  const missing = CATALOGUE.filter((fn) => !familyOf[fn.name]).map((fn) => fn.name);
  if (missing.length) throw new Error(`no family in shared/catalogue/families.ts holds ${missing.join(", ")}`);
  // In the catalogue's order: the task pane's builder lists them so.
  const ordered = Object.fromEntries(CATALOGUE.map((fn) => [fn.name, familyOf[fn.name]]));

  // The core modules the engine holds by itself, without a row: a core module only rows import
  // is theirs, bundled in each row script that uses it (the engine would carry it for nothing).
  const alone = await build({
    ...options,
    entryPoints: [engineEntry],
    write: false,
    outfile: "engine.js",
    metafile: true,
    define: { MDQ_BUILD_DEFAULTS: "null" },
    plugins: [enginePluginOf("export const ROW_CORE = [], FAMILY_OF = {}, ROW_STAMP = '';")],
  });
  const engineHolds = new Set(Object.keys(Object.values(alone.metafile.outputs)[0].inputs));
  const rowSide = (path) => ROWS_OWN.test(path) || (IN_CORE.test(path) && !engineHolds.has(fromCheckout(path)));

  // Then what the rows import of the core: the engine's table, and the stamp of this build.
  const core = new Map();
  const sources = new Map();
  for (const family of ROW_FAMILIES)
    await build({
      ...options,
      stdin: entryOf(family, ""),
      write: false,
      outfile: "rows.js",
      plugins: [rowScriptPlugin(rowSide, core, sources)],
    });
  const modules = [...core.entries()].sort(([a], [b]) => fromCheckout(a).localeCompare(fromCheckout(b)));
  const indexOf = new Map(modules.map(([path], i) => [path, i]));
  const layout = modules.map(([path, names]) => [fromCheckout(path), [...names].sort()]);
  const stamp = createHash("sha256")
    .update(JSON.stringify([layout, ordered, [...sources.entries()].sort()]))
    .digest("hex")
    .slice(0, 12);
  const table = [
    ...modules.map(
      ([path, names], i) =>
        `import { ${[...names]
          .sort()
          .map((n) => `${n} as c${i}_${n}`)
          .join(", ")} } from ${JSON.stringify(fromRowCore(path))};`,
    ),
    `export const ROW_CORE = [${modules
      .map(
        ([, names], i) =>
          `[${[...names]
            .sort()
            .map((n) => `c${i}_${n}`)
            .join(", ")}]`,
      )
      .join(",\n")}];`,
    `export const FAMILY_OF = ${JSON.stringify(ordered)};`,
    `export const ROW_STAMP = ${JSON.stringify(stamp)};`,
  ].join("\n");

  const scripts = ROW_FAMILIES.map((family) => ({
    file: `rows-${family.id}.js`,
    options: { stdin: entryOf(family, stamp), plugins: [rowScriptPlugin(rowSide, new Map(), new Map(), { indexOf, names: core })] },
  }));
  return { enginePlugin: enginePluginOf(table), scripts, stamp, familyOf: ordered };
}
