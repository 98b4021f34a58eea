// Figure 4, cold start: the add-in's scripts loaded where nothing was compiled or cached before,
// beside the anchor (an add-in of the provider's kind, provider-bundle.ts), each measured the same
// way, runs alternating so that both share the machine's load.
//  - Chromium: a new browser context per run (no HTTP cache, no compiled code kept) opens the
//    runtime page from a server on 127.0.0.1, office.js being the tests' stand-in: MDQ's
//    taskpane.html with functions.js and taskpane.js, the anchor's page with its one script. From
//    the first script to DOMContentLoaded, which fires once every script, the deferred task pane's
//    included, has run. Only office.js is intercepted: a body handed over by playwright's request
//    interception costs time by its size, which a real server's does not.
//  - Node: a new process per run reads the bundle and runs it in a fresh context with Excel's
//    stand-ins (cold-child.ts), until its last function is registered (functions.js alone: the
//    task pane needs a page).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { LOOPBACK_ONLY, launchChromium } from "../harness/chromium";
import { workerBundle } from "../harness/workers";
import { providerBundle } from "./provider-bundle";

const DIST = join(__dirname, "..", "..", "dist", "excel");
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_STAND_IN = join(__dirname, "..", "..", "test", "excel", "office-stand-in.js");

/** Notes when the page's first script starts and how long until DOMContentLoaded. */
const MARK = `<script>window.__start = performance.now(); document.addEventListener("DOMContentLoaded", function () { window.__coldMs = performance.now() - window.__start; });</script>`;

/** A page of nothing but office.js and `script`: the anchor's, and MDQ's functions.js alone on the same. */
const barePage = (script: string) =>
  `<!doctype html><html><head>${MARK}<script src="${OFFICE_JS}"></script><script src="${script}"></script></head><body></body></html>`;

export interface ColdStart {
  runs: number;
  functions: number;
  /** Median milliseconds in a fresh Chromium context each: MDQ's runtime page (both scripts and
   *  the pane's form), functions.js alone on a page like the anchor's, and the anchor's page. */
  chromium: { mdqMs: number; functionsMs: number; anchorMs: number };
  /** Median milliseconds: functions.js and the anchor, in a fresh Node process each. */
  node: { mdqMs: number; anchorMs: number };
  bytes: { mdq: number; anchor: number };
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** `files` over http on 127.0.0.1. */
async function serveFiles(files: Record<string, string>) {
  const server = createServer((req, res) => {
    const body = files[(req.url ?? "/").slice(1)];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": req.url?.endsWith(".html") ? "text/html" : "text/javascript" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** One page load in a new context (nothing cached); only office.js is answered by the stand-in. */
async function pageLoad(browser: Browser, url: string, functions: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const officeJs = readFileSync(OFFICE_STAND_IN, "utf8");
    await context.route(OFFICE_JS, (route) => route.fulfill({ contentType: "text/javascript", body: officeJs }));
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.waitForFunction(() => (window as { __coldMs?: number }).__coldMs !== undefined, undefined, { timeout: 30000 });
    const { ms, associated } = await tab.evaluate(() => {
      const w = window as unknown as { __coldMs: number; __mdq: { associated: string[] } };
      return { ms: w.__coldMs, associated: w.__mdq.associated.length };
    });
    if (associated !== functions) throw new Error(`${url} registered ${associated} functions, not ${functions}`);
    return ms;
  } finally {
    await context.close();
  }
}

/** One load of `bundle` in a new Node process. */
function processLoad(code: string, bundle: string, functions: number): number {
  const child = spawnSync(process.execPath, ["-"], {
    input: code,
    env: { ...process.env, MDQ_COLD_BUNDLE: bundle },
    encoding: "utf8",
    timeout: 60000,
  });
  if (child.status !== 0) throw new Error(`cold start child exited ${child.status}: ${child.stderr}`);
  const { ms, functions: registered } = JSON.parse(child.stdout) as { ms: number; functions: number };
  if (registered !== functions) throw new Error(`${bundle} registered ${registered} functions, not ${functions}`);
  return ms;
}

export async function measureColdStart(functions: number, runs = 15): Promise<ColdStart> {
  const anchor = providerBundle();
  const anchorFile = join(mkdtempSync(join(tmpdir(), "mdq-anchor-")), "provider.js");
  writeFileSync(anchorFile, anchor);
  const read = (file: string) => readFileSync(join(DIST, file), "utf8");
  const mdqPage = read("taskpane.html").replace("<head>", `<head>${MARK}`);
  const files = {
    "taskpane.html": mdqPage,
    "functions.js": read("functions.js"),
    "taskpane.js": read("taskpane.js"),
    "functions-only.html": barePage("functions.js"),
    "provider.html": barePage("provider.js"),
    "provider.js": anchor,
  };

  const child = workerBundle({ entryPoints: [join(__dirname, "cold-child.ts")] });
  const node = { mdq: [] as number[], anchor: [] as number[] };
  for (let i = 0; i < runs; i++) {
    node.mdq.push(processLoad(child, join(DIST, "functions.js"), functions));
    node.anchor.push(processLoad(child, anchorFile, functions));
  }

  const site = await serveFiles(files);
  const browser = await launchChromium([LOOPBACK_ONLY]);
  const chromium = { mdq: [] as number[], functions: [] as number[], anchor: [] as number[] };
  try {
    // One load of each first, not counted: the browser's own first page starts its processes.
    await pageLoad(browser, `${site.url}taskpane.html`, functions);
    await pageLoad(browser, `${site.url}provider.html`, functions);
    for (let i = 0; i < runs; i++) {
      chromium.mdq.push(await pageLoad(browser, `${site.url}taskpane.html`, functions));
      chromium.functions.push(await pageLoad(browser, `${site.url}functions-only.html`, functions));
      chromium.anchor.push(await pageLoad(browser, `${site.url}provider.html`, functions));
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return {
    runs,
    functions,
    chromium: { mdqMs: median(chromium.mdq), functionsMs: median(chromium.functions), anchorMs: median(chromium.anchor) },
    node: { mdqMs: median(node.mdq), anchorMs: median(node.anchor) },
    bytes: { mdq: Buffer.byteLength(files["functions.js"]) + Buffer.byteLength(files["taskpane.js"]), anchor: Buffer.byteLength(anchor) },
  };
}
