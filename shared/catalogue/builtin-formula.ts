// The formulas of the spreadsheet's own functions that a template may hold (TemplateCell.builtin)
// and the playground computes: arithmetic (+ - * / ^, a sign, parentheses) over numbers, "text",
// TRUE/FALSE and cell references, and calls of BUILTIN_FUNCTIONS, whose arguments may also be
// ranges (A1:B3) or left blank. Read as Excel reads it: a sign binds before ^ (-2^2 is 4), ^ before
// * and /, those before + and -, each from the left (2^3^2 is 64). An MDQ function is never part of
// such a formula: it is a formula of its own, in a cell the others refer to.

/** The spreadsheet functions a template's `builtin` formulas may use: in Excel since 2007 (so the
 *  file stores them without an `_xlfn.` prefix), in Sheets, and computed by the playground. */
export const BUILTIN_FUNCTIONS = ["TODAY", "COUNTIF", "COUNTA", "SUM"] as const;
export type BuiltinName = (typeof BUILTIN_FUNCTIONS)[number];

export type Operator = "+" | "-" | "*" | "/" | "^";

export type BuiltinExpr =
  /** A literal; null is an argument left blank (COUNTIF(A1:A9,)). */
  | { type: "value"; value: number | string | boolean | null }
  /** A cell or a range as written, upper case ($B$2, A22:O51). */
  | { type: "ref"; ref: string }
  | { type: "sign"; sign: "+" | "-"; of: BuiltinExpr }
  | { type: "op"; op: Operator; left: BuiltinExpr; right: BuiltinExpr }
  | { type: "call"; name: BuiltinName; args: BuiltinExpr[] }
  /** A field of the data type in a cell (an MDQ company card): A2.[Market cap], A2.Sector. */
  | { type: "field"; ref: string; field: string };

const TOKENS = {
  number: /(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?![A-Za-z0-9_.])/iy,
  text: /"((?:[^"]|"")*)"/y,
  bool: /(TRUE|FALSE)(?![A-Za-z0-9_.(])/iy,
  ref: /\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?(?![A-Za-z0-9_.(])/iy,
  name: /([A-Z_][A-Z0-9_.]*)\s*\(/iy,
  /** After a cell: .[Any name] or .Name, Excel's way to read a field of the data type there. */
  field: /\.(?:\[([^\]]+)\]|([A-Z_][A-Z0-9_]*))/iy,
} as const;

/** A single cell followed by a field (A2.[Market cap]): TOKENS.ref refuses a cell with a "." after it. */
const CELL_BEFORE_FIELD = /\$?[A-Z]{1,3}\$?\d+(?=\.)/iy;

/** A formula ("=..."), as its tree; throws an Error saying where and what was expected. */
export function parseBuiltin(text: string): BuiltinExpr {
  return new Reader(text).formula();
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  formula(): BuiltinExpr {
    this.space();
    if (this.text[this.at] !== "=") throw this.fail('"=" first');
    this.at++;
    const expr = this.sum();
    this.space();
    if (this.at < this.text.length) throw this.fail("an operator (+ - * / ^) or the end of the formula");
    return expr;
  }

  private sum(): BuiltinExpr {
    let left = this.product();
    for (let op = this.operator("+-"); op; op = this.operator("+-")) left = { type: "op", op, left, right: this.product() };
    return left;
  }

  private product(): BuiltinExpr {
    let left = this.power();
    for (let op = this.operator("*/"); op; op = this.operator("*/")) left = { type: "op", op, left, right: this.power() };
    return left;
  }

  private power(): BuiltinExpr {
    let left = this.signed();
    for (let op = this.operator("^"); op; op = this.operator("^")) left = { type: "op", op, left, right: this.signed() };
    return left;
  }

  private signed(): BuiltinExpr {
    const sign = this.operator("+-");
    return sign ? { type: "sign", sign: sign as "+" | "-", of: this.signed() } : this.primary();
  }

  private primary(): BuiltinExpr {
    this.space();
    const number = this.match(TOKENS.number);
    if (number) return { type: "value", value: Number(number[0]) };
    const text = this.match(TOKENS.text);
    if (text) return { type: "value", value: text[1].replace(/""/g, '"') };
    const bool = this.match(TOKENS.bool);
    if (bool) return { type: "value", value: bool[1].toUpperCase() === "TRUE" };
    const ref = this.match(TOKENS.ref) ?? this.match(CELL_BEFORE_FIELD);
    if (ref) {
      const field = this.match(TOKENS.field);
      if (field) return { type: "field", ref: ref[0].toUpperCase(), field: (field[1] ?? field[2]).trim() };
      return { type: "ref", ref: ref[0].toUpperCase() };
    }
    const name = this.match(TOKENS.name);
    if (name) return this.call(name[1]);
    if (this.text[this.at] === "(") {
      this.at++;
      const inner = this.sum();
      this.expect(")");
      return inner;
    }
    throw this.fail('a number, "text", TRUE/FALSE, a cell (A1), a function call or "("');
  }

  /** After NAME( : the arguments, each a formula or blank, then ")". */
  private call(written: string): BuiltinExpr {
    const name = written.toUpperCase();
    if (name.startsWith("MDQ."))
      throw new Error(`${written} is a formula of its own: put =${written}(...) in a cell and refer to that cell`);
    if (!(BUILTIN_FUNCTIONS as readonly string[]).includes(name))
      throw new Error(
        `unknown function ${written}: besides MDQ's functions (=MDQ.NAME(...), each a formula of its own) the formulas use ${BUILTIN_FUNCTIONS.join(", ")}`,
      );
    const args: BuiltinExpr[] = [];
    this.space();
    if (this.text[this.at] === ")") this.at++;
    else
      for (;;) {
        this.space();
        const blank = this.text[this.at] === "," || this.text[this.at] === ")";
        args.push(blank ? { type: "value", value: null } : this.sum());
        this.space();
        const next = this.text[this.at++];
        if (next === ")") break;
        if (next !== ",") {
          this.at--;
          throw this.fail('"," or ")"');
        }
      }
    return { type: "call", name: name as BuiltinName, args };
  }

  private operator(ops: string): Operator | undefined {
    this.space();
    const ch = this.text[this.at];
    if (ch === undefined || !ops.includes(ch)) return undefined;
    this.at++;
    return ch as Operator;
  }

  private match(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (m) this.at = pattern.lastIndex;
    return m;
  }

  private expect(ch: string): void {
    this.space();
    if (this.text[this.at] !== ch) throw this.fail(`"${ch}"`);
    this.at++;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }

  private fail(wanted: string): Error {
    const found = this.at < this.text.length ? `"${this.text.slice(this.at, this.at + 12)}"` : "the end";
    return new Error(`the formula has ${found} at character ${this.at + 1} where ${wanted} was expected`);
  }
}
