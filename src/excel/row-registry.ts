// The rows the engine has, by family, and the families on their way. The engine holds no row of
// its own (lazy-rows.ts): a function's first call asks for its family's script, and every call of
// that family waits for it. The script hands its rows over (`add`); when it cannot load, or has
// not handed them over within a bound, each call waiting for it fails with a message that says
// so, once, and the next call asks again. A script that arrives late still hands its rows over.
import { type FunctionSpec, MdqError, show } from "../../shared";
import type { Timers } from "./gate";

export interface RowRegistryOptions {
  /** Each function's family, by its name in upper case, in the catalogue's order. */
  familyOf: Readonly<Record<string, string>>;
  /** Starts loading a family's script; `failed` says why it cannot load, once it knows. */
  load(family: string, failed: (why: string) => void): void;
  timers: Timers;
  /** How long a family's script may take before the calls waiting for it fail. */
  boundMs: number;
}

interface Waiting {
  promise: Promise<void>;
  arrived(): void;
  failed(error: MdqError): void;
  timer: unknown;
  /** Its rows are here; the calls that waited for them go first. */
  done?: true;
}

export type RowRegistry = ReturnType<typeof createRowRegistry>;

/** A family's script, as users and the task pane's error list see it named. */
export const familyScript = (family: string) => `rows-${family}.js`;

export function createRowRegistry({ familyOf, load, timers, boundMs }: RowRegistryOptions) {
  const rows = new Map<string, FunctionSpec>();
  // Families whose rows a call gets at once: here, and every call that waited for them served.
  const ready = new Set<string>();
  const waiting = new Map<string, Waiting>();

  function fail(family: string, why: string): void {
    const wait = waiting.get(family);
    if (!wait || wait.done) return;
    waiting.delete(family);
    timers.clear(wait.timer);
    wait.failed(
      new MdqError(
        "network",
        `MDQ could not load its ${family} functions: ${familyScript(family)} ${why}. Recalculate to try again; if this persists, reload the add-in (close and reopen the workbook) and check that this computer can reach the add-in's address.`,
      ),
    );
  }

  /** Resolves once the family's rows are here; asks for its script unless it is on its way. */
  function family(id: string): Promise<void> {
    if (ready.has(id)) return Promise.resolve();
    let wait = waiting.get(id);
    if (!wait) {
      let arrived = () => {};
      let failed: (error: MdqError) => void = () => {};
      const promise = new Promise<void>((resolve, reject) => {
        arrived = resolve;
        failed = reject;
      });
      wait = { promise, arrived, failed, timer: undefined };
      waiting.set(id, wait);
      wait.timer = timers.set(() => fail(id, `did not arrive within ${boundMs / 1000} seconds`), boundMs);
      // A script run at once hands its rows over inside load(): `wait` is settled by then.
      load(id, (why) => fail(id, why));
    }
    return wait.promise;
  }

  function rowOf(name: string): FunctionSpec {
    const fn = rows.get(name);
    if (!fn)
      throw new MdqError(
        "malformed",
        `${familyScript(familyOf[name])} did not hold ${name}: reload the add-in (close and reopen the workbook)`,
      );
    return fn;
  }

  return {
    /** The row of a function's name: at once when its family is here, else once it arrives. */
    row(name: string): FunctionSpec | Promise<FunctionSpec> {
      const key = name.trim().toUpperCase();
      const id = Object.prototype.hasOwnProperty.call(familyOf, key) ? familyOf[key] : undefined;
      const fn = id !== undefined && ready.has(id) ? rows.get(key) : undefined;
      if (fn) return fn;
      if (id === undefined) throw new MdqError("bad_argument", `there is no function ${show(name)}; see the function list`);
      return family(id).then(() => rowOf(key));
    },
    /** Every row, in the catalogue's order, once every family has arrived (the task pane's builder). */
    async all(): Promise<FunctionSpec[]> {
      await Promise.all([...new Set(Object.values(familyOf))].map(family));
      return Object.keys(familyOf).map(rowOf);
    },
    /** A family's script hands its rows over. */
    add(id: string, handed: readonly FunctionSpec[]): void {
      for (const fn of handed) rows.set(fn.name, fn);
      const wait = waiting.get(id);
      if (!wait) {
        ready.add(id);
        return;
      }
      if (wait.done) return;
      wait.done = true;
      timers.clear(wait.timer);
      wait.arrived();
      // After the calls that waited: one made meanwhile waits its turn behind them, in order.
      void wait.promise.then(() => {
        waiting.delete(id);
        ready.add(id);
      });
    },
    fail,
  };
}
