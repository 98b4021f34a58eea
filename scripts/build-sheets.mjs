// The `sheets` build step: dist/sheets/Code.js = the core and the Sheets adapter bundled as
// one iife (global MdqSheets), followed by the generated top-level functions Apps Script
// needs (custom functions, onOpen, menu handlers); and the manifest next to it, which is
// what `clasp push` uploads (rootDir dist/sheets); and Sidebar.html, the formula builder's page
// (MDQ > Formula builder), one file as HtmlService reads it: its script and the catalogue's
// description inline.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
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
  await buildSidebar(out);
}

/** Sidebar.html: src/sheets/page/sidebar.html with the page's script (the builder on the Sheets
 *  host, no core module: the page runs nothing of the core itself) and the catalogue described as
 *  Sheets users see it, as JSON. Neither may end the element it sits in: "<" is escaped in both. */
async function buildSidebar(out) {
  const page = await build({
    entryPoints: ["src/sheets/page/main.ts"],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2020",
    platform: "browser",
    minify: true,
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
  });
  const { sidebarCatalogue } = await loadTs("src/sheets/page/catalogue.ts");
  const script = page.outputFiles[0].text.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
  const catalogue = JSON.stringify(sidebarCatalogue()).replace(/</g, "\\u003c");
  const html = readFileSync("src/sheets/page/sidebar.html", "utf8")
    .replace('"MDQ_CATALOGUE"', () => catalogue)
    .replace("/*MDQ_PAGE*/", () => script);
  writeFileSync(`${out}/Sidebar.html`, html);
}
