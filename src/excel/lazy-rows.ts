// The engine's rows (built in catalogue-rows.ts's place, scripts/build-excel.mjs): none at first.
// A function's first call loads its family's script, dist/excel/rows-<family>.js, beside the
// engine, by a script element as functions.js loads the engine (EdgeHTML has no import()); the
// script hands its rows to globalThis.MDQ_ROWS and takes the core's modules from it (ROW_CORE), so
// that no module is in two scripts. Without a document (a Node context), whoever runs the engine
// runs the row scripts it needs after it; a call waits for them as long as on a page.
import type { FunctionSpec } from "../../shared";
import { FAMILY_OF, ROW_CORE, ROW_STAMP } from "./row-core";
import { createRowRegistry, familyScript } from "./row-registry";

/** As long as functions.js lets the engine take: far above a slow network's time for a few KB. */
const ROWS_BOUND_MS = 60_000;

/** What a row script calls: MDQ_ROWS.add(stamp, family, rows), its imports from MDQ_ROWS.core. */
export interface RowDrop {
  core: readonly object[];
  add(stamp: string, family: string, rows: readonly FunctionSpec[]): void;
}

// The engine's own address, while it runs: the row scripts are beside it.
const here = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src || location.href : "";

const registry = createRowRegistry({
  familyOf: FAMILY_OF,
  timers: { set: (run, ms) => setTimeout(run, ms), clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>) },
  boundMs: ROWS_BOUND_MS,
  load(family, failed) {
    if (typeof document === "undefined") return;
    const script = document.createElement("script");
    script.src = new URL(familyScript(family), here).href;
    script.onerror = () => failed("could not be loaded");
    // Loaded and run, without handing its rows over: it threw as it ran.
    script.onload = () => failed("loaded but did not start");
    (document.head || document.documentElement).appendChild(script);
  },
});

const drop: RowDrop = {
  core: ROW_CORE,
  add(stamp, family, rows) {
    if (stamp === ROW_STAMP) registry.add(family, rows);
    else registry.fail(family, "is of another version of MDQ than its engine (a copy kept from before an update)");
  },
};
(globalThis as { MDQ_ROWS?: RowDrop }).MDQ_ROWS = drop;

export const rowNamed: (name: string) => FunctionSpec | Promise<FunctionSpec> = registry.row;
export const allRows = (): Promise<readonly FunctionSpec[]> => registry.all();
