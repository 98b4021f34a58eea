// The add-in runtime: one instance per shared runtime, used by every custom function and by the
// task pane. It drives the core's callAsync with the add-in's transport (Gate: sharing and a
// concurrency cap, from the settings), a cache with the catalogue's lifetimes (in memory, bounded
// by bytes, written through to the page's IndexedDB and read back when the runtime starts), the
// core's retry policy and deadline, the settings from OfficeRuntime.storage, and counters and the
// last cell errors for the task pane.
// No endpoint logic lives here: validation, requests, decoding and layout are the core's.

import {
  type AsyncHost,
  answerJson,
  batchOf,
  blankZeros,
  type CallResult,
  type CellValue,
  callAsync,
  checkSettings,
  creditsOfAnswer,
  decodeEntry,
  EXCEL_LIMITS,
  editionKey,
  type FetchLike,
  type FunctionSpec,
  findsEdition,
  gatheringOf,
  gridOf,
  hostOf,
  isFresh,
  MdqError,
  messageOf,
  type OptionsMemo,
  PauseBoard,
  type RetryPolicy,
  redactKey,
  toMdqError,
  type Variant,
  variantOf,
  withCover,
} from "../../shared";
import { type AnswerStore, indexedDbStore } from "./answer-store";
import { MemoryCache } from "./cache";
import { rowNamed } from "./catalogue-rows";
import { type DateCell, excelDateWriter, type FormattedDate, officeRequirements, type Requirements, showsDates, supports } from "./dates";
import { describeArgs, ErrorLog } from "./error-log";
import { excelFrontEnd } from "./errors";
import { Gate, type Timers } from "./gate";
import { Gatherer } from "./gatherer";
import { excelNumberWriter } from "./number-formats";
import { type Cancelable, FormulaCancelled, SharedRequests } from "./requests";
import { type AddinSettings, DEFAULT_CONCURRENCY, type KeyValueStorage, readSettings, writeSettings } from "./settings";
import { StaleList } from "./stale-list";

export interface RuntimeDeps {
  fetch: FetchLike;
  storage?: KeyValueStorage;
  now?: () => number;
  random?: () => number;
  /** Fetches running at once when the settings say nothing; more wait their turn. */
  maxConcurrent?: number;
  policy?: Partial<RetryPolicy>;
  /** What this Excel supports (default: office.js's, asked at each call; none: serial dates). */
  requirements?: () => Promise<Requirements | undefined> | Requirements | undefined;
  /** Where answers are kept across sessions (default: this page's IndexedDB; null: memory only). */
  store?: AnswerStore | null;
  /** The timers of the transport (tests count them). */
  timers?: Timers;
  /** The clock of the calls' deadlines, back-offs and shared pauses, and of the transport's
   *  (default performance.now): monotonic as the timers are, never stepped by a time sync. */
  monotonic?: () => number;
  /** The aborts of requests in flight (tests count them). */
  newController?: () => AbortController;
}

/** What a formula shows: a missing value as an empty cell (Excel would show a returned null as 0). */
export type ShownCells = Array<Array<string | number | boolean | FormattedDate>>;

/** A distinct request's answer, and each display variant of it shown once (or why it cannot be). */
interface Loaded {
  result: CallResult<DateCell>;
  requirements: Requirements | undefined;
  variants: Map<string, ShownCells | MdqError>;
}

export interface RuntimeStats {
  /** Function calls this session. */
  calls: number;
  /** Requests sent to the service this session. */
  requests: number;
  /** Credits the provider bills for their answers (shared/rows/credits.ts; estimated in the spec
   *  edition): counted where a request leaves, so one fetch shared by many cells is billed once. */
  credits: number;
  /** Calls answered from the cache this session. */
  fromCache: number;
  /** When the last answer came from the service (ms since the epoch), or null. */
  lastRefresh: number | null;
  /** Answers held in the cache now. */
  cached: number;
}

export interface ConnectionReport {
  ok: boolean;
  message: string;
}

export type Runtime = ReturnType<typeof createRuntime>;

const SETTINGS_TIMEOUT_MS = 5000;
/** The most the first formulas wait for the answers kept by the last session; a store slower than
 *  that fills the cache when it answers, and those formulas fetch meanwhile. */
const STORE_WAIT_MS = 2000;
/** How long the VALUE cells of one company's dataset wait for each other (see gatherer.ts). */
const GATHERING_WINDOW_MS = 10;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from storage within ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Whether a formula's answer can be shown apart from its request: not a grid's or a batch's,
 *  which the core shows as it runs them (a malformed one is refused on the formula's own path). */
function shownApart(fn: FunctionSpec, cells: readonly CellValue[]): boolean {
  try {
    return !gridOf(fn, cells) && !batchOf(fn, cells);
  } catch {
    return false;
  }
}

/** Cells the answers kept for the next recalculation may show before they are all forgotten
 *  (their answers stay in the cache): about 100 MB of cells, twice a workbook of 10,000 formulas. */
const KEPT_CELLS = 4_000_000;

const DAY_MS = 86_400_000;
/** The zones of the markets (Jakarta UTC+7, Singapore and Kuala Lumpur UTC+8) and UTC, in ms. */
const DAY_STARTS_MS = [0, 7, 8].map((h) => h * 3_600_000);

/** Until when a request's answer is shown again without running it: while every answer it used
 *  is fresh (the call would read the same from the cache), and not past the next midnight in the
 *  markets' zones or UTC, as a call's arguments may mean another request on another day (a window
 *  that ends today). Not a stale answer. */
function keptUntil({ result }: Loaded, now: number): number | undefined {
  if (result.stale || result.freshUntil === undefined) return undefined;
  const midnights = DAY_STARTS_MS.map((zone) => (Math.floor((now + zone) / DAY_MS) + 1) * DAY_MS - zone);
  return Math.min(result.freshUntil, ...midnights);
}

/** What of this Excel changes how an answer is shown: dates and number formats, and their type. */
const shownBy = (requirements: Requirements | undefined): string => {
  // Asked of every formula, and office.js gives one object: its answer is remembered.
  if (!lastShown || lastShown.requirements !== requirements) {
    const text = showsDates(requirements) ? (supports(requirements, "ExcelApi", "1.19") ? "double" : "formatted") : "serial";
    lastShown = { requirements, text };
  }
  return lastShown.text;
};
let lastShown: { requirements: Requirements | undefined; text: string } | undefined;

/** The cells as a formula returns them: a missing value is an empty cell (Excel would show a
 *  returned null as 0). */
const asShown = (cells: Array<Array<unknown>>): ShownCells =>
  cells.map((row) => (row.some(isMissing) ? row.map((cell) => (isMissing(cell) ? "" : cell)) : row)) as ShownCells;
const isMissing = (cell: unknown) => cell === null || cell === undefined;

export function createRuntime(deps: RuntimeDeps) {
  const now = deps.now ?? (() => Date.now());
  // One clock for the calls' deadlines, back-offs and pauses and for the time their requests queued
  // in the gate, which the executor leaves out of a deadline (shared/run/send.ts). `||`, not `??`:
  // a function is never falsy, and `??` lowered for ES2017 costs the engine bytes.
  const monotonic = deps.monotonic || (() => performance.now());
  const random = deps.random ?? Math.random;
  const store = deps.store === undefined ? indexedDbStore(globalThis.indexedDB, now) : deps.store;
  const cache = new MemoryCache(now, undefined, store ? (key, text, expires) => store.put({ key, text, expires }) : undefined);
  // Said once in the task pane when the answers cannot outlive this session.
  let storeNote: string | undefined;
  const restored = store?.load().then(
    (answers) => {
      for (const a of answers) cache.restore(a.key, a.text, a.expires);
    },
    (e) => {
      storeNote = `Answers are kept in memory only, until Excel closes: this runtime's storage (IndexedDB) is not available (${(e as Error).message}).`;
    },
  );
  // The first formulas wait for them, STORE_WAIT_MS at most (past it they fetch meanwhile).
  let warm: Promise<unknown> | undefined = restored && within(restored, STORE_WAIT_MS).catch(() => undefined);
  void warm?.then(() => {
    warm = undefined;
  });
  const counts = { calls: 0, requests: 0, credits: 0, fromCache: 0, lastRefresh: null as number | null };
  // One back-off for every cell: a 429 that asks to wait pauses the service for all of them.
  const pauses = new PauseBoard();
  const concurrency = (saved: AddinSettings) => saved.concurrency ?? deps.maxConcurrent ?? DEFAULT_CONCURRENCY;
  const gate = new Gate(deps.fetch, {
    limit: deps.maxConcurrent ?? DEFAULT_CONCURRENCY,
    onRequest: () => counts.requests++,
    onAnswer: (request, outcome, memo) => {
      // Billed by its records, an answer is parsed here into the memo its calls then read it from.
      if (!("failure" in outcome)) counts.credits += creditsOfAnswer(request.url, outcome, () => answerJson(outcome, memo, now()));
    },
    holds: (url) => pauses.holds(hostOf(url), monotonic()),
    monotonic,
    timers: deps.timers,
    newController: deps.newController,
  });
  const requests = new SharedRequests<Loaded>(now, (loaded) => keptUntil(loaded, now()), deps.newController);
  const optionsRead: OptionsMemo = new Map();
  // Cells shown since the kept answers were last forgotten (an estimate of what they hold).
  let keptCells = 0;
  const gatherer = new Gatherer(GATHERING_WINDOW_MS);
  const errors = new ErrorLog();
  const stale = new StaleList();
  // Set by "Recalculate MDQ cells": every answer must be fetched again, but stays for stale-if-error.
  let refreshedAt: number | undefined;
  let settings: Promise<AddinSettings> | undefined;
  // The key of the settings in use, so that the error list can be cleaned of it.
  let keyInUse: string | undefined;
  // Settings read or saved: requests prepared under the ones before are not shared any more.
  let settingsVersion = 0;
  let settingsNow: AddinSettings | undefined;
  /** The saved settings in use from now on: the gate's cap and the key the error list hides. */
  const adopt = (saved: AddinSettings) => {
    gate.setLimit(concurrency(saved));
    keyInUse = saved.apiKey;
    settingsVersion++;
    requests.clear();
    settingsNow = saved;
    return saved;
  };
  // Read once and kept; a failed or stuck read is not kept, so the next call tries again. Bounded,
  // so that even a storage that never answers cannot leave a cell #BUSY!.
  const currentSettings = () =>
    (settings ??= within(readSettings(deps.storage), SETTINGS_TIMEOUT_MS).then(adopt, (e) => {
      settings = undefined;
      throw new MdqError("network", `the add-in's settings could not be read (${(e as Error).message}). Reload the add-in.`);
    }));

  /** The host of one call: dates and typed numbers as this Excel shows them (dates.ts, number-formats.ts). */
  function hostFor(
    signal: AbortSignal | undefined,
    useCache: boolean,
    requirements: Requirements | undefined,
    showLater = false,
  ): AsyncHost {
    return {
      showLater,
      datesByDefault: showsDates(requirements),
      writeNumber: excelNumberWriter(requirements),
      notesInCells: true,
      now,
      monotonic,
      random,
      policy: deps.policy,
      limits: EXCEL_LIMITS,
      pauses,
      signal,
      refreshedAt,
      cache: useCache ? cache : undefined,
      send: (request, timeoutMs, maxBytes, queueMs) => gate.send(request, timeoutMs, maxBytes, queueMs, signal),
    };
  }

  /** One catalogue call; with dates=date, date columns are dates Excel can show (see dates.ts), and
   *  typed numbers (prices, fractions, multiples, years) carry their number format. A 0
   *  where the argument has no 0 is a blank cell (older desktop builds pass blanks as 0). */
  async function run(name: string, args: readonly CellValue[], signal?: AbortSignal, use?: AddinSettings): Promise<CallResult<DateCell>> {
    counts.calls++;
    if (warm) await warm;
    // The one look-up of the call's function: the core takes the row from here on.
    const fn = await rowNamed(name);
    return runCells(fn, await gathered(fn, blankZeros(fn, args)), signal, use);
  }

  /** The call of cells read already (blanks, gathering), on its own. */
  async function runCells(
    fn: FunctionSpec,
    cells: readonly CellValue[],
    signal?: AbortSignal,
    use?: AddinSettings,
  ): Promise<CallResult<DateCell>> {
    const requirements = await (deps.requirements ?? officeRequirements)();
    const host = hostFor(signal, use === undefined, requirements);
    const result = await callAsync(fn, cells, use ?? (await currentSettings()), host, excelDateWriter(requirements));
    if (result.stale) stale.record(result.label, result.stale, now());
    else if (result.fromCache) counts.fromCache++;
    else {
      counts.lastRefresh = now();
      stale.clear(result.label);
    }
    return result;
  }

  /** One formula: its request shared with every formula that asks the same (whatever their
   *  display options) while it is in flight, its variant shown once for all that show it. */
  async function formula(name: string, args: readonly CellValue[], cancelable?: Cancelable): Promise<ShownCells> {
    counts.calls++;
    if (warm) await warm;
    // Its family's rows may still be loading (lazy-rows.ts): only then does the formula wait.
    const found = rowNamed(name);
    const fn = found instanceof Promise ? await found : found;
    const zeroless = blankZeros(fn, args);
    const cells = fn.gathering ? await gathered(fn, zeroless) : zeroless;
    const asked = (deps.requirements ?? officeRequirements)();
    const requirements = asked instanceof Promise ? await asked : asked;
    const settings = settingsNow ?? (await currentSettings());
    const variant = shownApart(fn, cells) ? variantOf(fn, cells, optionsRead) : undefined;
    // On the formula's own path: what the core refuses before any request (`fields=` the table
    // cannot have, the key in a display option), and explain=true, which says where this
    // formula's own answer came from.
    if (
      !variant ||
      variant.display.fields ||
      variant.display.explain ||
      (variant.shownText !== "[]" && settings.apiKey && redactKey(variant.shownText, settings.apiKey) !== variant.shownText)
    ) {
      return alone(fn, cells, cancelable);
    }
    const key = `${settingsVersion}\n${refreshedAt}\n${shownBy(requirements)}\n${name}\n${variant.askedKey}`;
    const kept = requests.kept(key);
    const loaded = kept ?? (await requests.join(key, (signal) => load(fn, variant.asked, settings, requirements, signal), cancelable));
    const { result } = loaded;
    if (kept || (!result.stale && result.fromCache)) counts.fromCache++;
    return shownVariant(loaded, variant);
  }

  /** A distinct request run once, its cells left to each variant (CallResult.show). */
  async function load(
    fn: FunctionSpec,
    asked: CellValue[],
    settings: AddinSettings,
    requirements: Requirements | undefined,
    signal: AbortSignal,
  ): Promise<Loaded> {
    const host = hostFor(signal, true, requirements, true);
    const question = editionQuestion(settings, host);
    if (question?.asker === false) await question.answered;
    try {
      const result = await callAsync(fn, asked, settings, host, excelDateWriter(requirements));
      if (result.stale) stale.record(result.label, result.stale, now());
      else if (!result.fromCache) {
        counts.lastRefresh = now();
        stale.clear(result.label);
      }
      return { result, requirements, variants: new Map() };
    } finally {
      if (question?.asker) question.done();
    }
  }

  // auto's question of the server's edition (shared/run/call.ts askEdition), asked by the first
  // request under these settings; the requests that start before its answer is kept wait for it
  // rather than each asking again (they would wait for the same answer anyway). Once it is kept,
  // or the first request ended without keeping one, they go on and read it, or ask themselves.
  let asking: { version: number; answered: Promise<void>; kept: boolean } | undefined;
  // The cache key of the question under the settings in use, if they ask it.
  let questionOf: { version: number; key: string | undefined } | undefined;
  const questionKey = (settings: AddinSettings): string | undefined => {
    try {
      const { base } = checkSettings(settings);
      return findsEdition(settings.edition, base) ? editionKey(base) : undefined;
    } catch {
      return undefined;
    }
  };
  function editionQuestion(settings: AddinSettings, host: AsyncHost) {
    if (questionOf?.version !== settingsVersion) questionOf = { version: settingsVersion, key: questionKey(settings) };
    const key = questionOf.key;
    if (key === undefined) return undefined;
    // Kept already (this session, or the last one's answers read back): nothing to wait for.
    const kept = decodeEntry(cache.get(key));
    if (kept && isFresh(kept, "", now(), refreshedAt)) return undefined;
    if (asking?.version === settingsVersion) return asking.kept ? undefined : { asker: false as const, answered: asking.answered };
    let done: () => void = () => undefined;
    const mine = { version: settingsVersion, answered: new Promise<void>((resolve) => (done = resolve)), kept: false };
    asking = mine;
    // The asker's cache tells when the answer is kept.
    host.cache = {
      get: (k) => cache.get(k),
      entry: (k) => cache.entry(k),
      set: (k, value, ttl, memo) => {
        cache.set(k, value, ttl, memo);
        if (k !== key) return;
        mine.kept = true;
        done();
      },
    };
    return { asker: true as const, done: () => done() };
  }

  /** A variant's cells, shown at its first formula and shared with the others. */
  function shownVariant(loaded: Loaded, variant: Variant): ShownCells {
    let shown = loaded.variants.get(variant.displayKey);
    if (!shown) {
      try {
        // Typed numbers only where this Excel shows their formats (the host's writer, number-formats.ts).
        const show = loaded.result.show as NonNullable<CallResult<DateCell>["show"]>;
        shown = asShown(show(variant.display, showsDates(loaded.requirements)).cells);
      } catch (e) {
        shown = toMdqError(e);
      }
      loaded.variants.set(variant.displayKey, shown);
      // The answers kept for the next recalculation hold their shown cells: bounded by them.
      if (!(shown instanceof MdqError)) keptCells += shown.reduce((n, row) => n + row.length, 0);
      if (keptCells > KEPT_CELLS) {
        requests.forget();
        keptCells = 0;
      }
    }
    if (shown instanceof MdqError) throw shown;
    return shown;
  }

  /** A formula that shares nothing (a grid, a batch, options the core refuses): its own call. */
  async function alone(fn: FunctionSpec, cells: readonly CellValue[], cancelable?: Cancelable): Promise<ShownCells> {
    const controller = deps.newController?.() ?? new AbortController();
    if (cancelable) cancelable.onCanceled = () => controller.abort();
    try {
      return asShown((await runCells(fn, cells, controller.signal)).cells);
    } catch (e) {
      throw controller.signal.aborted ? new FormulaCancelled() : e;
    }
  }

  /** A call that can share its request with others waits for them, then asks as widely as they do. */
  async function gathered(fn: FunctionSpec, cells: readonly CellValue[]): Promise<readonly CellValue[]> {
    const gathering = gatheringOf(fn, cells, now());
    return gathering ? withCover(fn, cells, await gatherer.join(gathering.group, gathering.cover)) : cells;
  }

  return {
    run,
    formula,
    /** What this Excel supports (data types: a company's card, formatted numbers and dates). */
    requirements: () => (deps.requirements ?? officeRequirements)(),
    stats: (): RuntimeStats => ({ ...counts, cached: cache.size }),
    /** Keep a cell's error for the task pane, its arguments and message without the key. */
    recordError(fn: string, args: readonly CellValue[], error: { code: string; message: string }): void {
      const clean = (text: string) => redactKey(text, keyInUse);
      errors.record({ fn, args: describeArgs(args, clean), code: error.code, message: clean(error.message), time: now() });
    },
    /** The last cell errors, newest first. */
    errors: () => errors.list(),
    /** Changes whenever an error is recorded. */
    errorsVersion: () => errors.version,
    /** Calls answered with a stale answer (a refresh failed), newest first. */
    staleCalls: () => stale.list(),
    /** Empties the cache, in memory and in the page's storage. */
    clearCache: async (): Promise<void> => {
      cache.clear();
      requests.clear();
      asking = undefined;
      stale.reset();
      await store?.clear();
    },
    /** Once the last session's answers are read: why answers are not kept across sessions, when
     *  they are not (the task pane says it once). */
    storeNote: async (): Promise<string | undefined> => {
      await restored;
      return storeNote;
    },
    /** Every answer is fetched again at the next calculation; the old ones stay, for stale-if-error. */
    refreshAll: () => {
      refreshedAt = now();
      requests.clear();
      asking = undefined;
    },
    settings: currentSettings,
    /** Checked before it is stored: a bad setting is refused here with the core's message. */
    async saveSettings(next: AddinSettings): Promise<void> {
      settings = Promise.resolve(adopt(await writeSettings(deps.storage, next)));
    },
    /** One cheap request (the SGX sector list) past the cache, with the given or saved settings. */
    async testConnection(use?: AddinSettings): Promise<ConnectionReport> {
      const target = use ?? (await currentSettings());
      try {
        const { cells, edition } = await run("LIST", ["sgx_sectors", "headers=false"], undefined, target);
        return {
          ok: true,
          message: `Connected to ${target.baseUrl.trim()} (${edition} edition): the service answered (${cells.length} SGX sectors).`,
        };
      } catch (e) {
        return { ok: false, message: messageOf(e, excelFrontEnd(), target.apiKey) };
      }
    },
  };
}
