// Each typed number of a result with its own number format (the core's one presentation rule,
// rows/number-formats.ts: prices to the exchange's tick, fractions as percentages, P/E with 2
// decimals, years without a separator), the way dates.ts gives a date its format: a custom
// function cannot format the cells it spills into, but where Excel takes data types from custom
// functions (CustomFunctionsRuntime 1.4) a number can carry its format. The value stays the
// number the service sent (0.036 reads 3.60%). Elsewhere: plain numbers, as before. The core
// writes them with the writer below (Env.writeNumber), once per answer for all its variants.
import type { NumberWriter } from "../../shared";
import { type FormattedDate, formattedType, type Requirements, showsDates } from "./dates";

/** A number with the format Excel shows it in (the same data type as a formatted date). */
export type FormattedNumber = FormattedDate;

/** How this Excel writes a typed number: with its format where it shows such numbers; none
 *  elsewhere (plain numbers). */
export function excelNumberWriter(requirements: Requirements | undefined): NumberWriter<FormattedNumber> | undefined {
  if (!showsDates(requirements)) return undefined;
  const type = formattedType(requirements);
  return (basicValue, numberFormat) => ({ type, basicValue, numberFormat });
}
