// Stand-ins for the globals Excel provides to the custom functions runtime: CustomFunctions
// (associate, Error, ErrorCode) and OfficeRuntime.storage (an in-memory map).
export class StandInError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
};

export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, value),
  };
}

export interface StandIns {
  registered: Map<string, (...args: any[]) => Promise<any[][]>>;
  storage: ReturnType<typeof memoryStorage>;
  globals: Record<string, unknown>;
}

/** The globals for a context (the jest global, or a fresh vm context). */
export function standIns(stored: Record<string, string> = {}): StandIns {
  const registered = new Map<string, (...args: any[]) => Promise<any[][]>>();
  const storage = memoryStorage(stored);
  const globals = {
    CustomFunctions: { associate: (id: string, fn: any) => registered.set(id, fn), Error: StandInError, ErrorCode: ERROR_CODES },
    OfficeRuntime: { storage },
  };
  return { registered, storage, globals };
}

/** A CancelableInvocation whose cancel() fires the handler the function set. */
export function invocation() {
  const inv: { onCanceled?: () => void; cancel(): void } = { cancel: () => inv.onCanceled?.() };
  return inv;
}
