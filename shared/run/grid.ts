// One call, one grid (VALUE(keys, fields, period)): a function whose row names a grid takes a range
// or comma list in its `down` argument (the keys: the rows) and in one of its `across` arguments
// (fields, or periods for one field: the columns), and spills one labelled table. Every cell is
// the function's own call, prepared (so checked) before any request; a bad argument anywhere
// refuses the whole grid, naming it. The cells of one key run one after another over the same
// requests (each sent once), the keys side by side; a call that reaches further back (VALUE's
// gathering) is widened to the widest of its group first, so a key's cells share one request per
// dataset. A cell without a value is blank, and the row's `error` column says why; a blank key
// gives a blank row, so the grid stays aligned with the range beside it.
import { type CellFormats, type DateWriter, presentFormatted } from "../answer/display";
import { CLI_LIMITS, type HostLimits } from "../answer/host-limits";
import { type CellValue, isBlank, monthName, monthOf, type Scalar, unwrapCell } from "../base/cells";
import { isMdqError, MdqError, toMdqError } from "../base/errors";
import type { Cell, Table } from "../base/table";
import { withOption } from "../input/options";
import { type PreparedCall, prepare } from "../request/prepare";
import type { Settings } from "../request/settings";
import type { Target } from "../request/url";
import type { Effect, EffectResult } from "../rows/effects";
import type { Lifetime } from "../rows/freshness";
import type { FunctionSpec } from "../rows/function-spec";
import { tableFormats } from "../rows/number-formats";
import { explainOne, keyedValues, keyText, MAX_BATCH_KEYS } from "./batch";
import { combined } from "./call-many";
import type { CallOutcome, Env } from "./env";
import { cellWriters, withHostDates, withNotes } from "./env";
import { inParallel } from "./in-parallel";
import { callLabel, loadData, tableFor } from "./load";
import { Session } from "./session";

/** The most columns one grid spans. */
export const MAX_GRID_COLUMNS = 100;

export interface Grid {
  /** The rows' items, blanks kept; the column items (one, when no range goes across). */
  keys: Scalar[];
  downAt: number;
  across: { at: number; items: Scalar[] };
}

/** Items of a range (row by row, blanks kept) or of a comma list; a single cell as itself. */
function itemsOf(cell: CellValue): Scalar[] | undefined {
  const v = unwrapCell(cell);
  if (Array.isArray(v)) return v.flatMap((row) => (Array.isArray(row) ? row : [row])).map((c) => (isBlank(c) ? null : c));
  if (typeof v === "string" && v.includes(",")) return v.split(",").map((s) => (s.trim() === "" ? null : s.trim()));
  return undefined;
}

/** The call's grid when a grid argument is a range or a comma list; else undefined. Sizes are
 *  checked here, before any request. */
export function gridOf(fn: FunctionSpec, args: readonly CellValue[]): Grid | undefined {
  if (!fn.grid) return undefined;
  const at = (name: string) => fn.args.findIndex((a) => a.name === name);
  const downAt = at(fn.grid.down);
  const keys = itemsOf(args[downAt]);
  const spans = fn.grid.across.flatMap((name) => {
    const items = itemsOf(args[at(name)]);
    return items ? [{ name, at: at(name), items }] : [];
  });
  if (!keys && spans.length === 0) return undefined;
  if (spans.length > 1)
    throw new MdqError(
      "bad_argument",
      `'${spans[0].name}' and '${spans[1].name}' are both ranges: a grid takes ${fn.grid.down}s down and one of ${fn.grid.across.join(" or ")} across (no request was sent).`,
    );
  const down = keys ?? [unwrapCell(args[downAt]) as Scalar];
  if (down.length > MAX_BATCH_KEYS)
    throw new MdqError(
      "bad_argument",
      `'${fn.grid.down}' names ${down.length} keys, more than the ${MAX_BATCH_KEYS} one grid takes (no request was sent): split the range over several formulas.`,
    );
  const across = spans[0] ?? { at: at(fn.grid.across[0]), items: [unwrapCell(args[at(fn.grid.across[0])]) as Scalar] };
  if (across.items.length > MAX_GRID_COLUMNS)
    throw new MdqError(
      "bad_argument",
      `'${fn.args[across.at].name}' names ${across.items.length} items, more than the ${MAX_GRID_COLUMNS} columns one grid takes (no request was sent).`,
    );
  return { keys: down, downAt, across: { at: across.at, items: across.items } };
}

/** A cell of the grid: its call, or nothing for a blank key or column. */
type GridCell = PreparedCall | undefined;

/** Requests a key's cells share: each target fetched (or read from the cache) once. */
class SharedGets {
  private readonly seen = new Map<string, unknown>();
  constructor(readonly session: Session) {}
  get notes(): string[] {
    return this.session.notes;
  }
  *get(target: Target, life?: Lifetime): Generator<Effect, unknown, EffectResult> {
    const id = JSON.stringify([target.path, target.query]);
    if (this.seen.has(id)) return this.seen.get(id);
    const json = yield* this.session.get(target, life);
    this.seen.set(id, json);
    return json;
  }
}

/** Every cell prepared (so checked) before any request; a gathering's calls widened to its widest. */
function prepareCells(fn: FunctionSpec, args: readonly CellValue[], grid: Grid, settings: Settings, limits: HostLimits, now: number) {
  const argsOf = (key: Scalar, item: Scalar) => {
    const one = args.slice();
    one[grid.downAt] = key;
    one[grid.across.at] = item;
    return one;
  };
  const rows = grid.keys.map((key) =>
    grid.across.items.map(
      (item): GridCell => (isBlank(key) || isBlank(item) ? undefined : prepare(fn, argsOf(key, item), settings, limits)),
    ),
  );
  const widest = new Map<string, number>();
  const gatherings = rows.map((row) => row.map((call) => (call ? fn.gathering?.(call.values, now) : undefined)));
  for (const g of gatherings.flat()) if (g) widest.set(g.group, Math.max(g.cover, widest.get(g.group) ?? 0));
  const optionsAt = fn.args.length;
  return rows.map((row, r) =>
    row.map((call, c) => {
      const g = gatherings[r][c];
      const cover = g && widest.get(g.group);
      if (!call || !g || cover === g.cover) return call;
      return prepare(fn, withOption(argsOf(grid.keys[r], grid.across.items[c]), optionsAt, "cover", cover as number), settings, limits);
    }),
  );
}

type CellOutcome = { value: Cell; asOf?: Table["asOf"]; yearEnd?: number } | { error: MdqError } | undefined;

/** A key's cells, one after another over the same requests. */
function* keyRow(calls: GridCell[], session: Session, limits: HostLimits, now: number, apiKey?: string) {
  const gets = new SharedGets(session);
  const out: CellOutcome[] = [];
  for (const call of calls) {
    if (!call) {
      out.push(undefined);
      continue;
    }
    try {
      const table = tableFor(call, yield* loadData(call, gets, now), limits);
      out.push({ value: table.rows[0]?.[0] ?? null, asOf: table.asOf, yearEnd: table.yearEnd });
    } catch (e) {
      out.push({ error: toMdqError(e, apiKey) });
    }
  }
  return out;
}

/** In each column, a value counted from a company's latest data (VALUE's -1, TTM) whose data ends a
 *  quarter or more before another company's becomes its error: a grid never compares companies on
 *  different quarters without saying so. */
function behindTheOthers(rows: CellOutcome[][]): CellOutcome[][] {
  const newest = (c: number) =>
    rows.reduce((max, row) => {
      const o = row[c];
      return o && "value" in o && o.asOf && o.asOf.latest > max ? o.asOf.latest : max;
    }, "");
  const columns = (rows[0] ?? []).map((_, c) => newest(c));
  // A quarter or more: the data ends at least two months before (quarter ends are three apart).
  const behind = (latest: string, most: string) => monthOf(most) - monthOf(latest) >= 3;
  return rows.map((row) =>
    row.map((o, c) =>
      o && "value" in o && o.asOf?.behind && behind(o.asOf.latest, columns[c]) ? { error: o.asOf.behind(columns[c]) } : o,
    ),
  );
}

/** A note where the keys' fiscal years end in different months: their fiscal periods are not the
 *  same months of the calendar. */
function mixedYears(keys: Scalar[], rows: CellOutcome[][]): string[] {
  const ends = new Map<number, string[]>();
  rows.forEach((row, r) => {
    const month = row.map((o) => (o && "value" in o ? o.yearEnd : undefined)).find((m) => m !== undefined);
    if (month !== undefined) ends.set(month, [...(ends.get(month) ?? []), keyText(keys[r])]);
  });
  if (ends.size < 2) return [];
  const said = [...ends].map(([month, names]) => `${names.join(", ")} in ${monthName(month)}`).join("; ");
  return [
    `the companies' fiscal years end in different months (${said}): their fiscal periods cover different months of the calendar (CY periods are the same months for all)`,
  ];
}

/** The grid's table: the corner names what every cell shares, the column items head the columns. */
function gridTable(fn: FunctionSpec, grid: Grid, first: PreparedCall, outcomes: CellOutcome[][]): Table {
  const across = fn.args[grid.across.at].name;
  const label = (item: Scalar) => keyText(item);
  // keys x fields: the period (or "key" without one); keys x periods: the field.
  const fixed = fn.grid?.across.find((name) => name !== across);
  const corner = (fixed && first.values[fixed]) || fn.grid?.down || "key";
  const failed = outcomes.some((row) => row.some((o) => o && "error" in o));
  const rows = outcomes.map((row, r): Cell[] => {
    const errors = row.flatMap((o, c) => (o && "error" in o ? [{ item: label(grid.across.items[c]), message: o.error.sentence }] : []));
    const same = errors.length > 1 && errors.every((e) => e.message === errors[0].message);
    const why = same ? errors[0].message : errors.map((e) => (row.length > 1 ? `${e.item}: ${e.message}` : e.message)).join("; ");
    const cells = row.map((o) => (o && "value" in o ? o.value : null));
    return [isBlank(grid.keys[r]) ? null : keyText(grid.keys[r]), ...cells, ...(failed ? [why || null] : [])];
  });
  return { columns: [corner, ...grid.across.items.map(label), ...(failed ? ["error"] : [])], rows, orient: "rows" };
}

/** A grid call: every cell checked, each key's requests sent once, one labelled table. */
export function* callGrid<D>(
  fn: FunctionSpec,
  args: readonly CellValue[],
  grid: Grid,
  settings: Settings,
  env: Env,
  writeDate?: DateWriter<D>,
): Generator<Effect, CallOutcome<D>, EffectResult> {
  const limits = env.limits ?? CLI_LIMITS;
  const now = env.now();
  const calls = prepareCells(fn, args, grid, settings, limits, now);
  const first = calls.flat().find((c): c is PreparedCall => c !== undefined);
  if (!first) throw new MdqError("bad_argument", `'${fn.grid?.down}' and '${fn.args[grid.across.at].name}' are blank: nothing to look up.`);
  if (first.display.explain) throw explainOne(fn.grid?.down ?? "key");
  const sessions = calls.map((row) => new Session(row.find((c) => c) ?? first, env));
  const outcomes = yield* inParallel(calls.map((row, r) => keyRow(row, sessions[r], limits, now, settings.apiKey)));
  // A key whose run failed as a whole (its deadline) fails in each of its cells.
  const rows = behindTheOthers(
    outcomes.map((o, r): CellOutcome[] =>
      o.ok ? o.value : calls[r].map((c) => (c ? { error: toMdqError(o.error, settings.apiKey) } : undefined)),
    ),
  );
  const errors = rows.flat().flatMap((o) => (o && "error" in o ? [o.error] : []));
  if (errors.length > 0 && errors.length === rows.flat().filter(Boolean).length)
    throw errors.length > 1 ? errors[0].withNote(`and so did every one of the grid's ${errors.length} cells`) : errors[0];
  const display = withHostDates(first.display, env);
  const notes = mixedYears(grid.keys, rows);
  const shown = presentFormatted(
    gridTable(fn, grid, first, rows),
    { ...display, fields: undefined, orient: display.orient ?? "rows" },
    limits,
    cellWriters(env, writeDate, gridFormats(fn, grid, first)),
  );
  const cells = withNotes(shown.cells, notes, env, display.notes !== false);
  // A key's answers are kept when they made sense to one of its cells (a value, or no such value).
  for (const [r, session] of sessions.entries()) {
    const usable = rows[r].some((o) => o && ("value" in o || (isMdqError(o.error) && o.error.kind === "no_data")));
    if (usable) yield* session.keep();
  }
  const keys = grid.keys
    .filter((k) => !isBlank(k))
    .map(keyText)
    .join(",");
  const items = grid.across.items
    .filter((k) => !isBlank(k))
    .map(keyText)
    .join(",");
  const across = fn.args[grid.across.at].name;
  const outcome = combined(
    sessions,
    cells,
    callLabel({ ...first, values: { ...first.values, [fn.grid?.down ?? "key"]: keys, [across]: items } }),
  );
  if (shown.formats) outcome.formats = shown.formats;
  outcome.headers = shown.headers;
  return notes.length ? { ...outcome, notes } : outcome;
}

/** A grid's cells are of the field that heads their column (keys x fields) or, where the columns
 *  are periods, of the field the corner names (keys x periods); each of the call its row's key and
 *  that field make (a price takes its market's tick: VALUE's dataset's, a report's key's). */
function gridFormats(fn: FunctionSpec, grid: Grid, first: PreparedCall): CellFormats {
  const down = fn.grid?.down ?? "key";
  const across = fn.args[grid.across.at].name;
  const fixed = fn.grid?.across.find((name) => name !== across) ?? across;
  const callOf = (argument: string) => (row: readonly Cell[], name: string) =>
    Object.assign(keyedValues(first.values, down, row), { [argument]: name });
  const byItem = tableFormats(fn, callOf(across));
  const byCorner = tableFormats(fn, callOf(fixed));
  return (columns) => {
    const own = byItem(columns);
    const corner = byCorner(columns.slice(0, 1));
    return (row, column) => own(row, column) ?? (column > 0 ? corner(row, 0) : undefined);
  };
}
