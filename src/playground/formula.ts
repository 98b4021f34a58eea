// The formula language of the playground: what a user types in a cell. Either a constant (number,
// TRUE/FALSE, text; a leading apostrophe keeps digits as text), one MDQ call in Excel's syntax,
// =MDQ.NAME(arg, ...), whose arguments are literals, cell references (A1) or ranges (A1:B3), and
// may be left out (=MDQ.FILINGS("BBCA",,,"n=50")), optionally plus or minus a number; or a formula
// of the spreadsheet's own functions and arithmetic that the ready workbooks use (=TODAY()-90,
// =B14/B6, =SUM(C27:G27)), read by the core's parseBuiltin and computed here (builtins.ts). An
// MDQ call is a formula of its own: the others refer to its cell, as the templates do.
import { type BuiltinExpr, type BuiltinName, type Operator, parseBuiltin } from "../../shared";
import { type Cell, parseAddress } from "./address";

export type Constant = string | number | boolean | null;

export type Arg =
  | { type: "value"; value: Constant }
  | { type: "ref"; cell: Cell }
  | { type: "range"; from: Cell; to: Cell }
  /** A cell read as the card it holds (a COMPANY result), for a field of it: A2.[Market cap]. */
  | { type: "card"; cell: Cell };

/** A formula of the spreadsheet's own functions, its references numbered: `arg` is the call's
 *  args[index], a cell or a range, as written (text). */
export type Expr =
  | { type: "value"; value: Constant }
  | { type: "arg"; index: number; text: string }
  | { type: "sign"; sign: "+" | "-"; of: Expr }
  | { type: "op"; op: Operator; left: Expr; right: Expr }
  | { type: "call"; name: BuiltinName; args: Expr[] }
  | { type: "field"; index: number; field: string; text: string };

export interface Call {
  /** The catalogue name, upper case (QUARTERLY); for a formula of the spreadsheet's own functions,
   *  the formula as typed, without its "=" (TODAY()-90). */
  name: string;
  /** The values the formula reads: an MDQ call's arguments; every cell or range a builtin reads. */
  args: Arg[];
  /** A formula of the spreadsheet's own functions (builtins.ts computes it), not an MDQ call. */
  builtin?: Expr;
  /** A number added to an MDQ call's one-number result: +1 in =MDQ.VALUE(...)+1. */
  offset?: number;
}

export type Parsed = { type: "constant"; value: Constant } | { type: "call"; call: Call } | { type: "invalid"; message: string };

/** What a cell holds when it is not a formula: Excel's reading of typed text. */
export function constantOf(text: string): Constant {
  if (text.startsWith("'")) return text.slice(1);
  const t = text.trim();
  if (t === "") return null;
  if (/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return Number(t);
  if (/^(true|false)$/i.test(t)) return t.toUpperCase() === "TRUE";
  return text;
}

export function parseCell(text: string): Parsed {
  if (!text.startsWith("=")) return { type: "constant", value: constantOf(text) };
  try {
    const call = /^=\s*MDQ\./i.test(text) ? new Parser(text.slice(1)).formula() : builtinCall(text);
    return { type: "call", call };
  } catch (e) {
    return { type: "invalid", message: (e as Error).message };
  }
}

/** A cell or a range as an argument; a range is kept top-left to bottom-right whichever corners
 *  were typed. */
function refArg(text: string): Arg {
  const [a, b] = text.split(":").map((part) => parseAddress(part));
  if (!a || (text.includes(":") && !b)) throw new Error(`${text} is not a cell reference`);
  if (!b) return { type: "ref", cell: a };
  return {
    type: "range",
    from: { row: Math.min(a.row, b.row), col: Math.min(a.col, b.col) },
    to: { row: Math.max(a.row, b.row), col: Math.max(a.col, b.col) },
  };
}

/** A formula of the spreadsheet's own functions: the core's tree, each reference an argument. */
function builtinCall(text: string): Call {
  const args: Arg[] = [];
  const walk = (e: BuiltinExpr): Expr => {
    switch (e.type) {
      case "ref":
        args.push(refArg(e.ref));
        return { type: "arg", index: args.length - 1, text: e.ref };
      case "field": {
        const cell = parseAddress(e.ref);
        if (!cell) throw new Error(`${e.ref} is not a cell reference`);
        args.push({ type: "card", cell });
        return { type: "field", index: args.length - 1, field: e.field, text: `${e.ref}.[${e.field}]` };
      }
      case "sign":
        return { ...e, of: walk(e.of) };
      case "op":
        return { ...e, left: walk(e.left), right: walk(e.right) };
      case "call":
        return { ...e, args: e.args.map(walk) };
      default:
        return e;
    }
  };
  const builtin = walk(parseBuiltin(text));
  return { name: text.slice(1).trim(), args, builtin };
}

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  formula(): Call {
    this.space();
    const name = this.match(/MDQ\.[A-Za-z_][A-Za-z0-9_]*/i);
    if (!name) throw this.fail("a function name such as MDQ.QUARTERLY");
    this.space();
    this.expect("(");
    const args: Arg[] = [];
    this.space();
    if (!this.peek(")")) {
      for (;;) {
        args.push(this.arg());
        this.space();
        if (this.peek(",")) this.at++;
        else break;
      }
    }
    this.expect(")");
    this.space();
    const offset = this.match(/[+-]\s*(\d+\.?\d*|\.\d+)/);
    this.space();
    if (this.at < this.text.length)
      throw this.fail(offset === undefined ? "the end of the formula, or + or - a number" : "the end of the formula");
    return {
      name: name.slice(4).toUpperCase(),
      args,
      ...(offset === undefined ? {} : { offset: Number(offset.replace(/\s+/g, "")) }),
    };
  }

  private arg(): Arg {
    this.space();
    if (this.peek(",") || this.peek(")")) return { type: "value", value: null };
    if (this.peek('"')) return { type: "value", value: this.string() };
    const number = this.match(/-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(?![A-Za-z0-9_])/i);
    if (number) return { type: "value", value: Number(number) };
    const bool = this.match(/(true|false)(?![A-Za-z0-9_(])/i);
    if (bool) return { type: "value", value: bool.toUpperCase() === "TRUE" };
    const ref = this.match(/\$?[A-Za-z]{1,3}\$?\d+(:\$?[A-Za-z]{1,3}\$?\d+)?(?![A-Za-z0-9_])/);
    if (ref) return refArg(ref);
    throw this.fail('a value: "text", a number, TRUE/FALSE, a cell such as A1 or a range such as A1:B2');
  }

  /** "..." with "" for a quote inside, as in Excel. */
  private string(): string {
    let out = "";
    this.at++;
    for (;;) {
      const next = this.text.indexOf('"', this.at);
      if (next < 0) throw new Error("a text value is missing its closing quote");
      out += this.text.slice(this.at, next);
      this.at = next + 1;
      if (this.text[this.at] !== '"') return out;
      out += '"';
      this.at++;
    }
  }

  private match(pattern: RegExp): string | undefined {
    const m = new RegExp(`^(?:${pattern.source})`, pattern.flags).exec(this.text.slice(this.at));
    if (!m) return undefined;
    this.at += m[0].length;
    return m[0];
  }

  private peek(ch: string): boolean {
    return this.text[this.at] === ch;
  }

  private expect(ch: string): void {
    if (!this.peek(ch)) throw this.fail(`"${ch}"`);
    this.at++;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }

  private fail(wanted: string): Error {
    const found = this.at < this.text.length ? `"${this.text.slice(this.at, this.at + 12)}"` : "the end";
    return new Error(`the formula has ${found} at character ${this.at + 2} where ${wanted} was expected`);
  }
}
