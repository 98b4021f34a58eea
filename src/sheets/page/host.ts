// The Sheets sidebar as the builder's host (src/builder/host.ts): every call goes to the script's
// server functions through google.script.run (src/sheets/sidebar.ts), which run it as a cell would
// (same settings, same cache: a preview fills the cache the inserted formula then reads). The page
// never sees the key: the server holds it. The catalogue was described when the page was built.
import type { CellValue } from "../../../shared";
import { type BuilderCatalogue, type BuilderHost, type RunAnswer, type Selection, sharedFollow, sharedRead } from "../../builder/host";

/** google.script.run as the page sees it: chainable settings, then any server function by name. */
interface ScriptRun {
  withSuccessHandler(f: (value: unknown) => void): ScriptRun;
  withFailureHandler(f: (error: Error) => void): ScriptRun;
  [server: string]: unknown;
}

declare const google: { script: { run: ScriptRun } };

/** One server function's answer as a promise (google.script.run takes handlers). */
export function serverCall<T>(name: string, ...args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const run = google.script.run.withSuccessHandler((v) => resolve(v as T)).withFailureHandler(reject);
    (run[name] as (...a: unknown[]) => void)(...args);
  });
}

/** Sheets tells a sidebar nothing when the selection moves: the page asks every few seconds while
 *  it is shown. Each ask is a short execution of the script (mdqBuilderSelected reads one cell). */
export const SELECTION_POLL_MS = 2000;

/** A selection as compared between two asks: its cell and what it holds. */
const seen = (s: Selection | null) => (s ? `${s.address}\n${s.formula}` : "");

export function sheetsHost(catalogue: BuilderCatalogue): BuilderHost {
  /** The selection as the page last read it. */
  let last: string | undefined;
  return {
    prefix: "MDQ_",
    separator: ",",
    catalogue: async () => catalogue,
    run: (name, args) =>
      serverCall<RunAnswer>("mdqBuilderRun", name, args).catch((e: Error) => ({
        cells: [],
        requests: 0,
        credits: 0,
        fromCache: false,
        // Google's own failure (the execution stopped, a quota): its message as given.
        error: `MDQ: the spreadsheet's script could not run the call: ${e.message}`,
      })),
    insert: async (formula) => {
      await serverCall("mdqBuilderInsert", formula);
    },
    selected: sharedRead(async () => {
      const s = await serverCall<Selection | null>("mdqBuilderSelected");
      last = seen(s);
      return s ?? undefined;
    }),
    read: (reference) => serverCall<CellValue>("mdqBuilderRead", reference),
    // One ask at a time for every part of the page that follows the selection (the builder, explain).
    onSelectionChanged: sharedFollow((tell) => {
      let asking = false;
      setInterval(() => {
        if (asking || document.hidden) return;
        asking = true;
        serverCall<Selection | null>("mdqBuilderSelected")
          .then((s) => {
            // Changed since the page last read it: every follower takes this read.
            if (seen(s) === last) return;
            last = seen(s);
            tell(s ?? undefined);
          })
          .catch(() => undefined) // the next ask tries again
          .finally(() => {
            asking = false;
          });
      }, SELECTION_POLL_MS);
    }),
  };
}
