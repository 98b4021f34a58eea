// Load the BUILT dist/sheets/Code.js the way Apps Script does: one global scope, the top-level
// functions and `var MdqSheets` become globals. A fresh vm context has only the ECMAScript
// built-ins (no URL, no fetch, no timers), which is close to Apps Script's V8.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as vm from "node:vm";
import { appsScript, type Recorder, VirtualClock } from "./apps-script";
import { midnightIn } from "./zones";

/** Replaces the realm's Date with one whose "now" is the virtual clock's. */
export const VIRTUAL_DATE = `(clock) => {
  const RealDate = Date;
  class VirtualDate extends RealDate {
    constructor(...args) { args.length ? super(...args) : super(clock.now()); }
    static now() { return clock.now(); }
  }
  globalThis.Date = VirtualDate;
}`;

export const DIST_SHEETS = join(__dirname, "..", "..", "dist", "sheets");
export const BUNDLE = join(DIST_SHEETS, "Code.js");

/** An HTML file of the built project, as HtmlService reads it by name (Sidebar → Sidebar.html). */
const htmlFile = (name: string) => {
  const path = join(DIST_SHEETS, `${name}.html`);
  return /^[\w-]+$/.test(name) && existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

export interface Script {
  /** The script's global scope: call ctx.MDQ_QUARTERLY(...) as a cell would. */
  // biome-ignore lint/suspicious/noExplicitAny: the script's globals are whatever Code.js defines
  ctx: Record<string, any>;
  rec: Recorder;
  /** Run a snippet inside the script's realm (to make Dates as Sheets passes them). */
  evaluate<T = unknown>(code: string): T;
  /** A date cell as Sheets passes it to a custom function: a Date of the script's realm at the
   *  first moment of that day in the spreadsheet's time zone (rec.timeZone). */
  dateCell(iso: string): Date;
  /** Call a global function; the thrown message, or undefined when it returned. */
  errorOf(name: string, ...args: unknown[]): string | undefined;
  /** The script's clock, with `virtualTime` (see apps-script.ts). */
  clock?: VirtualClock;
  /** The spreadsheet is opened by the recorder's person: Google runs the simple trigger onOpen
   *  only for someone who may edit it, never in view or comment mode (rec.readOnly). */
  open(): void;
  /** CacheService drops items before their expiry, as Google may when a lot is cached: those
   *  whose key matches (all by default). How many were dropped. */
  evictCache(match?: (key: string) => boolean): number;
}

export interface LoadOptions {
  baseUrl?: string;
  apiKey?: string;
  timeLimitSeconds?: number;
  fetchCapMs?: number;
  /** The MDQ_EDITION Script Property: auto, spec or live; spec when not named (the tests'
   *  sandboxes speak it; how `auto` finds an edition is tested on its own). */
  edition?: string;
  /** The script's Date and the stand-ins' waits on a virtual clock. */
  virtualTime?: boolean;
  /** Where the virtual clock starts (ms since the epoch; VirtualClock's own default otherwise). */
  startsAt?: number;
  /** The spreadsheet's time zone (File > Settings); default Asia/Jakarta, the script's own. */
  timeZone?: string;
  /** Whether Google offers Document Properties (default true). */
  documentStore?: boolean;
}

/** The Script Properties the options name, as the menu would have set them. */
export function setProperties(rec: Recorder, options: LoadOptions): void {
  if (options.baseUrl !== undefined) rec.props.set("MDQ_BASE_URL", options.baseUrl);
  if (options.apiKey !== undefined) rec.props.set("MDQ_API_KEY", options.apiKey);
  if (options.timeLimitSeconds !== undefined) rec.props.set("MDQ_TIME_LIMIT_SECONDS", String(options.timeLimitSeconds));
  // "auto" is left unset, as a fresh install has it.
  const edition = options.edition ?? "spec";
  if (edition !== "auto") rec.props.set("MDQ_EDITION", edition);
}

export function loadScript(options: LoadOptions = {}): Script {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first`);
  const clock = options.virtualTime ? new VirtualClock(options.startsAt) : undefined;
  const { globals, rec } = appsScript({
    fetchCapMs: options.fetchCapMs,
    clock,
    timeZone: options.timeZone,
    documentStore: options.documentStore,
    htmlFile,
  });
  setProperties(rec, options);
  const ctx = vm.createContext({ ...globals });
  if (clock) vm.runInContext(VIRTUAL_DATE, ctx)(clock);
  vm.runInContext(readFileSync(BUNDLE, "utf8"), ctx, { filename: "Code.js" });
  const evaluate = <T>(code: string) => vm.runInContext(code, ctx) as T;
  const dateCell = (iso: string) => evaluate<Date>(`new Date(${midnightIn(iso, rec.timeZone)})`);
  const errorOf = (name: string, ...args: unknown[]) => {
    try {
      ctx[name](...args);
      return undefined;
    } catch (e) {
      return (e as Error).message;
    }
  };
  const open = () => {
    if (!rec.readOnly) ctx.onOpen();
  };
  const evictCache = (match: (key: string) => boolean = () => true) => {
    const keys = [...rec.cache.keys()].filter(match);
    for (const key of keys) rec.cache.delete(key);
    return keys.length;
  };
  return { ctx, rec, evaluate, dateCell, errorOf, clock, open, evictCache };
}

/** Cells as plain JSON values (the script's arrays come from another realm). */
export const plain = (cells: unknown): unknown => JSON.parse(JSON.stringify(cells));
