// The executor: one call of a catalogue row (the host looked it up and hands it in), written once
// for every host. It is a generator that yields effects (rows/effects.ts: fetch, sleep, cache
// get/put) and never does I/O itself; a host drives it synchronously (Apps Script: UrlFetchApp,
// Utilities.sleep, CacheService) or asynchronously (Excel and Node: fetch, timers, memory) with
// the drivers of drive/.
//
// Stages:
//   1. prepare   validate arguments and settings, pick the edition, build the request (request/prepare.ts)
//   2. load      the endpoint's requests: one, or pages, one per item, a lookup first (rows/loaders.ts);
//                each request:
//      lookup    answer from the cache when fresh (and of the call's refresh generation)
//      turn      wait while the service asked the runtime to pause      (pauses.ts)
//      fetch     send, within one overall deadline and the answer limit (send.ts); time a
//                request waits in the host's own queue is bounded apart, outside the deadline
//      classify  status + body → JSON or a typed error                  (answer/classify.ts)
//      retry     429 / 5xx / network / timeout, backoff with jitter     (send.ts);
//                never a host's own limit (host_limit) or a local failure
//      stale     when the fetch fails for the service's trouble, the last good answer (session.ts)
//   3. decode    lenient schema: decimals, JSON-encoded fields          (answer/decode.ts)
//   4. render    layout + display options → 2-D array within the grid  (answer/display.ts)
//   5. store     keep each body for the function's lifetime, once the call succeeded
// A call naming many keys (a batch) runs each key's stages side by side (call-many.ts); a grid
// (VALUE over ranges) each key's cells (grid.ts). With `explain=true` a call shows, instead of its
// answer, where the answer came from (explained, load.ts).

import { withoutBlankFields } from "../answer/blank-fields";
import type { DateWriter } from "../answer/display";
import { type LayoutMemo, present, presentFormatted } from "../answer/display";
import { CLI_LIMITS } from "../answer/host-limits";
import type { CellValue } from "../base/cells";
import { type Edition, liveNotSpec, resolveEdition } from "../base/editions";
import { isMdqError, type MdqError, toMdqError } from "../base/errors";
import { withFields } from "../base/own";
import type { Table } from "../base/table";
import type { DisplayOptions } from "../input/options";
import { type Checked, validate } from "../input/validate";
import {
  EDITION_PROBE,
  editionAfter,
  editionKey,
  editionOfProbe,
  editionProbe,
  editionText,
  findsEdition,
  KEPT_EDITION_SECONDS,
  keptServer,
  mayBeEditionMismatch,
  refusedAtV2,
  type ServerEdition,
  specAddress,
} from "../request/edition-auto";
import { checkFields } from "../request/guards";
import { prepare } from "../request/prepare";
import { checkSettings, type Settings } from "../request/settings";
import { creditsOf, creditsOfAnswer, creditsOfRefusal } from "../rows/credits";
import type { Effect, EffectResult, FetchEffect } from "../rows/effects";
import { asDecoded, type FunctionSpec } from "../rows/function-spec";
import { tableFormats } from "../rows/number-formats";
import { batchOf } from "./batch";
import { cachedRead, decodeEntry, type Entry, encodeEntry, firstToKeep, isFresh } from "./cache-entry";
import { callMany } from "./call-many";
import type { CallOutcome, CallResult, Env, ShowAnswer } from "./env";
import { cellWriters, monotonicNow, withHostDates, withNotes } from "./env";
import { callGrid, gridOf } from "./grid";
import { asSeries, callLabel, explained, keptIfAnswered, loadData, tableFor } from "./load";
import { DEFAULT_POLICY } from "./retry-policy";
import { CallClock, fetchWithRetry } from "./send";
import { type Answered, Session } from "./session";

/** One call of a row, its arguments as the cells gave them, in the edition the settings name or,
 *  for `auto`, the one the server speaks (request/edition-auto.ts). */
export function* callFunction<D = never>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallResult<D>, EffectResult> {
  try {
    // Set to spec: followed to the server's spec address, or refused, where its base URL speaks live.
    if (settings.edition === "spec") {
      const run = (at: Settings, asked: Pick<Asked, "question" | "checked">) => callIn(fn, args, at, env, writeDate, asked);
      return Object.assign(yield* callInSpec(fn, args, settings, env, run), { edition: "spec" as const });
    }
    const started = monotonicNow(env);
    const asked = yield* askEdition(fn, args, settings, env);
    // The question's time counts against the call's deadline: one bound for the whole call.
    const callEnv = asked.attempts > 0 ? withTimeSpent(env, monotonicNow(env) - started) : env;
    let edition = asked.edition ?? resolveEdition(settings.edition, settings.baseUrl.trim());
    let answered: CallOutcome<D>;
    try {
      answered = yield* callIn(fn, args, withFields(settings, { edition }), callEnv, writeDate, asked);
    } catch (e) {
      // A server asked (or kept) as spec that answers 410 has moved to live since.
      const { base } = asked;
      const moved = base && isMdqError(e) ? editionAfter(e, edition) : undefined;
      if (!base || !moved) throw e;
      yield keepEdition(base, editionEntry({ edition: moved, specPath: (e as MdqError).specPath }, env.now()));
      edition = moved;
      answered = yield* callIn(fn, args, withFields(settings, { edition }), callEnv, writeDate, { checked: asked.checked });
      // The request answered 410 was sent too (a 410 is never retried).
      answered.attempts++;
      answered.fromCache = false;
    }
    // The outcome is this call's own object: completed in place, not copied (base/own.ts withFields).
    answered.fromCache &&= asked.attempts === 0;
    answered.attempts += asked.attempts;
    answered.credits += asked.credits;
    return Object.assign(answered, { edition });
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

/** What askEdition found, and the arguments it checked on the way (none when the edition was kept). */
interface Asked {
  base?: string;
  edition?: Edition;
  attempts: number;
  credits: number;
  question?: Answered;
  checked?: Checked;
}

/** For `auto` away from the provider's host, the edition the server speaks: kept from an earlier
 *  call, or asked now, once this call's arguments and settings have passed their checks (a bad one
 *  still costs no request). No edition: the setting decides (request/edition-auto.ts). */
function* askEdition(fn: FunctionSpec, args: readonly CellValue[], settings: Settings, env: Env): Generator<Effect, Asked, EffectResult> {
  const { base, apiKey, maxAnswerBytes } = checkSettings(settings);
  if (!findsEdition(settings.edition, base)) return { attempts: 0, credits: 0 };
  const kept = yield* keptEditionOf(base, env);
  if (kept) return { base, edition: kept.server.edition, attempts: 0, credits: 0, question: questionOf(kept.entry, "cache", 0) };
  // A grid's or a batch's cells are checked one by one as they run: one bad cell fails only itself.
  const checked = gridOf(fn, args) || batchOf(fn, args) ? undefined : validate(fn, args);
  // A question left unanswered leaves the call the rest of its time, in the edition assumed before asking.
  const shown = yield* askServer(base, apiKey, maxAnswerBytes, env);
  const { attempts, credits } = shown;
  if (!shown.known) return { base, edition: shown.edition, attempts, credits, checked };
  const entry = editionEntry(shown, env.now());
  if (shown.keep) yield keepEdition(base, entry);
  return { base, edition: shown.edition, attempts, credits, question: questionOf(entry, "service", credits), checked };
}

/** The host's env with a call's deadline shortened by what it has spent already. */
function withTimeSpent(env: Env, spentMs: number): Env {
  const deadlineMs = env.policy?.deadlineMs ?? DEFAULT_POLICY.deadlineMs;
  return withFields(env, { policy: withFields(env.policy ?? {}, { deadlineMs: Math.max(1, deadlineMs - spentMs) }) });
}

/** A server's edition as a cache entry, fresh for a day from `now`. */
const editionEntry = (server: ServerEdition, now: number): Entry => ({
  body: editionText(server),
  fetchedAt: now,
  freshUntil: now + KEPT_EDITION_SECONDS * 1000,
  generation: "",
});

/** A server's edition, kept beside the answers. */
const keepEdition = (base: string, entry: Entry): Effect => ({
  type: "cachePut",
  key: editionKey(base),
  value: encodeEntry(entry),
  ttlSeconds: KEPT_EDITION_SECONDS,
});

/** The question of the edition as explain=true lists it: apart from the call's own requests. */
const questionOf = (entry: Entry, from: Answered["from"], price: number): Answered => ({
  target: EDITION_PROBE,
  from,
  fetchedAt: entry.fetchedAt,
  freshUntil: entry.freshUntil,
  price,
  about: { words: `which edition the server speaks: ${serverInWords(entry.body)}`, bookkeeping: true },
});

/** A kept answer to the question in words: "live", "live (its spec edition under /spec)". */
function serverInWords(kept: string): string {
  const server = keptServer(kept);
  if (!server) return kept;
  return server.specPath ? `${server.edition} (its spec edition under ${server.specPath})` : server.edition;
}

/** The edition kept for a base URL and still fresh (no request), with its entry. */
function* keptEditionOf(base: string, env: Env): Generator<Effect, { server: ServerEdition; entry: Entry } | undefined, EffectResult> {
  const entry = decodeEntry(cachedRead(yield { type: "cacheGet", key: editionKey(base) }).text);
  const server = entry && isFresh(entry, "", env.now(), env.refreshedAt) ? keptServer(entry.body) : undefined;
  return entry && server ? { server, entry } : undefined;
}

/** The question's outcome: what it shows (`known`: whether to keep it), what it cost, whether
 *  this call is the one to keep it (calls in flight together share one fetch), and its failure. */
interface ServerAnswer extends ServerEdition {
  known: boolean;
  attempts: number;
  credits: number;
  keep: boolean;
  failure?: MdqError;
}

/** The edition question sent to a base URL: one try, within a third of the call's time, so a
 *  question left unanswered leaves the call the rest. */
function* askServer(base: string, apiKey: string, maxAnswerBytes: number, env: Env): Generator<Effect, ServerAnswer, EffectResult> {
  const callPolicy = { ...DEFAULT_POLICY, ...env.policy };
  const policy = { ...callPolicy, attempts: 1, deadlineMs: Math.ceil(callPolicy.deadlineMs / 3) };
  let failure: MdqError | undefined;
  let attempts = 1;
  let credits = 0;
  // Every formula of a first recalculation asks at once; they share one fetch, and one keeps it.
  let keep = true;
  try {
    const answer = yield* fetchWithRetry(editionProbe(base, apiKey), env, policy, new CallClock(monotonicNow(env), policy), maxAnswerBytes);
    attempts = answer.attempts;
    credits = creditsOf(EDITION_PROBE.path, EDITION_PROBE.query, () => answer.json);
    keep = !answer.memo || firstToKeep(answer.memo, editionKey(base));
  } catch (e) {
    if (!isMdqError(e)) throw e;
    failure = e;
    credits = creditsOfRefusal(e.status);
  }
  return { ...editionOfProbe(failure), attempts, credits, keep, failure };
}

// A call set to the spec edition, at a base URL that may speak live: the provider's service, or
// MDQ's sandbox, which serves live at its root and spec under /spec. Sent there, the spec
// edition's /v1/ paths answer 410 and its /v2/ mining paths meet the live edition's, where a
// company looked up the spec way is "not found": a message that misleads. So a failure the wrong
// edition could cause is not shown until the server has said which edition it speaks (the
// question `auto` asks, request/edition-auto.ts, kept a day under the same key). A server that
// speaks live there either names where it serves the spec edition (a 410's SPEC_PATH_FIELD), and
// the call is made there once that address answers the question as spec; or names none, and the
// call fails with one sentence naming both ways out (base/editions.ts liveNotSpec). A call that
// succeeds costs nothing more; nor does a failure at a server known to speak spec.

/** The call itself in the spec edition at a base URL (callIn), with the question of the spec
 *  address's edition when it was asked or kept for it (explain=true lists it). */
type SpecRun<D> = (settings: Settings, asked: Pick<Asked, "question" | "checked">) => Generator<Effect, CallOutcome<D>, EffectResult>;

/** Requests sent and credits billed on the way to the answer: a failed try, the questions; and
 *  whether the try met a refusal of one of its /v2/ paths. */
interface Spent {
  attempts: number;
  credits: number;
  refusedAtV2?: boolean;
  /** The try's answers, billed only if it fails: a try that answers is counted by its own session,
   *  and reading an answer's credits parses it again. */
  unbilled?: (() => number)[];
}

/** The credits of a failed try's answers added to what was spent. */
function billTry(spent: Spent): void {
  for (const bill of spent.unbilled ?? []) spent.credits += bill();
  spent.unbilled = [];
}

function* callInSpec<D>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  env: Env,
  run: SpecRun<D>,
): Generator<Effect, CallOutcome<D>, EffectResult> {
  const { base } = checkSettings(settings);
  // The arguments first: a bad one is refused as such, at no cost, whatever the server speaks. A
  // grid's or a batch's cells are checked one by one as they run.
  const checked = gridOf(fn, args) || batchOf(fn, args) ? undefined : validate(fn, args);
  const kept = (yield* keptEditionOf(base, env))?.server;
  if (kept?.edition === "live") return yield* atSpecAddress(base, kept, settings, env, run, checked, { attempts: 0, credits: 0 });
  const spent: Spent = { attempts: 0, credits: 0 };
  try {
    return yield* counted(run(settings, { checked }), base, spent);
  } catch (e) {
    billTry(spent);
    if (!isMdqError(e) || !mayBeEditionMismatch(e, spent.refusedAtV2 === true)) throw e;
    // At a server known to speak spec a failure is its own, unless a 410 says it has moved to live.
    if (kept?.edition === "spec" && e.kind !== "gone") throw e;
    // A 410 says live itself (and may name the spec address); anything else, the question says.
    let server: ServerEdition;
    if (e.kind === "gone") server = e.specPath ? { edition: "live", specPath: e.specPath } : { edition: "live" };
    else {
      const { apiKey, maxAnswerBytes } = checkSettings(settings);
      const answer = yield* askServer(base, apiKey, maxAnswerBytes, env);
      spent.attempts += answer.attempts;
      spent.credits += answer.credits;
      // A server that speaks spec (or said nothing): the failure is the call's own.
      if (!answer.known) throw e;
      if (answer.keep) yield keepEdition(base, editionEntry(answer, env.now()));
      if (answer.edition === "spec") throw e;
      server = answer;
    }
    if (e.kind === "gone") yield keepEdition(base, editionEntry(server, env.now()));
    return yield* atSpecAddress(base, server, settings, env, run, checked, spent);
  }
}

/** The call at the spec address a live server names, once that address has answered the question
 *  as the spec edition (kept like any base URL's edition); none named, or one that does not
 *  answer as spec: the one sentence with both ways out. */
function* atSpecAddress<D>(
  base: string,
  server: ServerEdition,
  settings: Settings,
  env: Env,
  run: SpecRun<D>,
  checked: Checked | undefined,
  spent: Spent,
): Generator<Effect, CallOutcome<D>, EffectResult> {
  if (!server.specPath) throw liveNotSpec(base);
  const address = specAddress(base, server.specPath);
  const notThere = (why: string) => liveNotSpec(base, `it names ${address} as its spec edition's address, which ${why}`);
  const kept = yield* keptEditionOf(address, env);
  const there = kept?.server;
  if (there?.edition === "live") throw notThere("speaks live too");
  let question = kept && questionOf(kept.entry, "cache", 0);
  if (!there) {
    const { apiKey, maxAnswerBytes } = checkSettings(settings);
    const answer = yield* askServer(address, apiKey, maxAnswerBytes, env);
    spent.attempts += answer.attempts;
    spent.credits += answer.credits;
    // Only the spec edition's list answered is taken as spec here: a 404 at an address that a
    // server named is no spec service, and one that does not answer is not used.
    if (answer.failure) throw notThere(`did not answer as one (${answer.failure.status ?? answer.failure.kind})`);
    const entry = editionEntry({ edition: "spec" }, env.now());
    if (answer.keep) yield keepEdition(address, entry);
    question = questionOf(entry, "service", answer.credits);
  }
  const outcome = yield* run(withFields(settings, { baseUrl: address }), { question, checked });
  outcome.attempts += spent.attempts;
  outcome.credits += spent.credits;
  outcome.fromCache &&= spent.attempts === 0;
  return outcome;
}

/** The call's effects passed on as they are, its requests and their credits counted on the way:
 *  a try that fails tells no outcome, yet what it sent is the user's to know. */
function* counted<T>(call: Generator<Effect, T, EffectResult>, base: string, spent: Spent): Generator<Effect, T, EffectResult> {
  let step = call.next();
  while (!step.done) {
    const effect = step.value;
    const result: EffectResult = yield effect;
    if (effect.type === "fetch") count(effect, result, base, spent);
    else if (effect.type === "fetchAll" && Array.isArray(result)) {
      for (const [i, f] of effect.fetches.entries()) count(f, result[i], base, spent);
    }
    step = call.next(result);
  }
  return step.value;
}

/** One request of a try, as it was answered: counted, billed, and whether a /v2/ path was refused. */
function count(effect: FetchEffect, result: EffectResult, base: string, spent: Spent): void {
  if (!result || typeof result !== "object" || Array.isArray(result) || !("status" in result || "failure" in result)) return;
  spent.attempts++;
  if (!("status" in result)) return;
  const path = effect.request.url.slice(base.length);
  spent.unbilled ??= [];
  spent.unbilled.push(() => creditsOfAnswer(path, result));
  if (refusedAtV2(path.split("?")[0], result.status)) spent.refusedAtV2 = true;
}

/** The call in one edition; `question`: how its edition was found, for explain=true; `checked`:
 *  its arguments, when the question checked them already. */
function* callIn<D>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
  { question, checked }: Pick<Asked, "question" | "checked"> = {},
): Generator<Effect, CallOutcome<D>, EffectResult> {
  const limits = env.limits ?? CLI_LIMITS;
  const grid = gridOf(fn, args);
  if (grid) return yield* callGrid(fn, args, grid, settings, env, writeDate);
  const batch = batchOf(fn, args);
  if (batch) return yield* callMany(fn, args, batch, settings, env, writeDate);
  const call = prepare(fn, args, settings, limits, checked);
  const session = new Session(call, env);
  const raw = yield* loadData(call, session, env.now());
  const note = (n: string) => session.notes.push(n);
  // Decoded once; a statement's fields its template never fills are left out (answer/blank-fields.ts),
  // unless a display's `fields=` names them.
  let decoded: Table | undefined;
  const laidOut = (fields?: string[]) => {
    decoded ??= tableFor(call, raw, limits, note, session.memoOf(raw));
    return withoutBlankFields(decoded, fields);
  };
  const table = asSeries(call, yield* keptIfAnswered(session, () => laidOut(call.display.fields)), note);
  // What the variants of this answer share (display.ts LayoutMemo): a host shows it several ways.
  const memo: LayoutMemo = {};
  const formats = tableFormats(fn, () => call.values);
  const shownIn = (display: DisplayOptions, formatted = true) => {
    // Another variant's fields: checked as prepare checks the call's own, its table laid out anew
    // (its series notes are the call's own, already said).
    const fields = display.fields;
    if (fields && call.endpoint.layout === asDecoded) checkFields(fields, call.endpoint.response.columns);
    const own = fields === call.display.fields ? table : asSeries(call, laidOut(fields), () => undefined);
    if (display.explain) return { cells: present(explained(call, own, session, question), { headers: false }, limits), headers: false };
    const writers = formatted ? cellWriters(env, writeDate, formats) : { date: writeDate };
    const shown = presentFormatted(own, withHostDates(display, env), limits, writers, memo);
    return { cells: withNotes(shown.cells, session.notes, env, display.notes !== false), formats: shown.formats, headers: shown.headers };
  };
  const show: ShowAnswer<D> = (display, formatted) => {
    try {
      return shownIn(display, formatted);
    } catch (e) {
      throw toMdqError(e, settings.apiKey);
    }
  };
  const shown: ReturnType<ShowAnswer<D>> = env.showLater ? { cells: [] } : shownIn(call.display);
  // Answers are kept only once the whole call made sense of them: never a body that failed.
  yield* session.keep();
  // No spread between the fields: ES2017's lowering of one copies each property's descriptor, a
  // cost every distinct request of a recalculation paid.
  const result: CallOutcome<D> = {
    cells: shown.cells,
    fromCache: session.attempts === 0,
    attempts: session.attempts,
    credits: session.credits,
    label: callLabel(call),
    show,
  };
  if (shown.formats) result.formats = shown.formats;
  if (shown.headers !== undefined) result.headers = shown.headers;
  if (session.notes.length) result.notes = [...session.notes];
  // One pass over the answers: when the oldest left the service (a card names it beside the
  // provider), when the first goes stale, and whether any was refused.
  let [fetchedAt, freshUntil, refused] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, false];
  for (const a of session.answered) {
    fetchedAt = Math.min(fetchedAt, a.fetchedAt);
    freshUntil = Math.min(freshUntil, a.freshUntil);
    refused ||= a.from === "refused";
  }
  if (session.answered.length) result.fetchedAt = fetchedAt;
  if (session.stale) result.stale = session.stale;
  else if (session.answered.length && !refused) result.freshUntil = freshUntil;
  return result;
}
