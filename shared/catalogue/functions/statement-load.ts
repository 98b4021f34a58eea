// The requests of a VALUE cell on the quarterly statements, at the fewest credits the provider's
// parameters allow (it bills each quarter returned, and 1 for the fiscal dates): the latest N
// quarters (`n_quarters`) for what is recent, one `report_date` request for each older quarter, and
// the company's fiscal dates where the period needs them (a fiscal year, a date) or the rows do
// (a row dated after its quarter's end, a quarter listed twice). Counted before sending, from the
// fiscal dates when they are known, else from today.

import { unexpectedShape } from "../../answer/decode";
import { parseResponse } from "../../answer/response";
import type { Edition } from "../../base/editions";
import { isMdqError } from "../../base/errors";
import type { Values } from "../../input/arg-spec";
import { isFiscal, latestQuartersFor, type Period, parsePeriod } from "../../input/periods";
import { rowTarget } from "../../request/route";
import type { Effect, EffectResult, Get, GetAll, RequestAbout } from "../../rows/effects";
import {
  type FiscalCalendar,
  type FiscalDates,
  fiscalDatesOf,
  listsReportDates,
  type Month,
  monthEnd,
  quarterEndOf,
  quarterHolding,
} from "./fiscal-calendar";
import { LIST } from "./list";
import { QUARTERLY } from "./quarterly";
import { Statements } from "./statement-reading";
import { type Change, quartersRead } from "./value-quarters";

/** What a statements cell read: the statements as one reading, and the day it was read on. */
export interface StatementsRead {
  statements: Statements;
  today: string;
}

/** The quarters a period reaches back from the latest, beyond its own: a change's year or quarter,
 *  a return's opening balance. */
function extraReach(field: string, change: string | undefined): number {
  const probe = quartersRead(field, [0], change as Change | undefined);
  return -Math.min(...probe) / 3;
}

/** A plan: the latest `latest` quarters in one request, and one request per report date. */
interface Plan {
  latest: number;
  dates: string[];
}

/** A plan's credits and requests beyond the latest `floor` quarters, which the cells of the company
 *  ask for together (one request, already counted). */
const costOf = (plan: Plan, floor: number) => (plan.latest > floor ? plan.latest : 0) + plan.dates.length;
const requestsOf = (plan: Plan, floor: number) => (plan.latest > floor ? 1 : 0) + plan.dates.length;

/** Fewer credits; on a tie fewer requests; then the latest N, whose request other cells of the
 *  company share. */
function cheaper(a: Plan, b: Plan, floor: number): boolean {
  const [ca, cb, ra, rb] = [costOf(a, floor), costOf(b, floor), requestsOf(a, floor), requestsOf(b, floor)];
  return ca < cb || (ca === cb && (ra < rb || (ra === rb && a.latest > b.latest)));
}

/** The cheapest plan for quarters whose report dates are known, `positions` counting each quarter's
 *  report from the latest (1 the latest), given the latest `floor` quarters already asked for. */
function cheapest(wanted: ReadonlyArray<{ date: string; position: number }>, floor: number): Plan {
  const options = [floor, ...wanted.map((w) => Math.max(w.position, floor))].map((latest) => ({
    latest,
    dates: wanted.filter((w) => w.position > latest).map((w) => w.date),
  }));
  return options.reduce((best, plan) => (cheaper(plan, best, floor) ? plan : best));
}

/** The request of the latest `n` quarters in words; shared when it reaches further than the cell
 *  reads because its company's other cells asked (`floor`, the `cover` option), not by its own choice. */
function latestAbout(key: string, n: number, reads: number, floor: number): RequestAbout {
  const words = `${key}'s statements, the latest ${n === 1 ? "quarter" : `${n} quarters`}`;
  return n <= floor && reads < n ? { words, shared: { reads, of: n, unit: "quarters", with: `${key}'s other cells` } } : { words };
}

const datedAbout = (key: string, date: string): RequestAbout => ({ words: `${key}'s statements of the quarter reported on ${date}` });

/** Quarters a period counts back from the latest (a step back, the latest TTM): always in one request. */
function countBack(p: Period, field: string, change: string | undefined): number | undefined {
  if (p.type === "back") return p.steps + extraReach(field, change);
  if (p.type === "ttm" && !p.end) return 4 + extraReach(field, change);
  return undefined;
}

/** The quarters a cell counting back from the latest asks in one request; undefined for a span or a date. */
export const countedBack = (values: Values): number | undefined => countBack(parsePeriod(values.period), values.field ?? "", values.change);

/** The quarters a span needs (as months) where the calendar says which they are, without statements. */
function spanEnds(p: Period, calendar: FiscalCalendar | undefined, labels: ReadonlyMap<string, number> | undefined): Month[] | undefined {
  if (p.type === "date") {
    if (!labels || !listsReportDates(labels, calendar)) return [quarterHolding(p.date, calendar?.yearEnd ?? 12)];
    const known = [...labels.keys()].filter((d) => d <= p.date).map((d) => quarterEndOf(d, calendar));
    return known.length ? [Math.max(...known)] : [];
  }
  try {
    // The statements' own reading of the period, over no rows: the quarters its calendar names.
    return new Statements({ columns: ["date"], rows: [], orient: "rows" }, "", calendar).resolve(p, "");
  } catch {
    return undefined;
  }
}

/** How many of the latest quarters reach back to a month, counted from the last quarter ended by today. */
function reachTo(end: Month, today: string): number {
  return latestQuartersFor({ type: "date", date: monthEnd(end) }, today);
}

/** The quarters a cell alone would ask for in one request, before anything is known: what Excel's
 *  gatherer and a grid share among a company's cells (0: none, its quarters go by report date).
 *  Counted as if the company's year ended in December and its rows were dated at quarter ends. */
export function latestShare(values: Values, today: string): number {
  const p = parsePeriod(values.period);
  const field = values.field ?? "";
  const count = countBack(p, field, values.change);
  if (count !== undefined) return count;
  const ends = spanEnds(p, { yearEnd: 12, labels: new Map() }, undefined);
  if (!ends?.length) return 0;
  const needed = quartersRead(field, ends, values.change as Change | undefined);
  if (isFiscal(p) || p.type === "date")
    return cheapest(
      needed.map((e) => ({ date: monthEnd(e), position: reachTo(e, today) })),
      0,
    ).latest;
  const latestOnly = Math.max(...needed.map((e) => reachTo(e, today)));
  return byDateIsCheaper(needed.length, latestOnly) ? 0 : latestOnly;
}

/** Asking quarter by quarter costs the fiscal dates (1) and a credit per quarter; the latest N, N. */
const byDateIsCheaper = (quarters: number, latestOnly: number) => 1 + quarters < latestOnly;

/** The statements a VALUE cell needs, read as one. */
export function* loadStatements(
  get: Get,
  values: Values,
  edition: Edition,
  today: string,
  /** Requests side by side, where the host sends them so: a plan's requests go together. */
  all?: GetAll,
): Generator<Effect, StatementsRead, EffectResult> {
  const key = values.key ?? "";
  const p = parsePeriod(values.period);
  const field = values.field ?? "";
  const change = values.change as Change | undefined;
  const floor = values.cover === undefined ? 0 : Number(values.cover);
  const life = { life: QUARTERLY };
  let fiscal: FiscalDates | undefined;

  function* fiscalDates(): Generator<Effect, FiscalDates, EffectResult> {
    const target = rowTarget(LIST, ["quarterly_dates", `ticker=${key}`], edition).target;
    try {
      return fiscalDatesOf(
        yield* get(target.path, target.query, { ...life, about: { words: `${key}'s fiscal dates: the quarter each report belongs to` } }),
      );
    } catch (e) {
      // No fiscal dates for the company: the calendar is unknown, and said so where it matters.
      if (isMdqError(e) && e.kind === "not_found") return { labels: new Map() };
      throw e;
    }
  }
  const rows: unknown[] = [];
  const seen = new Set<string>();
  /** The statements' requests of a plan, together where the host can; their rows in the plan's
   *  order (the latest quarters first, as the provider lists them). */
  function* statements(plan: Plan, reads = 0) {
    const asks: Array<[number | string, string, boolean | string]> = [
      ...(plan.latest > 0 ? [[plan.latest, "", ""] as [number, string, string]] : []),
      ...plan.dates.map((date): [string, string, boolean] => ["", date, false]),
    ];
    const abouts = [
      ...(plan.latest > 0 ? [latestAbout(key, plan.latest, reads, floor)] : []),
      ...plan.dates.map((d) => datedAbout(key, d)),
    ];
    const targets = asks.map((args) => rowTarget(QUARTERLY, [key, ...args], edition).target);
    const answers: unknown[] = [];
    if (all && targets.length > 1)
      answers.push(...(yield* all(targets.map((t, i) => ({ path: t.path, query: t.query, life: QUARTERLY, about: abouts[i] })))));
    else for (const [i, t] of targets.entries()) answers.push(yield* get(t.path, t.query, { ...life, about: abouts[i] }));
    for (const answer of answers)
      for (const row of Array.isArray(answer) ? answer : []) {
        const id = JSON.stringify(row);
        if (!seen.has(id)) rows.push(row);
        seen.add(id);
      }
  }
  // VALUE's route refuses an edition without the statements before any request.
  const quarterly = QUARTERLY.editions[edition] as NonNullable<(typeof QUARTERLY.editions)[Edition]>;
  const read = () => {
    const decoded = parseResponse(quarterly.response, rows);
    if (!decoded.success) throw unexpectedShape("the service's answer for QUARTERLY (VALUE's quarterly statements)", decoded);
    return new Statements(quarterly.layout(decoded.data, {}), key, fiscal?.calendar);
  };
  /** A date as the period, where rows carry report dates: the statements as they stood that day,
   *  so each quarter's report is the latest made by then. */
  const asOf = () =>
    p.type === "date" && fiscal?.calendar && listsReportDates(fiscal.calendar.labels, fiscal.calendar) ? p.date : undefined;
  /** The latest report date the fiscal dates list for each quarter wanted (by the day asked, for a
   *  date), and its place from the latest. */
  const byLabels = (ends: readonly Month[]) => {
    const calendar = fiscal?.calendar;
    const dates = [...(fiscal?.labels.keys() ?? [])].sort().reverse();
    const by = asOf();
    return ends.flatMap((end) => {
      const position = dates.findIndex((d) => quarterEndOf(d, calendar) === end && (by === undefined || d <= by));
      return position < 0 ? [] : [{ date: dates[position], position: position + 1 }];
    });
  };

  const count = countBack(p, field, change);
  let plan: Plan;
  // How many of the latest quarters asked for the cell itself reads, for explain=true.
  let reads: number;
  if (count !== undefined) {
    plan = { latest: Math.max(count, floor), dates: [] };
    reads = count;
  } else {
    if (isFiscal(p) || p.type === "date") fiscal = yield* fiscalDates();
    let ends = spanEnds(p, fiscal?.calendar, fiscal?.labels);
    if (ends === undefined) return { statements: read(), today }; // the period's own error, from the reading
    let needed = quartersRead(field, ends, change);
    const latestOnly = Math.max(floor, ...needed.map((e) => reachTo(e, today)));
    if (!fiscal && byDateIsCheaper(needed.length, latestOnly - floor)) {
      fiscal = yield* fiscalDates();
      ends = spanEnds(p, fiscal.calendar, fiscal.labels) ?? ends;
      needed = quartersRead(field, ends, change);
    }
    const known = fiscal?.labels.size ? byLabels(needed) : undefined;
    plan = known ? cheapest(known, floor) : { latest: latestOnly, dates: [] };
    reads = known ? known.filter((w) => w.position <= plan.latest).length : new Set(needed).size;
  }
  yield* statements(plan, reads);

  // The rows may say more than the plan knew: a row dated after its quarter's end, or a quarter
  // listed twice, is read by its fiscal label; a quarter the latest rows did not reach (a
  // restatement took its place) is asked for by its report date.
  let s = read();
  const wanted = () => {
    try {
      const by = asOf();
      const then = by ? s.asOf(by) : s;
      return quartersRead(field, then.resolve(p, today), change).filter((e) => !then.row(e));
    } catch {
      return [];
    }
  };
  const twice = s.ends.some((e) => s.versions(e).length > 1);
  if (!fiscal && (s.reportDated || twice || wanted().length)) {
    fiscal = yield* fiscalDates();
    s = read();
  }
  const missing = byLabels(wanted()).map((w) => w.date);
  yield* statements({ latest: 0, dates: missing });
  if (missing.length) s = read();
  return { statements: s, today };
}
