// The playground's Excel: the stand-ins of src/excel/stand-ins.ts with OfficeRuntime.storage over
// localStorage. With them installed, dist/excel/functions.js (and the engine.js it loads) loads in
// a plain page exactly as it loads in Excel, and the playground calls the very functions Excel calls.
import { SANDBOX } from "../../shared";
import type { Registration } from "../excel/addin";
import { type KeyValueStorage, STORAGE_KEYS } from "../excel/settings";
import { type ExcelFunction, excelStandIns } from "../excel/stand-ins";

/** OfficeRuntime.storage over localStorage. Nothing stored yet means this page's own origin
 *  (the sandbox that served it) and the demo key, without writing them, so a sandbox on
 *  another port is still the default next time. */
export function browserStorage(store: Storage, defaults: Record<string, string>): KeyValueStorage {
  return {
    getItem: async (key: string): Promise<string | null> => store.getItem(key) ?? defaults[key] ?? null,
    setItem: async (key: string, value: string): Promise<void> => store.setItem(key, value),
  };
}

/** The edition the page's calls speak: ?edition= when a link names one; without it auto, which asks
 *  the sandbox that served the page (the live edition at its root, by default). */
export const sandboxEdition = () => new URLSearchParams(location.search).get("edition") ?? "auto";

export const defaultSettings = () => ({
  [STORAGE_KEYS.baseUrl]: location.origin,
  [STORAGE_KEYS.apiKey]: SANDBOX.apiKey,
  [STORAGE_KEYS.edition]: sandboxEdition(),
});

/** Install the stand-ins, then load the bundle; resolves with the functions it associated, once
 *  its engine is ready. */
export async function loadExcelFunctions(bundleUrl: string): Promise<Map<string, ExcelFunction>> {
  const { registered, globals } = excelStandIns(browserStorage(localStorage, defaultSettings()));
  // The bundle words its messages for the playground (its Settings panel, not Excel's task pane).
  Object.assign(globalThis, globals, { MDQ_FRONT_END: "playground" });
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = bundleUrl;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${bundleUrl}: run npm run build, then reload`));
    document.head.appendChild(script);
  });
  if (registered.size === 0) throw new Error(`${bundleUrl} registered no functions`);
  // The functions are registered; the engine they need, which the bundle loads from beside it, is
  // ready when this resolves (or it fails saying why).
  const registration = (globalThis as { MDQ_REGISTRATION?: Registration }).MDQ_REGISTRATION;
  if (!registration) throw new Error(`${bundleUrl} did not publish its registration: run npm run build, then reload`);
  // A page to try formulas in, not Excel's runtime page: its answers live as long as the page, not
  // in IndexedDB for the next visit (each visit shows the requests its formulas make).
  const addin = await registration.engine;
  addin.useRuntime(
    addin.createRuntime({ fetch: (url, init) => globalThis.fetch(url, init), storage: globals.OfficeRuntime.storage, store: null }),
  );
  return registered;
}
