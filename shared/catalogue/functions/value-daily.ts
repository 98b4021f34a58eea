// VALUE over the daily prices (DAILY's rows, live edition). A date reads the last trading day on
// or before it and -N the N-th latest: one row. A year, a quarter or a part of a year (H1, H2, 9M)
// is a calendar span (a market has no fiscal year): every trading day of it is read through
// DAILY's own loader (its windows, cached as DAILY's) and the field combined by DAILY's `period=`
// rule for it (close the last day's, volume summed), so VALUE of 2024 is DAILY's yearly row of
// 2024. A figure over a span is shown only when the company traded through all of it: a span that
// starts before the service's first day or before the company's first trading day is an error
// naming that day, never a partial sum passing for the whole span's.
import { type Aggregate, aggregate, seriesGroups } from "../../answer/series";
import { dayNumber, isoDaysAfter } from "../../base/cells";
import { MdqError } from "../../base/errors";
import { ownValue } from "../../base/own";
import type { Cell, Table } from "../../base/table";
import { type Period, periodEnd, periodStart, periodText, pickDated } from "../../input/periods";
import type { Effect, EffectResult } from "../../rows/effects";
import type { FunctionSpec } from "../../rows/function-spec";
import { SERVICE_BOUNDS } from "../vocabularies";
import type { Need, ValueDataset } from "./value-datasets";

/** Days before a span read when the company's first row in it comes late: a row there shows the
 *  company was trading before the span, so the late start is the exchange's holidays (its longest
 *  closing, Eid's joint leave with the weekends around it, runs about ten days). */
const LOOKBACK_DAYS = 14;

export interface Span {
  start: string;
  end: string;
}

/** What VALUE read of a company's daily prices: DAILY's rows, with what the layout needs to judge
 *  them and that only the load knows: the window asked, the day it was asked on (a span not over
 *  yet is combined over its days so far) and the days read before a span, if any. */
export interface DailyRead extends Table {
  window: Span;
  today: string;
  before?: Span;
}

/** The calendar days a year, a quarter or a part of a year spans; undefined for a date or a step
 *  back, which read one row. */
function calendarSpan(p: Period): Span | undefined {
  if (p.type !== "year" && p.type !== "quarter" && p.type !== "part") return undefined;
  return { start: periodStart(p) as string, end: periodEnd(p) as string };
}

/** The days a call reads for a span: to today at the latest (the service takes no end in the
 *  future), so a span not over yet is read as far as it has gone. */
export function daysRead(p: Period, today: string): Span | undefined {
  const span = calendarSpan(p);
  return span && { start: span.start, end: span.end < today ? span.end : today };
}

/** A day the exchange could have traded on: a weekday other than New Year's Day, a holiday of
 *  every exchange the service covers. Other holidays vary by year, so a first row after one is
 *  told apart from a late listing by the days before the span. */
function couldTrade(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && day.slice(5) !== "01-01";
}

/** The first day on or after `day` the exchange could have traded on (at most three days on). */
function firstTradable(day: string): string {
  let at = day;
  for (let i = 0; i < 7 && !couldTrade(at); i++) at = isoDaysAfter(at, 1);
  return at;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The field's rule over several days in the row's series (DAILY's `period=`), whatever its case. */
function seriesRule(fn: FunctionSpec, field: string): Aggregate | undefined {
  const fields = fn.series?.fields ?? {};
  const name = Object.keys(fields).find((f) => f.toLowerCase() === field.toLowerCase());
  return name === undefined ? undefined : ownValue(fields, name);
}

const RULE_WORDS: Record<Aggregate, string> = {
  sum: "summed",
  last: "the last day's",
  first: "the first day's",
  max: "the highest",
  min: "the lowest",
};

/** The row's rules over days as the docs say them: "`close` the last day's, `volume` summed". */
export const rulesInWords = (fn: FunctionSpec) =>
  Object.entries(fn.series?.fields ?? {})
    .map(([f, rule]) => `\`${f}\` ${RULE_WORDS[rule]}`)
    .join(", ");

const rulesText = (fn: FunctionSpec) =>
  Object.entries(fn.series?.fields ?? {})
    .map(([f, rule]) => `${f} (${rule})`)
    .join(", ");

/** The daily prices' rules on `period`, before any request: TTM is the statements'; a span needs a
 *  field with a rule over days; nothing before the service's first day (`first`). */
export function dailyPeriodProblem(
  d: ValueDataset,
  field: string,
  p: Period,
  first: string = SERVICE_BOUNDS.indexFirstDate,
): string | undefined {
  const asked = periodText(p);
  if (p.type === "ttm")
    return `'period' must be a quarter, a year, a date or a step back for the ${d.what}, or a part of a year (H1, H2, 9M): TTM is a period of the quarterly statements (got ${asked})`;
  const span = calendarSpan(p);
  if (span && !seriesRule(d.fn, field))
    return `'period' must be a date or a step back for '${field}', which the ${d.what} have no rule to combine over several days (fields with one: ${rulesText(d.fn)}) (got ${asked})`;
  const end = span?.end ?? (p.type === "date" ? p.date : undefined);
  if (end !== undefined && end < first)
    return `'period' must be ${first} or later for the ${d.what}: the service has none before (got ${asked})`;
  if (span && firstTradable(span.start) < first)
    return `'period' must start on or after ${first}, the first day of the service's ${d.what}: ${asked} starts ${span.start}, so a figure over it would miss its first days (got ${asked})`;
  return undefined;
}

type Rows = (need: Need) => Generator<Effect, Table, EffectResult>;

/** The rows a call reads: its window's (a span's whole), and the days before a span whose first
 *  row comes after its first day the exchange could have traded (one more request). A span not
 *  begun yet is refused before any request. */
export function* readDaily(rows: Rows, d: ValueDataset, need: Need, p: Period): Generator<Effect, DailyRead, EffectResult> {
  const span = calendarSpan(p);
  if (span && span.start > need.today)
    throw new MdqError(
      "bad_argument",
      `'period' must have begun by today (${need.today}) for the ${d.what}: ${periodText(p)} starts ${span.start} (got ${periodText(p)})`,
    );
  const [, start, end] = d.args(need).map(String);
  const table = yield* rows(need);
  const read: DailyRead = { ...table, window: { start, end: earlier(end || need.today, need.today) }, today: need.today };
  const before = span && daysBefore(table, span);
  if (!before) return read;
  const prior = yield* rows({ key: need.key, today: need.today, ...before });
  // An answer's columns follow its records: the days before are put in the span's columns.
  const at = table.columns.map((c) => prior.columns.indexOf(c));
  return { ...read, rows: [...prior.rows.map((r) => at.map((i) => (i < 0 ? null : r[i]))), ...table.rows], before };
}

/** The days before a span to read: when the company's first row in it comes after the span's first
 *  day the exchange could have traded, and the service has days before the span. */
function daysBefore(table: Table, span: Span, first: string = SERVICE_BOUNDS.indexFirstDate): Span | undefined {
  const inSpan = datedRows(table).filter((x) => x.day >= span.start && x.day <= span.end);
  const end = isoDaysAfter(span.start, -1);
  if (!inSpan.length || inSpan[0].day === firstTradable(later(span.start, first)) || end < first) return undefined;
  return { start: later(first, isoDaysAfter(span.start, -LOOKBACK_DAYS)), end };
}

/** The table's rows by day, oldest first, a day once (an empty answer has no columns at all). */
const datedRows = (table: Table) => (table.rows.length ? (seriesGroups(table, { date: "date", fields: {} })[0]?.dated ?? []) : []);

const columnOf = (table: Table, field: string) => table.columns.findIndex((c) => c.toLowerCase() === field.toLowerCase());
const isNumber = (v: Cell | undefined): v is number => typeof v === "number" && !Number.isNaN(v);
const isAbsent = (v: Cell | undefined) => v === null || v === undefined || v === "";

/** The one cell a call asks for (`field` as asked), with explain=true's source; or an error that
 *  says why there is none. */
export function dailyValue(read: DailyRead, d: ValueDataset, field: string, p: Period, key: string): Table {
  const span = calendarSpan(p);
  const [value, source] = span ? overSpan(read, d, field, p, span, key) : onDay(read, d, field, p, key);
  return { columns: [field], rows: [[value]], orient: "rows", value: true, source: `${key}'s ${d.what}${source}` };
}

/** A company with no row in the window read: it was not trading then, which the key is not to blame for
 *  (a key the service does not know is its 404). */
const notTrading = (key: string, from: string, to: string, asked: string, field: string) =>
  new MdqError(
    "no_data",
    `${key} has no daily prices from ${from} to ${to} (the days read for ${asked}): it was not trading then (not yet listed, suspended or delisted), so there is no ${field} for ${asked}.`,
  );

/** A date or a step back: one row, as before spans were combined. */
function onDay(read: DailyRead, d: ValueDataset, field: string, p: Period, key: string): [Cell, string] {
  const days = datedRows(read);
  const asked = periodText(p);
  if (!days.length) throw notTrading(key, read.window.start, read.window.end, asked, field);
  const at = pickDated(
    days.map((x) => x.day),
    p,
  );
  if (at === undefined)
    throw new MdqError(
      "no_data",
      `${key}'s ${d.what} have no ${asked}: they cover ${days[0].day} to ${days[days.length - 1].day} (${days.length} rows). Give a period within them.`,
    );
  const { day, row } = days[at];
  const col = columnOf(read, field);
  const value = col < 0 ? undefined : row[col];
  if (isAbsent(value))
    throw new MdqError("no_data", `${key} does not report '${field}' in its ${d.what} for ${asked}: no value, so no number is shown.`);
  return [value as Cell, `, the row of ${day}${asked === day ? "" : ` (asked: ${asked})`}: ${field}`];
}

/** A span: every trading day of it, the field combined by its rule; only when the company traded
 *  through the whole span (a row before it, or one on its first day the exchange could trade). */
function overSpan(read: DailyRead, d: ValueDataset, field: string, p: Period, span: Span, key: string): [Cell, string] {
  const first: string = SERVICE_BOUNDS.indexFirstDate;
  const label = periodText(p);
  const days = datedRows(read);
  const inSpan = days.filter((x) => x.day >= span.start && x.day <= span.end);
  const from = later(span.start, first);
  if (!inSpan.length) throw notTrading(key, from, earlier(span.end, read.today), label, field);
  const opened = inSpan[0].day;
  if (!days.some((x) => x.day < span.start) && opened !== firstTradable(from)) {
    // No days before to read when the span starts at the service's first day.
    const why = read.before
      ? `, with none in the ${dayNumber(read.before.end) - dayNumber(read.before.start) + 1} days before ${span.start} either`
      : "";
    throw new MdqError(
      "no_data",
      `${key} has no daily prices from ${from} to ${isoDaysAfter(opened, -1)}, the start of ${label}: its first trading day in ${label} is ${opened}${why} (it was not yet listed, or not trading). No ${field} over part of ${label} is shown as ${label}'s: give a period that starts on or after ${opened}, or a date.`,
    );
  }
  const rule = seriesRule(d.fn, field) as Aggregate; // a field without one is refused before any request
  const col = columnOf(read, field);
  const values = inSpan.map((x) => (col < 0 ? null : (x.row[col] ?? null)));
  const value = aggregate(rule, values);
  if (!isNumber(value)) {
    const lacking = inSpan.filter((_, i) => !isNumber(values[i])).map((x) => x.day);
    const shown = lacking.length > 3 ? `${lacking.slice(0, 3).join(", ")} and ${lacking.length - 3} more days` : lacking.join(", ");
    throw new MdqError(
      "no_data",
      `${key} does not report '${field}' in its ${d.what} on ${shown} (of ${label}): no ${field} over ${label}, so no number is shown.`,
    );
  }
  return [value, spanText(rule, field, inSpan, values, value, label, span.end >= read.today)];
}

/** What explain=true says was combined: the rule, the days and how many, and a span not over yet. */
function spanText(
  rule: Aggregate,
  field: string,
  inSpan: Array<{ day: string }>,
  values: Cell[],
  value: number,
  label: string,
  open: boolean,
): string {
  const [a, b, n] = [inSpan[0].day, inSpan[inSpan.length - 1].day, inSpan.length];
  const counted = `${n} trading day${n === 1 ? "" : "s"} of ${label}${open ? ` so far: ${label} is not over` : ""}`;
  const on = inSpan[values.indexOf(value)]?.day;
  switch (rule) {
    case "sum":
      return `: ${field} summed over ${a} to ${b} (${counted})`;
    case "last":
      return `: ${field} of ${b}, the last of ${a} to ${b} (${counted})`;
    case "first":
      return `: ${field} of ${a}, the first of ${a} to ${b} (${counted})`;
    case "max":
      return `: ${field}, the highest over ${a} to ${b}, on ${on} (${counted})`;
    case "min":
      return `: ${field}, the lowest over ${a} to ${b}, on ${on} (${counted})`;
  }
}
