// The builder's formulas, both ways: the fields' text → a formula in the host's spelling
// (=MDQ.QUARTERLY("BBCA", 4) in Excel, =MDQ_QUARTERLY("BBCA", 4) in Sheets), and a cell's formula
// → the function and its arguments as the fields show them, so that the builder opens on the
// selected cell. Pure: no DOM, no host.
import type { CellValue } from "../../shared";
import type { BuilderArg, BuilderFunction, Prefix } from "./host";

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const BOOLEAN = /^(TRUE|FALSE)$/i;
/** A1, $A$1, A1:B9 and Sheet1!A1 or 'My sheet'!A1:B2: a cell of this workbook. A sheet's name
 *  holds none of \ / ? * [ ] : (Excel refuses them), so a name with one is another workbook's
 *  ('\\host\share\[a.xlsx]S'!A1, a URL, a path): never a reference the builder writes, as
 *  opening one can send the user's credentials to that host. */
const REFERENCE = /^(('(?:[^'\\/?*[\]:]|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?$/;
const SINGLE_ADDRESS = /^\$?[A-Z]{1,3}\$?\d+$/;

/** Text as a string literal of the formula grammar (Excel's and Sheets'): in double quotes, a
 *  quote inside written twice. Whatever the text holds (=, a reference's shape, a separator), the
 *  formula reads it as this text. */
export const textLiteral = (value: string): string => `"${value.replace(/"/g, '""')}"`;

/** A typed value as it goes into a formula: numbers, TRUE/FALSE and cell references as they
 *  are, anything else as "text". A number with a leading zero (a KLSE code such as 0166) stays
 *  text, or the zero would be lost. Text shaped like one cell's address is a reference unless the
 *  argument takes codes of that shape (SGX symbols such as D05 or U11 are addresses too, and
 *  =MDQ.SGX_REPORT(D05) would read cell D05); a range is always a reference. `text`: the value
 *  came from an answer (a symbol the company search resolved), not from the user's typing, so it
 *  is text whatever its shape: only the user writes a reference or a number. */
export function literal(value: string, arg?: Pick<BuilderArg, "codes">, text = false): string {
  const v = value.trim();
  if (text) return textLiteral(v);
  if (NUMBER.test(v)) return v;
  if (BOOLEAN.test(v)) return v.toUpperCase();
  if (REFERENCE.test(v) && !(arg?.codes && SINGLE_ADDRESS.test(v))) return v;
  return textLiteral(value);
}

/** True when the field's text goes into the formula as a cell reference. */
export const isReference = (value: string, arg?: Pick<BuilderArg, "codes">): boolean => {
  const v = value.trim();
  return v !== "" && literal(v, arg) === v && REFERENCE.test(v);
};

/** The value a call receives for a field's text, as the cell would pass it (undefined: blank). */
export function cellValueOf(value: string): CellValue {
  const v = value.trim();
  if (v === "") return null;
  if (NUMBER.test(v)) return Number(v);
  if (BOOLEAN.test(v)) return v.toUpperCase() === "TRUE";
  return v;
}

/** The options argument's text: "name=value; name=value" of the options filled in. */
export const optionsText = (options: Record<string, string>): string =>
  Object.entries(options)
    .filter(([, v]) => v.trim() !== "")
    .map(([k, v]) => `${k}=${v.trim()}`)
    .join("; ");

/** The formula for a function, its arguments and options by name; trailing blanks dropped.
 *  `resolved`: the arguments whose values came from an answer (literal's `text`). */
export function formulaOf(
  fn: Pick<BuilderFunction, "name" | "args">,
  args: Record<string, string>,
  options: Record<string, string>,
  prefix: Prefix = "MDQ.",
  separator: "," | ";" = ",",
  resolved: ReadonlySet<string> = new Set(),
): string {
  const text = optionsText(options);
  const parts = [
    ...fn.args.map((a) => {
      const v = (args[a.name] ?? "").trim();
      return v === "" ? "" : literal(v, a, resolved.has(a.name));
    }),
    // The options are one text, never a reference (a value shaped like one is the user's text).
    text ? textLiteral(text) : "",
  ];
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  return `=${prefix}${fn.name}(${parts.join(`${separator} `)})`;
}

/** One argument of a formula as written: a value, a reference, or nothing between two separators. */
export type Written =
  | { kind: "value"; value: string | number | boolean }
  | { kind: "reference"; text: string }
  | { kind: "blank" }
  /** Anything else (an expression, a nested function): kept as its text. */
  | { kind: "other"; text: string };

export interface WrittenCall {
  name: string;
  args: Written[];
}

/** A cell's formula read as one MDQ call (either host's spelling, "," or ";" between arguments),
 *  or undefined when it is not one: text, another function, an MDQ call inside an expression. */
export function readFormula(formula: string): WrittenCall | undefined {
  const head = /^\s*=\s*(?:MDQ\.|MDQ_)([A-Z][A-Z0-9_]*)\s*\(/i.exec(formula);
  if (!head) return undefined;
  const args: string[] = [];
  let at = head[0].length;
  let current = "";
  let depth = 0;
  for (; at < formula.length; at++) {
    const c = formula[at];
    if (c === '"') {
      // A string literal, "" inside it being one quote.
      const end = /^"(?:[^"]|"")*"/.exec(formula.slice(at));
      if (!end) return undefined;
      current += end[0];
      at += end[0].length - 1;
    } else if (c === "(" || c === "{") {
      depth++;
      current += c;
    } else if ((c === ")" || c === "}") && depth > 0) {
      depth--;
      current += c;
    } else if (c === ")") {
      break;
    } else if ((c === "," || c === ";") && depth === 0) {
      args.push(current);
      current = "";
    } else current += c;
  }
  // The call must close and be the whole formula.
  if (at >= formula.length || formula.slice(at + 1).trim() !== "") return undefined;
  if (current.trim() !== "" || args.length > 0) args.push(current);
  return { name: head[1].toUpperCase(), args: args.map(written) };
}

function written(text: string): Written {
  const t = text.trim();
  if (t === "") return { kind: "blank" };
  const quoted = /^"((?:[^"]|"")*)"$/.exec(t);
  if (quoted) return { kind: "value", value: quoted[1].replace(/""/g, '"') };
  if (NUMBER.test(t)) return { kind: "value", value: Number(t) };
  if (BOOLEAN.test(t)) return { kind: "value", value: t.toUpperCase() === "TRUE" };
  if (REFERENCE.test(t)) return { kind: "reference", text: t };
  return { kind: "other", text: t };
}

/** An argument as a field shows it: a value as typed (numbers and booleans as written), a
 *  reference as its address. */
export function fieldText(arg: Written): string {
  switch (arg.kind) {
    case "value":
      return typeof arg.value === "boolean" ? (arg.value ? "TRUE" : "FALSE") : String(arg.value);
    case "reference":
    case "other":
      return arg.text;
    case "blank":
      return "";
  }
}

/** The options text "name=value; name=value" → name → value (names in lower case). */
export function readOptions(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(";")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    out[pair.slice(0, eq).trim().toLowerCase()] = pair.slice(eq + 1).trim();
  }
  return out;
}

/** A formula's call laid on a function's fields: its arguments by name, its options by name, and
 *  what the fields cannot hold (more arguments than the function takes, options given as a range). */
export function fieldsOf(
  fn: Pick<BuilderFunction, "args">,
  call: WrittenCall,
): { args: Record<string, string>; options: Record<string, string>; problem?: string } {
  const args = Object.fromEntries(fn.args.map((a, i) => [a.name, call.args[i] ? fieldText(call.args[i]) : ""]));
  const extra = call.args[fn.args.length];
  let options: Record<string, string> = {};
  let problem: string | undefined;
  if (extra?.kind === "value") options = readOptions(String(extra.value));
  else if (extra && extra.kind !== "blank") problem = `its options are ${fieldText(extra)}, which the builder cannot show`;
  if (call.args.length > fn.args.length + 1) problem = `it has ${call.args.length} arguments, more than ${call.name} takes`;
  return { args, options, ...(problem ? { problem } : {}) };
}
