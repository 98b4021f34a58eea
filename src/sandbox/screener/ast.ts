// The screener's syntax tree: conditions combined with and/or/not over value expressions.

export type Value =
  | { kind: "field"; name: string; year?: number; text: string }
  | { kind: "num"; value: number }
  | { kind: "str"; value: string }
  | { kind: "neg"; value: Value }
  | { kind: "arith"; op: "+" | "-" | "*" | "/"; left: Value; right: Value };

export type Cond =
  | { kind: "and" | "or"; left: Cond; right: Cond }
  | { kind: "not"; cond: Cond }
  | { kind: "cmp"; op: "=" | "!=" | ">" | ">=" | "<" | "<="; left: Value; right: Value }
  | { kind: "like"; value: Value; pattern: string; negate: boolean }
  | { kind: "in"; value: Value; items: (string | number)[]; negate: boolean }
  | { kind: "null"; value: Value; negate: boolean };

/** Field references in order of first appearance. */
export function fieldsIn(node: Cond | Value | undefined, out: Extract<Value, { kind: "field" }>[] = []) {
  if (!node) return out;
  switch (node.kind) {
    case "field":
      if (!out.some((f) => f.text === node.text)) out.push(node);
      break;
    case "and":
    case "or":
    case "cmp":
    case "arith":
      fieldsIn(node.left, out);
      fieldsIn(node.right, out);
      break;
    case "not":
      fieldsIn(node.cond, out);
      break;
    case "neg":
    case "like":
    case "in":
    case "null":
      fieldsIn(node.value, out);
      break;
  }
  return out;
}
