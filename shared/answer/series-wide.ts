// A stacked series side by side: one row per date, one column per key (and field), so that
// several tickers' closes line up for a chart or a correlation. Which dates, and whether a key's
// missing day borrows its previous value, are the caller's choice; a borrowed cell is named in a
// `filled` column, never passed off as a quote of that day.
import { MdqError } from "../base/errors";
import { hasOwn } from "../base/own";
import type { Cell, Table } from "../base/table";
import { columnAt, type SeriesGroup, type SeriesSpec, seriesGroups } from "./series";

/** Dates every key has (`intersection`) or any key has (`union`, the others' cells empty or filled). */
export type Calendar = "union" | "intersection";
/** `previous`: a key without a date shows its latest earlier value (never a later one). */
export type Fill = "none" | "previous";

/** The stacked series as one row per date: [date, then per key (and field when several are shown)],
 *  and a `filled` column when `fill: "previous"` filled a cell. Rows without a date (a failed key's
 *  error row) have no place here and are left out; so is a key that has none but those. */
export function wide(table: Table, spec: SeriesSpec, options: { calendar: Calendar; fill: Fill; fields?: readonly string[] }): Table {
  if (spec.key === undefined || !table.columns.includes(spec.key))
    throw new MdqError("bad_argument", `side by side needs a key column${spec.key ? ` ('${spec.key}')` : ""}: ask for several keys.`);
  const fields = shownFields(table, spec, options.fields);
  const fieldAt = fields.map((f) => columnAt(table, f, "field"));
  const groups = seriesGroups(table, spec).filter((g) => g.dated.length > 0);
  const names = groups.flatMap((g) => fields.map((f) => (fields.length === 1 ? String(g.key ?? "") : `${String(g.key ?? "")} ${f}`)));
  const fill = options.fill === "previous" && options.calendar === "union";
  const cursors = groups.map(() => 0);
  let anyFilled = false;
  const rows = calendarDays(groups, options.calendar).map((day) => {
    const cells: Cell[] = [day];
    const filled: string[] = [];
    groups.forEach((group, k) => {
      const [row, exact] = rowFor(group, day, cursors, k);
      fieldAt.forEach((at, f) => {
        const value = row && (exact || fill) ? (row[at] ?? null) : null;
        cells.push(value);
        if (!exact && value !== null) filled.push(names[k * fields.length + f]);
      });
    });
    anyFilled ||= filled.length > 0;
    return { cells, filled };
  });
  return {
    columns: [spec.date, ...names, ...(anyFilled ? ["filled"] : [])],
    rows: rows.map(({ cells, filled }) => (anyFilled ? [...cells, filled.length ? filled.join(", ") : null] : cells)),
    orient: "rows",
  };
}

/** The fields asked for (each one a field of the series this answer holds), or all it holds. */
function shownFields(table: Table, spec: SeriesSpec, asked: readonly string[] | undefined): string[] {
  const held = (f: string) => hasOwn(spec.fields, f) && f !== spec.date && table.columns.includes(f);
  for (const f of asked ?? []) {
    if (!held(f)) {
      const known = Object.keys(spec.fields).filter(held);
      throw new MdqError("bad_argument", `'${f}' is not a field of this series: use ${known.map((k) => `'${k}'`).join(", ") || "none"}.`);
    }
  }
  const fields = asked ? [...new Set(asked)] : Object.keys(spec.fields).filter(held);
  if (fields.length === 0) throw new MdqError("bad_argument", "this series has no field to show side by side.");
  return fields;
}

/** The dates of the output, ascending. */
function calendarDays(groups: SeriesGroup[], calendar: Calendar): string[] {
  const count = new Map<string, number>();
  for (const g of groups) for (const { day } of g.dated) count.set(day, (count.get(day) ?? 0) + 1);
  const days = [...count].filter(([, n]) => calendar === "union" || n === groups.length).map(([day]) => day);
  return days.sort();
}

/** A key's row on the day (exact), else its latest row before the day (null before its first).
 *  Days are visited in ascending order, so each key's cursor only moves forward. */
function rowFor(group: SeriesGroup, day: string, cursors: number[], k: number): [Cell[] | null, boolean] {
  const dated = group.dated;
  while (cursors[k] < dated.length && dated[cursors[k]].day <= day) cursors[k]++;
  const latest = cursors[k] > 0 ? dated[cursors[k] - 1] : undefined;
  if (!latest) return [null, false];
  return [latest.row, latest.day === day];
}
