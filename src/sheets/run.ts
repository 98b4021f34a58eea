// One custom-function call: settings from Script Properties, the core's executor driven
// synchronously (Apps Script custom functions cannot wait on a Promise), the table back to
// Sheets. This is the one place where a failure becomes the Error Sheets shows as #ERROR!.
import {
  type CallResult,
  type CellValue,
  callFunction,
  type Effect,
  type EffectResult,
  type Env,
  functionNamed,
  PauseBoard,
  runSync,
  SHEETS_LIMITS,
} from "../../shared";
import { openAnswers } from "./answers";
import { gas } from "./apps-script";
import type { SheetsCache } from "./cache";
import { readDates, spreadsheetZone, toSheetsDate } from "./dates";
import { sheetsMessage } from "./messages";
import { DEFAULT_BUDGET_MS, NO_BASE_URL, readSettings, type SheetsSettings } from "./settings";
import { clearStale, recordStale } from "./status";
import { urlFetch, urlFetchAll } from "./transport";

export type SheetsCell = string | number | boolean | Date;

export interface RunOptions {
  /** Test connection reads and writes no cache: it must reach the service. */
  useCache?: boolean;
}

/** One back-off per execution: a call that meets a 429 asking to wait pauses the calls after it. */
const pauses = new PauseBoard();

export function call(name: string, args: unknown[], options: RunOptions = {}): CallResult<Date> {
  let read: SheetsSettings = { settings: { baseUrl: "" }, budgetMs: DEFAULT_BUDGET_MS, cacheGeneration: "0" };
  try {
    read = readSettings();
    const { settings, budgetMs, cacheGeneration } = read;
    if (!settings.baseUrl) throw NO_BASE_URL;
    const answers = options.useCache === false ? undefined : openAnswers(cacheGeneration);
    const env: Env = {
      now: () => Date.now(),
      random: Math.random,
      policy: { deadlineMs: budgetMs, uninterruptible: true },
      limits: SHEETS_LIMITS,
      pauses,
      // Date columns as Dates in the spreadsheet's zone unless a formula says dates=text.
      datesByDefault: true,
    };
    const zone = spreadsheetZone();
    const handle = (effect: Effect): EffectResult => {
      switch (effect.type) {
        case "fetch":
          return urlFetch(effect.request, effect.maxBytes);
        case "fetchAll":
          return urlFetchAll(effect.fetches);
        case "sleep":
          gas().Utilities.sleep(effect.ms);
          return undefined;
        case "cacheGet":
          return answers?.get(effect.key) ?? null;
        case "cachePut":
          answers?.put(effect.key, effect.value, effect.ttlSeconds);
          return undefined;
      }
    };
    const cells = readDates(args, zone) as CellValue[];
    const result = runSync(
      callFunction<Date>(functionNamed(name), cells, settings, env, (iso) => toSheetsDate(iso, zone)),
      handle,
    );
    answers?.finish();
    if (answers) noteStaleness(answers.cache, result);
    return result;
  } catch (e) {
    throw new Error(sheetsMessage(e, read.settings.baseUrl, read.settings.apiKey, read.budgetMs));
  }
}

/** Stale answers are listed for MDQ > Status; a fresh answer takes its call off the list. */
function noteStaleness(cache: SheetsCache, result: CallResult<Date>): void {
  if (result.stale) recordStale(cache, { call: result.label, ...result.stale, servedAt: Date.now() });
  else if (!result.fromCache) clearStale(cache, result.label);
}

/** What an `=MDQ_NAME(...)` cell returns: a 2-D array Sheets spills, blanks as "". */
export function run(name: string, args: unknown[]): SheetsCell[][] {
  return call(name, args).cells.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : cell)));
}
