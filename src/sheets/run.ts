// One custom-function call: settings from Script Properties, the core's executor driven
// synchronously (Apps Script custom functions cannot wait on a Promise), the table back to
// Sheets. This is the one place where a failure becomes the Error Sheets shows as #ERROR!.
import {
  type CallResult,
  type CellValue,
  callFunction,
  creditsOfAnswer,
  type Effect,
  type EffectResult,
  type Env,
  functionNamed,
  type HttpRequest,
  type HttpResponse,
  isMdqError,
  PauseBoard,
  SHEETS_LIMITS,
  type TransportFailure,
} from "../../shared";
import { openAnswers, STALE_SECONDS } from "./answers";
import { gas } from "./apps-script";
import type { SheetsCache } from "./cache";
import { readDates, spreadsheetZone, toSheetsDate } from "./dates";
import { runClaimed } from "./drive";
import { Flights } from "./flights";
import { sheetsMessage } from "./messages";
import { withSharedReach } from "./reach";
import { DEFAULT_BUDGET_MS, NO_BASE_URL, readSettings, type SheetsSettings } from "./settings";
import { sheetPlan } from "./sheet-plan";
import { clearStale, recordSpent, recordStale } from "./status";
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
  let answers: ReturnType<typeof openAnswers> | undefined;
  // What this execution's fetches cost, counted as they leave: a call that ends in an error has no
  // result to say it, and its requests may be billed all the same (a 404).
  const sent = { requests: 0, credits: 0 };
  const tally = (request: HttpRequest, outcome: HttpResponse | TransportFailure) => {
    sent.requests++;
    if (!("failure" in outcome)) sent.credits += creditsOfAnswer(request.url, outcome);
    return outcome;
  };
  try {
    read = readSettings();
    const { settings, budgetMs, cacheGeneration } = read;
    if (!settings.baseUrl) throw NO_BASE_URL;
    answers = options.useCache === false ? undefined : openAnswers(cacheGeneration);
    const env: Env = {
      // No monotonic clock: Apps Script has no `performance`, so the deadline counts on this one.
      now: () => Date.now(),
      random: Math.random,
      policy: { deadlineMs: budgetMs, uninterruptible: true },
      limits: SHEETS_LIMITS,
      pauses,
      // Date columns as Dates in the spreadsheet's zone unless a formula says dates=text.
      datesByDefault: true,
      // Where an answer is shorter than asked, a last row says so.
      notesInCells: true,
      // Executions share answers through CacheService alone: each is there as soon as it arrives.
      keepAsFetched: true,
      // A failed refresh shows the last good answer for days: the copies keep it that long.
      staleSeconds: STALE_SECONDS,
    };
    const zone = spreadsheetZone();
    const startedAt = Date.now();
    const flights = answers && new Flights(answers.cache, startedAt, budgetMs, Date.now, (ms) => gas().Utilities.sleep(ms));
    const handle = (effect: Effect): EffectResult => {
      switch (effect.type) {
        case "fetch":
          return tally(effect.request, urlFetch(effect.request, effect.maxBytes));
        case "fetchAll":
          return urlFetchAll(effect.fetches).map((outcome, i) => tally(effect.fetches[i].request, outcome));
        case "sleep":
          gas().Utilities.sleep(effect.ms);
          return undefined;
        case "cacheGet":
          return answers?.get(effect.key) ?? null;
        case "cachePut":
          // An answer the other executions can now read: its claim becomes a landed mark.
          if (answers?.put(effect.key, effect.value, effect.ttlSeconds)) flights?.landed(effect.key);
          return undefined;
      }
    };
    const fn = functionNamed(name);
    const dated = readDates(args, zone) as CellValue[];
    // Executions run side by side: VALUE cells of a company ask for one reach (reach.ts), and
    // one execution at a time fetches each request while the others wait for its answer (flights.ts).
    const clock = { now: Date.now, sleep: (ms: number) => gas().Utilities.sleep(ms) };
    const plan = () => sheetPlan(fn, startedAt, (cells) => readDates(cells, zone) as CellValue[]);
    const cells = answers ? withSharedReach(fn, dated, answers.cache, clock, plan) : dated;
    const result = runClaimed(
      (leftMs) =>
        callFunction<Date>(fn, cells, settings, { ...env, policy: { ...env.policy, deadlineMs: leftMs } }, (iso) =>
          toSheetsDate(iso, zone),
        ),
      handle,
      flights,
      { startedAt, ms: budgetMs, now: Date.now },
    );
    answers?.finish(startedAt + budgetMs);
    if (answers) {
      noteStaleness(answers.cache, result);
      // MDQ > Status's "spent since": this execution's requests and their credits as they left
      // (a run stopped to wait for another execution may have fetched a first step: the run that
      // answered found it cached, and its result does not count it).
      recordSpent(answers.cache, sent.requests, sent.credits, Date.now());
    }
    return result;
  } catch (e) {
    // A call that failed is counted by what left: its requests, and a 404's credit.
    if (answers) recordSpent(answers.cache, sent.requests, sent.credits, Date.now());
    // The core's kind goes along, so that the sidebar tells "no company matches" from a failure.
    const failure = new Error(sheetsMessage(e, read.settings.baseUrl, read.settings.apiKey, read.budgetMs));
    throw Object.assign(failure, { kind: isMdqError(e) ? e.kind : undefined });
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
