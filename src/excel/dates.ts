// How a date cell of a result is written with dates=date. A bare serial (45306) looks like any
// other number; where Excel lets a custom function return a formatted number (data types for
// custom functions, CustomFunctionsRuntime 1.4) the serial carries a date format of its own, so
// the cell shows 2024-01-15 without the user formatting it. Elsewhere: the serial, as before.
import { type DateWriter, isoToSerial } from "../../shared";

/** Office.context.requirements: what this Excel supports. */
export interface Requirements {
  isSetSupported(name: string, minVersion?: string): boolean;
}

/** A number with its own number format, as Excel's data types describe it. */
export interface FormattedDate {
  /** "Double" with numberFormat from ExcelApi 1.19; "FormattedNumber" before (deprecated since). */
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

export type DateCell = number | FormattedDate;

/** Formats in the en-US form Excel expects of a data type; ISO order reads the same everywhere. */
export const DATE_FORMAT = "yyyy-mm-dd";
export const TIMESTAMP_FORMAT = "yyyy-mm-dd hh:mm:ss";

/** A probe that cannot tell (no office.js, before it is ready, a host that throws) says no. */
export function supports(requirements: Requirements | undefined, name: string, version: string): boolean {
  try {
    return requirements?.isSetSupported(name, version) === true;
  } catch {
    return false;
  }
}

interface OfficeGlobal {
  context?: { requirements?: Requirements };
  onReady?: () => Promise<unknown>;
}

/** How long a call waits for office.js to finish starting before it settles for serials. */
export const READY_WAIT_MS = 2000;
let ready: Promise<unknown> | undefined;
let isReady = false;

/** The requirements of the office.js loaded in this runtime, if any, once it is ready: a cell
 *  calculated while the add-in starts must not get serials where its neighbours get dates. At
 *  once when it is (every formula asks). */
export function officeRequirements(): Promise<Requirements | undefined> | Requirements | undefined {
  const office = (globalThis as { Office?: OfficeGlobal }).Office;
  if (typeof office?.onReady === "function" && !isReady) {
    ready ??= new Promise((resolve) => {
      const timer = setTimeout(resolve, READY_WAIT_MS);
      Promise.resolve(office.onReady?.()).then(
        () => resolve(clearTimeout(timer)),
        () => resolve(clearTimeout(timer)),
      );
    }).then(() => {
      isReady = true;
    });
    return ready.then(() => office?.context?.requirements);
  }
  return office?.context?.requirements;
}

/** Whether this Excel shows a returned date as a date (CustomFunctionsRuntime 1.4): where it does,
 *  date columns come as dates by default; elsewhere as ISO text, since a bare serial reads as a
 *  number (dates=date still returns serials there, for a column the user formats). */
export const showsDates = (requirements: Requirements | undefined): boolean => supports(requirements, "CustomFunctionsRuntime", "1.4");

/** The data type of a number with its own format in this Excel: "Double" from ExcelApi 1.19, the
 *  older "FormattedNumber" before. */
export const formattedType = (requirements: Requirements | undefined): FormattedDate["type"] =>
  supports(requirements, "ExcelApi", "1.19") ? "Double" : "FormattedNumber";

/** The date writer for this Excel: formatted dates where it takes them, serials elsewhere. */
export function excelDateWriter(requirements: Requirements | undefined): DateWriter<DateCell> {
  if (!showsDates(requirements)) return isoToSerial;
  const type = formattedType(requirements);
  return (iso) => {
    const serial = isoToSerial(iso);
    if (serial === undefined) return undefined;
    return { type, basicValue: serial, numberFormat: iso.length > 10 ? TIMESTAMP_FORMAT : DATE_FORMAT };
  };
}
