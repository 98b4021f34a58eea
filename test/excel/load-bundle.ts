// The built dist/excel/functions.js (npm run build first) in a fresh JavaScript context, with
// stand-ins for Excel's globals, as Excel's shared runtime loads it: its settings in
// OfficeRuntime.storage, its fetches counted, everything it logs kept. functions.js registers the
// functions and adds a script element for engine.js to the page; this page's element runs
// dist/excel/engine.js in the same context, at once, when the test releases it, or never (a 404).
// The engine adds one for a family's rows (rows-<family>.js) at its first call: run likewise.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { RUNTIME_GLOBALS } from "../../scripts/harness/runtime-globals";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { invocation, standIns } from "../../src/excel/stand-ins";

export const BUNDLE = join(__dirname, "..", "..", "dist", "excel", "functions.js");
export const ENGINE = join(__dirname, "..", "..", "dist", "excel", "engine.js");
const DIST = join(__dirname, "..", "..", "dist", "excel");
/** Where this page says functions.js came from: engine.js is asked for beside it. */
const ADDIN_URL = "https://addin.example/mdq/";

export type CellFunction = (...args: unknown[]) => Promise<unknown[][]>;

export interface LoadedBundle {
  /** Every registered function by name. */
  registered: Map<string, CellFunction>;
  /** What the engine published (once it has run). */
  addin: { runtime(): any; useRuntime(rt: unknown): unknown; createRuntime(deps: unknown): any };
  /** The engine's response arrives (engine: "held" or "missing"): engine.js runs, then its
   *  script element's load event, or for a missing engine the error event. */
  releaseEngine(): void;
  /** The row scripts the engine asked for so far, by file name, in the order asked. */
  rowScripts(): string[];
  /** A row script's response arrives (rows: "held" or "missing"): it runs, then its element's
   *  load event; for a missing one the error event. */
  releaseRows(file: string): void;
  storage: ReturnType<typeof standIns>["storage"];
  logs: string[];
  /** fetch calls this context made (a server cannot count a refused connection). */
  fetches: () => number;
  /** Call a function as a cell does: blanks up to its own argument count, then the invocation. */
  call(name: string, ...args: unknown[]): Promise<unknown[][]>;
}

export interface LoadOptions {
  apiKey?: string;
  /** More OfficeRuntime.storage items. The edition is spec unless they name one (the tests'
   *  sandboxes speak it); how `auto` finds an edition is tested on its own (edition-auto tests). */
  stored?: Record<string, string>;
  /** A runtime made with this deadline (the add-in's own way, as the playground does). */
  deadlineMs?: number;
  /** Globals to add or replace (a fast clock, a stand-in fetch); undefined removes one. */
  globals?: Record<string, unknown>;
  /** Script run in the context before the bundle (an older engine's missing built-ins). */
  prelude?: string;
  /** When engine.js runs: as soon as functions.js adds its script element (the default), or when
   *  the test calls releaseEngine(); missing: never, releaseEngine() fires the element's error
   *  event instead (a 404). */
  engine?: "at-once" | "held" | "missing";
  /** When a row script runs: at once when the engine adds its element (the default), when the
   *  test calls releaseRows(file), or never: releaseRows(file) fires its error event (a 404). */
  rows?: "at-once" | "held" | "missing";
  /** What the page gets for a row script, from its built text (a copy of another build's). */
  rowScript?: (file: string, text: string) => string;
}

/** A script element as the page's scripts use it. */
interface Element {
  src?: string;
  onload?: () => void;
  onerror?: () => void;
}

export function loadBundle(baseUrl: string, options: LoadOptions = {}): LoadedBundle {
  for (const file of [BUNDLE, ENGINE, join(DIST, "rows-value.js")])
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const stand = standIns({
    [STORAGE_KEYS.baseUrl]: baseUrl,
    [STORAGE_KEYS.apiKey]: options.apiKey ?? "demo",
    [STORAGE_KEYS.edition]: "spec",
    ...options.stored,
  });
  const logs: string[] = [];
  const record = (...args: unknown[]) =>
    void logs.push(
      args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "),
    );
  let fetches = 0;
  const countingFetch = (url: string, init: RequestInit) => {
    fetches++;
    return fetch(url, init);
  };
  // The page's element for engine.js: functions.js sets its src and handlers, then adds it.
  let element: Element | undefined;
  // The engine's elements for its row scripts, by file name.
  const rowElements = new Map<string, Element>();
  const releaseRows = (file: string) => {
    const added = rowElements.get(file);
    if (!added) throw new Error(`the engine asked for no ${file}`);
    rowElements.delete(file);
    if (options.rows === "missing") return added.onerror?.();
    const text = readFileSync(join(DIST, file), "utf8");
    vm.runInContext(options.rowScript ? options.rowScript(file, text) : text, context, { filename: file });
    added.onload?.();
  };
  const asked: string[] = [];
  const releaseEngine = () => {
    if (!element) throw new Error("functions.js added no script element for the engine");
    if (element.src !== `${ADDIN_URL}engine.js`) throw new Error(`functions.js asked for ${element.src}, not engine.js beside it`);
    if (options.engine === "missing") return element.onerror?.();
    vm.runInContext(readFileSync(ENGINE, "utf8"), context, { filename: "engine.js" });
    if (options.deadlineMs !== undefined) {
      const addin = context.MDQ_ADDIN as LoadedBundle["addin"];
      addin.useRuntime(addin.createRuntime({ fetch: context.fetch, storage: stand.storage, policy: { deadlineMs: options.deadlineMs } }));
    }
    element.onload?.();
  };
  const document = {
    currentScript: { src: `${ADDIN_URL}functions.js` },
    createElement: (tag: string) => {
      if (tag !== "script") throw new Error(`functions.js made a <${tag}>`);
      return {};
    },
    head: {
      appendChild: (added: Element) => {
        const file = added.src?.startsWith(ADDIN_URL) ? added.src.slice(ADDIN_URL.length) : added.src;
        if (file && /^rows-[a-z]+\.js$/.test(file)) {
          rowElements.set(file, added);
          asked.push(file);
          if ((options.rows ?? "at-once") === "at-once") releaseRows(file);
          return;
        }
        element = added;
        if ((options.engine ?? "at-once") === "at-once") releaseEngine();
      },
    },
  };
  const context = vm.createContext({
    ...stand.globals,
    document,
    fetch: countingFetch,
    ...RUNTIME_GLOBALS,
    console: { log: record, info: record, warn: record, error: record, debug: record },
    ...options.globals,
  });
  for (const [name, value] of Object.entries(options.globals ?? {})) if (value === undefined) delete context[name];
  if (options.prelude) vm.runInContext(options.prelude, context, { filename: "prelude.js" });
  vm.runInContext(readFileSync(BUNDLE, "utf8"), context, { filename: "functions.js" });
  const registered = stand.registered as Map<string, CellFunction>;
  const call = (name: string, ...args: unknown[]) => {
    const fn = registered.get(name);
    if (!fn) throw new Error(`${name} is not registered`);
    const blanks = new Array(Math.max(0, fn.length - 1 - args.length)).fill(null);
    return fn(...args, ...blanks, invocation());
  };
  return {
    registered,
    get addin() {
      if (!context.MDQ_ADDIN) throw new Error("the engine has not run yet");
      return context.MDQ_ADDIN as LoadedBundle["addin"];
    },
    releaseEngine,
    rowScripts: () => [...asked],
    releaseRows,
    storage: stand.storage,
    logs,
    fetches: () => fetches,
    call,
  };
}

/** The cell error a call ends with (or a failed test when it returns a table). */
export async function cellError(promise: Promise<unknown>): Promise<{ code: string; message?: string }> {
  try {
    await promise;
  } catch (e) {
    return e as { code: string; message?: string };
  }
  throw new Error("expected the call to end in a cell error");
}
