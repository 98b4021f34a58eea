// The Excel add-in build step: dist/excel/ with functions.js (custom functions + runtime),
// functions.json (metadata from the generated wrappers), taskpane.html/.js (the shared runtime
// page), functions.html, help.html (the function reference) and the icons.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { markdownToHtml } from "./excel-help.mjs";
import { ICON_SIZES, iconPng } from "./excel-icons.mjs";

const WRAPPERS = "src/excel/functions.generated.ts";

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

const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "browser",
    // Excel's shared runtime is a WebView2 (Edge) or Safari web view: ES2019 runs in all of them.
    target: "es2019",
    format: "iife",
    minify: true,
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
  });

/** Build into `out` (the build publishes it as dist/excel). */
export async function buildExcel(out) {
  mkdirSync(`${out}/assets`, { recursive: true });
  writeFileSync(`${out}/functions.json`, await functionsMetadata());
  await bundle("src/excel/functions.ts", `${out}/functions.js`);
  await bundle("src/excel/taskpane.ts", `${out}/taskpane.js`);
  for (const page of ["taskpane.html", "functions.html"]) copyFileSync(`src/excel/${page}`, `${out}/${page}`);
  writeFileSync(`${out}/help.html`, markdownToHtml(readFileSync("docs/functions.md", "utf8"), "MDQ function reference"));
  for (const size of ICON_SIZES) writeFileSync(`${out}/assets/icon-${size}.png`, iconPng(size));
}
