// Each typed number of a result with its own number format (the core's one presentation rule,
// CallResult.formats: prices to the exchange's tick, fractions as percentages, P/E with 2
// decimals, years without a separator), the way dates.ts gives a date its format: a custom
// function cannot format the cells it spills into, but where Excel takes data types from custom
// functions (CustomFunctionsRuntime 1.4) a number can carry its format. The value stays the
// number the service sent (0.036 reads 3.60%). Elsewhere: plain numbers, as before.
import type { FormatGrid } from "../../shared";
import { type FormattedDate, type Requirements, showsDates, supports } from "./dates";

/** A number with the format Excel shows it in (the same data type as a formatted date). */
export type FormattedNumber = FormattedDate;

/** The cells with every number that has a format in `formats` carrying it, where this Excel shows
 *  such numbers; the cells as they are elsewhere (or when nothing has a format). */
export function withNumberFormats<C>(
  cells: C[][],
  formats: FormatGrid | undefined,
  requirements: Requirements | undefined,
): (C | FormattedNumber)[][] {
  if (!formats || !showsDates(requirements)) return cells;
  const type = supports(requirements, "ExcelApi", "1.19") ? "Double" : "FormattedNumber";
  return cells.map((row, r) =>
    row.map((cell, c) => {
      const numberFormat = formats[r]?.[c];
      return typeof cell === "number" && numberFormat ? { type, basicValue: cell, numberFormat } : cell;
    }),
  );
}
