// An argument kind is a zod rule for one value, with how a cell is read into that value and how
// the value is written on the wire. Everything a front end says or declares about an argument is
// read off the rule: the sentence after "must be" (its description, else its type and bounds),
// the pick list (an enum's options), the host's parameter type (the rule's type) and whether a
// range is taken (a list). Rewording a description changes messages and help, never a type.
import * as z from "zod/mini";
import { type CellValue, isBlank, listItems, type Scalar, unwrapCell } from "../base/cells";
import { badArgument, MdqError } from "../base/errors";

/** What one value of an argument is, for the hosts' declarations. */
export type ArgType = "text" | "number" | "whole" | "boolean" | "date" | "choice";

/** A cell value → its wire text, or undefined when blank; fails when the value breaks the rule. */
export interface ArgSchema {
  safeParse(input: unknown): { success: true; data: string | undefined } | { success: false; data?: undefined };
}

export interface ArgKind {
  /** Cell value → wire text (undefined when blank); parsing fails with the rule's issues. */
  schema: ArgSchema;
  /** The rule one value must pass, after the cell is read. */
  rule: z.ZodMiniType;
  type: ArgType;
  /** A comma list or a range of values. */
  list: boolean;
  /** What is allowed, as in "'n' must be <expected>". */
  expected: string;
  /** Fixed choices, for pick lists and help text. */
  choices?: readonly string[];
  /** Values a pick list offers where other text of the rule's form is taken too (VALUE's fields:
   *  the typed ones are offered, a report's dotted names typed). */
  suggestions?: readonly string[];
  /** What a number 0 is, from a host that passes a blank cell as 0 (older Excel desktop builds,
   *  office-js#4702): a value of this kind, or a blank cell. */
  zero: "value" | "blank";
}

/** The three parts of a kind: read a cell, check the value, write it on the wire. */
export interface KindParts<T> {
  /** The rule, made when first needed: a bundle declares every row's kinds as it loads, and a
   *  session checks the arguments of a few functions. */
  rule: () => z.ZodMiniType<T>;
  read: (cell: Scalar) => unknown;
  write: (value: T) => string;
  /** Declares 0 a value where the rule alone would not (a kind that documents numbers as its
   *  values); otherwise it is derived by zeroOf. */
  zero?: "value";
}

type Check = { _zod: { def: { check: string; value?: unknown } } };

/** Type, bounds, choices and description of a rule, read from its zod definition. */
function introspect(rule: z.ZodMiniType): { type: ArgType; choices?: string[]; expected: string } {
  const def = rule._zod.def as { type: string; format?: string; checks?: Check[]; entries?: Record<string, string> };
  const description = z.globalRegistry.get(rule)?.description;
  const bound = (check: string) => def.checks?.find((c) => c._zod.def.check === check)?._zod.def.value as number | undefined;
  const [min, max] = [bound("greater_than"), bound("less_than")];
  switch (def.type) {
    case "enum": {
      const choices = Object.values(def.entries ?? {});
      return { type: "choice", choices, expected: description ?? `one of ${choices.join(", ")}` };
    }
    case "boolean":
      return { type: "boolean", expected: description ?? "TRUE or FALSE" };
    case "number": {
      const whole = def.format !== undefined && /int/.test(def.format);
      const range = max === undefined ? `of ${min} or more` : `from ${min} to ${max}`;
      return { type: whole ? "whole" : "number", expected: description ?? `${whole ? "a whole number" : "a number"} ${range}` };
    }
    case "string":
      if (def.format === "date") return { type: "date", expected: description ?? "a date as YYYY-MM-DD text or a date cell" };
      return { type: "text", expected: description ?? "" };
    default:
      throw new Error(`an argument rule of zod type ${def.type} has no kind`);
  }
}

/** A number 0 is a value only of a numeric kind whose bounds take it (an offset, a minimum);
 *  below its range (a count, a year), and for text, choices, dates and booleans (Excel passes
 *  TRUE/FALSE as booleans, a date as a serial of 1 or more), it can only be a blank cell. */
function zeroOf<T>(type: ArgType, parts: KindParts<T>, rule: z.ZodMiniType<T>): "value" | "blank" {
  if (parts.zero) return parts.zero;
  if (type !== "whole" && type !== "number") return "blank";
  return rule.safeParse(parts.read(0)).success ? "value" : "blank";
}

/** The schema of a whole cell: blank → undefined, otherwise read, check, write. Only the check is
 *  zod's: reading and writing around it as zod pipes and transforms cost a workbook of 10,000
 *  formulas a tenth of its CPU from the cache (a profile of the bench's second recalculation). */
function cellSchema(read: (cell: CellValue) => unknown, rule: z.ZodMiniType, write: (value: never) => string): ArgSchema {
  return {
    safeParse(input) {
      const cell = unwrapCell(input);
      if (isBlank(cell)) return { success: true, data: undefined };
      const checked = rule.safeParse(read(cell));
      return checked.success ? { success: true, data: write(checked.data as never) } : { success: false };
    },
  };
}

/** `make`, called once, when first asked for. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** `target` with `name` computed on first read and kept (the getter replaces itself by the value). */
function onFirstRead<T extends object, K extends keyof T>(target: T, name: K, compute: () => T[K]): void {
  Object.defineProperty(target, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, name, { value, configurable: true, enumerable: true, writable: true });
      return value;
    },
  });
}

/** A kind whose rule, description, zero and cell schema are made when first asked for. A bundle
 *  declares every row's kinds as it loads (the Excel add-in's cold start), and a session checks
 *  the arguments of a few functions: building zod's rules and schemas and reading its definitions
 *  for all of them at load was about a third of the Excel bundle's start. */
function lazyKind(
  rule: () => z.ZodMiniType,
  list: boolean,
  describe: () => Omit<ArgKind, "rule" | "list" | "schema">,
  schema: () => ArgSchema,
): ArgKind {
  const described = once(describe);
  const made = { list } as ArgKind;
  onFirstRead(made, "rule", rule);
  for (const name of ["type", "expected", "choices", "zero"] as const) onFirstRead(made, name, () => described()[name] as never);
  onFirstRead(made, "schema", schema);
  return made;
}

/** A kind of one value. */
export function kind<T>(parts: KindParts<T>): ArgKind & { parts: KindParts<T> } {
  const rule = once(parts.rule);
  const made = lazyKind(
    rule,
    false,
    () => {
      const about = introspect(rule());
      return { ...about, zero: zeroOf(about.type, parts, rule()) };
    },
    () => cellSchema(parts.read as (cell: CellValue) => unknown, rule(), parts.write),
  );
  return Object.assign(made, { parts });
}

/** A kind of a comma list or range of values of `item`, each sent once, joined by commas. */
export function listKind<T>(item: KindParts<T>, description?: string): ArgKind {
  const itemRule = once(item.rule);
  const rule = once(() => z.array(itemRule()).check(z.minLength(1)));
  const read = (cell: CellValue) => listItems(cell).map(item.read);
  const write = (values: T[]) => [...new Set(values.map(item.write))].join(",");
  return lazyKind(
    rule,
    true,
    () => {
      const about = introspect(itemRule());
      const expected = description ?? (about.choices ? `a comma list of ${about.choices.join(", ")}` : `a comma list of ${about.expected}`);
      return { ...about, zero: zeroOf(about.type, item, itemRule()), expected };
    },
    () => cellSchema(read, rule(), write as (value: never) => string),
  );
}

/** `of` with a pick list beyond its rule's choices, made when first asked for: the generators and
 *  the playground read it, a session checking cells never does. */
export function suggesting(of: ArgKind, suggestions: () => readonly string[]): ArgKind {
  onFirstRead(of, "suggestions", suggestions);
  return of;
}

/** Validate one argument; the error names it, its value and what is allowed. */
export function parseArg(name: string, kindOf: ArgKind, value: unknown, required = false): string | undefined {
  // No parse context: zod copies one per parse, and every failure says what the kind expects.
  const result = kindOf.schema.safeParse(value);
  if (!result.success) throw badArgument(name, kindOf.expected, value);
  if (result.data === undefined && required) {
    throw new MdqError("bad_argument", `'${name}' is required: ${kindOf.expected}`);
  }
  return result.data;
}
