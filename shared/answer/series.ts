// Time series answers (DAILY, INDEX, ...) taken to a coarser period: weeks, months, quarters,
// years. A series is a table with an ISO date column and, when several keys were asked, a key
// column first and one block of rows per key (shared/run/batch.ts). Pure and in UTC throughout:
// a date is a calendar day, never an instant, so the machine's time zone must not move it.
import { DAY_MS, isoDay } from "../base/cells";
import { MdqError } from "../base/errors";
import { ownValue } from "../base/own";
import type { Cell, Table } from "../base/table";

export const PERIODICITIES = ["daily", "weekly", "monthly", "quarterly", "yearly"] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
export type Aggregate = "first" | "last" | "max" | "min" | "sum";

/** What a time series' columns mean: its date column, its key column when stacked, and how each numeric field combines over a period. */
export interface SeriesSpec {
  date: string;
  key?: string;
  fields: Readonly<Record<string, Aggregate>>;
}

export interface Resampled {
  table: Table;
  /** Periods (per key) the window covers only in part: "2024-01" style labels with the key, for a note. */
  partial: Array<{ key?: string; period: string; from: string; to: string }>;
}

/** One key's rows: the dated ones by day ascending, one per day; the rest (a failed key's error row) as they came. */
export interface SeriesGroup {
  key: Cell | undefined;
  dated: Array<{ day: string; row: Cell[] }>;
  undated: Cell[][];
}

/** The calendar day a date cell names ("2024-03-05", or the day of a "2024-03-05T..." stamp), or undefined. */
export function dayOf(cell: Cell): string | undefined {
  if (typeof cell !== "string") return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(cell);
  if (!m) return undefined;
  const day = m[0];
  // Date.UTC rolls 2024-02-30 over to March: a day that does not survive the round trip is no day.
  return isoDay(Date.UTC(+m[1], +m[2] - 1, +m[3])) === day ? day : undefined;
}

const msOf = (day: string): number => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Where a named column is, or an error that says the answer is not the series it should be. */
export function columnAt(table: Table, name: string, role: string): number {
  const at = table.columns.indexOf(name);
  if (at < 0) throw new MdqError("bad_argument", `this answer has no '${name}' column (its ${role}): it is not a time series.`);
  return at;
}

/** The rows grouped by key in first-seen order (one group when the table has no key column), each
 *  group's dated rows sorted by day. Answers may come unsorted or with a day twice (a page seam):
 *  the last row seen for a day wins, as the latest word from the service. */
export function seriesGroups(table: Table, spec: SeriesSpec): SeriesGroup[] {
  const dateAt = columnAt(table, spec.date, "date");
  const keyAt = spec.key === undefined ? -1 : table.columns.indexOf(spec.key);
  const groups = new Map<Cell | undefined, { byDay: Map<string, Cell[]>; undated: Cell[][] }>();
  for (const row of table.rows) {
    const key = keyAt < 0 ? undefined : row[keyAt];
    const group = groups.get(key) ?? { byDay: new Map<string, Cell[]>(), undated: [] };
    groups.set(key, group);
    const day = dayOf(row[dateAt]);
    if (day === undefined) group.undated.push(row);
    else group.byDay.set(day, row); // a later row for the day replaces the earlier one
  }
  return [...groups].map(([key, { byDay, undated }]) => ({
    key,
    dated: [...byDay].map(([day, row]) => ({ day, row })).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    undated,
  }));
}

interface Bucket {
  label: string;
  from: string;
  to: string;
}

/** The period a day falls in: its label and its calendar first and last day. */
function bucketOf(day: string, period: Exclude<Periodicity, "daily">): Bucket {
  const [y, m] = [+day.slice(0, 4), +day.slice(5, 7)];
  switch (period) {
    case "weekly":
      return isoWeek(msOf(day));
    case "monthly":
      return { label: day.slice(0, 7), from: `${day.slice(0, 7)}-01`, to: isoDay(Date.UTC(y, m, 0)) };
    case "quarterly": {
      const q = Math.ceil(m / 3);
      return { label: `${y}Q${q}`, from: isoDay(Date.UTC(y, 3 * q - 3, 1)), to: isoDay(Date.UTC(y, 3 * q, 0)) };
    }
    case "yearly":
      return { label: day.slice(0, 4), from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
  }
}

/** ISO 8601 week, Monday to Sunday: it belongs to the year of its Thursday, so 2024-12-30 is in 2025-W01. */
function isoWeek(ms: number): Bucket {
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;
  const thursday = monday + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return { label: `${year}-W${pad2(week)}`, from: isoDay(monday), to: isoDay(monday + 6 * DAY_MS) };
}

const isNumber = (v: Cell): v is number => typeof v === "number" && !Number.isNaN(v);

/** One field over a bucket's rows (in day order). A sum with a gap is null, not a smaller number
 *  that would pass for the period's total; first and last are the values on those rows, so that
 *  they belong to the date the output row shows. */
export function aggregate(rule: Aggregate, values: Cell[]): Cell {
  if (rule === "first") return values[0];
  if (rule === "last") return values[values.length - 1];
  if (rule === "sum") return values.every(isNumber) ? values.reduce((s: number, v) => s + (v as number), 0) : null;
  const numbers = values.filter(isNumber);
  if (numbers.length === 0) return null;
  return rule === "max" ? Math.max(...numbers) : Math.min(...numbers);
}

/** One output row for a bucket: the last row (its date, its key and other text), each field aggregated. */
function bucketRow(table: Table, spec: SeriesSpec, rows: Cell[][]): Cell[] {
  const out = rows[rows.length - 1].slice();
  table.columns.forEach((name, i) => {
    const rule = name === spec.date ? undefined : ownValue(spec.fields, name);
    if (rule)
      out[i] = aggregate(
        rule,
        rows.map((r) => r[i] ?? null),
      );
  });
  return out;
}

function checkWindow(window: { start: string; end: string }): void {
  const [start, end] = [dayOf(window.start), dayOf(window.end)];
  if (start === undefined || end === undefined || start > end || start !== window.start || end !== window.end)
    throw new MdqError("bad_argument", `the window must be two YYYY-MM-DD dates, start first (got ${window.start} to ${window.end}).`);
}

/** The series by period, each row dated by the last day present in its period (the period's last
 *  trading day) and its fields combined by their rule; `daily` only sorts and deduplicates. Rows
 *  without a date (a failed key's error row) follow their key's rows unchanged. With a window, the
 *  periods reaching past either end are listed in `partial`, so a host can say that "2024-01" holds
 *  only the days from the 15th. */
export function resample(table: Table, spec: SeriesSpec, period: Periodicity, window?: { start: string; end: string }): Resampled {
  if (window) checkWindow(window);
  const groups = seriesGroups(table, spec);
  const rows: Cell[][] = [];
  const partial: Resampled["partial"] = [];
  for (const group of groups) {
    if (period === "daily") rows.push(...group.dated.map((d) => d.row));
    else {
      for (const [bucket, members] of buckets(group.dated, period)) {
        rows.push(bucketRow(table, spec, members));
        if (window && (bucket.from < window.start || bucket.to > window.end))
          partial.push({ ...keyOf(group), period: bucket.label, from: bucket.from, to: bucket.to });
      }
    }
    rows.push(...group.undated);
  }
  return { table: { ...table, columns: table.columns.slice(), rows }, partial };
}

/** The key as a partial period names it: absent for an unstacked series. */
const keyOf = (group: SeriesGroup): { key?: string } => (group.key === undefined ? {} : { key: String(group.key ?? "") });

/** Day-sorted rows cut into consecutive periods (sorted days keep each period's rows together). */
function buckets(dated: SeriesGroup["dated"], period: Exclude<Periodicity, "daily">): Array<[Bucket, Cell[][]]> {
  const out: Array<[Bucket, Cell[][]]> = [];
  for (const { day, row } of dated) {
    const bucket = bucketOf(day, period);
    const last = out[out.length - 1];
    if (last && last[0].label === bucket.label) last[1].push(row);
    else out.push([bucket, [row]]);
  }
  return out;
}
