// Undo and redo of what the user changes in the sheet: typed cells, pastes, clears, the example
// and templates. A step is what one action changed, found by comparing the sheet's texts (and
// formats) before and after it, so every kind of edit is recorded the same way and a step holds
// only the cells it touched. Undo puts the texts back, and the formulas among them run again
// (the runtime's cache answers what was fetched before). The history is bounded.
import { type Cell, parseAddress } from "./address";

/** What the history needs of the sheet. */
export interface Editable {
  contents(): Record<string, string>;
  savedFormats(): Record<string, string>;
  restore(entries: Array<[Cell, string]>, formats?: Array<[Cell, string]>): void;
}

interface Side {
  /** The changed cells' texts, "" for empty. */
  inputs: Array<[Cell, string]>;
  /** Every format, only when the step changed a format (a template load, a clear). */
  formats?: Array<[Cell, string]>;
}

interface Step {
  label: string;
  before: Side;
  after: Side;
}

/** Enough for any session of trying formulas; each step is small (the cells it touched). */
export const HISTORY_LIMIT = 100;

const cells = (byAddress: Record<string, string>): Array<[Cell, string]> =>
  Object.entries(byAddress).map(([address, text]) => [parseAddress(address)!, text]);

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

export class History {
  private done: Step[] = [];
  private undone: Step[] = [];
  private listeners: Array<() => void> = [];

  constructor(
    private readonly sheet: Editable,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Runs an edit and records what it changed as one step; a new step drops the redo branch.
   *  An action that changed nothing leaves the history as it was. */
  record(label: string, action: () => void): void {
    const inputs = this.sheet.contents();
    const formats = this.sheet.savedFormats();
    action();
    const afterInputs = this.sheet.contents();
    const afterFormats = this.sheet.savedFormats();
    const changed = [...new Set([...Object.keys(inputs), ...Object.keys(afterInputs)])].filter((a) => inputs[a] !== afterInputs[a]);
    const formatsChanged = !sameRecord(formats, afterFormats);
    if (changed.length === 0 && !formatsChanged) return;
    const side = (texts: Record<string, string>, all: Record<string, string>): Side => ({
      inputs: changed.map((a) => [parseAddress(a)!, texts[a] ?? ""]),
      formats: formatsChanged ? cells(all) : undefined,
    });
    this.done.push({ label, before: side(inputs, formats), after: side(afterInputs, afterFormats) });
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
    this.notify();
  }

  /** What Undo and Redo would do, for the buttons' titles; undefined when there is nothing. */
  nextUndo = (): string | undefined => this.done[this.done.length - 1]?.label;
  nextRedo = (): string | undefined => this.undone[this.undone.length - 1]?.label;

  /** Takes back the last step; returns the first cell it changed (to select it), if any. */
  undo(): Cell | undefined {
    return this.move(this.done, this.undone, "before");
  }

  redo(): Cell | undefined {
    return this.move(this.undone, this.done, "after");
  }

  private move(from: Step[], to: Step[], side: "before" | "after"): Cell | undefined {
    const step = from.pop();
    if (!step) return undefined;
    to.push(step);
    this.sheet.restore(step[side].inputs, step[side].formats);
    this.notify();
    return step[side].inputs.map(([cell]) => cell).sort((a, b) => a.row - b.row || a.col - b.col)[0];
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
