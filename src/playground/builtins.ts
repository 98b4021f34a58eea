// The formulas of the spreadsheet's own functions that the ready workbooks use (BUILTIN_FUNCTIONS of
// the core's builtin-formula.ts), computed as Excel computes them so that a template works here as
// in Excel:
// - arithmetic: + - * / ^ and a sign over numbers; an empty cell is 0, TRUE and FALSE 1 and 0, text
//   that reads as a number (" 12", "1,234", "5%", "2025-01-31") that number, other text #VALUE!;
//   x/0 is #DIV/0!, 0^0 and a negative number to a fractional power #NUM!; a cell showing an error
//   makes the formula show it (the sheet sees to that before computing);
// - TODAY() the local date as a serial number; COUNTIF(range, value) the cells equal to the value
//   (text in any case); COUNTA(range, ...) the cells that hold something; SUM(...) the numbers of
//   its ranges and cells (their text and TRUE/FALSE left out, as Excel does) plus its other
//   arguments read as numbers.
// And an MDQ call's one-number result plus or minus a number (=MDQ.VALUE(...)+1).
import { type BuiltinName, isoToSerial } from "../../shared";
import { CardValue, fieldOf } from "./card";
import type { Expr } from "./formula";

type Value = string | number | boolean | null;
type Cells = Value[][];
type Failure = { code: string; message: string };
interface Run {
  result: Promise<Cells>;
  cancel(): void;
}

const fail = (message: string, code = "#VALUE!"): Failure => ({ code, message });

/** A function's argument: a reference's cells (a single cell as one), or a value computed. */
type Operand = Value | Cells;

/** A range argument's cells, or a single value as one. */
const cellsOf = (arg: Operand): Value[] => (Array.isArray(arg) ? arg.flat() : [arg]);

const filled = (v: Value) => v !== null && v !== "";

/** Text Excel reads as a number where a number is due: digits (with thousands separators), a
 *  percentage, an ISO date. */
function textNumber(text: string): number | undefined {
  const t = text.trim();
  const m = /^([+-]?)(\d{1,3}(?:,\d{3})+(?:\.\d*)?|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%?)$/i.exec(t);
  if (m) return (m[1] === "-" ? -1 : 1) * Number(m[2].replace(/,/g, "")) * (m[3] ? 0.01 : 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(t) ? isoToSerial(t) : undefined;
}

function toNumber(v: Value): number {
  if (typeof v === "number") return v;
  if (v === null) return 0;
  if (typeof v === "boolean") return v ? 1 : 0;
  const n = textNumber(v);
  if (n === undefined) throw fail(`"${v.slice(0, 40)}" is text, not a number`);
  return n;
}

function arithmetic(op: string, a: number, b: number): number {
  if (op === "/" && b === 0) throw fail("a division by zero", "#DIV/0!");
  if (op === "^") {
    if (a === 0 && b === 0) throw fail("0^0 has no value", "#NUM!");
    if (a === 0 && b < 0) throw fail(`0^${b} is a division by zero`, "#DIV/0!");
    if (a < 0 && !Number.isInteger(b)) throw fail(`a negative number (${a}) to a fractional power (${b}) has no real value`, "#NUM!");
  }
  const out = op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a ** b;
  if (!Number.isFinite(out)) throw fail("the result is too large a number", "#NUM!");
  return out;
}

/** Excel's equality for COUNTIF's plain criteria: text in any case, a number and its digits alike. */
function matches(cell: Value, criterion: Value): boolean {
  if (!filled(cell)) return false;
  if (typeof cell === "boolean" || typeof criterion === "boolean") return cell === criterion;
  if (typeof cell === "string" && typeof criterion === "string") return cell.toLowerCase() === criterion.toLowerCase();
  if (typeof cell === "number" || typeof criterion === "number") return Number(cell) === Number(criterion) && String(cell).trim() !== "";
  return cell === criterion;
}

const pad = (n: number) => String(n).padStart(2, "0");

const BUILTINS: Record<BuiltinName, (args: Operand[], now: Date) => Value> = {
  TODAY: (args, now) => {
    if (args.length > 0) throw fail("TODAY() takes no arguments");
    return isoToSerial(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`) as number;
  },
  COUNTIF: (args) => {
    if (args.length !== 2) throw fail("COUNTIF takes a range and a value: COUNTIF(A1:C9, A2)");
    const criterion = cellsOf(args[1])[0] ?? null;
    if (typeof criterion === "string" && /^[<>=]/.test(criterion))
      throw fail("the playground's COUNTIF counts the cells equal to a value, without < > =");
    return cellsOf(args[0]).filter((cell) => matches(cell, criterion)).length;
  },
  COUNTA: (args) => {
    if (args.length === 0) throw fail("COUNTA takes at least one range");
    return args.flatMap(cellsOf).filter(filled).length;
  },
  SUM: (args) => {
    if (args.length === 0) throw fail("SUM takes at least one number or range");
    let sum = 0;
    for (const arg of args)
      sum += Array.isArray(arg) ? arg.flat().reduce<number>((s, v) => s + (typeof v === "number" ? v : 0), 0) : toNumber(arg);
    return sum;
  },
};

/** A formula's value, its references read from `args` (what the sheet resolved them to: a cell's
 *  value, a range's cells). */
function evaluate(expr: Expr, args: unknown[], now: Date): Value {
  switch (expr.type) {
    case "value":
      return expr.value;
    case "arg": {
      const value = args[expr.index];
      if (Array.isArray(value))
        throw fail(`a range (${expr.text}) where one value is due: the playground reads ranges in a function's arguments only`);
      return value as Value;
    }
    case "sign": {
      // A leading + changes nothing, as in Excel (=+A1 is A1, text too); - makes a number.
      const value = evaluate(expr.of, args, now);
      return expr.sign === "+" ? value : -toNumber(value);
    }
    case "op":
      return arithmetic(expr.op, toNumber(evaluate(expr.left, args, now)), toNumber(evaluate(expr.right, args, now)));
    case "field": {
      const card = args[expr.index];
      if (!(card instanceof CardValue))
        throw fail(`${expr.text} reads a field of a company card: ${expr.text.split(".")[0]} holds no =MDQ.COMPANY(...) of one company`);
      return fieldOf(card, expr.field);
    }
    case "call": {
      const operands = expr.args.map((a): Operand => {
        if (a.type !== "arg") return evaluate(a, args, now);
        const value = args[a.index];
        return Array.isArray(value) ? (value as Cells) : [[value as Value]];
      });
      return BUILTINS[expr.name](operands, now);
    }
  }
}

/** A formula's answer as a run that has already settled; a formula that is one reference to an
 *  empty cell is 0, as in Excel. */
export function runBuiltin(expr: Expr, args: unknown[], now: Date): Run {
  try {
    const value = evaluate(expr, args, now);
    return { result: Promise.resolve([[value ?? 0]]), cancel: () => undefined };
  } catch (e) {
    return { result: Promise.reject(e), cancel: () => undefined };
  }
}

/** The run's one-number result plus `offset`; #VALUE! for any other result. */
export function plusOffset(run: Run, offset: number, name: string): Run {
  const result = run.result.then((cells) => {
    const value = cells[0]?.[0];
    if (cells.length !== 1 || cells[0].length !== 1 || typeof value !== "number") {
      throw fail(`${name}(...) ${offset < 0 ? "-" : "+"} ${Math.abs(offset)} adds to one number, and ${name} did not give one`);
    }
    return [[value + offset]];
  });
  return { result, cancel: run.cancel };
}
