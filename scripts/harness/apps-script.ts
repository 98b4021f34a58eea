// Stand-ins for the Apps Script services MDQ uses, as strict as Google's documentation:
//   - UrlFetchApp blocks (a child process does the request) and throws like the real one on
//     network failures and its own timeout; `serviceDown` makes it answer every request with a
//     status (a service in trouble) without sending it;
//   - CacheService (get, getAll, put, putAll, remove) refuses values over 100 KB, keys over 250
//     characters and lifetimes outside 1 s to 6 h; when more than 1,000 items are written it keeps
//     the 900 farthest from expiring, and `evictCache` drops items before their time, as Google may
//     ("the expiration time is only a suggestion; cached data may be removed before this time if a
//     lot of data is cached");
//   - PropertiesService: Script and Document Properties, 9 KB a value and 500 KB a store, every
//     call counted (Google's daily quota counts calls); `documentStore: false` offers no document
//     store (getDocumentProperties returns null, as Google's does where there is none);
//   - LockService's script lock: free unless `lockHeldElsewhere` (another execution holding it:
//     tryLock then waits its whole timeout and fails); CacheService writes note whether the script
//     held the lock;
//   - SpreadsheetApp: a spreadsheet with a sheet "Sheet1", the active one; insertSheet makes the
//     new sheet active, as Google's does; with `readOnly`, edits are refused (load-sheets.ts's
//     `open` runs no onOpen then: Google runs no simple trigger in view or comment mode);
//   - HtmlService and Ui.showSidebar: a page from a file of the project (the build's Sidebar.html),
//     recorded as shown; sidebar.ts serves it to Chromium with google.script.run bridged to this
//     script; the selection is `currentCell` on the active sheet;
//   - Utilities: sleep, formatDate in a zone as Apps Script does (zones.ts), gzip and base64 over
//     Java-style signed bytes.
// Everything is recorded so tests can count requests and look for the key where it must never be.
//
// With a virtual clock, time is the script's own and no test depends on how busy the machine
// is: Utilities.sleep and a lock's wait move the clock on without waiting, and each
// UrlFetchApp.fetch moves it by the latency the server declares (header X-Simulated-Latency-Ms;
// `latencyMs`, 10 ms by default, when it declares none), or by the stand-in's own timeout when no
// answer came. With `concurrency` (executions.ts, cells run side by side), those times go to the
// runner instead, which resumes the execution when its call ends.
//
// The spreadsheet has a time zone of its own (File > Settings), read with getSpreadsheetTimeZone
// (each read counted).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type {
  AppsScript,
  Blob,
  Bytes,
  FetchParams,
  HtmlOutput,
  Lock,
  Menu,
  Range,
  ScriptCache,
  ScriptProperties,
  Sheet,
  Spreadsheet,
} from "../../src/sheets/apps-script";
import { formatDate } from "./zones";

const SYNC_GET = join(__dirname, "sync-get.js");

export interface Recorder {
  requests: Array<{ url: string; params: FetchParams }>;
  /** The size of each UrlFetchApp.fetchAll call (its requests are in `requests` too). */
  fetchAlls: number[];
  bodies: string[];
  slept: number[];
  logs: string[];
  alerts: string[];
  toasts: string[];
  menus: Array<{ title: string; items: Array<[string, string]> }>;
  /** Answers the next prompts get: text, or null for Cancel. */
  promptAnswers: Array<string | null>;
  prompts: string[];
  props: Map<string, string>;
  /** Document Properties: where the formulas keep their copies of the answers. */
  docProps: Map<string, string>;
  /** Offer Document Properties (getDocumentProperties returns null when false). */
  documentStore: boolean;
  /** Calls to each property store, as Google's daily quota counts them. */
  propertyCalls: { script: number; document: number };
  propertyErrors: string[];
  cache: Map<string, { value: string; expires: number }>;
  cacheErrors: string[];
  /** Items CacheService dropped to keep 900 when more than 1,000 were written. */
  cacheEvicted: number;
  /** Each CacheService write, and whether the script held the script lock then. */
  cachePuts: Array<{ key: string; locked: boolean }>;
  /** Another execution holds the script lock: tryLock waits its whole timeout and fails. */
  lockHeldElsewhere: boolean;
  /** What each tryLock waited for. */
  lockWaits: number[];
  /** The sheet the person sees. */
  activeSheet: string;
  /** The cell the person has selected on it (A1 notation). */
  currentCell: string;
  /** The pages Ui.showSidebar showed, oldest first. */
  sidebars: Array<{ title: string; content: string }>;
  /** When set, UrlFetchApp answers every request with this HTTP status (a service in trouble:
   *  429, 500, 503), without sending it. */
  serviceDown?: number;
  cells: Map<string, unknown>;
  /** Formulas, number formats and bold cells written by the script (Insert template), by Sheet!A1. */
  formulas: Map<string, string>;
  formats: Map<string, string>;
  bold: Set<string>;
  /** Column widths in pixels, by Sheet!column number. */
  widths: Map<string, number>;
  namedRanges: Map<string, string>;
  /** The spreadsheet's time zone (an IANA name, as getSpreadsheetTimeZone returns it). */
  timeZone: string;
  /** How many times the script asked for it. */
  timeZoneReads: number;
  /** Reads of a sheet's data range (getDataRange), as custom functions may make. */
  sheetReads: number;
  /** The spreadsheet refuses edits (opened by someone who may only view it). */
  readOnly: boolean;
  /** When set, UrlFetchApp.fetch throws this (with "{url}" replaced by the URL) instead of
   *  fetching, as Apps Script does when one of Google's limits is reached. */
  googleRefuses?: string;
}

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

/** The script's time: the host's, or a virtual clock's. */
export interface Clock {
  now(): number;
}

/** A clock that only moves when the script sleeps or fetches. */
export class VirtualClock implements Clock {
  constructor(private ms = Date.UTC(2025, 5, 30, 3)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

const HOST_CLOCK: Clock = { now: () => Date.now() };

/** Google's cap on a cache, and what it keeps when more are written. */
export const CACHE_CAP = 1000;
export const CACHE_KEEPS = 900;

function cacheStandIn(rec: Recorder, clock: Clock, locked: () => boolean): ScriptCache {
  const check = (key: string, value: string, ttl: number) => {
    const problem =
      key.length > 250
        ? "Argument too large: key"
        : utf8(value) > 100 * 1024
          ? "Argument too large: value"
          : !(ttl >= 1 && ttl <= 21600)
            ? "Invalid argument: expirationInSeconds"
            : undefined;
    if (problem) {
      rec.cacheErrors.push(problem);
      throw new Error(problem);
    }
  };
  const read = (key: string) => {
    const hit = rec.cache.get(key);
    return hit && hit.expires > clock.now() ? hit.value : null;
  };
  const store = (key: string, value: string, ttl: number) => {
    rec.cache.delete(key); // a rewritten item is the newest
    rec.cache.set(key, { value, expires: clock.now() + ttl * 1000 });
    rec.cachePuts.push({ key, locked: locked() });
  };
  /** Past 1,000 items: the expired ones go, then all but the 900 farthest from expiring. */
  const settle = () => {
    if (rec.cache.size <= CACHE_CAP) return;
    for (const [k, v] of rec.cache) if (v.expires <= clock.now()) rec.cache.delete(k);
    if (rec.cache.size <= CACHE_CAP) return;
    const kept = [...rec.cache].sort(([, a], [, b]) => b.expires - a.expires).slice(0, CACHE_KEEPS);
    rec.cacheEvicted += rec.cache.size - kept.length;
    rec.cache = new Map(kept);
  };
  return {
    get: read,
    getAll: (keys) => Object.fromEntries(keys.flatMap((k) => (read(k) === null ? [] : [[k, read(k) as string]]))),
    put: (key, value, ttl) => {
      check(key, value, ttl);
      store(key, value, ttl);
      settle();
    },
    putAll: (values, ttl) => {
      for (const [k, v] of Object.entries(values)) check(k, v, ttl);
      for (const [k, v] of Object.entries(values)) store(k, v, ttl);
      settle();
    },
    remove: (key) => void rec.cache.delete(key),
  };
}

/** Google's limits on a property store (its wording is not what MDQ relies on). */
export const PROPERTY_VALUE_BYTES = 9 * 1024;
export const PROPERTY_STORE_BYTES = 500 * 1024;

function propertiesStandIn(rec: Recorder, which: "script" | "document"): ScriptProperties {
  const map = () => (which === "script" ? rec.props : rec.docProps);
  const call = () => void rec.propertyCalls[which]++;
  const refuse = (problem: string) => {
    rec.propertyErrors.push(problem);
    throw new Error(problem);
  };
  /** The store as it would be after these writes: refused whole when a limit is passed. */
  const write = (next: Map<string, string>, values: Record<string, string>) => {
    for (const [k, v] of Object.entries(values)) {
      if (utf8(String(v)) > PROPERTY_VALUE_BYTES) refuse("Exception: Argument too large: value");
      next.set(k, String(v));
    }
    const total = [...next].reduce((n, [k, v]) => n + utf8(k) + utf8(v), 0);
    if (total > PROPERTY_STORE_BYTES)
      refuse("Exception: You have exceeded the property storage quota. Please remove some properties and try again.");
    const store = map();
    store.clear();
    for (const [k, v] of next) store.set(k, v);
  };
  /** Each method as Google counts it: one call. */
  const counted =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      call();
      return f(...args);
    };
  return {
    getProperties: counted(() => Object.fromEntries(map())),
    getProperty: counted((k: string) => map().get(k) ?? null),
    setProperty: counted((k: string, v: string) => write(new Map(map()), { [k]: v })),
    setProperties: counted((values: Record<string, string>, deleteAllOthers?: boolean) =>
      write(deleteAllOthers ? new Map() : new Map(map()), values),
    ),
    deleteProperty: counted((k: string) => map().delete(k)),
    deleteAllProperties: counted(() => map().clear()),
  };
}

/** Java's bytes: -128 to 127. */
const javaBytes = (buffer: Buffer): Bytes => [...buffer].map((b) => (b > 127 ? b - 256 : b));
const nodeBytes = (bytes: Bytes): Buffer => Buffer.from(bytes.map((b) => b & 255));

function blob(bytes: Buffer): Blob {
  return { getBytes: () => javaBytes(bytes), getDataAsString: () => bytes.toString("utf8") };
}

/** Utilities' blobs, gzip and base64 over Java-style bytes (pure: executions.ts runs them in its workers). */
export const bytesUtilities = {
  newBlob: (data: string | Bytes) => blob(typeof data === "string" ? Buffer.from(data, "utf8") : nodeBytes(data)),
  gzip: (b: Blob) => blob(gzipSync(nodeBytes(b.getBytes()))),
  ungzip: (b: Blob) => blob(gunzipSync(nodeBytes(b.getBytes()))),
  base64Encode: (data: Bytes) => nodeBytes(data).toString("base64"),
  base64Decode: (encoded: string) => javaBytes(Buffer.from(encoded, "base64")),
};

function lockStandIn(rec: Recorder, wait: (ms: number) => void, held: { now: boolean }): Lock {
  return {
    tryLock(timeoutMs) {
      rec.lockWaits.push(rec.lockHeldElsewhere ? timeoutMs : 0);
      if (rec.lockHeldElsewhere) {
        wait(timeoutMs);
        return false;
      }
      held.now = true;
      return true;
    },
    releaseLock: () => {
      held.now = false;
    },
    hasLock: () => held.now,
  };
}

const columnOf = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
const lettersOf = (column: number): string =>
  (column > 26 ? lettersOf(Math.floor((column - 1) / 26)) : "") + String.fromCharCode(65 + ((column - 1) % 26));

/** The cells of "B2" or "B2:C4", rows of columns, by their A1 addresses. */
function cellsOf(a1: string): string[][] {
  const [from, to = from] = a1.split(":").map((c) => /^([A-Z]+)(\d+)$/.exec(c) as RegExpExecArray);
  const rows: string[][] = [];
  for (let r = Number(from[2]); r <= Number(to[2]); r++) {
    const row: string[] = [];
    for (let c = columnOf(from[1]); c <= columnOf(to[1]); c++) row.push(`${lettersOf(c)}${r}`);
    rows.push(row);
  }
  return rows;
}

function spreadsheetStandIn(rec: Recorder): Spreadsheet {
  const sheets = new Map<string, Sheet>();
  const where = new WeakMap<Range, string>();
  const activate = (s: Sheet) => {
    rec.activeSheet = s.getName();
    return s;
  };
  const edit = () => {
    // Google's wording for a refused edit is not what MDQ relies on: any exception will do.
    if (rec.readOnly) throw new Error("Exception: You do not have permission to edit this spreadsheet.");
  };
  const range = (sheet: string, a1: string): Range => {
    const made: Range = {
      getValue: () => rec.cells.get(`${sheet}!${a1.split(":")[0]}`) ?? "",
      getValues: () => cellsOf(a1).map((row) => row.map((cell) => rec.cells.get(`${sheet}!${cell}`) ?? "")),
      setValue: (v: unknown) => {
        edit();
        rec.cells.set(`${sheet}!${a1}`, v);
      },
      getA1Notation: () => a1,
      getFormula: () => rec.formulas.get(`${sheet}!${a1}`) ?? "",
      setFormula: (formula: string) => {
        edit();
        rec.formulas.set(`${sheet}!${a1}`, formula);
      },
      setNumberFormat: (format: string) => void rec.formats.set(`${sheet}!${a1}`, format),
      setFontWeight: (weight: string) => void (weight === "bold" ? rec.bold.add(`${sheet}!${a1}`) : rec.bold.delete(`${sheet}!${a1}`)),
    };
    // Google's getA1Notation leaves the sheet out; a named range still knows it.
    where.set(made, `${sheet}!${a1}`);
    return made;
  };
  // The cells from A1 to the last row and column that hold a value or a formula.
  const dataRange = (name: string) => {
    const at = [...rec.formulas.keys(), ...rec.cells.keys()]
      .filter((k) => k.startsWith(`${name}!`))
      .map((k) => /^([A-Z]+)(\d+)$/.exec(k.slice(name.length + 1)))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ row: Number(m[2]) - 1, column: [...m[1]].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1, a1: m[0] }));
    const rows = Math.max(1, ...at.map((a) => a.row + 1));
    const columns = Math.max(1, ...at.map((a) => a.column + 1));
    const grid = <T>(empty: T) => Array.from({ length: rows }, () => new Array<T>(columns).fill(empty));
    return {
      getFormulas: () => {
        const out = grid("");
        for (const a of at) out[a.row][a.column] = rec.formulas.get(`${name}!${a.a1}`) ?? "";
        return out;
      },
      getValues: () => {
        const out = grid<unknown>("");
        for (const a of at) out[a.row][a.column] = rec.cells.get(`${name}!${a.a1}`) ?? "";
        return out;
      },
    };
  };
  const sheet = (name: string): Sheet => {
    const made: Sheet = {
      getName: () => name,
      activate: () => activate(made),
      getRange: (a1) => range(name, a1),
      getDataRange: () => {
        rec.sheetReads++;
        return dataRange(name);
      },
      setColumnWidth: (column, pixels) => void rec.widths.set(`${name}!${column}`, pixels),
    };
    return made;
  };
  // A new spreadsheet has one sheet, the one the person sees.
  sheets.set(rec.activeSheet, sheet(rec.activeSheet));
  return {
    // Without a sheet, the address is on the active sheet, as Google reads it.
    getRange: (address) => {
      const bang = address.lastIndexOf("!");
      const name = bang < 0 ? rec.activeSheet : address.slice(0, bang).replace(/^'(.*)'$/, "$1");
      if (!sheets.has(name)) throw new Error("Exception: Range not found");
      return range(name, address.slice(bang + 1));
    },
    getRangeByName: (name) => {
      const at = rec.namedRanges.get(name);
      return at ? range(at.split("!")[0], at.split("!")[1]) : null;
    },
    getSheetByName: (name) => sheets.get(name) ?? null,
    insertSheet: (name) => {
      edit();
      if (sheets.has(name)) throw new Error(`Exception: A sheet with the name "${name}" already exists. Please enter another name.`);
      const s = sheet(name);
      sheets.set(name, s);
      // Google: "The new sheet becomes the active sheet."
      return activate(s);
    },
    getActiveSheet: () => sheets.get(rec.activeSheet) as Sheet,
    getCurrentCell: () => range(rec.activeSheet, rec.currentCell),
    setActiveSheet: (s) => activate(sheets.get(s.getName()) as Sheet),
    setNamedRange: (name, r) => {
      edit();
      rec.namedRanges.set(name, where.get(r) ?? r.getA1Notation());
    },
    toast: (message) => void rec.toasts.push(message),
    getSpreadsheetTimeZone: () => {
      rec.timeZoneReads++;
      return rec.timeZone;
    },
  };
}

/** A page as HtmlService holds it. Google's default title is "Apps Script application". */
function htmlOutput(content: string): HtmlOutput {
  let title = "Apps Script application";
  const page: HtmlOutput = {
    setTitle: (t) => {
      title = t;
      return page;
    },
    getTitle: () => title,
    getContent: () => content,
  };
  return page;
}

/** Executions run side by side on one virtual clock (executions.ts): the runner, not the stand-ins,
 *  decides when a call that takes time ends. */
export interface Concurrency {
  /** The time a call of the execution now running takes (a fetch's latency, a sleep): the runner
   *  resumes that execution then, instead of the shared clock moving on. */
  elapse(ms: number): void;
  /** Whether the execution now running holds the script lock (noted with each CacheService write). */
  holdsLock(): boolean;
}

export function appsScript(
  options: {
    fetchCapMs?: number;
    clock?: VirtualClock;
    timeZone?: string;
    documentStore?: boolean;
    concurrency?: Concurrency;
    /** A request's time on the virtual clock when the server declares none (default 10 ms). */
    latencyMs?: number;
    /** The text of an HTML file of the project by its name without ".html" (load-sheets.ts reads
     *  dist/sheets); undefined when there is no such file. */
    htmlFile?: (name: string) => string | undefined;
  } = {},
): {
  globals: AppsScript & Record<string, unknown>;
  rec: Recorder;
} {
  const virtual = options.clock;
  const concurrency = options.concurrency;
  const clock = virtual ?? HOST_CLOCK;
  const rec: Recorder = {
    requests: [],
    fetchAlls: [],
    bodies: [],
    slept: [],
    logs: [],
    alerts: [],
    toasts: [],
    menus: [],
    promptAnswers: [],
    prompts: [],
    props: new Map(),
    docProps: new Map(),
    documentStore: options.documentStore ?? true,
    propertyCalls: { script: 0, document: 0 },
    propertyErrors: [],
    cache: new Map(),
    cacheErrors: [],
    cacheEvicted: 0,
    cachePuts: [],
    lockHeldElsewhere: false,
    lockWaits: [],
    activeSheet: "Sheet1",
    currentCell: "A1",
    sidebars: [],
    cells: new Map(),
    formulas: new Map(),
    formats: new Map(),
    bold: new Set(),
    widths: new Map(),
    namedRanges: new Map(),
    timeZone: options.timeZone ?? "Asia/Jakarta",
    timeZoneReads: 0,
    sheetReads: 0,
    readOnly: false,
  };
  const capMs = options.fetchCapMs ?? 10_000;
  const latencyMs = options.latencyMs ?? 10;
  const OK = { ok: true };
  const CANCEL = { cancel: true };
  const ss = spreadsheetStandIn(rec);
  /** Time the script spends: the runner's, the virtual clock's, or the host's. */
  const wait = (ms: number) => {
    if (concurrency) concurrency.elapse(ms);
    else if (virtual) virtual.advance(ms);
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  };
  /** A request's time: on a virtual clock only (with the host's, the request took it already). */
  const took = (ms: number) => (concurrency ? concurrency.elapse(ms) : virtual?.advance(ms));
  const lockHeld = { now: false };
  const log = (...args: unknown[]) => void rec.logs.push(args.map(String).join(" "));
  /** One request as UrlFetchApp makes it; `elapsed` gets the time it took on the virtual clock. */
  const fetchOne = (url: string, params: FetchParams, elapsed: (ms: number) => void) => {
    rec.requests.push({ url, params });
    if (rec.googleRefuses !== undefined) throw new Error(rec.googleRefuses.replace("{url}", url));
    const down = rec.serviceDown;
    if (down !== undefined) {
      elapsed(10);
      const body = JSON.stringify({ error: `service unavailable (${down})` });
      return { getResponseCode: () => down, getContentText: () => body, getHeaders: () => ({ "Content-Type": "application/json" }) };
    }
    const out = execFileSync(process.execPath, [SYNC_GET], {
      input: JSON.stringify({ url, headers: params.headers, capMs }),
      timeout: capMs + 10_000,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const r = JSON.parse(out);
    elapsed(r.error === "timeout" ? capMs : Number(r.headers?.["x-simulated-latency-ms"] ?? latencyMs));
    if (r.error === "timeout") throw new Error(`Exception: Timeout: ${url}`);
    if (r.error === "too_large") throw new Error(`Exception: Response size exceeded the 50 MB limit: ${url}`);
    if (r.error) throw new Error(`Exception: Address unavailable: ${url}`);
    if (!params.muteHttpExceptions && r.status >= 400) throw new Error(`Exception: Request failed for ${url} returned code ${r.status}`);
    rec.bodies.push(r.body);
    return { getResponseCode: () => r.status, getContentText: () => r.body, getHeaders: () => r.headers };
  };
  const globals: AppsScript & Record<string, unknown> = {
    UrlFetchApp: {
      fetch: (url, params) => fetchOne(url, params, took),
      // Google sends them side by side: on the virtual clock the batch takes its slowest request's
      // time. Any request that cannot be made fails the whole call, as Apps Script's does.
      fetchAll(requests) {
        rec.fetchAlls.push(requests.length);
        let slowest = 0;
        try {
          return requests.map(({ url, ...params }) => fetchOne(url, params, (ms) => (slowest = Math.max(slowest, ms))));
        } finally {
          took(slowest);
        }
      },
    },
    CacheService: { getScriptCache: () => cacheStandIn(rec, clock, () => concurrency?.holdsLock() ?? lockHeld.now) },
    PropertiesService: {
      getScriptProperties: () => propertiesStandIn(rec, "script"),
      getDocumentProperties: () => (rec.documentStore ? propertiesStandIn(rec, "document") : null),
    },
    LockService: { getScriptLock: () => lockStandIn(rec, wait, lockHeld) },
    Utilities: {
      sleep(ms) {
        rec.slept.push(ms);
        wait(ms);
      },
      formatDate,
      ...bytesUtilities,
    },
    SpreadsheetApp: {
      getActiveSpreadsheet: () => ss,
      getUi: () => ({
        ButtonSet: { OK: "OK", OK_CANCEL: "OK_CANCEL" },
        Button: { OK },
        createMenu(title: string): Menu {
          const items: Array<[string, string]> = [];
          const menu: Menu = {
            addItem: (caption, fn) => {
              items.push([caption, fn]);
              return menu;
            },
            addSeparator: () => menu,
            addToUi: () => void rec.menus.push({ title, items }),
          };
          return menu;
        },
        alert: (title, text) => void rec.alerts.push(`${title}: ${text}`),
        showSidebar: (page: HtmlOutput) => void rec.sidebars.push({ title: page.getTitle(), content: page.getContent() }),
        prompt(title, text) {
          rec.prompts.push(`${title}: ${text}`);
          const answer = rec.promptAnswers.shift();
          if (answer === undefined) throw new Error("the test gave no answer for this prompt");
          return { getResponseText: () => answer ?? "", getSelectedButton: () => (answer === null ? CANCEL : OK) };
        },
      }),
    },
    HtmlService: {
      createHtmlOutputFromFile(name: string) {
        const content = options.htmlFile?.(name);
        if (content === undefined) throw new Error(`Exception: No HTML file named ${name} was found.`);
        return htmlOutput(content);
      },
    },
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  };
  return { globals, rec };
}
