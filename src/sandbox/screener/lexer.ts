// Tokens of the screener's `where` and `order_by` language: numbers, quoted strings ('' or "" to
// quote a quote), names, keywords (case-insensitive), comparison and arithmetic operators, and
// brackets. Anything else is an INVALID_WHERE_CLAUSE naming the character and its position.
import { ApiError } from "../errors";

export type Token =
  | { kind: "num"; value: number; at: number }
  | { kind: "str"; value: string; at: number }
  | { kind: "name"; value: string; at: number }
  | { kind: "kw"; value: Keyword; at: number }
  | { kind: "op"; value: string; at: number }
  | { kind: "end"; at: number };

const KEYWORDS = ["and", "or", "not", "like", "in", "is", "null"] as const;
export type Keyword = (typeof KEYWORDS)[number];

const NUMBER = /^\d+(\.\d+)?([eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const OPERATORS = ["!=", "<>", ">=", "<=", "==", "=", ">", "<", "+", "-", "*", "/", "(", ")", "[", "]", ","];

export const invalid = (message: string) => new ApiError(400, message, "INVALID_WHERE_CLAUSE");

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      const [value, length] = quoted(text, i, quote);
      out.push({ kind: "str", value, at: i });
      i += length;
      continue;
    }
    const num = NUMBER.exec(rest);
    if (num) {
      out.push({ kind: "num", value: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      const lower = name[0].toLowerCase();
      const kw = KEYWORDS.find((k) => k === lower);
      out.push(kw ? { kind: "kw", value: kw, at: i } : { kind: "name", value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw invalid(`Unexpected character '${rest[0]}' at position ${i + 1}.`);
    out.push({ kind: "op", value: op === "==" ? "=" : op === "<>" ? "!=" : op, at: i });
    i += op.length;
  }
  out.push({ kind: "end", at: text.length });
  return out;
}

/** A quoted string starting at `start`; a doubled quote stands for one. */
function quoted(text: string, start: number, quote: string): [string, number] {
  let value = "";
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) value += text[i];
    else if (text[i + 1] === quote) {
      value += quote;
      i++;
    } else return [value, i - start + 1];
  }
  throw invalid(`Unterminated string starting at position ${start + 1}.`);
}
