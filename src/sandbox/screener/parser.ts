// Recursive-descent parser of `where` (conditions) and `order_by` (one value expression). Nesting
// is bounded so no input can exhaust the stack; errors name what was expected and where.
import type { Cond, Value } from "./ast";
import { invalid, type Token, tokenize } from "./lexer";

const MAX_DEPTH = 32;
const CMP = new Set(["=", "!=", ">", ">=", "<", "<="]);

class Parser {
  private i = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private get next(): Token {
    return this.tokens[this.i];
  }

  /** The text of the operator or string token the caller has just checked, moving past it. */
  private takeText(): string {
    return (this.tokens[this.i++] as { value: string }).value;
  }

  private isOp(value: string): boolean {
    return this.next.kind === "op" && this.next.value === value;
  }

  private isKw(value: string): boolean {
    return this.next.kind === "kw" && this.next.value === value;
  }

  private expectOp(value: string): void {
    if (!this.isOp(value)) throw this.unexpected(`'${value}'`);
    this.i++;
  }

  unexpected(wanted: string): Error {
    const t = this.next;
    const seen = t.kind === "end" ? "the end of the clause" : `'${t.value}' at position ${t.at + 1}`;
    return invalid(`Expected ${wanted} but found ${seen}.`);
  }

  private nest<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw invalid(`The clause is nested too deeply (more than ${MAX_DEPTH} levels).`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  atEnd(): boolean {
    return this.next.kind === "end";
  }

  or(): Cond {
    let left = this.and();
    while (this.isKw("or")) {
      this.i++;
      left = { kind: "or", left, right: this.and() };
    }
    return left;
  }

  private and(): Cond {
    let left = this.not();
    while (this.isKw("and")) {
      this.i++;
      left = { kind: "and", left, right: this.not() };
    }
    return left;
  }

  private not(): Cond {
    if (!this.isKw("not")) return this.group();
    this.i++;
    return this.nest(() => ({ kind: "not", cond: this.not() }));
  }

  /** "(" starts either a group of conditions or an arithmetic value; try the condition first. */
  private group(): Cond {
    if (!this.isOp("(")) return this.condition();
    const start = this.i;
    try {
      return this.condition();
    } catch {
      this.i = start + 1;
      const inner = this.nest(() => this.or());
      this.expectOp(")");
      return inner;
    }
  }

  private condition(): Cond {
    const value = this.value();
    const negate = this.isKw("not");
    if (negate) this.i++;
    if (this.isKw("like")) {
      this.i++;
      if (this.next.kind !== "str") throw this.unexpected("a quoted pattern after LIKE");
      return { kind: "like", value, pattern: this.takeText(), negate };
    }
    if (this.isKw("in")) {
      this.i++;
      return { kind: "in", value, items: this.list(), negate };
    }
    if (negate) throw this.unexpected("LIKE or IN after NOT");
    if (this.isKw("is")) {
      this.i++;
      const not = this.isKw("not");
      if (not) this.i++;
      if (!this.isKw("null")) throw this.unexpected("NULL after IS");
      this.i++;
      return { kind: "null", value, negate: not };
    }
    if (this.next.kind !== "op" || !CMP.has(this.next.value)) throw this.unexpected("a comparison (=, !=, >, >=, <, <=, LIKE, IN or IS)");
    const op = this.takeText() as "=";
    return { kind: "cmp", op, left: value, right: this.value() };
  }

  private list(): (string | number)[] {
    const close = this.isOp("[") ? "]" : this.isOp("(") ? ")" : undefined;
    if (!close) throw this.unexpected("a list such as ['a', 'b'] after IN");
    this.i++;
    const items: (string | number)[] = [];
    while (!this.isOp(close)) {
      if (items.length) this.expectOp(",");
      const sign = this.isOp("-") ? -1 : 1;
      if (sign < 0) this.i++;
      const t = this.next;
      if (t.kind === "str" && sign > 0) items.push(t.value);
      else if (t.kind === "num") items.push(sign * t.value);
      else throw this.unexpected("a quoted string or a number in the list");
      this.i++;
    }
    this.i++;
    return items;
  }

  value(): Value {
    return this.nest(() => {
      let left = this.term();
      while (this.isOp("+") || this.isOp("-")) {
        const op = this.takeText() as "+" | "-";
        left = { kind: "arith", op, left, right: this.term() };
      }
      return left;
    });
  }

  private term(): Value {
    let left = this.unary();
    while (this.isOp("*") || this.isOp("/")) {
      const op = this.takeText() as "*" | "/";
      left = { kind: "arith", op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Value {
    if (!this.isOp("-")) return this.primary();
    this.i++;
    return this.nest(() => ({ kind: "neg", value: this.unary() }));
  }

  private primary(): Value {
    const t = this.next;
    if (t.kind === "num" || t.kind === "str") {
      this.i++;
      return t.kind === "num" ? { kind: "num", value: t.value } : { kind: "str", value: t.value };
    }
    if (t.kind === "name") {
      this.i++;
      if (!this.isOp("[")) return { kind: "field", name: t.value, text: t.value };
      this.i++;
      const year = this.next;
      if (year.kind !== "num" || !/^\d{4}$/.test(String(year.value))) throw this.unexpected(`a four-digit year in ${t.value}[...]`);
      this.i++;
      this.expectOp("]");
      return { kind: "field", name: t.value, year: year.value, text: `${t.value}[${year.value}]` };
    }
    if (this.isOp("(")) {
      this.i++;
      const inner = this.value();
      this.expectOp(")");
      return inner;
    }
    throw this.unexpected("a field name, a number or a quoted string");
  }
}

export function parseWhere(text: string): Cond {
  const p = new Parser(tokenize(text));
  const cond = p.or();
  if (!p.atEnd()) throw p.unexpected("AND, OR or the end of the clause");
  return cond;
}

export function parseOrderBy(text: string): Value {
  const p = new Parser(tokenize(text));
  const value = p.value();
  if (!p.atEnd()) throw p.unexpected("the end of order_by");
  return value;
}
