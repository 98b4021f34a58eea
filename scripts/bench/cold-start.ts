// Figure 4, cold start to registration: the add-in's scripts loaded where nothing was compiled or
// cached before, beside the anchor (an add-in of the provider's kind, provider-bundle.ts), each
// measured the same way, runs alternating so that both share the machine's load.
//  - Chromium: a new browser context per run (no HTTP cache, no compiled code kept) opens the
//    runtime page from a server on 127.0.0.1, office.js being the tests' stand-in, which notes when
//    CustomFunctions.associate was last called: MDQ's taskpane.html (functions.js inline, which loads
//    engine.js, and taskpane.js), functions.js alone on a page like the anchor's, the anchor's page
//    with its one script. From the page's first script to the last function registered; and, for
//    what comes after, to the page's load event, which waits for every script the page started,
//    the engine's included. The three pages take turns at being opened first.
//  - Node: a new process per run reads the script and runs it in a fresh context with Excel's
//    stand-ins (cold-child.ts) until its last function is registered: functions.js, the anchor;
//    and functions.js then engine.js until the engine is ready.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { LOOPBACK_ONLY, launchChromium } from "../harness/chromium";
import { workerBundle } from "../harness/workers";
import { providerBundle } from "./provider-bundle";

const DIST = join(__dirname, "..", "..", "dist", "excel");
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_STAND_IN = join(__dirname, "..", "..", "test", "excel", "office-stand-in.js");

/** Notes when the page's first script starts and when its load event fires (every script the page
 *  started has run, the engine functions.js adds included). */
const MARK = `<script>window.__start = performance.now(); window.addEventListener("load", function () { window.__loadMs = performance.now() - window.__start; });</script>`;

/** A page of nothing but office.js and `script`: the anchor's, and MDQ's functions.js alone on the same. */
const barePage = (script: string) =>
  `<!doctype html><html><head>${MARK}<script src="${OFFICE_JS}"></script><script src="${script}"></script></head><body></body></html>`;

export interface ColdStart {
  runs: number;
  functions: number;
  /** Median milliseconds in a fresh Chromium context each, from the page's first script to the
   *  last function registered: MDQ's runtime page, functions.js alone on a page like the anchor's,
   *  the anchor's page; and to the load event (MDQ's engine loaded): MDQ's runtime page, the anchor's. */
  chromium: { mdqMs: number; functionsMs: number; anchorMs: number; mdqLoadMs: number; anchorLoadMs: number };
  /** Median milliseconds in a fresh Node process each: functions.js and the anchor until the last
   *  function is registered; functions.js then engine.js until the engine is ready. */
  node: { mdqMs: number; anchorMs: number; engineMs: number };
  /** Bytes: before registration (functions.js; the anchor's one script), the engine's minified and gzipped. */
  bytes: { mdq: number; anchor: number; engine: number; engineGzip: number };
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

/** One page load in a new context (nothing cached); only office.js is answered by the stand-in.
 *  Milliseconds from the first script to the last function registered, and to the load event. */
async function pageLoad(browser: Browser, url: string, functions: number): Promise<{ registeredMs: number; loadMs: number }> {
  const context = await browser.newContext();
  try {
    const officeJs = readFileSync(OFFICE_STAND_IN, "utf8");
    await context.route(OFFICE_JS, (route) => route.fulfill({ contentType: "text/javascript", body: officeJs }));
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.waitForFunction(() => (window as { __loadMs?: number }).__loadMs !== undefined, undefined, { timeout: 30000 });
    const { registeredMs, loadMs, associated } = await tab.evaluate(() => {
      const w = window as unknown as { __start: number; __loadMs: number; __mdq: { associated: string[]; associatedAt: number } };
      return { registeredMs: w.__mdq.associatedAt - w.__start, loadMs: w.__loadMs, associated: w.__mdq.associated.length };
    });
    if (associated !== functions) throw new Error(`${url} registered ${associated} functions, not ${functions}`);
    return { registeredMs, loadMs };
  } finally {
    await context.close();
  }
}

/** One load of `bundle` (then `engine`, when given) in a new Node process. */
function processLoad(code: string, bundle: string, functions: number, engine = ""): { ms: number; engineMs: number } {
  const child = spawnSync(process.execPath, ["-"], {
    input: code,
    env: { ...process.env, MDQ_COLD_BUNDLE: bundle, MDQ_COLD_ENGINE: engine },
    encoding: "utf8",
    timeout: 60000,
  });
  if (child.status !== 0) throw new Error(`cold start child exited ${child.status}: ${child.stderr}`);
  const out = JSON.parse(child.stdout) as { ms: number; engineMs: number; functions: number };
  if (out.functions !== functions) throw new Error(`${bundle} registered ${out.functions} functions, not ${functions}`);
  return out;
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
    "engine.js": read("engine.js"),
    "taskpane.js": read("taskpane.js"),
    "functions-only.html": barePage("functions.js"),
    "provider.html": barePage("provider.js"),
    "provider.js": anchor,
  };

  const child = workerBundle({ entryPoints: [join(__dirname, "cold-child.ts")] });
  const node = { mdq: [] as number[], anchor: [] as number[], engine: [] as number[] };
  for (let i = 0; i < runs; i++) {
    node.mdq.push(processLoad(child, join(DIST, "functions.js"), functions).ms);
    node.anchor.push(processLoad(child, anchorFile, functions).ms);
    node.engine.push(processLoad(child, join(DIST, "functions.js"), functions, join(DIST, "engine.js")).engineMs);
  }

  const site = await serveFiles(files);
  const browser = await launchChromium([LOOPBACK_ONLY]);
  const chromium = {
    mdq: [] as number[],
    functions: [] as number[],
    anchor: [] as number[],
    mdqLoad: [] as number[],
    anchorLoad: [] as number[],
  };
  try {
    // One load of each first, not counted: the browser's own first page starts its processes.
    await pageLoad(browser, `${site.url}taskpane.html`, functions);
    await pageLoad(browser, `${site.url}provider.html`, functions);
    // Each page in turn first, second and third: a page opened right after MDQ's runtime page
    // (which has just compiled the engine) starts on a busier browser than one after a bare page.
    const loads = [
      async () => {
        const mdq = await pageLoad(browser, `${site.url}taskpane.html`, functions);
        chromium.mdq.push(mdq.registeredMs);
        chromium.mdqLoad.push(mdq.loadMs);
      },
      async () => chromium.functions.push((await pageLoad(browser, `${site.url}functions-only.html`, functions)).registeredMs),
      async () => {
        const anchored = await pageLoad(browser, `${site.url}provider.html`, functions);
        chromium.anchor.push(anchored.registeredMs);
        chromium.anchorLoad.push(anchored.loadMs);
      },
    ];
    for (let i = 0; i < runs; i++) for (let k = 0; k < loads.length; k++) await loads[(i + k) % loads.length]();
  } finally {
    await browser.close();
    await site.close();
  }
  return {
    runs,
    functions,
    chromium: {
      mdqMs: median(chromium.mdq),
      functionsMs: median(chromium.functions),
      anchorMs: median(chromium.anchor),
      mdqLoadMs: median(chromium.mdqLoad),
      anchorLoadMs: median(chromium.anchorLoad),
    },
    node: { mdqMs: median(node.mdq), anchorMs: median(node.anchor), engineMs: median(node.engine) },
    bytes: {
      mdq: Buffer.byteLength(files["functions.js"]),
      anchor: Buffer.byteLength(anchor),
      engine: Buffer.byteLength(files["engine.js"]),
      engineGzip: gzipSync(files["engine.js"]).length,
    },
  };
}
