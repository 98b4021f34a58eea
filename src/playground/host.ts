// The browser stand-ins for what Excel's shared runtime gives the custom functions bundle:
// CustomFunctions (associate, Error, ErrorCode) and OfficeRuntime.storage, here over
// localStorage. With them installed, dist/excel/functions.js loads in a plain page exactly as it
// loads in Excel, and the playground calls the very functions Excel calls.
import { STORAGE_KEYS } from "../excel/settings";
import type { Value } from "./sheet";

export type ExcelFunction = (...args: unknown[]) => Promise<Value[][]>;

/** The error Excel shows in a cell: a code (#VALUE!, #N/A) and the message on hover. */
export class CellError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

/** The codes the bundle uses (and the rest of Excel's, for completeness of the enum). */
const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
};

/** OfficeRuntime.storage over localStorage. Nothing stored yet means this page's own origin
 *  (the sandbox that served it) and the demo key, without writing them, so a sandbox on
 *  another port is still the default next time. */
export function browserStorage(store: Storage, defaults: Record<string, string>) {
  return {
    getItem: async (key: string): Promise<string | null> => store.getItem(key) ?? defaults[key] ?? null,
    setItem: async (key: string, value: string): Promise<void> => store.setItem(key, value),
  };
}

export const defaultSettings = () => ({ [STORAGE_KEYS.baseUrl]: location.origin, [STORAGE_KEYS.apiKey]: "demo" });

/** Install the stand-ins, then load the bundle; resolves with the functions it associated. */
export async function loadExcelFunctions(bundleUrl: string): Promise<Map<string, ExcelFunction>> {
  const registered = new Map<string, ExcelFunction>();
  Object.assign(globalThis, {
    CustomFunctions: {
      associate: (id: string, fn: ExcelFunction) => registered.set(id.toUpperCase(), fn),
      Error: CellError,
      ErrorCode: ERROR_CODES,
    },
    OfficeRuntime: { storage: browserStorage(localStorage, defaultSettings()) },
  });
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = bundleUrl;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${bundleUrl}: run npm run build, then reload`));
    document.head.appendChild(script);
  });
  if (registered.size === 0) throw new Error(`${bundleUrl} registered no functions`);
  return registered;
}

/** Excel's CancelableInvocation: the bundle sets onCanceled; cancel() fires it. */
export function invocation() {
  const inv: { onCanceled?: () => void; cancel(): void } = { cancel: () => inv.onCanceled?.() };
  return inv;
}
