// The sheet: what each cell holds (typed text), what each formula returned, and what every cell
// shows once the results have spilled. Recalculation is by value: a formula runs again when the
// values its arguments resolve to change (a referenced cell edited, a result it reads spilled or
// went), never on a schedule. The functions themselves are behind `Runner`: the Excel bundle; the
// formulas of the few spreadsheet functions and the arithmetic the templates use run here
// (builtins.ts), reading MDQ results as any other cell. A cell may carry a number
// format (a template's): the grid shows its value so, and a cell formatted "@" keeps what is typed
// there as text, as in Excel.
import { addressOf, type Cell, keyOf } from "./address";
import { plusOffset, runBuiltin } from "./builtins";
import { cardOf } from "./card";
import { type Arg, type Call, type Constant, parseCell } from "./formula";
import { type Layout, layout } from "./spill";

export type Value = string | number | boolean | null;

export type Outcome = { kind: "busy" } | { kind: "ok"; cells: Value[][] } | { kind: "error"; code: string; message: string };

/** What one cell shows. */
export type Shown =
  | { kind: "empty" }
  | { kind: "value"; value: Value; from?: { anchor: string; i: number; j: number } }
  | { kind: "busy" }
  | { kind: "error"; code: string; message: string };

/** A running call: its answer (cells, or a thrown { code, message }) and a way to abort it. */
export interface Run {
  result: Promise<Value[][]>;
  cancel(): void;
}
export type Runner = (name: string, args: unknown[]) => Run;

interface Formula {
  cell: Cell;
  call?: Call;
  outcome: Outcome;
  /** The resolved arguments of the current outcome, to tell when a run is due. */
  argsKey?: string;
  pending?: unknown[];
  run?: Run;
  /** Runs since the last edit: a loop through spilled results is cut off. */
  runs: number;
  /** The size of its last result: reading a cell in there is a circular reference, even while
   *  that result is replaced by the error saying so (or it would flip between the two). */
  area?: { rows: number; cols: number };
}

const WAIT = "wait";
const MAX_RUNS_PER_EDIT = 20;

export class Sheet {
  private readonly inputs = new Map<string, string>();
  private readonly constants = new Map<string, Constant>();
  private readonly formulas = new Map<string, Formula>();
  private readonly formats = new Map<string, string>();
  private current: Layout = { owners: new Map(), blocked: new Map() };
  private listeners: Array<() => void> = [];

  constructor(
    readonly rows: number,
    readonly cols: number,
    private readonly runner: Runner,
    /** Today, for TODAY(). */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  input(cell: Cell): string {
    return this.inputs.get(keyOf(cell.row, cell.col)) ?? "";
  }

  /** Every non-empty cell's text, for saving the sheet. */
  contents(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, text] of this.inputs) {
      const [row, col] = key.split(",").map(Number);
      out[addressOf({ row, col })] = text;
    }
    return out;
  }

  /** A cell's number format ("#,##0.00", "yyyy-mm-dd", "@"); "" for General. */
  formatAt(cell: Cell): string {
    return this.formats.get(keyOf(cell.row, cell.col)) ?? "";
  }

  /** Every formatted cell's format, for saving the sheet. */
  savedFormats(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, format] of this.formats) {
      const [row, col] = key.split(",").map(Number);
      out[addressOf({ row, col })] = format;
    }
    return out;
  }

  /** Replaces every cell's format; what is typed in a cell whose format changes is read again. */
  setFormats(entries: Array<[Cell, string]>): void {
    this.replaceFormats(entries);
    this.update();
  }

  /** Puts back cells' texts, and every format when given (undo and redo), calculated once, so a
   *  step's cells never run against a half-restored sheet. */
  restore(entries: Array<[Cell, string]>, formats?: Array<[Cell, string]>): void {
    if (formats) this.replaceFormats(formats);
    for (const [cell, text] of entries) this.put(cell, text);
    this.update();
  }

  private replaceFormats(entries: Array<[Cell, string]>): void {
    const before = new Map(this.formats);
    this.formats.clear();
    for (const [cell, format] of entries) if (format) this.formats.set(keyOf(cell.row, cell.col), format);
    for (const [key, text] of [...this.inputs]) {
      if ((before.get(key) === "@") === (this.formats.get(key) === "@")) continue;
      const [row, col] = key.split(",").map(Number);
      this.put({ row, col }, text);
    }
  }

  setInput(cell: Cell, text: string): void {
    this.put(cell, text);
    this.update();
  }

  /** Many cells at once (loading a saved sheet), calculated once. */
  setInputs(entries: Array<[Cell, string]>): void {
    for (const [cell, text] of entries) this.put(cell, text);
    this.update();
  }

  clear(): void {
    for (const f of this.formulas.values()) f.run?.cancel();
    this.inputs.clear();
    this.constants.clear();
    this.formulas.clear();
    this.formats.clear();
    this.update();
  }

  /** Run every formula again (new settings, or the user asked for fresh data). */
  recalculateAll(): void {
    for (const f of this.formulas.values()) {
      f.run?.cancel();
      f.run = undefined;
      f.argsKey = undefined;
      f.runs = 0;
    }
    this.update();
  }

  /** Formulas still waiting for an answer. */
  calculating(): number {
    return [...this.formulas.values()].filter((f) => f.outcome.kind === "busy").length;
  }

  shown(cell: Cell): Shown {
    const key = keyOf(cell.row, cell.col);
    const owner = this.current.owners.get(key);
    if (owner) {
      const f = this.formulas.get(owner.anchor)!;
      const value = f.outcome.kind === "ok" ? (f.outcome.cells[owner.i]?.[owner.j] ?? null) : null;
      return { kind: "value", value, from: owner };
    }
    const f = this.formulas.get(key);
    if (f) {
      const spill = this.current.blocked.get(key);
      if (spill) return { kind: "error", code: "#SPILL!", message: spill };
      if (f.outcome.kind === "ok") return { kind: "value", value: f.outcome.cells[0]?.[0] ?? null };
      return f.outcome;
    }
    const value = this.constants.get(key);
    return value === undefined || value === null ? { kind: "empty" } : { kind: "value", value };
  }

  /** The formula whose result covers a cell, with its function name and full answer. */
  resultAt(cell: Cell): { anchor: Cell; name: string; cells: Value[][] } | undefined {
    const key = keyOf(cell.row, cell.col);
    const anchor = this.current.owners.get(key)?.anchor ?? key;
    const f = this.formulas.get(anchor);
    if (!f?.call || f.outcome.kind !== "ok" || this.current.blocked.has(anchor)) return undefined;
    return { anchor: f.cell, name: f.call.name, cells: f.outcome.cells };
  }

  private put(cell: Cell, text: string): void {
    const key = keyOf(cell.row, cell.col);
    this.formulas.get(key)?.run?.cancel();
    this.formulas.delete(key);
    this.constants.delete(key);
    this.inputs.delete(key);
    // A new edit starts a new count for the loop guard.
    for (const f of this.formulas.values()) f.runs = 0;
    if (text.trim() === "") return;
    this.inputs.set(key, text);
    const parsed = this.formats.get(key) === "@" ? ({ type: "constant", value: text } as const) : parseCell(text);
    if (parsed.type === "constant") this.constants.set(key, parsed.value);
    else if (parsed.type === "invalid")
      this.formulas.set(key, { cell, outcome: { kind: "error", code: "#ERROR!", message: parsed.message }, runs: 0 });
    else this.formulas.set(key, { cell, call: parsed.call, outcome: { kind: "busy" }, runs: 0 });
  }

  private relayout(): void {
    const anchors = [...this.formulas.values()].flatMap((f) =>
      f.outcome.kind === "ok"
        ? [{ cell: f.cell, rows: f.outcome.cells.length, cols: Math.max(1, ...f.outcome.cells.map((r) => r.length)) }]
        : [],
    );
    this.current = layout(anchors, (key) => this.inputs.has(key), { rows: this.rows, cols: this.cols });
  }

  /** Settle which formulas must run, in passes, since marking one busy hides its spilled
   *  cells from the formulas that read them; then start the runs. */
  private update(): void {
    const ordered = [...this.formulas.values()].sort((a, b) => a.cell.row - b.cell.row || a.cell.col - b.cell.col);
    for (let pass = 0; pass <= ordered.length; pass++) {
      this.relayout();
      let changed = false;
      for (const f of ordered) {
        if (!f.call) continue;
        const resolved = this.resolve(f);
        if (resolved === WAIT || "code" in resolved) {
          const key = resolved === WAIT ? WAIT : `error:${resolved.message}`;
          if (f.argsKey === key) continue;
          f.run?.cancel();
          f.run = undefined;
          f.pending = undefined;
          f.argsKey = key;
          f.outcome = resolved === WAIT ? { kind: "busy" } : { kind: "error", ...resolved };
          changed = true;
          continue;
        }
        const key = JSON.stringify(resolved.args);
        if (f.argsKey === key) continue;
        f.run?.cancel();
        f.run = undefined;
        f.argsKey = key;
        f.pending = resolved.args;
        f.outcome = { kind: "busy" };
        changed = true;
      }
      if (!changed) break;
    }
    this.relayout();
    for (const f of ordered) if (f.pending) this.start(f, f.pending);
    for (const listener of this.listeners) listener();
  }

  private start(f: Formula, args: unknown[]): void {
    f.pending = undefined;
    if (++f.runs > MAX_RUNS_PER_EDIT) {
      f.outcome = {
        kind: "error",
        code: "#CALC!",
        message: `${addressOf(f.cell)} keeps recalculating: its arguments depend on its own result through other cells.`,
      };
      return;
    }
    const call = f.call!;
    const began = call.builtin ? runBuiltin(call.builtin, args, this.clock()) : this.runner(call.name, args);
    const run = call.offset === undefined ? began : plusOffset(began, call.offset, call.name);
    f.run = run;
    const settle = (outcome: Outcome) => {
      // A newer edit replaced this run (or removed the formula): its answer is stale.
      if (f.run !== run || this.formulas.get(keyOf(f.cell.row, f.cell.col)) !== f) return;
      f.run = undefined;
      f.outcome = outcome;
      if (outcome.kind === "ok") f.area = { rows: outcome.cells.length, cols: Math.max(1, ...outcome.cells.map((r) => r.length)) };
      this.update();
    };
    run.result.then(
      (cells) => settle({ kind: "ok", cells }),
      (e: { code?: string; message?: string }) => settle({ kind: "error", code: e?.code ?? "#VALUE!", message: e?.message ?? String(e) }),
    );
  }

  /** The values a formula's arguments stand for now; WAIT while a cell they read is still
   *  being calculated; an error when a cell they read shows one. */
  private resolve(f: Formula): { args: unknown[] } | typeof WAIT | { code: string; message: string } {
    const args: unknown[] = [];
    for (const arg of f.call!.args) {
      const value = this.argValue(arg, f);
      if (value === WAIT || (value && typeof value === "object" && "code" in value))
        return value as typeof WAIT | { code: string; message: string };
      args.push(value);
    }
    return { args };
  }

  private argValue(arg: Arg, f: Formula): unknown {
    if (arg.type === "value") return arg.value;
    if (arg.type === "card") return this.cardValue(arg.cell, f);
    const from = arg.type === "ref" ? arg.cell : arg.from;
    const to = arg.type === "ref" ? arg.cell : arg.to;
    const rows: Value[][] = [];
    for (let row = from.row; row <= to.row; row++) {
      const line: Value[] = [];
      for (let col = from.col; col <= to.col; col++) {
        const value = this.cellValue({ row, col }, f);
        if (value === WAIT || (value && typeof value === "object")) return value;
        line.push(value as Value);
      }
      rows.push(line);
    }
    return arg.type === "ref" ? rows[0][0] : rows;
  }

  /** The card a cell holds (the COMPANY result it is part of), or what the cell shows when it
   *  holds none: a value the field reader refuses, a wait, an error. */
  private cardValue(cell: Cell, reader: Formula): unknown {
    const shown = this.cellValue(cell, reader);
    if (shown === WAIT || (shown && typeof shown === "object")) return shown;
    const result = this.resultAt(cell);
    return (result && cardOf(result.name, result.cells)) ?? shown;
  }

  private cellValue(cell: Cell, reader: Formula): Value | typeof WAIT | { code: string; message: string } {
    const { row, col } = reader.cell;
    const area = reader.area ?? { rows: 1, cols: 1 };
    if (cell.row >= row && cell.col >= col && cell.row < row + area.rows && cell.col < col + area.cols) {
      return {
        code: "#REF!",
        message: `${addressOf(reader.cell)} refers to ${addressOf(cell)}, which is part of its own result (a circular reference).`,
      };
    }
    if (cell.row >= this.rows || cell.col >= this.cols) return { code: "#REF!", message: `${addressOf(cell)} is outside the sheet.` };
    const shown = this.shown(cell);
    if (shown.kind === "busy") return WAIT;
    if (shown.kind === "error") return { code: shown.code, message: `${addressOf(cell)} shows ${shown.code}: ${shown.message}` };
    if (shown.kind === "value") return shown.value;
    // An empty cell may yet be covered by a result still being calculated above or to its left.
    // Only running (or about to run) formulas count: two formulas merely waiting on each
    // other's area would otherwise wait forever. A builtin's result is one cell: it spills nowhere.
    for (const f of this.formulas.values()) {
      if (f !== reader && !f.call?.builtin && (f.run || f.pending) && f.cell.row <= cell.row && f.cell.col <= cell.col) return WAIT;
    }
    return null;
  }
}
