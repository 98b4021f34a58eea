// The built add-in with Microsoft's real Office.js (the pinned @microsoft/office-js dev dependency)
// in headless Chromium, served in place of the CDN the pages name, with no network.
//
// What this proves: with the real office.js loaded as taskpane.html loads it (before functions.js,
// in Excel's shared runtime page), CustomFunctions.associate exists at once and every catalogue
// function is associated in the very object the custom functions runtime looks functions up in
// (CustomFunctions._association, which custom-functions-runtime.js hands to its invoker); the real
// Office.onReady resolves outside Office (host and platform null) and the task pane's start runs
// and shows the form. With custom-functions-runtime.js (the runtime Excel's host scripts carry),
// the same holds, and a failing cell rejects with the runtime's own CustomFunctions.Error, #N/A.
//
// What it cannot: there is no Excel here. Office.js finds no host, so it loads no host script, no
// functions.json is read, nothing registers in a workbook's grid, no cell is calculated by Excel,
// OfficeRuntime.storage has no implementation behind it, and the CDN itself is not reached.
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { LOOPBACK_ONLY, launchChromium } from "../../scripts/harness/chromium";
import { SANDBOX } from "../../shared/base/base-url";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { serveDirectory } from "./browser";

const DIST = join(__dirname, "..", "..", "dist", "excel");
const OFFICE_DIST = join(__dirname, "..", "..", "node_modules", "@microsoft", "office-js", "dist");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
const TYPES: Record<string, string> = { ".js": "text/javascript", ".html": "text/html", ".json": "application/json" };

let browser: Browser;
let site: { url: string; close(): Promise<void> };

beforeAll(async () => {
  for (const file of ["office.js", "custom-functions-runtime.js"])
    if (!existsSync(join(OFFICE_DIST, file)))
      throw new Error(`${join(OFFICE_DIST, file)} is missing: npm ci installs @microsoft/office-js`);
  if (!existsSync(join(DIST, "functions.js"))) throw new Error(`${DIST}/functions.js is missing: run npm run build first`);
  site = await serveDirectory(DIST);
  browser = await launchChromium([LOOPBACK_ONLY]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Loaded {
  page: Page;
  /** Files of the package served in place of the CDN. */
  fromPackage: string[];
  /** Requests that would have left the machine (aborted). */
  blocked: string[];
  console: string[];
  errors: string[];
}

/** A page where the CDN's Office.js files come from the package, `pages` are made up here, the
 *  built add-in comes from the local server, and every other request is aborted. */
async function open(path: string, pages: Record<string, string> = {}): Promise<Loaded> {
  const page = await browser.newPage();
  const loaded: Loaded = { page, fromPackage: [], blocked: [], console: [], errors: [] };
  page.on("console", (m) => loaded.console.push(m.text()));
  page.on("pageerror", (e) => loaded.errors.push(e.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(CDN)) {
      const file = url.slice(CDN.length).split(/[?#]/)[0];
      const local = join(OFFICE_DIST, file);
      if (file.includes("..") || !existsSync(local)) return route.fulfill({ status: 404, body: "" });
      loaded.fromPackage.push(file);
      return route.fulfill({ contentType: TYPES[extname(file)] ?? "application/octet-stream", body: readFileSync(local) });
    }
    const made = pages[url.slice(site.url.length)];
    if (url.startsWith(`${site.url}/`) && made !== undefined) return route.fulfill({ contentType: "text/html", body: made });
    if (url.startsWith(`${site.url}/`)) return route.continue();
    loaded.blocked.push(url);
    return route.abort();
  });
  await page.goto(`${site.url}${path}`);
  return loaded;
}

/** The ids associated in CustomFunctions._association (upper-cased by Office.js), each with its type. */
const associated = (page: Page) =>
  page.evaluate(() => {
    const mappings = (window as any).CustomFunctions._association.mappings as Record<string, unknown>;
    return Object.keys(mappings)
      .sort()
      .map((id) => `${id}: ${typeof mappings[id]}`);
  });

const everyFunction = () =>
  CATALOGUE.map((f) => f.name.toUpperCase())
    .sort()
    .map((id) => `${id}: function`);

describe("the shared runtime page (taskpane.html) with the real office.js", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await open("/taskpane.html");
    await loaded.page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  });
  afterAll(() => loaded?.page.close());

  test("office.js and what it loads come from the package; outside Office, onReady resolves with no host", async () => {
    expect(loaded.fromPackage).toContain("office.js");
    expect(loaded.console).toContain("Warning: Office.js is loaded outside of Office client");
    const info = await loaded.page.evaluate(() => (window as any).Office.onReady());
    expect(info).toMatchObject({ host: null, platform: null });
  });

  test("every catalogue function is associated through the real CustomFunctions.associate", async () => {
    expect(await associated(loaded.page)).toEqual(everyFunction());
  });

  test("the task pane starts: the form shows the defaults (no OfficeRuntime outside Office), the key masked, no error", async () => {
    const { page } = loaded;
    expect(await page.isVisible("#settings")).toBe(true);
    expect(await page.inputValue("#baseUrl")).toBe(SANDBOX.url);
    expect(await page.inputValue("#apiKey")).toBe(SANDBOX.apiKey);
    expect(await page.getAttribute("#apiKey", "type")).toBe("password");
    expect(await page.textContent("#status")).toBe("");
    expect(await page.textContent("#requests")).toBe("0");
    expect(await page.evaluate(() => typeof (window as any).OfficeRuntime)).toBe("undefined");
    expect(loaded.errors).toEqual([]);
  });
});

describe("functions.js with the real custom-functions-runtime.js", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    const runtimePage = `<!doctype html><html><head><script src="${CDN}custom-functions-runtime.js"></script><script src="functions.js"></script></head><body></body></html>`;
    loaded = await open("/cf-runtime.html", { "/cf-runtime.html": runtimePage });
    await loaded.page.waitForFunction(() => (window as any).MDQ_ADDIN !== undefined, undefined, { timeout: 20000 });
    // The runtime's own onReady callback (registered when the page loaded) has run once this resolves.
    await loaded.page.evaluate(() => (window as any).Office.onReady());
  });
  afterAll(() => loaded?.page.close());

  test("the runtime loads from the package and finds no Excel", async () => {
    expect(loaded.fromPackage).toContain("custom-functions-runtime.js");
    expect(loaded.console).toContain("Warning: Expected to be loaded inside of an Excel add-in.");
    expect(loaded.errors).toEqual([]);
  });

  test("every catalogue function is associated where the runtime looks functions up", async () => {
    expect(await associated(loaded.page)).toEqual(everyFunction());
  });

  // Outside Office the runtime's OfficeRuntime.storage has nothing behind it: reading the settings
  // fails, and the cell gets the runtime's own error object rather than hanging.
  test("a cell whose settings cannot be read rejects with the runtime's CustomFunctions.Error, #N/A, with MDQ's message", async () => {
    const outcome = await loaded.page.evaluate(async () => {
      const cf = (window as any).CustomFunctions;
      try {
        await cf._association.mappings.QUARTERLY("BBCA", 4, null, null, [[null]], {});
        return { settled: "resolved" };
      } catch (e: any) {
        return {
          settled: "rejected",
          runtimeError: e instanceof cf.Error,
          code: e.code,
          expected: cf.ErrorCode.notAvailable,
          message: e.message,
        };
      }
    });
    expect(outcome).toMatchObject({ settled: "rejected", runtimeError: true, code: "#N/A", expected: "#N/A" });
    expect(outcome.message).toMatch(/^MDQ: the add-in's settings could not be read \(.+\)\. Reload the add-in\.$/);
  });
});
