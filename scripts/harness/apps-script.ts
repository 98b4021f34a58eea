// Small stand-ins for the Apps Script services MDQ uses, with the limits that matter:
// UrlFetchApp blocks (a child process does the request) and throws like the real one on
// network failures and its own timeout; CacheService refuses values over 100 KB, keys over
// 250 characters and lifetimes over 6 h; Utilities.sleep really sleeps. Everything is recorded
// so tests can count requests and look for the key where it must never be.
//
// With a virtual clock, time is the script's own and no test depends on how busy the machine
// is: Utilities.sleep moves the clock on without waiting, and each UrlFetchApp.fetch moves it by
// the latency the server declares (header X-Simulated-Latency-Ms; 10 ms when it declares none),
// or by the stand-in's own timeout when no answer came.
//
// The spreadsheet has a time zone of its own (File > Settings), read with getSpreadsheetTimeZone
// (each read counted); Utilities.formatDate formats in a zone as Apps Script does (zones.ts).
// With `readOnly`, the spreadsheet refuses edits, as it does for someone who may only view it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { AppsScript, FetchParams, Menu, Range, ScriptCache, Sheet, Spreadsheet } from "../../src/sheets/apps-script";
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
  cache: Map<string, { value: string; expires: number }>;
  cacheErrors: string[];
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

function cacheStandIn(rec: Recorder, clock: Clock): ScriptCache {
  const check = (key: string, value: string, ttl: number) => {
    const problem =
      key.length > 250
        ? "Argument too large: key"
        : utf8(value) > 100 * 1024
          ? "Argument too large: value"
          : ttl > 21600
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
  return {
    get: read,
    getAll: (keys) => Object.fromEntries(keys.flatMap((k) => (read(k) === null ? [] : [[k, read(k) as string]]))),
    put: (key, value, ttl) => {
      check(key, value, ttl);
      rec.cache.set(key, { value, expires: clock.now() + ttl * 1000 });
    },
    putAll: (values, ttl) => {
      for (const [k, v] of Object.entries(values)) check(k, v, ttl);
      for (const [k, v] of Object.entries(values)) rec.cache.set(k, { value: v, expires: clock.now() + ttl * 1000 });
    },
  };
}

function spreadsheetStandIn(rec: Recorder): Spreadsheet {
  const sheets = new Map<string, Sheet>();
  const edit = () => {
    // Google's wording for a refused edit is not what MDQ relies on: any exception will do.
    if (rec.readOnly) throw new Error("Exception: You do not have permission to edit this spreadsheet.");
  };
  const range = (sheet: string, a1: string): Range => ({
    getValue: () => rec.cells.get(`${sheet}!${a1}`) ?? "",
    setValue: (v: unknown) => {
      edit();
      rec.cells.set(`${sheet}!${a1}`, v);
    },
    getA1Notation: () => `${sheet}!${a1}`,
    setFormula: (formula: string) => {
      edit();
      rec.formulas.set(`${sheet}!${a1}`, formula);
    },
    setNumberFormat: (format: string) => void rec.formats.set(`${sheet}!${a1}`, format),
    setFontWeight: (weight: string) => void (weight === "bold" ? rec.bold.add(`${sheet}!${a1}`) : rec.bold.delete(`${sheet}!${a1}`)),
  });
  const sheet = (name: string): Sheet => ({
    getName: () => name,
    getRange: (a1) => range(name, a1),
    setColumnWidth: (column, pixels) => void rec.widths.set(`${name}!${column}`, pixels),
  });
  return {
    getRangeByName: (name) => {
      const at = rec.namedRanges.get(name);
      return at ? range(at.split("!")[0], at.split("!")[1]) : null;
    },
    getSheetByName: (name) => sheets.get(name) ?? null,
    insertSheet: (name) => {
      edit();
      const s = sheet(name);
      sheets.set(name, s);
      return s;
    },
    setNamedRange: (name, r) => {
      edit();
      rec.namedRanges.set(name, r.getA1Notation());
    },
    toast: (message) => void rec.toasts.push(message),
    getSpreadsheetTimeZone: () => {
      rec.timeZoneReads++;
      return rec.timeZone;
    },
  };
}

export function appsScript(options: { fetchCapMs?: number; clock?: VirtualClock; timeZone?: string } = {}): {
  globals: AppsScript & Record<string, unknown>;
  rec: Recorder;
} {
  const virtual = options.clock;
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
    cache: new Map(),
    cacheErrors: [],
    cells: new Map(),
    formulas: new Map(),
    formats: new Map(),
    bold: new Set(),
    widths: new Map(),
    namedRanges: new Map(),
    timeZone: options.timeZone ?? "Asia/Jakarta",
    timeZoneReads: 0,
    readOnly: false,
  };
  const capMs = options.fetchCapMs ?? 10_000;
  const OK = { ok: true };
  const CANCEL = { cancel: true };
  const ss = spreadsheetStandIn(rec);
  const log = (...args: unknown[]) => void rec.logs.push(args.map(String).join(" "));
  /** One request as UrlFetchApp makes it; `elapsed` gets the time it took on the virtual clock. */
  const fetchOne = (url: string, params: FetchParams, elapsed: (ms: number) => void) => {
    rec.requests.push({ url, params });
    if (rec.googleRefuses !== undefined) throw new Error(rec.googleRefuses.replace("{url}", url));
    const out = execFileSync(process.execPath, [SYNC_GET], {
      input: JSON.stringify({ url, headers: params.headers, capMs }),
      timeout: capMs + 10_000,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const r = JSON.parse(out);
    elapsed(r.error === "timeout" ? capMs : Number(r.headers?.["x-simulated-latency-ms"] ?? 10));
    if (r.error === "timeout") throw new Error(`Exception: Timeout: ${url}`);
    if (r.error === "too_large") throw new Error(`Exception: Response size exceeded the 50 MB limit: ${url}`);
    if (r.error) throw new Error(`Exception: Address unavailable: ${url}`);
    if (!params.muteHttpExceptions && r.status >= 400) throw new Error(`Exception: Request failed for ${url} returned code ${r.status}`);
    rec.bodies.push(r.body);
    return { getResponseCode: () => r.status, getContentText: () => r.body, getHeaders: () => r.headers };
  };
  const globals: AppsScript & Record<string, unknown> = {
    UrlFetchApp: {
      fetch: (url, params) => fetchOne(url, params, (ms) => virtual?.advance(ms)),
      // Google sends them side by side: on the virtual clock the batch takes its slowest request's
      // time. Any request that cannot be made fails the whole call, as Apps Script's does.
      fetchAll(requests) {
        rec.fetchAlls.push(requests.length);
        let slowest = 0;
        try {
          return requests.map(({ url, ...params }) => fetchOne(url, params, (ms) => (slowest = Math.max(slowest, ms))));
        } finally {
          virtual?.advance(slowest);
        }
      },
    },
    CacheService: { getScriptCache: () => cacheStandIn(rec, clock) },
    PropertiesService: {
      getScriptProperties: () => ({
        getProperties: () => Object.fromEntries(rec.props),
        getProperty: (k) => rec.props.get(k) ?? null,
        setProperty: (k, v) => rec.props.set(k, String(v)),
        deleteProperty: (k) => rec.props.delete(k),
      }),
    },
    Utilities: {
      sleep(ms) {
        rec.slept.push(ms);
        if (virtual) virtual.advance(ms);
        else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      },
      formatDate,
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
        prompt(title, text) {
          rec.prompts.push(`${title}: ${text}`);
          const answer = rec.promptAnswers.shift();
          if (answer === undefined) throw new Error("the test gave no answer for this prompt");
          return { getResponseText: () => answer ?? "", getSelectedButton: () => (answer === null ? CANCEL : OK) };
        },
      }),
    },
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  };
  return { globals, rec };
}
