// functions.js in real Chromium while the server holds back engine.js: every function is
// registered before the engine arrives, a cell calculated meanwhile gets its answer once it does,
// and an engine the server cannot find (404) gives the cells and the task pane a message saying
// what to do. The built dist/excel (npm run build first), office.js the tests' stand-in.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { DIST_EXCEL } from "./browser";

const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_STAND_IN = join(__dirname, "office-stand-in.js");
const WAIT_MS = 20000;

/** dist/excel on 127.0.0.1, engine.js answered only when the test says: its file, or a 404. */
async function serveHoldingEngine() {
  const asked: string[] = [];
  let answer: (how: "engine" | "404") => void = () => {};
  const decided = new Promise<"engine" | "404">((resolve) => {
    answer = resolve;
  });
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    asked.push(path);
    const file = join(DIST_EXCEL, path);
    if (path === "/engine.js" && (await decided) === "404") return res.writeHead(404).end();
    if (path.includes("..") || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": extname(file) === ".html" ? "text/html" : "text/javascript" }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    answer,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

let browser: Browser;
let sandbox: Sandbox;
let site: Awaited<ReturnType<typeof serveHoldingEngine>>;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: "127.0.0.1", apiKey: "demo" });
  browser = await launchChromium();
});
beforeEach(async () => {
  site = await serveHoldingEngine();
  page = await browser.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url === OFFICE_JS) return route.fulfill({ contentType: "text/javascript", body: readFileSync(OFFICE_STAND_IN, "utf8") });
    return url.startsWith("http://127.0.0.1:") ? route.continue() : route.abort();
  });
});
afterEach(async () => {
  site.answer("404");
  await page.close();
  await site.close();
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** Open `file` and wait until functions.js has registered every function. */
async function openRegistered(file: string) {
  // Not waiting for the load event: the page's engine.js is what the server holds back.
  await page.goto(`${site.url}/${file}`, { waitUntil: "commit" });
  await page.waitForFunction((count) => (window as any).__mdq?.associated.length === count, CATALOGUE.length);
  await page.evaluate((base) => Object.assign((window as any).__mdq.storage, { "mdq.baseUrl": base, "mdq.edition": "spec" }), sandbox.url);
}

/** Calculate a cell as Excel does (every parameter, then the invocation), without waiting for it. */
const startCell = (name: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, args]) => {
      const fn = (window as any).__mdq.functions[name];
      const padded = [...args, ...new Array(Math.max(0, fn.length - 1 - args.length)).fill(null)];
      const w = window as any;
      w.__cell = fn(...padded, {}).then(
        (cells: unknown[][]) => ({ cells }),
        (e: { code: string; message: string }) => ({ error: { code: e.code, message: e.message } }),
      );
    },
    [name, args] as const,
  );
const cellOutcome = () =>
  page.evaluate(() => (window as any).__cell as Promise<{ cells?: unknown[][]; error?: { code: string; message: string } }>);

test("a cell calculated before the engine has arrived gets its answer once it does", async () => {
  await openRegistered("functions.html");
  expect(site.asked).toContain("/engine.js");
  expect(await page.evaluate(() => (window as any).MDQ_ADDIN)).toBeUndefined();
  await startCell("INDEX", "lq45", "2025-06-02", "2025-06-06");
  site.answer("engine");
  const outcome = await cellOutcome();
  expect(outcome.error).toBeUndefined();
  expect(outcome.cells?.[0][0]).toBe("index_code");
  expect(outcome.cells?.length).toBeGreaterThan(1);
});

test("an engine the server cannot find: the cell and the task pane say so and what to do", async () => {
  await openRegistered("taskpane.html");
  await startCell("INDEX", "lq45");
  site.answer("404");
  const { error } = await cellOutcome();
  expect(error?.code).toBe("#N/A");
  expect(error?.message).toMatch(
    /^MDQ could not start: its engine \(http:\/\/127\.0\.0\.1:\d+\/engine\.js\) could not be loaded\. Reload the add-in/,
  );
  await page.waitForFunction(() => /MDQ could not start/.test(document.getElementById("status")?.textContent ?? ""));
  expect(await page.getAttribute("#status", "class")).toBe("fail");
});
