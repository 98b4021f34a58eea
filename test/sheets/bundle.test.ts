// The shape of what `clasp push` uploads: every catalogue function is a top-level
// `function MDQ_<NAME>` with @customfunction in dist/sheets/Code.js, the committed wrapper source
// matches the generator, the menu's handlers exist, and the manifest asks for exactly the
// scopes the code uses.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE, loadScript } from "../../scripts/harness/load-sheets";
import { sheetsWrappers } from "../../scripts/sheets-wrappers";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { MENU_ITEMS } from "../../src/sheets/menu-items";

const root = join(__dirname, "..", "..");
const bundle = () => readFileSync(BUNDLE, "utf8");

test("the committed wrappers are up to date (run npm run generate)", () => {
  expect(readFileSync(join(root, "src/sheets/wrappers.generated.js"), "utf8")).toBe(sheetsWrappers());
});

test.each(CATALOGUE.map((fn) => [fn.name, fn] as const))("MDQ_%s is a top-level custom function with its JSDoc", (name, fn) => {
  const code = bundle();
  const params = [...fn.args.map((a) => a.name), "options"].join(", ");
  const at = code.indexOf(`\nfunction MDQ_${name}(${params}) {`);
  expect(at).toBeGreaterThan(0);
  const doc = code.slice(code.lastIndexOf("/**", at), at);
  expect(doc).toContain("@customfunction");
  expect(doc).toContain(fn.summary);
  for (const a of fn.args) expect(doc).toMatch(new RegExp(`@param \\{[^}]+\\} ${a.name} `));
  expect(doc).toMatch(/@param \{[^}]+\} options /);
  // Apps Script names: no dots, no trailing underscore (those are private to the script).
  expect(`MDQ_${name}`).toMatch(/^[A-Z][A-Z0-9_]*[A-Z0-9]$/);
  expect(typeof loadScript().ctx[`MDQ_${name}`]).toBe("function");
});

test("no other top-level function claims @customfunction", () => {
  const declared = bundle().match(/@customfunction\s*\*\/\s*function (\w+)/g) ?? [];
  expect(declared.map((d) => d.replace(/[\s\S]*function /, "")).sort()).toEqual(CATALOGUE.map((f) => `MDQ_${f.name}`).sort());
});

test("the bundle is an es2020 iife under one global", () => {
  const code = bundle();
  expect(code).toMatch(/^"use strict";\nvar MdqSheets = \(\(\) => \{/);
  expect(code).not.toMatch(/\brequire\(|\bimport\s*\(|\bprocess\.env\b|\bsetTimeout\(/);
});

test("onOpen adds the MDQ menu, and each item names a global function of the script", () => {
  const { ctx, rec } = loadScript();
  ctx.onOpen();
  expect(rec.menus).toEqual([{ title: "MDQ", items: MENU_ITEMS.map((i) => [i.caption, i.handler]) }]);
  expect(rec.menus[0].items.map(([caption]) => caption)).toEqual([
    "Use a team gateway (URL + token)",
    "Set API key",
    "Set base URL",
    "Set edition",
    "Set answer limit",
    "Test connection",
    "Clear cache",
    "Refresh all",
    "Status",
    "Formula builder",
    "Insert template",
    "Format results",
  ]);
  for (const [, handler] of rec.menus[0].items) {
    expect(typeof ctx[handler]).toBe("function");
    expect(handler.endsWith("_")).toBe(false);
  }
});

describe("appsscript.json", () => {
  let manifest: { runtimeVersion: string; timeZone: string; exceptionLogging: string; oauthScopes: string[] };
  let code: string;
  beforeAll(() => {
    manifest = JSON.parse(readFileSync(join(root, "dist/sheets/appsscript.json"), "utf8"));
    code = bundle();
  });

  test("is the committed manifest, V8, with a time zone and exception logging", () => {
    expect(manifest).toEqual(JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8")));
    expect(manifest.runtimeVersion).toBe("V8");
    expect(manifest.timeZone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+$/);
    expect(manifest.exceptionLogging).toBe("STACKDRIVER");
  });

  test("asks for exactly the scopes the code uses", () => {
    const uses: Record<string, boolean> = {
      "https://www.googleapis.com/auth/script.external_request": /UrlFetchApp\.fetch\(/.test(code),
      "https://www.googleapis.com/auth/spreadsheets.currentonly": /SpreadsheetApp\.getActiveSpreadsheet\(/.test(code),
      "https://www.googleapis.com/auth/script.container.ui": /SpreadsheetApp\.getUi\(/.test(code),
      "https://www.googleapis.com/auth/script.scriptapp": /ScriptApp\./.test(code),
    };
    const needed = Object.keys(uses).filter((scope) => uses[scope]);
    expect([...manifest.oauthScopes].sort()).toEqual(needed.sort());
    expect(needed).toHaveLength(3);
  });
});
