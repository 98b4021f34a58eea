// Lenient response schemas. The service drifts: decimals arrive as strings, nested fields
// sometimes arrive as JSON-encoded strings, fields come and go. A value of the wrong overall
// shape (an object where a list belongs) is malformed; a field of an odd type is kept as it came,
// a missing field is an empty cell, and unknown fields are dropped, so a field the service adds
// later does not shift anybody's columns.
//
// Why not zod here: lists of records are decoded straight into table rows in one pass, without
// building an intermediate object per record. Measured on 10,000 records (npm run bench), zod's
// object parsing alone cost 2-3x JSON.parse; this costs well under it. Arguments still use zod.
import { Cell, listCell, Table } from "./table";

/** Thrown (one shared instance) when a value has the wrong overall shape. */
export const MALFORMED = new Error("malformed response");
const malformed = (): never => {
  throw MALFORMED;
};

type Shape = Record<string, Schema>;

export interface Schema<T = unknown> {
  decode(value: unknown): T;
  /** How a field of this schema spreads into table columns. */
  readonly spread: "cell" | "list" | "map" | "record" | "any";
  readonly shape?: Shape;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Parse a string that holds JSON; leave anything else (and unparseable text) as it is. */
export function decodeJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const first = value.trimStart()[0];
  if (first !== "{" && first !== "[") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const DECIMAL = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

const cellSchema = (decode: (v: unknown) => unknown): Schema => ({ decode, spread: "cell" });

/** A number; "45.6710" becomes 45.671; other text is kept as text. */
export const num = cellSchema((v) =>
  typeof v === "number" || v === null || v === undefined ? v : typeof v === "string" ? (DECIMAL.test(v) ? Number(v) : v) : malformed(),
);

/** Text; a number or boolean is shown as it is. */
export const str = cellSchema((v) =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : malformed(),
);

/** Anything (fields whose shape the spec leaves open); JSON-encoded text is read as JSON. */
export const any: Schema = { decode: decodeJson, spread: "any" };

/** A list, perhaps JSON-encoded. */
export function listOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    decode: (v) => {
      const list = decodeJson(v);
      return Array.isArray(list) ? list.map((x) => item.decode(x)) : malformed();
    },
    spread: "any",
  };
}

/** A list of scalars, perhaps JSON-encoded: one cell joined by ", ". */
export const strList: Schema = {
  decode: (v) => {
    const list = decodeJson(v);
    if (list === null || list === undefined || typeof list === "string") return list;
    return Array.isArray(list) ? list.map((x) => str.decode(x)) : malformed();
  },
  spread: "list",
};

/** Name → value, perhaps JSON-encoded (category and year maps: one column per name). */
export function dict<T>(value: Schema<T>, spread: Schema["spread"] = "any"): Schema<Record<string, T> | string | null | undefined> {
  return {
    decode: (v) => {
      const map = decodeJson(v);
      if (map === null || map === undefined || typeof map === "string") return map;
      if (!isObject(map)) return malformed();
      const out: Record<string, T> = {};
      for (const key of Object.keys(map)) out[key] = value.decode(map[key]);
      return out;
    },
    spread,
  };
}

export const numMap = dict(num, "map");

/** An object of the given fields (perhaps JSON-encoded), unknown fields dropped. */
export function record(shape: Shape): Schema<Record<string, unknown> | string | null | undefined> {
  const keys = Object.keys(shape);
  return {
    decode: (v) => {
      const obj = decodeJson(v);
      if (obj === null || obj === undefined || typeof obj === "string") return obj;
      if (!isObject(obj)) return malformed();
      const out: Record<string, unknown> = {};
      for (const key of keys) if (obj[key] !== undefined) out[key] = shape[key].decode(obj[key]);
      return out;
    },
    spread: "record",
    shape,
  };
}

export const numbers = (names: readonly string[]): Shape => Object.fromEntries(names.map((n) => [n, num]));
export const texts = (names: readonly string[]): Shape => Object.fromEntries(names.map((n) => [n, str]));

/** Decode, reporting a wrong shape as a result instead of an exception. */
export function parseResponse(schema: Schema, json: unknown): { success: true; data: unknown } | { success: false } {
  try {
    return { success: true, data: schema.decode(json) };
  } catch (e) {
    if (e === MALFORMED) return { success: false };
    throw e;
  }
}

// ---- lists of records, straight into a table ------------------------------------------------

/** Columns in field order; a map's or an open field's columns sit where the field sits. */
class Columns {
  names: string[] = [];
  slots: number[] = [];
  /** Columns of nested records that were null or text in some record (see isEmptyParent). */
  parents: number[] = [];
  private index = new Map<string, number>();

  at(name: string, slot: number): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
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
    if (schema.spread === "record") leaf.children = plan(schema.shape!, `${name}.`, counter);
    return leaf;
  });
}

const countLeaves = (leaves: Leaf[]): number => leaves.reduce((n, l) => n + 1 + (l.children ? countLeaves(l.children) : 0), 0);

function spreadAny(value: unknown, name: string, slot: number, cols: Columns, row: Cell[]): void {
  if (isObject(value)) {
    for (const key of Object.keys(value)) spreadAny(value[key], `${name}.${key}`, slot, cols, row);
  } else {
    row[cols.at(name, slot)] = Array.isArray(value) ? listCell(value) : (value as Cell);
  }
}

/** One decode's state: the columns met so far and where each fixed leaf's column is. */
interface Pass {
  cols: Columns;
  columnOf: Int32Array;
  /** Per map leaf: its keys' columns, so a year or category name is joined only once. */
  mapColumns: Array<Map<string, number> | undefined>;
  /** Per map leaf: the last record's keys and their columns (records usually share them). */
  mapLast: Array<{ keys: string[]; at: number[] } | undefined>;
}

/** The columns of a map's keys, reusing the previous record's when the keys are the same. */
function mapColumns(leaf: Leaf, keys: string[], pass: Pass): number[] {
  const last = pass.mapLast[leaf.id];
  if (last && last.keys.length === keys.length && last.keys.every((k, i) => k === keys[i])) return last.at;
  const known = (pass.mapColumns[leaf.id] ??= new Map());
  const at = keys.map((key) => {
    let column = known.get(key);
    if (column === undefined) known.set(key, (column = pass.cols.at(`${leaf.name}.${key}`, leaf.slot)));
    return column;
  });
  pass.mapLast[leaf.id] = { keys, at };
  return at;
}

const columnOf = (leaf: Leaf, pass: Pass): number => {
  let at = pass.columnOf[leaf.id];
  if (at < 0) at = pass.columnOf[leaf.id] = pass.cols.at(leaf.name, leaf.slot);
  return at;
};

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
        if (isObject(inner)) emit(inner, leaf.children!, pass, row);
        else {
          const at = columnOf(leaf, pass);
          if (!pass.cols.parents.includes(at)) pass.cols.parents.push(at);
          row[at] = inner === null || typeof inner === "string" ? inner : malformed();
        }
        break;
      }
      case "map": {
        const map = decodeJson(raw);
        if (!isObject(map)) {
          row[columnOf(leaf, pass)] = map === null || typeof map === "string" ? map : malformed();
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
        spreadAny(leaf.schema.decode(raw), leaf.name, leaf.slot, pass.cols, row);
    }
  }
}

/** A list of records decoded into a table in one pass: one row per record. */
export function recordTable(shape: Shape): Schema<Table> {
  const leaves = plan(shape);
  const count = countLeaves(leaves);
  return {
    decode: (list) => {
      if (!Array.isArray(list)) return malformed();
      const pass: Pass = { cols: new Columns(), columnOf: new Int32Array(count).fill(-1), mapColumns: [], mapLast: [] };
      const rows: Cell[][] = new Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const obj = list[i];
        if (!isObject(obj)) return malformed();
        const row: Cell[] = [];
        emit(obj, leaves, pass, row);
        rows[i] = row;
      }
      return ordered(pass.cols, rows);
    },
    spread: "any",
  };
}

/** A null nested record leaves an empty column of its own only when no record filled its fields. */
function isEmptyParent(cols: Columns, rows: Cell[][], i: number): boolean {
  if (!cols.parents.includes(i)) return false;
  const prefix = `${cols.names[i]}.`;
  return cols.names.some((name) => name.startsWith(prefix)) && rows.every((row) => row[i] === undefined || row[i] === null);
}

/** The year of a column such as `production_volume.2023`, NaN for any other name. */
function yearOf(name: string): number {
  const dot = name.length - 5;
  if (dot < 0 || name.charCodeAt(dot) !== 46) return NaN;
  const tail = name.slice(dot + 1);
  return /^\d{4}$/.test(tail) ? Number(tail) : NaN;
}

/** Within one field, year columns ascend (a later record may add an earlier year); others keep first appearance. */
const withinField = (years: number[], a: number, b: number) =>
  Number.isNaN(years[a]) || Number.isNaN(years[b]) ? a - b : years[a] - years[b];

/** Put columns in field order and make every row full length (missing → null). */
function ordered(cols: Columns, rows: Cell[][]): Table {
  const n = cols.names.length;
  const years = cols.names.map(yearOf);
  const order = cols.names
    .map((_, i) => i)
    .filter((i) => !isEmptyParent(cols, rows, i))
    .sort((a, b) => cols.slots[a] - cols.slots[b] || withinField(years, a, b));
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
  return { columns: order.map((c) => cols.names[c]), rows, orient: "rows" };
}
