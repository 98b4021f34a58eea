// A call's data and table: the row's own request or its load program, the answer decoded and laid
// out, and the call's label for the lists of stale answers. With explain=true, instead of its
// answer, where the answer came from in an analyst's words (`explained`): the call, the value as
// the hosts show it, where in the answer it is, the call's own requests (what each asks for, when
// it was fetched, how long it stays fresh, its credits), whether anything shown is stale, and what
// the cell itself cost beside what it shares with other cells. Requests that are not part of the
// answer (the question of the server's edition, the feed of new reports) are listed apart, once
// each. Never the key.

import { decode } from "../answer/decode";
import { resultsOf } from "../answer/envelope";
import { GridOverflow, type HostLimits, tableTooLarge } from "../answer/host-limits";
import { type Periodicity, resample } from "../answer/series";
import { type Calendar, type Fill, wide } from "../answer/series-wide";
import { isMdqError } from "../base/errors";
import { withFields } from "../base/own";
import type { Table } from "../base/table";
import { counted } from "../base/words";
import { refuseFutureYears } from "../request/guards";
import type { PreparedCall } from "../request/prepare";
import { queryString } from "../request/url";
import { withCodesAsText } from "../rows/column-types";
import type { AnswerMemo, Effect, EffectResult, Get, GetAll, Loader } from "../rows/effects";
import { columnFormat, formatCell } from "../rows/number-formats";
import { inParallel } from "./in-parallel";
import type { Answered, Session } from "./session";

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
    session.get({ path, query, repeated: options?.repeated ?? call.target.repeated }, options?.life, options?.about);
  // The row's own target object goes first: its request was built when the call was prepared.
  const note = (text: string) => {
    if (!session.notes.includes(text)) session.notes.push(text);
  };
  const all: GetAll = function* (requests) {
    const outcomes = yield* inParallel(
      requests.map((r) => session.get({ path: r.path, query: r.query, repeated: call.target.repeated }, r.life, r.about)),
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

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
const FROM = {
  service: "from the service",
  cache: "from the cache",
  stale: "a stale copy, the service failing",
  refused: "from the service: not found (404), billed all the same",
} as const;

const billedNow = (a: Answered) => a.from === "service" || a.from === "refused";
const requestText = (a: Answered) => `GET ${a.target.path}${queryString(a.target.query, a.target.repeated)}`;

/** The call in words: its function and each argument and option by name, as the builder and the
 *  docs name them. The reach a host set so that cells share a request (`cover`, rows/function-spec.ts
 *  Gathering) is no argument of the user's: the request it widened says so. */
export function callInWords(call: PreparedCall): string {
  const given = Object.entries(call.values).filter(([name, v]) => v !== undefined && !(call.fn.gathering && name === "cover"));
  return given.length ? `${call.fn.name} of ${given.map(([name, v]) => `${name} ${v}`).join(", ")}` : call.fn.name;
}

/** The credits of a shared request that are this call's: its part of what the request returned. */
const shareOf = (a: Answered) => {
  const shared = a.about?.shared;
  return shared ? Math.min(a.price, Math.ceil((a.price * shared.reads) / Math.max(1, shared.of))) : a.price;
};

/** One request: its address, what it asks for (how much of it this call uses, when shared), its
 *  fetch, freshness and credits (this call's share of a shared one, beside the whole). Rows short
 *  enough for a terminal's table. */
function requestRows(a: Answered, label: string): Table["rows"] {
  const rows: Table["rows"] = [[label, requestText(a)]];
  const shared = a.about?.shared;
  if (a.about) rows.push(["asks for", a.about.words]);
  if (shared)
    rows.push([
      "shared",
      `with ${shared.with}: this cell needs ${shared.reads} of the ${counted(shared.of, shared.unit.replace(/s$/, ""))}`,
    ]);
  rows.push(["fetched", `${utc(a.fetchedAt)}, ${FROM[a.from]}`]);
  rows.push(["fresh until", a.from === "refused" ? "not kept (an error answer is not cached)" : utc(a.freshUntil)]);
  const now = billedNow(a);
  if (!shared) rows.push(["credits", now ? a.price : a.price === 0 ? 0 : `${a.price} when fetched; 0 now`]);
  else {
    rows.push(["credits", `${shareOf(a)}, this cell's share${now ? "" : " when fetched; 0 now"}`]);
    rows.push(["whole request", `${counted(a.price, "credit")}${now ? "" : " when fetched"}, paid once for all the cells that use it`]);
  }
  return rows;
}

/** A call's answer explained (this module's first comment says what); `question`: how the call learnt
 *  the server's edition, when it asked or kept it. */
export function explained(call: PreparedCall, table: Table, session: Session, question?: Answered): Table {
  const rows: Table["rows"] = [
    ["call", callInWords(call)],
    table.value
      ? [
          "value",
          formatCell(
            table.rows[0]?.[0],
            columnFormat(call.fn, table.columns[0] ?? "", () => call.values),
          ),
        ]
      : ["answer", `a table of ${counted(table.rows.length, "row")} and ${counted(table.columns.length, "column")}`],
  ];
  if (table.source) rows.push(["source", table.source]);
  for (const n of session.notes) rows.push(["note", n]);
  const own = session.answered.filter((a) => !a.about?.bookkeeping);
  for (const a of own) rows.push(...requestRows(a, "request"));
  // Whether what is shown is past its freshness, and why: never stale shown as fresh.
  const stale = session.stale;
  rows.push([
    "stale",
    stale
      ? `yes: the service failed (${stale.reason.replace(/\.$/, "")}), so the copy fetched ${utc(stale.since)} is shown`
      : "no: every answer above is within its freshness",
  ]);
  // What this call spent on its own requests, of a shared one its share only; the shared ones whole beside.
  rows.push(["credits of this cell", own.filter(billedNow).reduce((sum, a) => sum + shareOf(a), 0)]);
  const shared = own.filter((a) => a.about?.shared);
  if (shared.length) {
    const whole = shared.reduce((sum, a) => sum + a.price, 0);
    const when = shared.some(billedNow) ? "" : " when fetched";
    rows.push([
      "shared credits",
      `${counted(whole, "credit")}${when} for the whole shared request${shared.length > 1 ? "s" : ""}, paid once`,
    ]);
  }
  // Bookkeeping, once each, after the cell's own: the edition's question, the feed's pages.
  const seen = new Set<string>();
  for (const a of [...(question ? [question] : []), ...session.answered.filter((a) => a.about?.bookkeeping)]) {
    const text = requestText(a);
    if (!seen.has(text)) rows.push(...requestRows(a, "bookkeeping"));
    seen.add(text);
  }
  return { columns: ["what", "detail"], rows, orient: "rows" };
}
