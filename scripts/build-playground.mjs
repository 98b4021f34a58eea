// The playground build step: dist/playground/ with index.html, playground.css and playground.js
// (src/playground/*.ts bundled by esbuild). The page runs dist/excel/functions.js and the engine.js
// it loads, which the sandbox serves beside it at /excel/, so this step runs after the excel step
// and checks it did.
import { copyFileSync, existsSync } from "node:fs";
import { build } from "esbuild";

/** Build into `out` (the build publishes it as dist/playground). */
export async function buildPlayground(out) {
  for (const file of ["functions.js", "engine.js"])
    if (!existsSync(`dist/excel/${file}`)) throw new Error(`the playground runs dist/excel/${file}: build the excel step first`);
  await build({
    entryPoints: ["src/playground/main.ts"],
    outfile: `${out}/playground.js`,
    bundle: true,
    platform: "browser",
    // Current browsers: the page is for a developer's or analyst's own browser, not Office's web view.
    target: "es2020",
    format: "iife",
    minify: true,
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of ["index.html", "playground.css"]) copyFileSync(`src/playground/${file}`, `${out}/${file}`);
}
