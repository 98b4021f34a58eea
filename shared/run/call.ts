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
// answer, where the answer came from (explained, below).

import type { DateWriter } from "../answer/display";
import { present } from "../answer/display";
import { CLI_LIMITS } from "../answer/host-limits";
import type { CellValue } from "../base/cells";
import { toMdqError } from "../base/errors";
import type { Table } from "../base/table";
import { type PreparedCall, prepare } from "../request/prepare";
import type { Settings } from "../request/settings";
import { queryString } from "../request/url";
import type { Effect, EffectResult } from "../rows/effects";
import type { FunctionSpec } from "../rows/function-spec";
import { batchOf } from "./batch";
import { callMany } from "./call-many";
import { type CallResult, type Env, withHostDates, withNotes } from "./env";
import { callGrid, gridOf } from "./grid";
import { asSeries, callLabel, keptIfAnswered, loadData, tableFor } from "./load";
import { Session } from "./session";

/** One call of a row, its arguments as the cells gave them. */
export function* callFunction<D = never>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallResult<D>, EffectResult> {
  const limits = env.limits ?? CLI_LIMITS;
  try {
    const grid = gridOf(fn, args);
    if (grid) return yield* callGrid(fn, args, grid, settings, env, writeDate);
    const batch = batchOf(fn, args);
    if (batch) return yield* callMany(fn, args, batch, settings, env, writeDate);
    const call = prepare(fn, args, settings, limits);
    const session = new Session(call, env);
    const raw = yield* loadData(call, session, env.now());
    const table = asSeries(
      call,
      yield* keptIfAnswered(session, () => tableFor(call, raw, limits, (n) => session.notes.push(n), session.memoOf(raw))),
      (n) => session.notes.push(n),
    );
    const cells = call.display.explain
      ? present(explained(call, table, session), { headers: false }, limits)
      : withNotes(present(table, withHostDates(call.display, env), limits, writeDate), session.notes, env, call.display.notes !== false);
    // Answers are kept only once the whole call made sense of them: never a body that failed.
    for (const put of session.puts) yield put;
    const result: CallResult<D> = {
      cells,
      fromCache: session.attempts === 0,
      attempts: session.attempts,
      credits: session.credits,
      label: callLabel(call),
      ...(session.notes.length ? { notes: [...session.notes] } : {}),
    };
    return session.stale ? { ...result, stale: session.stale } : result;
  } catch (e) {
    throw toMdqError(e, settings.apiKey);
  }
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
const FROM = { service: "from the service", cache: "from the cache", stale: "a stale copy, the service failing" } as const;

/** A call's answer explained: the value (or the table's size), where in the answer it is, and each
 *  request with when it was fetched, how long it stays fresh and its credits. Never the key. */
function explained(call: PreparedCall, table: Table, session: Session): Table {
  const rows: Table["rows"] = [
    ["call", callLabel(call)],
    table.value
      ? ["value", table.rows[0]?.[0] ?? null]
      : ["answer", `a table of ${table.rows.length} rows and ${table.columns.length} columns`],
  ];
  if (table.source) rows.push(["source", table.source]);
  for (const n of session.notes) rows.push(["note", n]);
  for (const a of session.answered) {
    rows.push(["request", `GET ${a.target.path}${queryString(a.target.query, a.target.repeated)}`]);
    rows.push(["fetched", `${utc(a.fetchedAt)}, ${FROM[a.from]}`]);
    rows.push(["fresh until", utc(a.freshUntil)]);
    rows.push(["credits", a.from === "service" ? a.price : `${a.price} when fetched; 0 now`]);
  }
  rows.push(["credits of this call", session.credits]);
  return { columns: ["what", "detail"], rows, orient: "rows" };
}
