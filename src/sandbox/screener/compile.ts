// Binds a parsed `where` or `order_by` to a field table and type-checks it once, giving plain
// functions over rows. Comparisons with a missing value (null) are false, as in SQL; text compares
// case-insensitively; LIKE takes % and _ wildcards; IN on a list field matches any element.
import { ApiError } from "../errors";
import type { Cond, Value } from "./ast";
import { invalid } from "./lexer";

export type FieldValue = string | number | string[] | null;
export type FieldType = "text" | "number" | "list";

export interface FieldSpec<R> {
  type: FieldType;
  /** Yearly fields are written `name[YYYY]` and read with that year. */
  yearly?: boolean;
  get(row: R, year: number): FieldValue;
  /** How a quoted value compared with this field is read (e.g. "BBCA" -> "BBCA.JK"). */
  literal?: (text: string) => string;
}

export type Fields<R> = ReadonlyMap<string, FieldSpec<R>>;

export interface Compiled<R> {
  type: FieldType;
  /** The field when the value is a plain field reference (for messages and literals). */
  field?: { name: string; spec: FieldSpec<R> };
  get(row: R): FieldValue;
}

const mismatch = (message: string) => new ApiError(400, message, "TYPE_MISMATCH");
const TYPE_WORD: Record<FieldType, string> = { text: "string", number: "numeric", list: "list" };

export function resolve<R>(fields: Fields<R>, name: string, year: number | undefined): FieldSpec<R> {
  const spec = fields.get(name.toLowerCase());
  if (!spec) {
    const yearly = /^([a-z_]+?)_(?:in_)?(\d{4})$/i.exec(name);
    const hint =
      yearly && fields.get(yearly[1].toLowerCase())?.yearly ? ` Use bracket notation instead: '${yearly[1]}[${yearly[2]}]'.` : "";
    throw invalid(`Invalid field name '${name}'.${hint}`);
  }
  if (spec.yearly && year === undefined) throw invalid(`Field '${name}' is yearly: use bracket notation such as '${name}[2024]'.`);
  if (!spec.yearly && year !== undefined) throw invalid(`Field '${name}' does not take a year.`);
  return spec;
}

export function compileValue<R>(v: Value, fields: Fields<R>): Compiled<R> {
  switch (v.kind) {
    case "num":
      return { type: "number", get: () => v.value };
    case "str":
      return { type: "text", get: () => v.value };
    case "field": {
      const spec = resolve(fields, v.name, v.year);
      return { type: spec.type, field: { name: v.text, spec }, get: (row) => spec.get(row, v.year ?? 0) };
    }
    case "neg": {
      const inner = numeric(compileValue(v.value, fields), "-");
      return { type: "number", get: (row) => arithmetic("-", 0, inner.get(row)) };
    }
    case "arith": {
      const left = numeric(compileValue(v.left, fields), v.op);
      const right = numeric(compileValue(v.right, fields), v.op);
      return { type: "number", get: (row) => arithmetic(v.op, left.get(row), right.get(row)) };
    }
  }
}

function numeric<R>(c: Compiled<R>, op: string): Compiled<R> {
  if (c.type === "number") return c;
  const what = c.field ? `'${c.field.name}' is a ${TYPE_WORD[c.type]} field` : "a quoted value is text";
  throw mismatch(`The '${op}' operator needs numbers, but ${what}.`);
}

function arithmetic(op: string, a: FieldValue, b: FieldValue): number | null {
  if (typeof a !== "number" || typeof b !== "number") return null;
  const out = op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : a / b;
  return Number.isFinite(out) ? out : null;
}

export function compileWhere<R>(c: Cond, fields: Fields<R>): (row: R) => boolean {
  switch (c.kind) {
    case "and": {
      const [l, r] = [compileWhere(c.left, fields), compileWhere(c.right, fields)];
      return (row) => l(row) && r(row);
    }
    case "or": {
      const [l, r] = [compileWhere(c.left, fields), compileWhere(c.right, fields)];
      return (row) => l(row) || r(row);
    }
    case "not": {
      const inner = compileWhere(c.cond, fields);
      return (row) => !inner(row);
    }
    case "null": {
      const value = compileValue(c.value, fields);
      return (row) => (value.get(row) === null) !== c.negate;
    }
    case "like":
      return compileLike(compileValue(c.value, fields), c.pattern.toLowerCase(), c.negate);
    case "in":
      return compileIn(compileValue(c.value, fields), c.items, c.negate);
    case "cmp":
      return compileCmp(c.op, compileValue(c.left, fields), compileValue(c.right, fields));
  }
}

function compileLike<R>(value: Compiled<R>, pattern: string, negate: boolean): (row: R) => boolean {
  if (value.type !== "text") {
    const name = value.field?.name ?? "the value";
    throw mismatch(`The 'LIKE' operator can only be used on string fields. '${name}' is a ${TYPE_WORD[value.type]} field.`);
  }
  return (row) => {
    const v = value.get(row);
    return typeof v === "string" && like(v.toLowerCase(), pattern) !== negate;
  };
}

function compileIn<R>(value: Compiled<R>, items: (string | number)[], negate: boolean): (row: R) => boolean {
  const wantText = value.type !== "number";
  if (items.some((i) => (typeof i === "string") !== wantText)) {
    const name = value.field ? `'${value.field.name}'` : "the value";
    throw mismatch(`The list after IN must hold ${wantText ? "quoted strings" : "numbers"}: ${name} is a ${TYPE_WORD[value.type]} field.`);
  }
  const read = (s: string) => (value.field?.spec.literal ?? ((x: string) => x))(s).toLowerCase();
  const wanted = new Set(items.map((i) => (typeof i === "string" ? read(i) : i)));
  return (row) => {
    const v = value.get(row);
    if (v === null) return false;
    const hit = Array.isArray(v) ? v.some((x) => wanted.has(x.toLowerCase())) : wanted.has(typeof v === "string" ? v.toLowerCase() : v);
    return hit !== negate;
  };
}

function compileCmp<R>(op: string, left: Compiled<R>, right: Compiled<R>): (row: R) => boolean {
  for (const side of [left, right]) {
    if (side.type === "list")
      throw mismatch(`The '${op}' operator cannot be used on the list field '${side.field?.name}'. Use IN instead.`);
  }
  if (left.type !== right.type) {
    const named = [left, right].find((s) => s.field)?.field?.name;
    throw mismatch(`Cannot compare text with a number${named ? ` ('${named}')` : ""}.`);
  }
  // A quoted value is read the way the field on the other side reads it.
  const readAs = (side: Compiled<R>, other: Compiled<R>) => {
    const literal = other.field?.spec.literal;
    return literal && !side.field ? (row: R) => literal(String(side.get(row))) : side.get;
  };
  const [a, b] = [readAs(left, right), readAs(right, left)];
  return (row) => {
    let x = a(row);
    let y = b(row);
    if (x === null || y === null) return false;
    if (typeof x === "string" && typeof y === "string") [x, y] = [x.toLowerCase(), y.toLowerCase()];
    switch (op) {
      case "=":
        return x === y;
      case "!=":
        return x !== y;
      case ">":
        return x > y;
      case ">=":
        return x >= y;
      case "<":
        return x < y;
      default:
        return x <= y;
    }
  };
}

/** SQL LIKE on lower-cased text: % any run, _ one character. Linear backtracking to the last %,
 *  so no pattern can make it slow. */
export function like(text: string, pattern: string): boolean {
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < text.length) {
    if (j < pattern.length && (pattern[j] === "_" || pattern[j] === text[i])) {
      i++;
      j++;
    } else if (j < pattern.length && pattern[j] === "%") {
      star = j++;
      mark = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (pattern[j] === "%") j++;
  return j === pattern.length;
}
