// Excel on Windows without WebView2 runs add-ins in EdgeHTML: ES2017, without the built-ins that
// came later. The built bundles parse as ES2017, and run in a context stripped of those built-ins
// as they run in a modern one. (Trident, ES5, gets an explanation in the pane: taskpane.test.ts.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "acorn";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

const DIST = join(__dirname, "..", "..", "dist", "excel");

// What EdgeHTML 18 lacks of what Node has: deleted before the bundle loads.
const EDGEHTML = `
  delete Array.prototype.flat; delete Array.prototype.flatMap; delete Array.prototype.at;
  delete Object.fromEntries; delete Object.hasOwn; delete String.prototype.at;
  delete String.prototype.trimStart; delete String.prototype.trimEnd; delete String.prototype.matchAll;
  delete String.prototype.replaceAll; delete Promise.allSettled; delete Promise.any;
  delete globalThis.structuredClone; delete globalThis.globalThis;
`;

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

// The row scripts too (rows-<family>.js, loaded by the engine at a family's first call).
const ROW_SCRIPTS = ["rows-value.js", "rows-idx.js", "rows-markets.js", "rows-mining.js", "rows-any.js"];
test.each(["functions.js", "engine.js", "taskpane.js", "builder.js", ...ROW_SCRIPTS])("dist/excel/%s parses as ES2017", (file) => {
  expect(() => parse(readFileSync(join(DIST, file), "utf8"), { ecmaVersion: 2017, sourceType: "script" })).not.toThrow();
});

test("the ES2017 parser would refuse what the bundles must not hold", () => {
  expect(() => parse("const a = { ...b };", { ecmaVersion: 2017 })).toThrow();
  expect(() => parse("const r = /\\p{L}/u;", { ecmaVersion: 2017 })).toThrow();
  expect(() => parse("a?.b;", { ecmaVersion: 2017 })).toThrow();
  // The bundle options leave async generators unlowered (scripts/excel-bundle-options.ts).
  expect(() => parse("async function* a() {}", { ecmaVersion: 2017 })).toThrow();
});

test("without the built-ins EdgeHTML lacks (nor TextDecoder), every kind of call answers as in a modern engine", async () => {
  const calls: Array<[string, ...unknown[]]> = [
    ["QUARTERLY", "BBCA", 4],
    ["INDEX", "lq45"],
    ["MINING_LICENSES", "Kalimantan Timur", "Coal", null, 10],
    ["COMPANIES", "Oil, Gas & Coal"],
    ["KLSE_REPORT", 1155, "overview"],
    ["VALUE", "BBCA", "revenue", "2024Q4"],
  ];
  const modern = loadBundle(sandbox.url);
  const old = loadBundle(sandbox.url, { prelude: EDGEHTML, globals: { TextDecoder: undefined } });
  for (const [name, ...args] of calls) {
    const expected = await modern.call(name, ...args);
    expect([name, await old.call(name, ...args)]).toEqual([name, expected]);
  }
  expect(old.logs).toEqual([]);
});
