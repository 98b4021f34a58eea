// The one flattener: records → a rectangular table, in one pass over the records.
//   - a record field of a shape spreads into dotted columns (`dimension.future`);
//   - a map field (`revenue_breakdown`, `production_volume`) gives one column per key;
//   - an open value (a field the schema leaves open, or every field of a record read without a
//     shape) spreads by what it is: objects into dotted columns, lists of scalars into one cell
//     joined by ", ", lists of records into rows: the record's row once per item, the item's
//     fields as dotted columns (`breakdown.date`); two such lists in one record go side by side
//     (row i holds item i of each), never a cross product. A table of one record shown as
//     `field, value` rows (orient "columns") keys the items instead (keyed.ts), as rows there
//     would be more columns of values;
//   - no cell is ever JSON text; null or missing is an empty cell.
// Columns come in field order (a shape's order, or the order fields first appear); within one
// field, year columns ascend (a later record may add an earlier year) and other keys keep the
// order they first appear in. A nested object that is null in some records and has fields in
// others gets no column of its own: its fields are the columns.

import { setOwn } from "../base/own";
import { type Cell, listCell, type Table } from "../base/table";
import { BUILD_CEILING, GridOverflow } from "./host-limits";
import { keyed } from "./keyed";
import { decodeJson, isObject, type KnownColumns, kindOf, Malformed, malformed, num, type Schema, type Shape, str } from "./response";

/** Columns as they are met; each belongs to a field (its slot). */
class Columns {
  names: string[] = [];
  slots: number[] = [];
  private readonly index = new Map<string, number>();

  at(name: string, slot: number): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      // Records with ever new keys (sparse records) stop here, before rows of that width exist.
      if (i >= BUILD_CEILING.columns) throw new GridOverflow({ columns: i + 1 });
      this.names.push(name);
      this.slots.push(slot);
      this.index.set(name, i);
    }
    return i;
  }
}

interface Leaf {
  name: string;
  key: string;
  schema: Schema;
  slot: number;
  /** Index into the per-decode column table. */
  id: number;
  children?: Leaf[];
}

/** The leaves of a shape, made once per schema: decoding only looks them up. */
function plan(shape: Shape, prefix = "", counter = { slot: 0 }): Leaf[] {
  return Object.keys(shape).map((key) => {
    const schema = shape[key];
    const name = prefix + key;
    const leaf: Leaf = { name, key, schema, slot: counter.slot, id: counter.slot++ };
    if ((schema.spread === "record" || schema.spread === "joined") && schema.shape) leaf.children = plan(schema.shape, `${name}.`, counter);
    return leaf;
  });
}

const countLeaves = (leaves: Leaf[]): number => leaves.reduce((n, l) => n + 1 + (l.children ? countLeaves(l.children) : 0), 0);

/** A list of records met in one record: its items become that record's rows. */
interface Nested {
  name: string;
  slot: number;
  items: unknown[];
}

/** One decode's state: the columns met so far and where each fixed leaf's column is. */
interface Pass {
  cols: Columns;
  columnOf: Int32Array;
  /** Per map leaf: its keys' columns, so a year or category name is joined only once. */
  mapColumns: Array<Map<string, number> | undefined>;
  /** Per map leaf: the last record's keys and their columns (records usually share them). */
  mapLast: Array<{ keys: string[]; at: number[] } | undefined>;
  /** Records read without a shape: their fields in order, each field's slot its place here. */
  fields: string[];
  /** The current record's lists of records, to become its rows; null where they are keyed into
   *  columns instead (a table of one record shown as `field, value` rows). */
  nested: Nested[] | null;
}

const newPass = (leafCount: number, orient: Table["orient"] = "rows"): Pass => ({
  cols: new Columns(),
  columnOf: new Int32Array(leafCount).fill(-1),
  mapColumns: [],
  mapLast: [],
  fields: [],
  nested: orient === "rows" ? [] : null,
});

/** Decimal text with a fractional part ("0.7315", "-12.50"): a number in an open field. Whole-number
 *  text stays text there, since codes are written as digits too (KLSE 0053, a licence's WIUP code). */
const FRACTION = /^-?\d+\.\d+([eE][-+]?\d+)?$/;

const hasRecords = (value: unknown): value is unknown[] => Array.isArray(value) && value.some(isObject);

/** An open value: JSON text read as JSON, decimal text as a number, objects into dotted columns
 *  (an empty one is one empty cell), lists of scalars into one cell, lists of records into the
 *  record's rows (`nested`), or keyed into columns where there are none. */
function spreadOpen(raw: unknown, name: string, slot: number, cols: Columns, row: Cell[], nested: Nested[] | null): void {
  let value = typeof raw === "string" ? (FRACTION.test(raw.trim()) ? Number(raw) : decodeJson(raw)) : raw;
  if (hasRecords(value)) {
    if (nested) {
      nested.push({ name, slot, items: value });
      return;
    }
    value = keyed(value);
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) row[cols.at(name, slot)] = null;
    for (const key of keys) spreadOpen(value[key], `${name}.${key}`, slot, cols, row, nested);
  } else {
    row[cols.at(name, slot)] = Array.isArray(value) ? listCell(value) : (value as Cell);
  }
}

/** A record's row, once per item of its lists of records (side by side), each item spread into
 *  it; items' own lists of records give rows in turn. */
function expand(row: Cell[], pass: Pass, out: Cell[][]): void {
  const lists = pass.nested;
  if (!lists?.length) {
    out.push(row);
    return;
  }
  pass.nested = [];
  const count = Math.max(...lists.map((l) => l.items.length));
  for (let i = 0; i < count; i++) {
    const copy = row.slice();
    for (const list of lists) if (i < list.items.length) spreadOpen(list.items[i], list.name, list.slot, pass.cols, copy, pass.nested);
    expand(copy, pass, out);
  }
  pass.nested = lists;
  lists.length = 0;
}

/** The columns of a map's keys, reusing the previous record's when the keys are the same. */
function mapColumns(leaf: Leaf, keys: string[], pass: Pass): number[] {
  const last = pass.mapLast[leaf.id];
  if (last && last.keys.length === keys.length && last.keys.every((k, i) => k === keys[i])) return last.at;
  let known = pass.mapColumns[leaf.id];
  if (!known) pass.mapColumns[leaf.id] = known = new Map();
  const at = keys.map((key) => {
    let column = known.get(key);
    if (column === undefined) {
      column = pass.cols.at(`${leaf.name}.${key}`, leaf.slot);
      known.set(key, column);
    }
    return column;
  });
  pass.mapLast[leaf.id] = { keys, at };
  return at;
}

function columnOf(leaf: Leaf, pass: Pass): number {
  let at = pass.columnOf[leaf.id];
  if (at < 0) {
    at = pass.cols.at(leaf.name, leaf.slot);
    pass.columnOf[leaf.id] = at;
  }
  return at;
}

/** One record of a shape into `row`. */
function emit(obj: Record<string, unknown>, leaves: Leaf[], pass: Pass, row: Cell[]): void {
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i];
    const raw = obj[leaf.key];
    if (raw === undefined) continue;
    switch (leaf.schema.spread) {
      case "cell":
        // The common cases inline: a number for num, a string for str (no call per field).
        row[columnOf(leaf, pass)] =
          (typeof raw === "number" && leaf.schema === num) || (typeof raw === "string" && leaf.schema === str)
            ? raw
            : (leaf.schema.decode(raw) as Cell);
        break;
      case "list": {
        const list = leaf.schema.decode(raw);
        row[columnOf(leaf, pass)] = Array.isArray(list) ? listCell(list) : ((list ?? null) as Cell);
        break;
      }
      case "record": {
        const inner = decodeJson(raw);
        if (isObject(inner) && leaf.children) emit(inner, leaf.children, pass, row);
        else row[columnOf(leaf, pass)] = inner === null || typeof inner === "string" ? inner : malformed("text", inner);
        break;
      }
      case "joined": {
        const list = leaf.schema.decode(raw);
        if (!Array.isArray(list) || !leaf.children) {
          row[columnOf(leaf, pass)] = (list ?? null) as Cell;
          break;
        }
        for (const child of leaf.children) {
          row[columnOf(child, pass)] = listCell(list.map((item) => (isObject(item) ? (item[child.key] ?? null) : null)));
        }
        break;
      }
      case "map": {
        const map = decodeJson(raw);
        if (!isObject(map)) {
          row[columnOf(leaf, pass)] = map === null || typeof map === "string" ? map : malformed("an object", map);
          break;
        }
        const keys = Object.keys(map);
        const at = mapColumns(leaf, keys, pass);
        for (let k = 0; k < keys.length; k++) {
          const v = map[keys[k]];
          row[at[k]] = typeof v === "number" ? v : (num.decode(v) as Cell);
        }
        break;
      }
      default:
        spreadOpen(leaf.schema.decode(raw), leaf.name, leaf.slot, pass.cols, row, pass.nested);
    }
  }
}

/** One record without a shape into `row`. A field new to the table goes just before the next
 *  field of its own record that is already known, so a field only later records have joins the
 *  order the service gives instead of trailing after the last column. */
function emitOpen(obj: Record<string, unknown>, pass: Pass, row: Cell[]): void {
  const keys = Object.keys(obj);
  let next = pass.fields.length;
  for (let i = keys.length - 1; i >= 0; i--) {
    const at = pass.fields.indexOf(keys[i]);
    if (at >= 0) next = at;
    else pass.fields.splice(next, 0, keys[i]);
  }
  for (const key of keys) spreadOpen(obj[key], key, -1, pass.cols, row, pass.nested);
}

/** The year of a column such as `production_volume.2023`, NaN for any other name. */
function yearOf(name: string): number {
  const dot = name.length - 5;
  if (dot < 0 || name.charCodeAt(dot) !== 46) return NaN;
  const tail = name.slice(dot + 1);
  return /^\d{4}$/.test(tail) ? Number(tail) : NaN;
}

/** A column's parent: its name without the last dotted part. */
const parentOf = (name: string) => name.slice(0, Math.max(0, name.lastIndexOf(".")));

/** Within one field, the columns of one parent stay together (in order of the parent's first
 *  column); among them year columns ascend, then the others in order of first appearance (a TTM
 *  column after the years). */
function withinField(names: string[], years: number[]): (a: number, b: number) => number {
  const firstOf = new Map<string, number>();
  names.forEach((name, i) => {
    const parent = parentOf(name);
    if (!firstOf.has(parent)) firstOf.set(parent, i);
  });
  const rank = names.map((name) => firstOf.get(parentOf(name)) ?? 0);
  return (a, b) => {
    if (rank[a] !== rank[b]) return rank[a] - rank[b];
    const [ya, yb] = [years[a], years[b]];
    if (Number.isNaN(ya) && Number.isNaN(yb)) return a - b;
    if (Number.isNaN(ya) || Number.isNaN(yb)) return Number.isNaN(ya) ? 1 : -1;
    return ya - yb;
  };
}

/** Columns that only stand for their dotted children and are empty in every row. */
function emptyParents(names: string[], rows: Cell[][]): Set<number> {
  const prefixes = new Set<string>();
  for (const name of names) for (let at = name.indexOf("."); at > 0; at = name.indexOf(".", at + 1)) prefixes.add(name.slice(0, at));
  const out = new Set<number>();
  if (prefixes.size === 0) return out;
  names.forEach((name, i) => {
    if (prefixes.has(name) && rows.every((row) => row[i] === undefined || row[i] === null)) out.add(i);
  });
  return out;
}

/** Put columns in field order and make every row full length (missing → null). */
function ordered(pass: Pass, rows: Cell[][], orient: Table["orient"]): Table {
  const { cols } = pass;
  const n = cols.names.length;
  // Open records: a column's field is the part of its name before the first dot.
  const slots = pass.fields.length ? cols.names.map((name) => pass.fields.indexOf(name.split(".")[0])) : cols.slots;
  const within = withinField(cols.names, cols.names.map(yearOf));
  const dropped = emptyParents(cols.names, rows);
  const order = cols.names
    .map((_, i) => i)
    .filter((i) => !dropped.has(i))
    .sort((a, b) => slots[a] - slots[b] || within(a, b));
  if (rows.length * order.length > BUILD_CEILING.cells) throw new GridOverflow({ rows: rows.length, columns: order.length });
  const identity = order.length === n && order.every((c, i) => c === i);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (identity) {
      for (let c = 0; c < n; c++) if (row[c] === undefined) row[c] = null;
      row.length = n;
    } else {
      rows[r] = order.map((c) => (row[c] === undefined ? null : row[c]));
    }
  }
  return { columns: order.map((c) => cols.names[c]), rows, orient };
}

/** The columns records of a shape can give: each leaf's name, and the leaves whose keys come
 *  from the answer (maps, open values), under which any dotted name may appear. */
function columnsOf(leaves: Leaf[], known: KnownColumns = { names: [], open: [] }): KnownColumns {
  for (const leaf of leaves) {
    known.names.push(leaf.name);
    if (leaf.children) columnsOf(leaf.children, known);
    else if (leaf.schema.spread === "map" || leaf.schema.spread === "open") known.open.push(leaf.name);
  }
  return known;
}

/** Says a value of the wrong kind, by its dotted place in the record. */
type Odd = (where: string, e: Malformed) => void;

/** One record of a shape into `row`, value by value: a value of the wrong kind leaves its own cell
 *  empty (said to `odd`) and keeps every other value of the record, those beside it in a map or a
 *  nested record too. Only for a record the one-pass `emit` refused, so that a good answer pays
 *  nothing for it. */
function emitEach(obj: Record<string, unknown>, leaves: Leaf[], pass: Pass, row: Cell[], odd: Odd, prefix = ""): void {
  for (const leaf of leaves) {
    const raw = obj[leaf.key];
    if (raw === undefined) continue;
    const where = prefix + leaf.key;
    try {
      if (!emitParts(raw, leaf, pass, row, odd, where)) emit(obj, [leaf], pass, row);
    } catch (e) {
      if (!(e instanceof Malformed)) throw e;
      // Its cell is there, empty: a column only this record has is not lost with its value.
      if (!leaf.children) columnOf(leaf, pass);
      odd([where, ...e.path].join("."), e);
    }
  }
}

/** A nested record, a map or a joined list, each value on its own (false: not one of those, or
 *  not of a shape to take apart; `emit` reads it whole). */
function emitParts(raw: unknown, leaf: Leaf, pass: Pass, row: Cell[], odd: Odd, where: string): boolean {
  const { spread, entries } = leaf.schema;
  if (spread === "record" && leaf.children) {
    const inner = decodeJson(raw);
    if (!isObject(inner)) return false;
    emitEach(inner, leaf.children, pass, row, odd, `${where}.`);
    return true;
  }
  if (spread === "map" || entries) {
    const map = decodeJson(raw);
    if (!isObject(map)) return false;
    const keys = Object.keys(map);
    const values: Record<string, unknown> = {};
    for (const key of keys) setOwn(values, key, decodedOrEmpty(entries ?? num, map[key], odd, `${where}.${key}`));
    if (spread === "map") {
      const at = mapColumns(leaf, keys, pass);
      for (let k = 0; k < keys.length; k++) row[at[k]] = (values[keys[k]] ?? null) as Cell;
    } else spreadOpen(values, leaf.name, leaf.slot, pass.cols, row, pass.nested);
    return true;
  }
  if (spread === "joined" && leaf.children) {
    const list = decodeJson(raw);
    const items = isObject(list) ? [list] : list;
    // Items that are not records (a number among them) make the field odd as a whole.
    if (!Array.isArray(items) || !items.every((i) => i === null || typeof i === "string" || isObject(i))) return false;
    for (const child of leaf.children) {
      const values = items.map((item, i) =>
        isObject(item) && item[child.key] !== undefined
          ? decodedOrEmpty(child.schema, item[child.key], odd, `${where}.${i}.${child.key}`)
          : null,
      );
      row[columnOf(child, pass)] = listCell(values.map((v) => v ?? null));
    }
    return true;
  }
  return false;
}

/** One value decoded, or null (an empty cell) when it is of the wrong kind, said to `odd`. */
function decodedOrEmpty(schema: Schema, raw: unknown, odd: Odd, where: string): unknown {
  try {
    return schema.decode(raw);
  } catch (e) {
    if (!(e instanceof Malformed)) throw e;
    odd([where, ...e.path].join("."), e);
    return null;
  }
}

/** How a note names a record: its place, and its first field when that is a short code or name
 *  (`record 12 (symbol BBCA)`), so that the row can be found in a long answer. */
function recordName(obj: Record<string, unknown>, index: number, leaves: Leaf[]): string {
  const first = leaves[0];
  const value = first && first.schema.spread === "cell" ? obj[first.key] : undefined;
  const shown = typeof value === "number" || (typeof value === "string" && value.length > 0 && value.length <= 40);
  return `record ${index + 1}${shown ? ` (${first.key} ${value})` : ""}`;
}

/** The row of a record that has a value of the wrong kind: every value that reads, each odd one's
 *  cell left empty and said in `problems`. */
function partialRow(obj: Record<string, unknown>, index: number, leaves: Leaf[], pass: Pass, problems: string[]): Cell[] {
  const row: Cell[] = [];
  const name = recordName(obj, index, leaves);
  emitEach(obj, leaves, pass, row, (where, e) =>
    problems.push(`${name}, \`${where}\`: ${e.expected} was expected, ${e.got} came; left empty`),
  );
  return row;
}

/** A schema that decodes a list of records of `shape` straight into a table: one row per record. */
export function recordTable(shape: Shape): Schema<Table> {
  const leaves = plan(shape);
  const count = countLeaves(leaves);
  return {
    columns: columnsOf(leaves),
    decode: (list) => {
      if (!Array.isArray(list)) return malformed("a list", list);
      const pass = newPass(count);
      const rows: Cell[][] = [];
      const problems: string[] = [];
      // One odd record never costs the answer: it is a row with what reads, or, not a record at
      // all, left out; either way it is said.
      for (let i = 0; i < list.length; i++) {
        const obj = list[i];
        if (!isObject(obj)) {
          problems.push(`record ${i + 1} is ${kindOf(obj)}, not a record; left out`);
          continue;
        }
        let row: Cell[] = [];
        try {
          emit(obj, leaves, pass, row);
        } catch (e) {
          if (!(e instanceof Malformed)) throw e;
          // The refused pass's lists of records are met again, value by value.
          if (pass.nested) pass.nested.length = 0;
          row = partialRow(obj, i, leaves, pass, problems);
        }
        expand(row, pass, rows);
      }
      const table = ordered(pass, rows, "rows");
      return problems.length ? { ...table, problems } : table;
    },
    spread: "open",
  };
}

/** Records of any shape (GET, a report built in a layout): every field, one row per record. */
export function tableOf(records: readonly Record<string, unknown>[], orient: Table["orient"] = "rows"): Table {
  const pass = newPass(0, orient);
  const rows: Cell[][] = [];
  for (const obj of records) {
    const row: Cell[] = [];
    emitOpen(obj, pass, row);
    expand(row, pass, rows);
  }
  return ordered(pass, rows, orient);
}
