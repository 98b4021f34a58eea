// The formula language of the playground: what a user types in a cell. Either a constant (number,
// TRUE/FALSE, text; a leading apostrophe keeps digits as text) or one MDQ call in Excel's syntax,
// =MDQ.NAME(arg, ...), whose arguments are literals, cell references (A1) or ranges (A1:B3), and
// may be left out (=MDQ.FILINGS("BBCA",,,"n=50")). That is all the functions need: they take
// values, never other formulas' expressions. Besides MDQ's, the few spreadsheet functions the
// ready workbooks use (builtins.ts: TODAY, COUNTIF, COUNTA), and a number added to a call's
// result, for the templates' dates: =TODAY()-90.
import { BUILTIN_FUNCTIONS } from "../../shared";
import { type Cell, parseAddress } from "./address";
import { isBuiltin } from "./builtins";

export type Constant = string | number | boolean | null;

export type Arg = { type: "value"; value: Constant } | { type: "ref"; cell: Cell } | { type: "range"; from: Cell; to: Cell };

export interface Call {
  /** The catalogue name, upper case (QUARTERLY), or a builtin's (TODAY). */
  name: string;
  args: Arg[];
  /** One of the spreadsheet's own functions (builtins.ts), not MDQ's. */
  builtin?: true;
  /** A number added to the one-number result: -90 in =TODAY()-90. */
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
    return { type: "call", call: new Parser(text.slice(1)).formula() };
  } catch (e) {
    return { type: "invalid", message: (e as Error).message };
  }
}

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  formula(): Call {
    this.space();
    const name = this.match(/[A-Za-z_][A-Za-z0-9_.]*/);
    if (!name) throw this.fail("a function name such as MDQ.QUARTERLY");
    const dot = name.toUpperCase().startsWith("MDQ.") ? name.slice(4) : undefined;
    const builtin = isBuiltin(name.toUpperCase());
    if (!builtin && (dot === undefined || !dot))
      throw new Error(
        `unknown function ${name}: the playground runs the MDQ functions, written MDQ.NAME(...), and ${BUILTIN_FUNCTIONS.join(", ")}`,
      );
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
      name: builtin ? name.toUpperCase() : (dot as string).toUpperCase(),
      args,
      ...(builtin ? { builtin: true as const } : {}),
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
    if (ref) {
      const [a, b] = ref.split(":").map((part) => parseAddress(part));
      if (!a || (ref.includes(":") && !b)) throw new Error(`${ref} is not a cell reference`);
      if (!b) return { type: "ref", cell: a };
      // A range is kept top-left to bottom-right whichever corners were typed.
      return {
        type: "range",
        from: { row: Math.min(a.row, b.row), col: Math.min(a.col, b.col) },
        to: { row: Math.max(a.row, b.row), col: Math.max(a.col, b.col) },
      };
    }
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
