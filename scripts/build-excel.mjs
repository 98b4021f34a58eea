// The Excel add-in build step: dist/excel/ with manifest.xml, functions.js (registers the custom
// functions, then loads engine.js, which serves them and holds the runtime), functions.json (metadata from the generated wrappers), taskpane.html/.js (the shared
// runtime page), builder.js (the pane's formula builder, loaded on demand), functions.html,
// help.html (the function reference) and the icons: everything a static https host serves. The manifest's URLs and the functions' help links are on the origin
// the build is given (the dev server's by default), so the folder can be copied as it is.
// meta.json says which source modules each script holds and how many bytes of it (esbuild's
// metafile, cut to that): the tests read it to check that the page loads no module twice.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, relative, resolve, sep } from "node:path";
import { build } from "esbuild";
import { markdownToHtml } from "./excel-help.mjs";
import { ICON_SIZES, iconPng } from "./excel-icons.mjs";
import { loadTs } from "./load-ts.mjs";
import { rowChunks } from "./row-chunks.mjs";
import { stripDocsPlugin } from "./strip-docs.mjs";

const WRAPPERS = "src/excel/functions.generated.ts";
/** Chromium's compile hint (WebView2's engine): every function of the engine and of the row
 *  scripts compiled as the script streams in, off the page's thread, instead of each on its first
 *  call on the page's thread in the middle of the first recalculation (about 500 functions there,
 *  a sixth of its CPU at 300 formulas; the row scripts, which load during that recalculation,
 *  about 14 µs more per formula at 2,000). Other engines read a comment. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** functions.json from the wrappers' JSDoc. Used as a library: its CLI exits 0 on errors, and a
 *  build that ships incomplete metadata must fail instead. */
export async function functionsMetadata(source = WRAPPERS) {
  const require = createRequire(import.meta.url);
  const { generateCustomFunctionsMetadata } = require("custom-functions-metadata");
  const result = await generateCustomFunctionsMetadata(source);
  if (result.errors.length) throw new Error(`custom-functions-metadata found errors in ${source}:\n  ${result.errors.join("\n  ")}`);
  if (!result.metadataJson) throw new Error(`custom-functions-metadata found no @customfunction in ${source}`);
  return result.metadataJson;
}

/** `entry` bundled into `outfile` (or `extra.stdin`, with `extra.plugins` first and `extra.banner`
 *  at its top); returns the source modules it holds, each with its bytes there. */
async function bundle(entry, outfile, team, extra = {}) {
  const { EXCEL_BUNDLE_OPTIONS } = await loadTs("scripts/excel-bundle-options.ts");
  const result = await build({
    ...EXCEL_BUNDLE_OPTIONS,
    ...(entry ? { entryPoints: [entry] } : { stdin: extra.stdin }),
    outfile,
    sourcemap: true,
    metafile: true,
    // A team's default base URL and edition (scripts/team-defaults.ts); null: the sandbox's.
    define: { MDQ_BUILD_DEFAULTS: JSON.stringify(team ?? null) },
    // The catalogue's prose is for the docs and functions.json, never read at run time.
    plugins: [...(extra.plugins ?? []), stripDocsPlugin],
    ...(extra.banner && { banner: { js: extra.banner } }),
  });
  // esbuild names sources relative to the output folder, which for a build outside the checkout
  // (--dist) spells out the builder's own folders; name them from the checkout instead.
  const map = JSON.parse(readFileSync(`${outfile}.map`, "utf8"));
  map.sources = map.sources.map((source) =>
    // A row script's reads of the engine's table are named so already (row-chunks.mjs).
    source.includes("engine-core:")
      ? source.slice(source.indexOf("engine-core:"))
      : relative(process.cwd(), resolve(dirname(outfile), source))
          .split(sep)
          .join("/"),
  );
  writeFileSync(`${outfile}.map`, JSON.stringify(map));
  const [output] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint || o.inputs["<stdin>"]);
  // A row script's reads of the engine's table (row-chunks.mjs) are no module of its own.
  const held = Object.entries(output.inputs).filter(([path]) => !path.startsWith("engine-core:"));
  return Object.fromEntries(held.map(([path, { bytesInOutput }]) => [path, bytesInOutput]));
}

/** The runtime page with functions.js in its own <script>: registration waits for office.js alone,
 *  not for a second request (figure 4, cold start). functions.js stays beside it for functions.html
 *  and the manifest; the engine is found from the page's address, which is the same folder. */
export function withRegistrationInline(page, registration) {
  const tag = '<script src="functions.js"></script>';
  if (!page.includes(tag)) throw new Error(`taskpane.html has no ${tag} to inline`);
  if (/<\/script/i.test(registration)) throw new Error("functions.js holds </script and cannot be inlined");
  // Named as the file it is, so that stack traces and the source map read as before.
  return page.replace(tag, () => `<script>${registration.trimEnd()}\n//# sourceURL=functions.js\n</script>`);
}

/** Build into `out` (the build publishes it as dist/excel) for the add-in served at `origin`
 *  (checked; the dev server when absent), `team` its default base URL and edition (checked). */
export async function buildExcel(out, { origin, team } = {}) {
  const { DEV_ADDIN_ORIGIN, parseAddinOrigin, manifestFor, metadataFor } = await loadTs("scripts/addin-origin.ts");
  const base = origin ? parseAddinOrigin(origin) : DEV_ADDIN_ORIGIN;
  mkdirSync(`${out}/assets`, { recursive: true });
  writeFileSync(`${out}/manifest.xml`, manifestFor(readFileSync("manifest.xml", "utf8"), base));
  writeFileSync(`${out}/functions.json`, metadataFor(await functionsMetadata(), base));
  // The engine holds no row: each family's rows are a script it loads on first call (row-chunks.mjs).
  const { EXCEL_BUNDLE_OPTIONS } = await loadTs("scripts/excel-bundle-options.ts");
  const rows = await rowChunks(EXCEL_BUNDLE_OPTIONS, "src/excel/engine.ts");
  const modules = {
    "functions.js": await bundle("src/excel/register.ts", `${out}/functions.js`, team),
    "engine.js": await bundle("src/excel/engine.ts", `${out}/engine.js`, team, {
      plugins: [rows.enginePlugin],
      banner: COMPILE_HINT,
    }),
    "taskpane.js": await bundle("src/excel/taskpane.ts", `${out}/taskpane.js`, team),
    // The pane's builder and explain, injected when first opened (taskpane.ts).
    "builder.js": await bundle("src/excel/taskpane-builder.ts", `${out}/builder.js`, team),
  };
  for (const script of rows.scripts)
    modules[script.file] = await bundle(undefined, `${out}/${script.file}`, team, { ...script.options, banner: COMPILE_HINT });
  writeFileSync(`${out}/meta.json`, `${JSON.stringify(modules, null, 1)}\n`);
  copyFileSync("src/excel/functions.html", `${out}/functions.html`);
  writeFileSync(
    `${out}/taskpane.html`,
    withRegistrationInline(readFileSync("src/excel/taskpane.html", "utf8"), readFileSync(`${out}/functions.js`, "utf8")),
  );
  writeFileSync(`${out}/help.html`, markdownToHtml(readFileSync("docs/functions.md", "utf8"), "MDQ function reference"));
  for (const size of ICON_SIZES) writeFileSync(`${out}/assets/icon-${size}.png`, iconPng(size));
}
