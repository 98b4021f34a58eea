// The calls of one custom function in a formula's text, with their arguments where each is plain:
// text ("BBCA", quotes doubled inside), a number, TRUE/FALSE, nothing, or a reference to one cell of
// the same sheet (B$1, $A2), read by `valueAt`. A call with any other argument (a range, another
// sheet's cell, an expression) is left out: its arguments are known only once Sheets computes them.
// Arguments are separated by commas, or by semicolons in the locales that write them so.

export type CellAt = (row: number, column: number) => unknown;

const REFERENCE = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(E[+-]?\d+)?$/i;

const columnIndex = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** One argument's value; undefined when it is not plain. */
function plain(text: string, valueAt: CellAt): { value: unknown } | undefined {
  const t = text.trim();
  if (t === "") return { value: null };
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    const inner = t.slice(1, -1);
    return /(^|[^"])"([^"]|$)/.test(inner) ? undefined : { value: inner.replace(/""/g, '"') };
  }
  if (NUMBER.test(t)) return { value: Number(t) };
  if (/^(TRUE|FALSE)$/i.test(t)) return { value: t.toUpperCase() === "TRUE" };
  const ref = REFERENCE.exec(t);
  return ref ? { value: valueAt(Number(ref[2]) - 1, columnIndex(ref[1])) } : undefined;
}

/** The argument texts of the call whose "(" is at `open`, and where it ends; undefined if unclosed. */
function argumentTexts(formula: string, open: number): { args: string[]; end: number } | undefined {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = open + 1;
  for (let i = open + 1; i < formula.length; i++) {
    const c = formula[i];
    if (quoted) {
      if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === "(" || c === "{") depth++;
    else if ((c === ")" || c === "}") && depth > 0) depth--;
    else if (c === ")") {
      args.push(formula.slice(start, i));
      return { args, end: i };
    } else if ((c === "," || c === ";") && depth === 0) {
      args.push(formula.slice(start, i));
      start = i + 1;
    }
  }
  return undefined;
}

/** Every call of `name` in the formula whose arguments are all plain, as the cells it would get. */
export function plainCalls(formula: string, name: string, valueAt: CellAt): unknown[][] {
  const calls: unknown[][] = [];
  const upper = formula.toUpperCase();
  const target = `${name.toUpperCase()}(`;
  for (let at = upper.indexOf(target); at >= 0; at = upper.indexOf(target, at + 1)) {
    // Not the tail of a longer name (XMDQ_VALUE, MDQ_VALUE2 cannot match: the "(" follows the name).
    if (at > 0 && /[A-Z0-9_.]/i.test(formula[at - 1])) continue;
    const found = argumentTexts(formula, at + target.length - 1);
    if (!found) break;
    const values = found.args.map((a) => plain(a, valueAt));
    if (values.every((v) => v !== undefined)) calls.push(values.map((v) => (v as { value: unknown }).value));
  }
  return calls;
}
