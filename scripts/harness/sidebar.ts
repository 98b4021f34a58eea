// The sidebar as Google shows it, in real Chromium: the page Ui.showSidebar was given (the built
// dist/sheets/Sidebar.html, as the loaded script's HtmlService read it), 300 px wide, with the
// client side of google.script.run and google.script.host, whose calls run the script's global
// functions in the Node harness (load-sheets.ts) over a bridge (page.exposeFunction).
//
// Held to Google's documented rules ("Class google.script.run", "HTML Service: Communicate with
// Server Functions"):
//   - google.script.run.<name>(...) exists for each global function of the script whose name does
//     not end with "_" (those are private); it returns nothing, and its handlers run later, never
//     during the call;
//   - withSuccessHandler, withFailureHandler and withUserObject each return a new runner with that
//     setting; the user object stays on the page and is the handlers' second argument;
//   - parameters and return values are primitives, null, and arrays and plain objects of them: a
//     Date, a function or a DOM element fails the request, and so does a circular object; undefined
//     in an array becomes null; the server gets a copy (Google's one exception, a form passed as
//     the only parameter, is not modelled: MDQ's page sends none, and the stand-in refuses it);
//   - an exception on the server reaches the failure handler as an Error with its message (with no
//     failure handler, it is logged to the page's console);
//   - the sidebar is 300 px wide (Google's fixed width for a sidebar); google.script.host.close()
//     closes it.
// Nothing of the page reaches the network: the page's own URL is answered from the recorded HTML,
// every other request fails.
import type { Browser, Page } from "playwright-core";
import type { Script } from "./load-sheets";

/** Google's sidebar width. */
export const SIDEBAR_WIDTH = 300;
/** Where Google serves a sidebar's page from (an iframe on googleusercontent.com). */
const SIDEBAR_URL = "https://n-sidebar-0lu-script.googleusercontent.com/userCodeAppPanel";

export interface Sidebar {
  page: Page;
  /** Each crossing of the bridge as text: the call's name and arguments, the answer or error. */
  traffic: string[];
  /** Whether the page called google.script.host.close(). */
  closed(): boolean;
  /** Resolves once every call the page made has its answer back in the page (its handler then
   *  runs at the page's next timer: with a paused clock, when the test moves it). */
  settled(): Promise<void>;
}

/** Why a value cannot cross to or from the server, or undefined when it can (Node side: the
 *  server's answers). `realm` values come from the script's vm: checked by their tags. */
export function illegalValue(value: unknown, seen: unknown[] = []): string | undefined {
  if (value === null || value === undefined) return undefined;
  const t = typeof value;
  if (t === "string" || t === "number" || t === "boolean") return undefined;
  if (t === "function") return "a Function";
  if (t !== "object") return `a ${t}`;
  if (seen.includes(value)) return "an object that refers to itself";
  const tag = Object.prototype.toString.call(value);
  if (tag === "[object Date]") return "a Date";
  const inner = [...seen, value];
  if (Array.isArray(value)) {
    for (const v of value) {
      const bad = illegalValue(v, inner);
      if (bad) return bad;
    }
    return undefined;
  }
  if (tag !== "[object Object]") return `a ${tag.slice(8, -1)}`;
  for (const v of Object.values(value as Record<string, unknown>)) {
    const bad = illegalValue(v, inner);
    if (bad) return bad;
  }
  return undefined;
}

/** The page side: google.script.run and google.script.host, calling window.__gasBridge. */
const CLIENT = (names: string[]) => {
  const w = window as unknown as Record<string, unknown>;
  // Looked up when called: the bindings exposeFunction made are there by then.
  const bridge = (name: string, payload: string) => (w.__gasBridge as (n: string, p: string) => Promise<string>)(name, payload);
  const closeBridge = () => (w.__gasClose as () => Promise<void>)();
  const illegal = (value: unknown, seen: unknown[] = []): string | undefined => {
    if (value === null || value === undefined) return undefined;
    const t = typeof value;
    if (t === "string" || t === "number" || t === "boolean") return undefined;
    if (t === "function") return "a Function";
    if (t !== "object") return `a ${t}`;
    if (seen.includes(value)) return "an object that refers to itself";
    if (value instanceof Date) return "a Date";
    if (value instanceof Node) return "a DOM element";
    const inner = [...seen, value];
    const values = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
    if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return "an object of a class";
    for (const v of values) {
      const bad = illegal(v, inner);
      if (bad) return bad;
    }
    return undefined;
  };
  type Handler = (value: unknown, userObject: unknown) => void;
  interface Settings {
    success?: Handler;
    failure?: Handler;
    userObject?: unknown;
  }
  const later = (f: () => void) => setTimeout(f, 0);
  // Calls whose answer has not come back yet (Sidebar.settled).
  w.__gasPending = 0;
  const pending = (by: number) => {
    w.__gasPending = (w.__gasPending as number) + by;
  };
  const runner = (settings: Settings): Record<string, unknown> => {
    const run: Record<string, unknown> = {
      withSuccessHandler: (f: Handler) => runner({ ...settings, success: f }),
      withFailureHandler: (f: Handler) => runner({ ...settings, failure: f }),
      withUserObject: (o: unknown) => runner({ ...settings, userObject: o }),
    };
    const fail = (message: string) =>
      later(() => {
        const error = new Error(message);
        if (settings.failure) settings.failure(error, settings.userObject);
        else console.error(error);
      });
    for (const name of names) {
      run[name] = (...args: unknown[]) => {
        const bad = illegal(args);
        if (bad) return void fail(`${bad} cannot be passed to a server function`);
        pending(1);
        bridge(name, JSON.stringify(args))
          .then(
            (answer) => {
              const { value, error } = JSON.parse(answer) as { value?: unknown; error?: string };
              if (error !== undefined) fail(error);
              else later(() => settings.success?.(value, settings.userObject));
            },
            (e: Error) => fail(e.message),
          )
          .finally(() => pending(-1));
      };
    }
    return run;
  };
  w.google = { script: { run: runner({}), host: { close: () => void closeBridge(), editor: { focus: () => undefined } } } };
};

/** The sidebar the script showed last, open in a page of `browser` that has no network. With
 *  `fakeClock`, the page's timers run on playwright's clock (page.clock.fastForward moves it), from
 *  the moment `fakeClock.at` when given. */
export async function openSidebar(
  browser: Pick<Browser, "newPage">,
  script: Script,
  options: { fakeClock?: boolean | { at: number } } = {},
): Promise<Sidebar> {
  const shown = script.rec.sidebars[script.rec.sidebars.length - 1];
  if (!shown) throw new Error("the script showed no sidebar (call the menu's handler first)");
  const page = await browser.newPage({ viewport: { width: SIDEBAR_WIDTH, height: 900 } });
  const traffic: string[] = [];
  let closed = false;
  const names = Object.keys(script.ctx).filter((k) => typeof script.ctx[k] === "function" && !k.endsWith("_"));
  await page.exposeFunction("__gasBridge", (name: string, payload: string) => {
    traffic.push(`${name} ${payload}`);
    let answer: string;
    try {
      if (!names.includes(name)) throw new Error(`Script function not found: ${name}`);
      // A copy made in the script's realm, as the server gets one.
      const args = script.evaluate<JSON>("JSON").parse(payload) as unknown[];
      const value = script.ctx[name](...args);
      const bad = illegalValue(value);
      answer = bad ? JSON.stringify({ error: `${bad} cannot be returned by a server function` }) : JSON.stringify({ value: value ?? null });
    } catch (e) {
      answer = JSON.stringify({ error: (e as Error).message });
    }
    traffic.push(answer);
    return answer;
  });
  await page.exposeFunction("__gasClose", () => {
    closed = true;
  });
  await page.addInitScript(CLIENT, names);
  await page.route("**/*", (route) =>
    route.request().url() === SIDEBAR_URL ? route.fulfill({ contentType: "text/html; charset=utf-8", body: shown.content }) : route.abort(),
  );
  const clock = options.fakeClock;
  if (clock) await page.clock.install(typeof clock === "object" ? { time: clock.at } : {});
  await page.goto(SIDEBAR_URL);
  const settled = async () => {
    for (let i = 0; i < 400; i++) {
      if ((await page.evaluate(() => (window as unknown as { __gasPending: number }).__gasPending)) === 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error("a call the page made to the script never came back");
  };
  return { page, traffic, closed: () => closed, settled };
}
