/// <reference types="custom-functions-runtime" />
// What every generated wrapper calls: Excel's arguments in, a 2-D array or a cell error out.
// Excel-specific only: cancellation from @cancelable (runtime.ts, requests.ts), the error mapping and the record of each error for the task pane (the core reads Excel's [[value]]
// matrices as the value). The shared runtime instance lives here.
import { companyCards } from "./company-call";
import { cardFields } from "./company-card";
import { plainArgs } from "./data-types";
import { toExcelError } from "./errors";
import { FormulaCancelled } from "./requests";
import { createRuntime, type Runtime, type ShownCells } from "./runtime";
import type { KeyValueStorage } from "./settings";
import { cardIn, valueFromCard } from "./value-from-card";

let instance: Runtime | undefined;

/** The runtime of this add-in session, made on first use (OfficeRuntime is loaded by then). */
export function runtime(): Runtime {
  const office = (globalThis as { OfficeRuntime?: { storage?: KeyValueStorage } }).OfficeRuntime;
  instance ??= createRuntime({ fetch: (url, init) => globalThis.fetch(url, init), storage: office?.storage });
  return instance;
}

/** Use another runtime (tests and the playground: a short deadline, a counting fetch). */
export function useRuntime(next: Runtime): Runtime {
  instance = next;
  return next;
}

export async function call(name: string, args: unknown[], invocation?: CustomFunctions.CancelableInvocation): Promise<ShownCells> {
  const current = runtime();
  // A data-typed cell (a formatted number, a Stocks card) arrives as an object: its value counts.
  const values = plainArgs(args);
  try {
    // VALUE over an MDQ company card: the card has the value already (no request). Its fields come
    // with COMPANY's row, of VALUE's own family.
    const card = name === "VALUE" ? cardIn(args) : undefined;
    const fromCard = card && valueFromCard(card, args, await cardFields());
    if (fromCard) return fromCard as ShownCells;
    // A company as a card where this Excel takes data types (company-call.ts).
    const cards = name === "COMPANY" ? await companyCards(current, values, await current.requirements(), invocation) : undefined;
    if (cards) return cards as unknown as ShownCells;
    return await current.formula(name, values, invocation);
  } catch (e) {
    const error = toExcelError(e);
    // Every cell error is listed in the task pane too; a call Excel cancelled shows nothing.
    if (!(e instanceof FormulaCancelled)) current.recordError(name, values, { code: error.code, message: error.message ?? "" });
    throw error;
  }
}
