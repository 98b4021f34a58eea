// Cells that reach a custom function as data types. The add-in's metadata sets
// allowCustomDataForDataTypeAny (so that MDQ can return formatted dates), which also lets Excel
// pass a data-typed cell as an object instead of its value: a formatted number (an MDQ date
// result, a cell formatted as a date), a Double or String value, an entity (a card) or a linked
// entity (Stocks, Geography). Each is read here as the value a user sees in the cell, before the
// core reads the arguments.
import type { CellValue, Scalar } from "../../shared";

interface DataTyped {
  type: string;
  basicValue?: unknown;
  text?: unknown;
  errorType?: unknown;
  properties?: Record<string, unknown>;
}

/** The properties of an entity that name the company it stands for (Excel's Stocks type calls it
 *  "Ticker symbol"); an entity without one is read as its text. */
const TICKER_PROPERTIES = ["Ticker symbol", "Ticker", "Symbol"];

const isDataTyped = (v: unknown): v is DataTyped =>
  typeof v === "object" && v !== null && !(v instanceof Date) && !Array.isArray(v) && typeof (v as DataTyped).type === "string";

const isScalar = (v: unknown): v is Scalar =>
  v === null || v === undefined || v instanceof Date || ["string", "number", "boolean"].includes(typeof v);

/** One cell as its plain value; anything unknown stays as it is (the core refuses it by name). */
export function plainCell(v: unknown): unknown {
  if (!isDataTyped(v)) return v;
  switch (v.type) {
    case "Empty":
      return null;
    case "Error":
      // Shown as Excel shows it ("#N/A"), so the message names what the cell holds.
      return typeof v.basicValue === "string" ? v.basicValue : `#${String(v.errorType ?? "VALUE")}`;
    case "Entity":
    case "LinkedEntity": {
      for (const name of TICKER_PROPERTIES) {
        const ticker = plainCell(v.properties?.[name]);
        if (typeof ticker === "string" && ticker.trim()) return ticker;
      }
      return typeof v.text === "string" ? v.text : v;
    }
    default:
      // Double, FormattedNumber, String, Boolean and any later type with a basic value.
      return isScalar(v.basicValue) ? v.basicValue : v;
  }
}

/** Every argument of a call, ranges cell by cell, with data-typed cells as their values: the
 *  very same list when it holds neither (most formulas; a recalculation reads every formula's). */
export function plainArgs(args: readonly unknown[]): readonly CellValue[] {
  if (!args.some((a) => typeof a === "object" && a !== null)) return args as readonly CellValue[];
  return args.map((a) =>
    Array.isArray(a) ? a.map((row) => (Array.isArray(row) ? row.map(plainCell) : plainCell(row))) : plainCell(a),
  ) as CellValue[];
}
