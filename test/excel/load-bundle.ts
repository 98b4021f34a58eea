// The built dist/excel/functions.js (npm run build first) in a fresh JavaScript context, with
// stand-ins for Excel's globals, as Excel's shared runtime loads it: its settings in
// OfficeRuntime.storage, its fetches counted, everything it logs kept.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { invocation, standIns } from "../../src/excel/stand-ins";

export const BUNDLE = join(__dirname, "..", "..", "dist", "excel", "functions.js");

export type CellFunction = (...args: unknown[]) => Promise<unknown[][]>;

export interface LoadedBundle {
  /** Every registered function by name. */
  registered: Map<string, CellFunction>;
  addin: { runtime(): any; useRuntime(rt: unknown): unknown; createRuntime(deps: unknown): any };
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
}

export function loadBundle(baseUrl: string, options: LoadOptions = {}): LoadedBundle {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first`);
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
  const context = vm.createContext({
    ...stand.globals,
    fetch: countingFetch,
    AbortController,
    setTimeout,
    clearTimeout,
    URL,
    TextDecoder,
    console: { log: record, info: record, warn: record, error: record, debug: record },
    ...options.globals,
  });
  for (const [name, value] of Object.entries(options.globals ?? {})) if (value === undefined) delete context[name];
  if (options.prelude) vm.runInContext(options.prelude, context, { filename: "prelude.js" });
  vm.runInContext(readFileSync(BUNDLE, "utf8"), context, { filename: "functions.js" });
  const addin = context.MDQ_ADDIN as LoadedBundle["addin"];
  if (options.deadlineMs !== undefined) {
    addin.useRuntime(addin.createRuntime({ fetch: context.fetch, storage: stand.storage, policy: { deadlineMs: options.deadlineMs } }));
  }
  const registered = stand.registered as Map<string, CellFunction>;
  const call = (name: string, ...args: unknown[]) => {
    const fn = registered.get(name);
    if (!fn) throw new Error(`${name} is not registered`);
    const blanks = new Array(Math.max(0, fn.length - 1 - args.length)).fill(null);
    return fn(...args, ...blanks, invocation());
  };
  return { registered, addin, storage: stand.storage, logs, fetches: () => fetches, call };
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
