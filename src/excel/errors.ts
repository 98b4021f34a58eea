/// <reference types="custom-functions-runtime" />
// The one place where MDQ's error kinds become Excel cell errors. Excel shows a message only for
// #VALUE! and #N/A, so every failure is one of these two, with the core's sentence (what
// happened, what to do). Never a table that looks like data.
import { type ErrorKind, type FrontEnd, toMdqError } from "../../shared";

/** Whose words the messages use: Excel's, or the playground's where it runs this same bundle
 *  (its page says so before loading it: src/playground/host.ts). */
export const excelFrontEnd = (): FrontEnd =>
  (globalThis as { MDQ_FRONT_END?: string }).MDQ_FRONT_END === "playground" ? "playground" : "excel";

/** Kinds the user fixes in the formula or the settings: #VALUE!. Everything else: #N/A. */
const VALUE_KINDS: ReadonlySet<ErrorKind> = new Set<ErrorKind>(["bad_argument", "unsupported", "bad_request", "missing_key"]);

export function excelErrorCode(kind: ErrorKind): CustomFunctions.ErrorCode.invalidValue | CustomFunctions.ErrorCode.notAvailable {
  return VALUE_KINDS.has(kind) ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
}

export function toExcelError(e: unknown, apiKey?: string): CustomFunctions.Error {
  const error = toMdqError(e, apiKey);
  return new CustomFunctions.Error(excelErrorCode(error.kind), error.messageFor(excelFrontEnd()));
}
