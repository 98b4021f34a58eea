/// <reference types="office-js" />
// The task pane's "Last errors" list and its "Recalculate MDQ cells" button. Desktop Excel may not
// show a custom function's message on the cell (office-js#4971); the pane shows each one with its
// function, arguments and time. Everything is written with textContent: an argument such as
// <img onerror=...> typed in a cell stays text.
import type { ageText } from "../../shared";
import type { LoggedError } from "./error-log";
import type { Runtime } from "./runtime";
import type { StaleCall } from "./stale-list";

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string) => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

/** One entry of either list: the call, when, and what went wrong. */
function listItem(call: string, when: string, message: string): HTMLLIElement {
  const item = document.createElement("li");
  item.append(el("div", "call", call), el("div", "when", when), el("div", "message", message));
  return item;
}

/** The list's entries, or its "none" line when there are none. */
function show(list: HTMLOListElement, empty: HTMLElement, items: HTMLLIElement[]): void {
  list.replaceChildren(...items);
  empty.hidden = items.length > 0;
}

const errorItem = (error: LoggedError) =>
  listItem(
    `${error.code} =MDQ.${error.fn}(${error.args})`,
    new Date(error.time).toLocaleTimeString() + (error.count > 1 ? ` (${error.count} times)` : ""),
    error.message,
  );

/** Redraws the list when the runtime has recorded an error since the last call. */
export function errorListView(list: HTMLOListElement, empty: HTMLElement): (rt: Runtime) => void {
  let shown = -1;
  return (rt) => {
    if (rt.errorsVersion() === shown) return;
    shown = rt.errorsVersion();
    show(list, empty, rt.errors().map(errorItem));
  };
}

const staleItem = (entry: StaleCall, now: number, age: typeof ageText) =>
  listItem(
    `=MDQ.${entry.call}`,
    `answer of ${new Date(entry.since).toLocaleString()} (${age(now - entry.since)} old)`,
    `the refresh failed: ${entry.reason}`,
  );

/** The calls answered stale, with their age (redrawn each time: the ages move on), worded by the
 *  core's ageText that functions.js publishes (the pane bundles no copy of the core). */
export function staleListView(list: HTMLOListElement, empty: HTMLElement, age: typeof ageText): (rt: Runtime) => void {
  return (rt) =>
    show(
      list,
      empty,
      rt.staleCalls().map((e) => staleItem(e, Date.now(), age)),
    );
}

type Report = { ok: boolean; message: string };

const BY_HAND = "press Ctrl+Alt+F9 (Windows) or Cmd+Alt+F9 (Mac) to recalculate";

/** Mark every cached answer as due, then ask Excel for a full calculation (ExcelApi 1.1): every
 *  MDQ cell runs again and fetches from the service. The old answers stay, so that a cell whose
 *  refresh fails shows its last good answer, listed as stale, rather than an error. */
export async function recalculateMdqCells(rt: Runtime): Promise<Report> {
  rt.refreshAll();
  const excel = (globalThis as { Excel?: typeof Excel }).Excel;
  if (typeof excel?.run !== "function")
    return { ok: false, message: `MDQ: every MDQ cell will fetch fresh data, but Excel cannot be asked from here: ${BY_HAND}.` };
  try {
    await excel.run(async (context) => {
      context.workbook.application.calculate(excel.CalculationType.full);
      await context.sync();
    });
    return {
      ok: true,
      message:
        "Recalculating: every MDQ cell fetches fresh data (a cell whose refresh fails keeps its last answer, listed under Stale answers).",
    };
  } catch (e) {
    return { ok: false, message: `MDQ: Excel did not recalculate (${(e as Error)?.message ?? String(e)}): ${BY_HAND}.` };
  }
}
