// An add-in's page in a fresh Chromium context, as Excel's shared runtime opens it, office.js being
// the tests' stand-in with the add-in's settings already stored: MDQ's runtime page (dist/excel's
// taskpane.html, whichever scripts it loads) or the plain add-in's (office.js and plain-addin.ts). Every formula is then invoked at once, as Excel does on a
// recalculation, from inside the page: the page's own clock from the first invocation to the last
// value, and the CPU time of the renderer's main thread (the DevTools protocol's ThreadTime) over
// the same span, its task time beside it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { STORAGE_KEYS } from "../../src/excel/settings";

const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_STAND_IN = join(__dirname, "..", "..", "test", "excel", "office-stand-in.js");
export const DIST_EXCEL = join(__dirname, "..", "..", "dist", "excel");

export type Addin = "mdq" | "plain" | "floor";

/** The plain add-in's page (plain-addin.ts), served by the front beside dist/excel: office.js and its one script. */
export const PLAIN_PAGE = `<!doctype html><html><head><script src="${OFFICE_JS}"></script><script src="/plain-addin.js"></script></head><body data-ready="true"></body></html>`;
/** The sharing floor's page (plain-addin.ts with `shared`), beside it. */
export const FLOOR_PAGE = PLAIN_PAGE.replace("/plain-addin.js", "/floor-addin.js");
const PAGE_OF: Record<Addin, string> = { mdq: "/taskpane.html", plain: "/plain.html", floor: "/floor.html" };

/** Parameters Excel passes each function (every declared one, then the invocation), from functions.json. */
export function parameterCounts(): Record<string, number> {
  const json = JSON.parse(readFileSync(join(DIST_EXCEL, "functions.json"), "utf8")) as {
    functions: Array<{ id: string; parameters?: unknown[] }>;
  };
  return Object.fromEntries(json.functions.map((f) => [f.id, f.parameters?.length ?? 0]));
}

/** An answer as it came: status, headers, body. */
export type Recorded = [status: number, headers: Array<[string, string]>, body: string];

/** Before any script of the page: fetch answered from `window.__answers` once the bench has set it
 *  (before the clock starts), or recorded into `window.__recorded` when the bench asks for that. */
function memoryFetch() {
  const w = window as unknown as {
    fetch: typeof fetch;
    __answers?: Map<string, [number, Array<[string, string]>, string]>;
    __recorded?: Array<[string, [number, Array<[string, string]>, string]]>;
  };
  const network = w.fetch.bind(window);
  w.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (w.__answers) {
      const answer = w.__answers.get(url);
      if (!answer) throw new TypeError(`Failed to fetch: ${url} was not recorded`);
      return new Response(answer[2], { status: answer[0], headers: answer[1] });
    }
    const response = await network(input, init);
    if (w.__recorded) w.__recorded.push([url, [response.status, [...response.headers], await response.clone().text()]]);
    return response;
  };
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  cdp: CDPSession;
  /** The protocol the page came over ("http/1.1", "h2"), as the page's navigation entry says. */
  protocol: string;
}

/** `addin`'s page from `front` in a new context (nothing cached, nothing compiled), loaded. */
export async function openAddin(browser: Browser, front: string, addin: Addin, apiKey: string, memory = false): Promise<OpenPage> {
  const context = await browser.newContext();
  const settings = { [STORAGE_KEYS.baseUrl]: front, [STORAGE_KEYS.apiKey]: apiKey, [STORAGE_KEYS.edition]: "spec" };
  const officeJs = `${readFileSync(OFFICE_STAND_IN, "utf8")}\nObject.assign(window.__mdq.storage, ${JSON.stringify(settings)});`;
  await context.route(OFFICE_JS, (route) => route.fulfill({ contentType: "text/javascript", body: officeJs }));
  if (memory) await context.addInitScript(memoryFetch);
  const page = await context.newPage();
  await page.goto(`${front}${PAGE_OF[addin]}`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
  );
  return { page, context, cdp, protocol };
}

export interface Recalculation {
  /** From the first invocation to the last value, by the page's clock. */
  ms: number;
  /** The CPU time of the renderer's main thread (script, garbage collection, everything it does)
   *  over the pass: the DevTools protocol's ThreadTime. */
  cpuMs: number;
  /** The main thread's task time over the pass (TaskDuration): its CPU time and the time its tasks
   *  were off the CPU (descheduled on a busy machine, waiting on the browser), beside it. */
  taskMs: number;
  failed: number;
  /** The first failure's message, to say why. */
  firstError?: string;
}

/** The main thread's CPU time and task time so far, ms. */
const mainThreadMs = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { cpu: ms("ThreadTime"), task: ms("TaskDuration") };
};

/** Hands the page its workbook, and the plain add-in its URLs (outside any measured pass: the
 *  argument's copy costs the page time). */
export const giveWorkbook = (page: Page, workbook: Array<[string, unknown[]]>, parameters: Record<string, number>, urls = {}) =>
  page.evaluate(
    ([workbook, parameters, urls]) => Object.assign(window, { __workbook: workbook, __parameters: parameters, __plainUrls: urls }),
    [workbook, parameters, urls] as const,
  );

/** Every formula at once, each with every parameter Excel passes and an invocation; then `settleMs`
 *  more of the page's time in the CPU figure, so work the add-in leaves for later (its store's
 *  write-through) is counted too. */
export async function recalculate(open: OpenPage, settleMs = 0): Promise<Recalculation> {
  const before = await mainThreadMs(open.cdp);
  const pass = await open.page.evaluate(async () => {
    const w = window as unknown as {
      __workbook: Array<[string, unknown[]]>;
      __parameters: Record<string, number>;
      __mdq: { functions: Record<string, (...args: unknown[]) => Promise<unknown>> };
    };
    const functions = w.__mdq.functions;
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      w.__workbook.map(([name, args]) => {
        const padded = args.concat(new Array(Math.max(0, w.__parameters[name] - args.length)).fill(null));
        return functions[name](...padded, {});
      }),
    );
    const ms = performance.now() - started;
    const failures = outcomes.flatMap((o, i) =>
      o.status === "rejected" ? [`${w.__workbook[i][0]}: ${(o.reason as Error)?.message ?? String(o.reason)}`] : [],
    );
    return { ms, failed: failures.length, firstError: failures[0] };
  });
  if (settleMs) await open.page.waitForTimeout(settleMs);
  const after = await mainThreadMs(open.cdp);
  return { ...pass, cpuMs: after.cpu - before.cpu, taskMs: after.task - before.task };
}
