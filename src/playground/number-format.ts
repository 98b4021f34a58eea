// A cell's number format applied as Excel applies it: the formats the ready workbooks use and the
// core's presentation rule gives typed columns (the core's applyNumberFormat: decimals with or
// without a thousands separator, 0, 0.00, #,##0.000, scaled by a thousand for each comma after
// the digits, #,##0,,, or a percentage, 0.00%: the number times 100), and dates over a serial
// number (yyyy-mm-dd and the like). A number format never changes text or TRUE/FALSE, and "@"
// (text) or a format outside these leaves a number's General look: undefined then.
import { applyNumberFormat, type ColumnTypes, columnFormat, serialToIso } from "../../shared";
import type { Value } from "./sheet";

/** How a value reads in a cell: its text and alignment. */
export interface Look {
  text: string;
  align: "left" | "right" | "center";
}

const DATE = /^(yyyy|yy|mm?|dd?)([-/. ](yyyy|yy|mm?|dd?))*$/i;
/** Excel's last day, 9999-12-31. */
const MAX_SERIAL = 2958465;

export function formatted(value: Value, format: string): Look | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const text = applyNumberFormat(value, format);
  if (text !== undefined) return { text, align: "right" };
  if (DATE.test(format) && value >= 1 && value <= MAX_SERIAL) {
    const [year, month, day] = serialToIso(value).split("-");
    const part: Record<string, string> = {
      yyyy: year,
      yy: year.slice(2),
      mm: month,
      m: String(Number(month)),
      dd: day,
      d: String(Number(day)),
    };
    return { text: format.replace(/yyyy|yy|mm?|dd?/gi, (token) => part[token.toLowerCase()]), align: "right" };
  }
  return undefined;
}

/** The function whose result a cell is part of: its typed columns and its market. */
export interface ResultOf {
  identifiers?: ColumnTypes;
  group: string;
}

/** A result's number as Excel shows it with the format the core gives its type (as the Excel
 *  add-in returns it where Excel takes formatted numbers): the type of its column's header, else
 *  of its row's label (a field, value table's field; a ranking's classification; a statement's
 *  line). Undefined for a number of no type, left to the General look. */
export function typedLook(value: number, labels: readonly string[], fn: ResultOf): Look | undefined {
  for (const label of labels) {
    const format = columnFormat(fn, label);
    if (format) return formatted(value, format);
  }
  return undefined;
}
