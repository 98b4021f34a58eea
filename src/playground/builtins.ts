// The spreadsheet functions the ready workbooks use besides MDQ's (BUILTIN_FUNCTIONS of
// shared/catalogue/templates.ts), computed as Excel computes them so that a template works here as
// in Excel: TODAY() is the local date as a serial number, COUNTIF(range, value) counts the cells
// equal to the value (text in any case), COUNTA(range, ...) the cells that hold something. And a
// number added to a call's one-number result (=TODAY()-90).
import { BUILTIN_FUNCTIONS, isoToSerial } from "../../shared";

type Value = string | number | boolean | null;
type Cells = Value[][];
type Failure = { code: string; message: string };
interface Run {
  result: Promise<Cells>;
  cancel(): void;
}

const fail = (message: string): Failure => ({ code: "#VALUE!", message });

/** A range argument's cells, or a single cell's value as one. */
const cellsOf = (arg: unknown): Value[] => (Array.isArray(arg) ? (arg as Cells).flat() : [arg as Value]);

const filled = (v: Value) => v !== null && v !== "";

/** Excel's equality for COUNTIF's plain criteria: text in any case, a number and its digits alike. */
function matches(cell: Value, criterion: Value): boolean {
  if (!filled(cell)) return false;
  if (typeof cell === "boolean" || typeof criterion === "boolean") return cell === criterion;
  if (typeof cell === "string" && typeof criterion === "string") return cell.toLowerCase() === criterion.toLowerCase();
  if (typeof cell === "number" || typeof criterion === "number") return Number(cell) === Number(criterion) && String(cell).trim() !== "";
  return cell === criterion;
}

const pad = (n: number) => String(n).padStart(2, "0");

const BUILTINS: Record<(typeof BUILTIN_FUNCTIONS)[number], (args: unknown[], now: Date) => Value> = {
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
};

export const isBuiltin = (name: string): boolean => (BUILTIN_FUNCTIONS as readonly string[]).includes(name);

/** A builtin's answer as a run that has already settled. */
export function runBuiltin(name: string, args: unknown[], now: Date): Run {
  const fn = BUILTINS[name as keyof typeof BUILTINS];
  try {
    if (!fn) throw { code: "#NAME?", message: `the playground has no function ${name}` };
    const value = fn(args, now);
    return { result: Promise.resolve([[value]]), cancel: () => undefined };
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
