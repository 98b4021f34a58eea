// A call naming many keys (a batch: run/batch.ts): each key's call prepared, and so checked,
// before any request; their requests sent together; their tables stacked, a failed key one row.

import { withoutBlankFields } from "../answer/blank-fields";
import { type DateWriter, pickFields, presentFormatted } from "../answer/display";
import { CLI_LIMITS, type HostLimits } from "../answer/host-limits";
import type { CellValue } from "../base/cells";
import { MdqError, toMdqError } from "../base/errors";
import type { Cell, Table } from "../base/table";
import { type PreparedCall, prepare } from "../request/prepare";
import type { Settings } from "../request/settings";
import type { Effect, EffectResult } from "../rows/effects";
import type { FunctionSpec } from "../rows/function-spec";
import { tableFormats } from "../rows/number-formats";
import { type Batch, type Block, explainOne, keyedValues, keyText, stackBlocks } from "./batch";
import type { Staleness } from "./cache-entry";
import { type CallOutcome, cellWriters, type Env, withHostDates, withNotes } from "./env";
import { inParallel } from "./in-parallel";
import { asSeries, callLabel, loadData, tableFor } from "./load";
import { Session } from "./session";

/** A call naming many keys: each key's call prepared (and so checked) before any request, their
 *  requests sent together, the tables stacked (batch.ts). */
export function* callMany<D>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  batch: Batch,
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallOutcome<D>, EffectResult> {
  const limits = env.limits ?? CLI_LIMITS;
  const calls = batch.keys.map((key) => {
    const one = args.slice();
    one[batch.at] = key;
    return prepare(fn, one, settings, limits);
  });
  if (calls[0].display.explain) throw explainOne(batch.arg.name);
  const sessions = calls.map((call) => new Session(call, env));
  const outcomes = yield* inParallel(calls.map((call, i) => loadTable(call, sessions[i], limits, env.now())));
  const blocks: Block[] = outcomes.map((outcome, i) => {
    const key = batch.keys[i];
    if (!outcome.ok) return { key, error: toMdqError(outcome.error, settings.apiKey) };
    if (outcome.value.rows.length === 0) return { key, error: new MdqError("no_data", "no data for this key.") };
    return { key, table: outcome.value };
  });
  const display = withHostDates(calls[0].display, env);
  const seriesNotes: string[] = [];
  // Side by side, a failed key has no column: its error is said in a note instead.
  if (calls[0].values.layout === "wide")
    for (const b of blocks) if ("error" in b) seriesNotes.push(`${keyText(b.key)}: ${b.error.sentence}`);
  // A statement's fields blank for every key are left out (a batch of banks), not each key's own.
  const omitBlank = blocks.some((b) => "table" in b && b.table.omitBlank);
  const stacked = withoutBlankFields({ ...stackBlocks(batch, blocks), omitBlank }, calls[0].display.fields);
  const table = asSeries(calls[0], stacked, (n) => seriesNotes.push(n));
  const { cells, formats, headers } = presentFormatted(
    table,
    { ...display, fields: undefined, orient: display.orient ?? "rows" },
    limits,
    cellWriters(env, writeDate, tableFormats(fn, keyValues(table, batch, calls[0]))),
  );
  // Each key's answers are kept once its table was made: a key that failed keeps nothing.
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.ok) yield* sessions[i].keep();
  }
  const keys = batch.keys.map(keyText).join(",");
  const notes = [...sessions.flatMap((s, i) => s.notes.map((n) => `${keyText(batch.keys[i])}: ${n}`)), ...seriesNotes];
  const result = combined(
    sessions,
    withNotes(cells, notes, env, display.notes !== false),
    callLabel({ ...calls[0], values: { ...calls[0].values, [batch.arg.name]: keys } }),
  );
  if (formats) result.formats = formats;
  result.headers = headers;
  return notes.length ? { ...result, notes } : result;
}

/** The call values of a stacked row, from the key that heads it (stackBlocks): where a function's
 *  market is its key's (COMPANY's tickers), each row's prices take its own market's tick. A table
 *  laid out otherwise (a series side by side) keeps the first key's. */
function keyValues(table: Table, batch: Batch, first: PreparedCall) {
  const name = batch.arg.name;
  if (table.columns[0] !== name) return () => first.values;
  return (row: readonly Cell[]) => keyedValues(first.values, name, row);
}

/** One key's table, its `fields=` picked (a key without them is an error row, not a failed call). */
function* loadTable(call: PreparedCall, session: Session, limits: HostLimits, now: number): Generator<Effect, Table, EffectResult> {
  const raw = yield* loadData(call, session, now);
  const table = tableFor(call, raw, limits, (n) => session.notes.push(n), session.memoOf(raw));
  const fields = call.display.fields;
  if (!fields || table.rows.length === 0) return table;
  // The column that heads each record (QUARTERLY's date) stays, as it does in a statement.
  const key = table.key;
  return pickFields(table, key && !fields.some((f) => f.toLowerCase() === key) ? [key, ...fields] : fields);
}

/** The result of a call made of several sessions (a batch's keys, a grid's rows): their requests
 *  and credits added up, the oldest stale answer among them, one label. */
export function combined<D>(sessions: Session[], cells: CallOutcome<D>["cells"], label: string): CallOutcome<D> {
  const attempts = sessions.reduce((sum, s) => sum + s.attempts, 0);
  // A session whose answer came but made no table (no rows) was billed all the same.
  const credits = sessions.reduce((sum, s) => sum + s.credits, 0);
  const stale = sessions
    .map((s) => s.stale)
    .reduce<Staleness | undefined>((a, b) => (!a ? b : !b || a.since <= b.since ? a : b), undefined);
  const result: CallOutcome<D> = { cells, fromCache: attempts === 0, attempts, credits, label };
  return stale ? { ...result, stale } : result;
}
