// The `sheets` build step: dist/sheets/Code.js = the core and the Sheets adapter bundled as
// one iife (global MdqSheets), followed by the generated top-level functions Apps Script
// needs (custom functions, onOpen, menu handlers); and the manifest next to it, which is
// what `clasp push` uploads (rootDir dist/sheets).
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { loadTs } from "./load-ts.mjs";

export async function buildSheets() {
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
  mkdirSync("dist/sheets", { recursive: true });
  writeFileSync("dist/sheets/Code.js", `${bundle.outputFiles[0].text}\n${sheetsWrappers()}`);
  copyFileSync("appsscript.json", "dist/sheets/appsscript.json");
}
