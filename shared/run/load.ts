// A call's data and table: the row's own request or its load program, the answer decoded and laid
// out, and the call's label for the lists of stale answers.

import { decode } from "../answer/decode";
import { resultsOf } from "../answer/envelope";
import { GridOverflow, type HostLimits, tableTooLarge } from "../answer/host-limits";
import { type Periodicity, resample } from "../answer/series";
import { type Calendar, type Fill, wide } from "../answer/series-wide";
import { isMdqError } from "../base/errors";
import { withFields } from "../base/own";
import type { Table } from "../base/table";
import { refuseFutureYears } from "../request/guards";
import type { PreparedCall } from "../request/prepare";
import { withCodesAsText } from "../rows/column-types";
import type { AnswerMemo, Effect, EffectResult, Get, GetAll, Loader } from "../rows/effects";
import { inParallel } from "./in-parallel";
import type { Session } from "./session";

/** The function and its checked values (never the refresh value, which changes each refresh). */
export function callLabel(call: PreparedCall): string {
  const values = Object.entries(call.values).filter(([, v]) => v !== undefined);
  const text = `${call.fn.name}(${values.map(([k, v]) => `${k}=${v}`).join(", ")})`;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** At most this many of an answer's unreadable parts are named, then how many more. */
const PROBLEMS_SAID = 3;

/** The answer decoded and laid out; a table that outgrows every host stops while it is built.
 *  What of it could not be read (one odd record) goes to `note`, never silently. With the memo of
 *  the answer's cache entry, the decoded form is made once per entry and schema and shared by
 *  every call over it: layouts read it and never change it (test/excel/shared-answers.test.ts
 *  freezes it). */
export function tableFor(call: PreparedCall, raw: unknown, limits: HostLimits, note?: (text: string) => void, memo?: AnswerMemo): Table {
  try {
    const schema = call.endpoint.response;
    const decoded = memo?.has(schema) ? memo.get(schema) : decode(schema, raw, call.fn.name, call.edition);
    memo?.set(schema, decoded);
    const problems = (decoded as Partial<Table> | null)?.problems ?? [];
    for (const p of problems.slice(0, PROBLEMS_SAID)) note?.(`the answer was read in part: ${p}`);
    if (problems.length > PROBLEMS_SAID) note?.(`and ${problems.length - PROBLEMS_SAID} more parts of the answer could not be read`);
    // Codes as text whatever the service wrote, in every host (rows/column-types.ts).
    return withCodesAsText(call.endpoint.layout(decoded, call.values), call.fn.identifiers);
  } catch (e) {
    throw e instanceof GridOverflow ? tableTooLarge(e.size, limits) : e;
  }
}

/** A time series as the call asks for it: a row per week, month, quarter or year (`period=`), and
 *  side by side (`layout=wide`); a period partly outside the window is noted, as its sums cover only
 *  the days within. A table of one key gets its key column for the wide layout. */
export function asSeries(call: PreparedCall, table: Table, note: (text: string) => void): Table {
  const spec = call.fn.series;
  const v = call.values;
  if (!spec || table.rows.length === 0) return table;
  let out = table;
  const period = (v.period ?? "daily") as Periodicity;
  if (period !== "daily") {
    const resampled = resample(out, spec, period, v.start && v.end ? { start: v.start, end: v.end } : undefined);
    for (const p of resampled.partial)
      note(
        `${p.key ? `${p.key}: ` : ""}${p.period} runs ${p.from} to ${p.to}, partly outside the window (${v.start} to ${v.end}): its row covers the days within only`,
      );
    out = resampled.table;
  }
  if (v.layout !== "wide") return out;
  const keyed =
    spec.key && !out.columns.includes(spec.key)
      ? { ...out, columns: [spec.key, ...out.columns], rows: out.rows.map((r) => [v[spec.key as string] ?? null, ...r]) }
      : out;
  return wide(keyed, spec, { calendar: (v.calendar ?? "union") as Calendar, fill: (v.fill ?? "none") as Fill });
}

/** The table; an answer that made sense but lacks what was asked (VALUE's field or period: no_data
 *  from a layout) is kept all the same, as asking again would give the same answer. */
export function* keptIfAnswered(session: Session, table: () => Table): Generator<Effect, Table, EffectResult> {
  try {
    return table();
  } catch (e) {
    if (isMdqError(e) && e.kind === "no_data") yield* session.keep();
    throw e;
  }
}

/** The call's data: the row's load program, else its one request; each request through the session. */
export function* loadData(
  call: PreparedCall,
  session: Pick<Session, "get" | "notes"> & Partial<Pick<Session, "derive">>,
  now: number,
): Generator<Effect, unknown, EffectResult> {
  refuseFutureYears(call.fn, call.values, now);
  const get: Get = (path, query, options) =>
    session.get({ path, query, repeated: options?.repeated ?? call.target.repeated }, options?.life);
  // The row's own target object goes first: its request was built when the call was prepared.
  const note = (text: string) => {
    if (!session.notes.includes(text)) session.notes.push(text);
  };
  const all: GetAll = function* (requests) {
    const outcomes = yield* inParallel(
      requests.map((r) => session.get({ path: r.path, query: r.query, repeated: call.target.repeated }, r.life)),
    );
    const failed = outcomes.find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
    return outcomes.map((o) => (o.ok ? o.value : undefined));
  };
  return yield* (call.endpoint.load ?? loadOne(call, session.derive?.bind(session)))(
    get,
    call.sent,
    withFields(call.target, { fn: call.fn.name, now, note }),
    all,
  );
}

/** The row's one request; an envelope's results are the data (read from the answer alone, so
 *  they share its cache entry's memo). */
const loadOne = (call: PreparedCall, derive?: (derived: unknown, answer: unknown) => void): Loader =>
  function* (get, _values, first) {
    const json = yield* get(first.path, first.query);
    if (!call.endpoint.envelope) return json;
    const results = resultsOf(json, first.fn);
    derive?.(results, json);
    return results;
  };
