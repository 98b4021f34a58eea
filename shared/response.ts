// Lenient building blocks for response schemas. The service drifts: decimals arrive as strings,
// nested fields sometimes arrive as JSON-encoded strings, fields come and go. A record of the
// wrong overall shape (an object where a list belongs) is malformed; a field of an odd type is
// kept as it came, and a missing field is an empty cell. Unknown fields are dropped, so a field
// the service adds later does not shift anybody's columns.
import * as z from "zod/mini";

type Schema = z.ZodMiniType;

/** Parse a string that holds JSON; leave anything else (and unparseable text) as it is. */
function decodeJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A number; "45.6710" becomes 45.671; other text is kept as text. */
export const num = z.nullish(
  z.union([
    z.number(),
    z.pipe(z.string(), z.transform((s) => (DECIMAL.test(s.trim()) ? Number(s) : s))),
  ]),
);

/** Text; a number is shown as it is. */
export const str = z.nullish(z.union([z.string(), z.number(), z.boolean()]));

/** Anything (for fields whose shape the spec leaves open). */
export const any = z.unknown();

/** A value that may arrive JSON-encoded in a string. */
export const jsonish = <S extends Schema>(schema: S) =>
  z.pipe(z.transform(decodeJson), z.union([schema, z.string(), z.null(), z.undefined()]));

/** A list of scalars, perhaps JSON-encoded. */
export const strList = jsonish(z.array(z.union([z.string(), z.number(), z.null()])));

/** A name → number map (categories, years), perhaps JSON-encoded. */
export const numMap = jsonish(z.record(z.string(), num));

/** An object of the given fields, unknown fields dropped, every field optional. */
export function record<T extends Record<string, Schema>>(shape: T) {
  const optional = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, z.optional(s)]));
  return z.object(optional) as unknown as z.ZodMiniObject<{ [K in keyof T]: z.ZodMiniOptional<T[K]> }>;
}

/** An object that may arrive JSON-encoded. */
export const nested = <T extends Record<string, Schema>>(shape: T) => jsonish(record(shape));

export const listOf = <S extends Schema>(item: S) => z.array(item);

/** Fields that are all numbers (most financial records). */
export const numbers = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, num]));
export const texts = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, str]));
