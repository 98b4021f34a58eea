// A cell's number format applied as Excel applies it: the formats the ready workbooks use and the
// core's presentation rule gives typed columns (the core's applyNumberFormat: decimals with or
// without a thousands separator, 0, 0.00, #,##0.000, scaled by a thousand for each comma after
// the digits, #,##0,,, or a percentage, 0.00%: the number times 100), and dates over a serial
// number (yyyy-mm-dd and the like). A number format never changes text or TRUE/FALSE, and "@"
// (text) or a format outside these leaves a number's General look: undefined then.
import { applyNumberFormat, serialToIso } from "../../shared";
import type { Look } from "../builder/look";
import type { Value } from "./sheet";

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
