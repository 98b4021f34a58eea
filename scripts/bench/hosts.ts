// The built bundles in fresh contexts, as the bench drives them: the Excel functions bundle with
// stand-ins for CustomFunctions and OfficeRuntime, the Apps Script bundle with synchronous stand-ins.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import vm from "node:vm";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { standIns } from "../../src/excel/stand-ins";
import { loadScript, VIRTUAL_DATE } from "../harness/load-sheets";
import { RUNTIME_GLOBALS } from "../harness/runtime-globals";
import { scriptDocument } from "../harness/script-page";

export const EXCEL_BUNDLE = "dist/excel/functions.js";
export const EXCEL_ENGINE = "dist/excel/engine.js";
export const SHEETS_BUNDLE = "dist/sheets/Code.js";

/** The built Excel bundle run in a fresh context with the stand-ins' `globals` and `fetchImpl`;
 *  `today` sets the add-in's date (its time runs on from there). */
export function excelBundleIn(globals: Record<string, unknown>, fetchImpl: unknown, today?: string): vm.Context {
  // A page's document: functions.js loads the engine, the engine each family of rows at its first call.
  const document = scriptDocument(dirname(EXCEL_ENGINE), () => context);
  const context = vm.createContext({
    ...globals,
    document,
    fetch: fetchImpl,
    ...RUNTIME_GLOBALS,
    console,
  });
  if (today) {
    const [from, started] = [Date.parse(`${today}T03:00:00Z`), Date.now()];
    vm.runInContext(VIRTUAL_DATE, context)({ now: () => from + (Date.now() - started) });
  }
  vm.runInContext(readFileSync(EXCEL_BUNDLE, "utf8"), context, { filename: "functions.js" });
  if (!context.MDQ_ADDIN) throw new Error(`${EXCEL_ENGINE} did not start`);
  return context;
}

/** Excel's functions by name; `fetchImpl` lets the bench count what reaches the network. */
export function loadExcel(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch) {
  return loadExcelCounted(baseUrl, apiKey, fetchImpl).registered;
}

/** What the add-in's runtime counted this session, as its task pane shows it. */
export interface ExcelCounts {
  requests: number;
  /** Credits the provider bills for the answers, counted where each request leaves (shared/rows/credits.ts). */
  credits: number;
}

/** Excel's functions by name, and the runtime's own counts (requests, credits). `today` sets the
 *  add-in's date (its time runs on from there) to match a sandbox's demo day. */
export function loadExcelCounted(
  baseUrl: string,
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
  today?: string,
  edition?: "spec" | "live",
) {
  const stand = standIns({
    [STORAGE_KEYS.baseUrl]: baseUrl,
    [STORAGE_KEYS.apiKey]: apiKey,
    ...(edition ? { [STORAGE_KEYS.edition]: edition } : {}),
  });
  const context = excelBundleIn(stand.globals, fetchImpl, today);
  const addin = context.MDQ_ADDIN as { runtime(): { stats(): ExcelCounts } };
  return {
    registered: stand.registered,
    counts: (): ExcelCounts => {
      const { requests, credits } = addin.runtime().stats();
      return { requests, credits };
    },
  };
}

/** The Apps Script globals and the record of every UrlFetchApp request. */
export const loadSheets = (baseUrl: string, apiKey: string) => loadScript({ baseUrl, apiKey });
