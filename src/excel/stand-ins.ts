// What Excel's shared runtime gives the custom functions bundle: CustomFunctions (associate,
// Error, ErrorCode) and OfficeRuntime.storage. With these installed, the built
// dist/excel/functions.js runs outside Excel exactly as it runs inside: in the playground (a
// browser page, storage over localStorage) and in the tests and the bench (Node vm contexts,
// storage in memory). Not part of the add-in: Excel provides the real ones.
import type { KeyValueStorage } from "./settings";

/** The error Excel shows in a cell: a code (#VALUE!, #N/A) and the message on hover. */
export class CellError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

/** The codes the bundle uses (and the rest of Excel's, for completeness of the enum). */
export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
};

/** A custom function as the bundle associates it. Without office.js (the playground, Node) dates
 *  are serial numbers; formatted dates come only where Office says it takes them (dates.ts). */
export type ExcelFunction = (...args: unknown[]) => Promise<Array<Array<string | number | boolean>>>;

export interface ExcelStandIns {
  /** The functions the bundle associated, by id. */
  registered: Map<string, ExcelFunction>;
  /** The globals to install before the bundle runs. */
  globals: { CustomFunctions: unknown; OfficeRuntime: { storage: KeyValueStorage } };
}

export function excelStandIns(storage: KeyValueStorage): ExcelStandIns {
  const registered = new Map<string, ExcelFunction>();
  const CustomFunctions = {
    associate: (id: string, fn: ExcelFunction) => registered.set(id, fn),
    Error: CellError,
    ErrorCode: ERROR_CODES,
  };
  return { registered, globals: { CustomFunctions, OfficeRuntime: { storage } } };
}

/** OfficeRuntime.storage in memory, with its items in view. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
  };
}

/** Excel's CancelableInvocation: the bundle sets onCanceled; cancel() fires it. */
export function invocation() {
  const inv: { onCanceled?: () => void; cancel(): void } = { cancel: () => inv.onCanceled?.() };
  return inv;
}

/** The stand-ins with storage in memory (Node: the tests and the bench). */
export function standIns(stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored);
  return { ...excelStandIns(storage), storage };
}
