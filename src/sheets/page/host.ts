// The Sheets sidebar as the builder's host (src/builder/host.ts): every call goes to the script's
// server functions through google.script.run (src/sheets/sidebar.ts), which run it as a cell would
// (same settings, same cache: a preview fills the cache the inserted formula then reads). The page
// never sees the key: the server holds it. The catalogue was described when the page was built.
import { applyNumberFormat, type CellValue, columnFormat, isDateColumn, serialToIso } from "../../../shared";
import { type BuilderCatalogue, type BuilderHost, type RunAnswer, type Selection, sharedFollow, sharedRead } from "../../builder/host";
import { lookWith } from "../../builder/look";
import { SelectionFollower, type Timers, watchPage } from "./follow";

/** The preview's cells as the sheet shows them once formatted (MDQ > Format results): the core's rule. */
const look = lookWith({ columnFormat, applyNumberFormat, isDateColumn, serialToIso });

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

/** A selection as compared between two asks: its cell and what it holds. */
const seen = (s: Selection | null) => (s ? `${s.address}\n${s.formula}` : "");

/** The page's own timers, looked up when used (a test's clock may stand in for them). */
const pageTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export function sheetsHost(catalogue: BuilderCatalogue): BuilderHost {
  /** The selection as the page last read it. */
  let last: string | undefined;
  /** Hands a selection to every follower (the builder, explain), once they follow it. */
  let tell: ((selection: Selection | undefined) => void) | undefined;
  /** A selection read: whether it differs from what the page last saw, every follower told of
   *  it when it does (a read for explain's button included, so the builder moves with it). */
  const heard = (s: Selection | null): boolean => {
    if (seen(s) === last) return false;
    last = seen(s);
    tell?.(s ?? undefined);
    return true;
  };
  return {
    prefix: "MDQ_",
    cellText: (fn, value, labels, format) =>
      look(
        value,
        labels,
        catalogue.functions.find((f) => f.name === fn),
        format,
      ).text,
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
      heard(s);
      return s ?? undefined;
    }),
    read: (reference) => serverCall<CellValue>("mdqBuilderRead", reference),
    // One ask at a time for every part of the page that follows the selection (the builder,
    // explain), only when the selection can have changed (follow.ts).
    onSelectionChanged: sharedFollow((toFollowers) => {
      tell = toFollowers;
      const follower = new SelectionFollower(
        async () => heard(await serverCall<Selection | null>("mdqBuilderSelected")),
        pageTimers,
        document.visibilityState === "hidden",
      );
      watchPage(follower, window, document);
      follower.start();
    }),
  };
}
