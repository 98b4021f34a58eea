// Lenient response schemas. The service drifts: decimals arrive as strings, nested fields
// sometimes arrive as JSON-encoded strings, fields come and go. A value of the wrong overall
// shape (an object where a list belongs) is malformed; a field of an odd type is kept as it came,
// a missing field is an empty cell, and unknown fields are dropped, so a field the service adds
// later does not shift anybody's columns. Lists of records are flattened straight into a table
// (flatten.ts), without an object per record.
//
// Why not zod here: measured on 10,000 records (npm run bench), zod's object parsing alone cost
// 2-3x JSON.parse; these schemas with the one-pass flattener cost well under it. Arguments,
// which are few and small, use zod (input/kinds.ts).
import { setOwn } from "../base/own";
import type { Cell } from "../base/table";

/** A value of the wrong overall shape: what was expected there, what came, and where in the
 *  answer (the steps are added on the way out, by the lists and records it was inside). */
export class Malformed extends Error {
  readonly path: string[] = [];
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super("malformed response");
  }
}

/** What a value is, in a user's words. */
export const kindOf = (v: unknown): string =>
  Array.isArray(v)
    ? "a list"
    : v === null
      ? "null"
      : typeof v === "object"
        ? "an object"
        : typeof v === "string"
          ? "text"
          : `a ${typeof v}`;

export const malformed = (expected: string, value: unknown): never => {
  throw new Malformed(expected, kindOf(value));
};

/** `value` decoded as step `step` of what is being decoded: a wrong shape inside says where.
 *  (No closure per call: lists and records of large answers go through here.) */
function decodeAt<T>(schema: Schema<T>, value: unknown, step: string | number): T {
  try {
    return schema.decode(value);
  } catch (e) {
    if (e instanceof Malformed) e.path.unshift(String(step));
    throw e;
  }
}

/** Each item of a list decoded, a wrong one named by its place. */
function mapItems<T>(list: unknown[], item: Schema<T>): T[] {
  const out: T[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = decodeAt(item, list[i], i);
  return out;
}

export type Shape = Record<string, Schema>;

export interface Schema<T = unknown> {
  decode(value: unknown): T;
  /** How a field of this schema spreads into table columns. */
  readonly spread: "cell" | "list" | "map" | "record" | "joined" | "open";
  readonly shape?: Shape;
  /** Name → value (`dict`): each value's schema, so that a reader can keep the others when one
   *  value is of the wrong kind. */
  readonly entries?: Schema;
  /** A schema that decodes to a table: the columns it can give, where its shape says. */
  readonly columns?: KnownColumns;
}

/** Column names a table can have: `names`, and any dotted name under one of `open`. */
export interface KnownColumns {
  names: string[];
  open: string[];
}

/** What a schema decodes to. */
export type Decoded<S> = S extends Schema<infer T> ? T : never;

/** A record's fields, each perhaps missing. */
export type Fields<S extends Shape> = { [K in keyof S]?: Decoded<S[K]> };

/** A field that may arrive as JSON text: the value, or the text when it is not JSON. */
export type MaybeText<T> = T | string | null | undefined;

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A decoded record that arrived as a record (not null, missing or unreadable text). */
export const isFields = <T extends object>(v: MaybeText<T>): v is T => isObject(v);

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

const isScalar = (v: unknown): v is Cell => v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** A list of scalars where one value was expected: its items joined as text, so the answer is
 *  kept whole (the provider's description allows lists in places an answer usually has one). */
const joinedText = (v: unknown): string | undefined =>
  Array.isArray(v) && v.every(isScalar) ? v.map((x) => (x === null ? "" : String(x))).join(", ") : undefined;

/** A number; "45.6710" becomes 45.671; other text is kept as text; a list, its items as text. */
export const num: Schema<number | string | null | undefined> = {
  decode: (v) =>
    typeof v === "number" || v === null || v === undefined
      ? v
      : typeof v === "string"
        ? DECIMAL.test(v)
          ? Number(v)
          : v
        : (joinedText(v) ?? malformed("a number", v)),
  spread: "cell",
};

/** Text; a number or boolean is shown as it is; a list, its items as text. */
export const str: Schema<Cell | undefined> = {
  decode: (v) => (v === undefined || isScalar(v) ? v : (joinedText(v) ?? malformed("text", v))),
  spread: "cell",
};

/** Anything (fields whose shape the service leaves open); JSON-encoded text is read as JSON. */
export const open: Schema<unknown> = { decode: decodeJson, spread: "open" };

/** A list, perhaps JSON-encoded. */
export function listOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    decode: (v) => {
      const list = decodeJson(v);
      return Array.isArray(list) ? mapItems(list, item) : malformed("a list", list);
    },
    spread: "open",
  };
}

/** A list of scalars, perhaps JSON-encoded: one cell joined by ", ". */
export const strList: Schema<MaybeText<Array<Cell | undefined>>> = {
  decode: (v) => {
    const list = decodeJson(v);
    if (list === null || list === undefined || typeof list === "string") return list;
    return Array.isArray(list) ? mapItems(list, str) : malformed("a list", list);
  },
  spread: "list",
};

/** Name → value where only some values are the answer's (a ranking per classification): an entry
 *  whose value is not of that kind (a timestamp or a count the service adds beside them) is left
 *  out, never fatal. */
export function entriesOf<T>(value: Schema<T>, accepts: (raw: unknown) => boolean): Schema<MaybeText<Record<string, T>>> {
  const all = dict(value);
  return {
    decode: (v) => {
      const map = decodeJson(v);
      if (!isObject(map)) return all.decode(map);
      const kept: Record<string, unknown> = {};
      for (const key of Object.keys(map)) if (accepts(decodeJson(map[key]))) setOwn(kept, key, map[key]);
      return all.decode(kept);
    },
    spread: all.spread,
  };
}

/** Name → value, perhaps JSON-encoded (category and year maps: one column per name). */
export function dict<T>(value: Schema<T>, spread: Schema["spread"] = "open"): Schema<MaybeText<Record<string, T>>> {
  return {
    decode: (v) => {
      const map = decodeJson(v);
      if (map === null || map === undefined || typeof map === "string") return map;
      if (!isObject(map)) return malformed("an object", map);
      // A key such as "__proto__" stays a key (a column), as the service sent it.
      const out: Record<string, T> = {};
      for (const key of Object.keys(map)) setOwn(out, key, decodeAt(value, map[key], key));
      return out;
    },
    spread,
    entries: value,
  };
}

export const numMap = dict(num, "map");

/** An object of the given fields (perhaps JSON-encoded), unknown fields dropped. */
export function record<S extends Shape>(shape: S): Schema<MaybeText<Fields<S>>> {
  const keys = Object.keys(shape);
  return {
    decode: (v) => {
      const obj = decodeJson(v);
      if (obj === null || obj === undefined || typeof obj === "string") return obj;
      if (!isObject(obj)) return malformed("an object", obj);
      const out: Record<string, unknown> = {};
      for (const key of keys) if (obj[key] !== undefined) out[key] = decodeAt(shape[key], obj[key], key);
      return out as Fields<S>;
    },
    spread: "record",
    shape,
  };
}

/** Fields that are all numbers, or all text, by name. */
/** A list of records read as parallel columns: one column per field, each the records' values
 *  joined by ", " (a filing's price_transaction: `price_transaction.price` "580, 590"). */
export function joined<S extends Shape>(shape: S): Schema<MaybeText<Array<MaybeText<Fields<S>>>>> {
  const item = record(shape);
  return {
    decode: (v) => {
      const list = decodeJson(v);
      if (list === null || list === undefined || typeof list === "string") return list;
      // One record where a list of them was expected: a list of one.
      if (isObject(list)) return [item.decode(list)];
      return Array.isArray(list) ? mapItems(list, item) : malformed("a list", list);
    },
    spread: "joined",
    shape,
  };
}

export const numbers = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((n) => [n, num])) as Record<K, typeof num>;
export const texts = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((n) => [n, str])) as Record<K, typeof str>;

/** Decode, reporting a wrong shape as a result instead of an exception. */
export function parseResponse<T>(
  schema: Schema<T>,
  json: unknown,
): { success: true; data: T } | { success: false; where: string; expected: string; got: string } {
  try {
    return { success: true, data: schema.decode(json) };
  } catch (e) {
    if (e instanceof Malformed) return { success: false, where: e.path.join("."), expected: e.expected, got: e.got };
    throw e;
  }
}
