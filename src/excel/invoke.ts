/// <reference types="custom-functions-runtime" />
// What every generated wrapper calls: Excel's arguments in, a 2-D array or a cell error out.
// Excel-specific only: unwrapping Excel's 1x1 matrices, cancellation from @cancelable, empty
// cells for missing values and the error mapping. The shared runtime instance lives here.
import type { CellValue } from "../../shared/args";
import { toExcelError } from "./errors";
import { createRuntime, Runtime } from "./runtime";
import type { KeyValueStorage } from "./settings";

let instance: Runtime | undefined;

/** The runtime of this add-in session, made on first use (OfficeRuntime is loaded by then). */
export function runtime(): Runtime {
  const office = (globalThis as { OfficeRuntime?: { storage?: KeyValueStorage } }).OfficeRuntime;
  return (instance ??= createRuntime({ fetch: (url, init) => globalThis.fetch(url, init), storage: office?.storage }));
}

/** Use another runtime (tests and the playground: a short deadline, a counting fetch). */
export function useRuntime(next: Runtime): Runtime {
  instance = next;
  return next;
}

/** Excel passes a scalar given to a matrix parameter as [[value]]: treat it as the value. */
const unwrap = (v: unknown): CellValue =>
  Array.isArray(v) && v.length === 1 && Array.isArray(v[0]) && v[0].length === 1 ? (v[0][0] as CellValue) : (v as CellValue);

export async function call(name: string, args: unknown[], invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  try {
    const { cells } = await runtime().run(name, args.map(unwrap), controller.signal);
    // A missing value is an empty cell: Excel would show a returned null as 0.
    return cells.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : cell)));
  } catch (e) {
    throw toExcelError(e);
  }
}
