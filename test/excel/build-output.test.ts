// What npm run build leaves in dist/excel (run it first): the pages, the bundles, the help page
// that every @helpurl opens at its function's section, and the icons the manifest names.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE } from "../../shared/catalogue/catalogue";

const DIST = join(__dirname, "..", "..", "dist", "excel");
const read = (file: string) => {
  const path = join(DIST, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return readFileSync(path);
};

test("the pages load office.js, and the shared runtime page holds functions.js inline, then loads taskpane.js", () => {
  const pane = read("taskpane.html").toString();
  const office = '<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script>';
  const registration = read("functions.js").toString().trimEnd();
  expect(pane).not.toContain('src="functions.js"');
  expect(pane.indexOf(registration)).toBeGreaterThan(pane.indexOf(office));
  expect(pane.indexOf(office)).toBeGreaterThan(0);
  expect(pane.indexOf('src="taskpane.js"')).toBeGreaterThan(pane.indexOf(registration));
  expect(pane).toMatch(/<input id="apiKey"[^>]*type="password"/);
  expect(read("functions.html").toString()).toContain('src="functions.js"');
  expect(read("taskpane.js").length).toBeGreaterThan(500);
});

test("the engine carries zod/mini, not the full zod, and stays under 250 KB", () => {
  const bundle = read("engine.js").toString();
  // zod's classic schemas are named `ZodString`, `ZodObject`, ...; zod/mini's `ZodMini...`.
  expect(bundle).toContain('"ZodMiniString"');
  expect(bundle).not.toMatch(/"Zod(String|Object|Number)"/);
  // 70 paths' rows (their docs text included) in one bundle; the budget to come down is issue 27's.
  expect(bundle.length).toBeLessThan(250_000);
});

test("the engine and every row script open with Chromium's compile hint; the registration script does not need it", () => {
  const scripts = readdirSync(DIST).filter((file) => /^(engine|rows-[a-z]+)\.js$/.test(file));
  expect(scripts).toContain("engine.js");
  expect(scripts.filter((file) => file.startsWith("rows-")).length).toBeGreaterThan(1);
  // The hint is read from the script's first line only.
  for (const file of scripts) expect(read(file).toString().split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
  expect(read("functions.js").toString()).not.toContain("allFunctionsCalledOnLoad");
});

test("help.html has a section for every function", () => {
  const help = read("help.html").toString();
  for (const fn of CATALOGUE) expect(help).toContain(`<h2 id="${fn.name.toLowerCase()}">${fn.name}</h2>`);
});

test.each([16, 32, 64, 80])("assets/icon-%i.png is a PNG of that size", (size) => {
  const png = read(`assets/icon-${size}.png`);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString("ascii", 12, 16)).toBe("IHDR");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
});
