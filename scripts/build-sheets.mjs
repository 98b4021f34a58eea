// The `sheets` build step: dist/sheets/Code.js = the core and the Sheets adapter bundled as
// one iife (global MdqSheets), followed by the generated top-level functions Apps Script
// needs (custom functions, onOpen, menu handlers); and the manifest next to it, which is
// what `clasp push` uploads (rootDir dist/sheets).
import { copyFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { loadTs } from "./load-ts.mjs";

/** Build into `out` (the build publishes it as dist/sheets). */
export async function buildSheets(out) {
  const bundle = await build({
    entryPoints: ["src/sheets/main.ts"],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "MdqSheets",
    target: "es2020",
    platform: "neutral",
    mainFields: ["module", "main"],
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
  });
  // Generated now from the catalogue, so dist is never stale; the committed copy
  // (src/sheets/wrappers.generated.js) is checked against the same generator by the tests.
  const { sheetsWrappers } = await loadTs("scripts/sheets-wrappers.ts");
  writeFileSync(`${out}/Code.js`, `${bundle.outputFiles[0].text}\n${sheetsWrappers()}`);
  copyFileSync("appsscript.json", `${out}/appsscript.json`);
}
