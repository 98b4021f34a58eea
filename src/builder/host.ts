// The formula builder's host: what a spreadsheet (the playground's grid, Excel's task pane, the
// Sheets sidebar) gives the one builder of src/builder/. The builder knows nothing of Office.js,
// Apps Script or the playground's sheet: it describes functions from a BuilderCatalogue (plain
// data, so a host may make it where the core is and send it across, as the Sheets sidebar does
// through google.script.run), runs calls through the host (preview, company search, service
// lists, explain) and hands it the formula to insert.
import type { CellValue, ColumnTypes } from "../../shared";

/** How the host's formulas name MDQ's functions: Excel's namespace or Sheets' prefix. */
export type Prefix = "MDQ." | "MDQ_";

/** A list of the service's own (LIST's kinds) whose first column of the given name is a pick
 *  list for an argument: sub-sectors, SGX and KLSE sectors. */
export interface ServiceList {
  kind: string;
  column: string;
}

/** The market a company picker searches (SEARCH's optional second argument). */
export type SearchMarket = "IDX" | "SGX" | "KLSE" | "MINING";

/** One argument (or option) as the builder shows it. */
export interface BuilderArg {
  name: string;
  /** The help line (may be empty where the host has no help text). */
  help: string;
  required: boolean;
  /** What a value must be, as the field's placeholder ("a date as YYYY-MM-DD"). */
  expected: string;
  /** Fixed choices: a pick list. */
  choices?: readonly string[];
  /** Values offered where other text is taken too (VALUE's fields). */
  suggestions?: readonly string[];
  /** A pick list fetched from the service through the host (cached by the builder). */
  list?: ServiceList;
  /** The argument names a company: a company picker searches that market (ANY: every market) as
   *  you type. */
  company?: SearchMarket | "ANY";
  /** The argument takes a comma list (tickers, symbols): each part is a company of its own. */
  several?: boolean;
  /** Text shaped like a cell address is a value of this argument (SGX's D05), never a reference. */
  codes: boolean;
}

export interface BuilderFunction {
  name: string;
  /** The market it belongs to: a key of BuilderCatalogue.groups. */
  group: string;
  summary: string;
  /** What the answer holds, for the line under the signature (may be empty). */
  output: string;
  args: BuilderArg[];
  /** Endpoint options, then the display options every function takes. */
  options: BuilderArg[];
  /** Arguments of a call that works, as typed text (empty where the host has none). */
  example: string[];
  /** The columns it types beyond the core's vocabulary, for showing its numbers (look.ts). */
  identifiers?: ColumnTypes;
}

export interface BuilderCatalogue {
  /** Markets in the order the picker shows them: key → title. */
  groups: ReadonlyArray<{ id: string; title: string }>;
  functions: BuilderFunction[];
}

/** One call's answer as the builder shows it: the cells, and what it cost. */
export interface RunAnswer {
  cells: CellValue[][];
  /** Requests the call sent to the service (0: answered from the cache). */
  requests: number;
  /** Credits those requests cost. */
  credits: number;
  fromCache: boolean;
  /** The answer is a stale copy: why (shown with the preview). */
  stale?: string;
  /** The call failed: the message for this front end (then cells is empty). */
  error?: string;
  /** The call failed because the service has nothing for it (the core's no_data): a search that
   *  found no company. */
  empty?: boolean;
  /** The number format of each cell, where the host writes them beside the cells (CallResult.formats:
   *  Sheets, the playground); null or undefined for a cell without one. A host whose cells carry
   *  their own (Excel's typed numbers) leaves it out. */
  formats?: (string | null | undefined)[][];
  /** Whether the first row names the columns (CallResult.headers); left out: as the options ask. */
  headers?: boolean;
}

/** What a front end's own call is for. */
export type CallPurpose = "company search" | "pick list" | "preview" | "explain";

/** The purpose of a call run without one: explain when its options ask for it, else a preview. */
export const purposeOf = (args: readonly CellValue[], purpose?: CallPurpose): CallPurpose =>
  purpose ?? (args.some((a) => typeof a === "string" && /(^|;)\s*explain\s*=\s*true\s*(;|$)/i.test(a)) ? "explain" : "preview");

/** The active cell and what it holds (its formula, or its value as typed). */
export interface Selection {
  address: string;
  formula: string;
}

export interface BuilderHost {
  prefix: Prefix;
  /** The argument separator the host's formulas are written with (default ","). */
  separator?: "," | ";";
  /** The functions to offer, with their help. */
  catalogue(): Promise<BuilderCatalogue>;
  /** Run one call: `args` positional as a cell holds them, the options text last (or left out).
   *  Never rejects: a failure is the answer's `error`. `purpose`: what the front end asks it for,
   *  so that a host counting what its pane spends can say on what (left out: a preview, or
   *  explain when the options ask for it). */
  run(name: string, args: readonly CellValue[], purpose?: CallPurpose): Promise<RunAnswer>;
  /** Write the formula into the active cell. */
  insert(formula: string): Promise<void>;
  /** The active cell, or undefined where there is none. */
  selected(): Promise<Selection | undefined>;
  /** A reference's values as a formula's call receives them (one cell: its value; a range: its
   *  rows), for explain on a formula that reads cells. Hosts without it explain typed values only. */
  read?(reference: string): Promise<CellValue>;
  /** Called whenever the selection moves, with the selection as the host read it: once for all
   *  that follow it (the builder and explain), as reading it costs an Excel.run or an Apps Script
   *  execution. Hosts without the event leave it out: the builder then offers to read the
   *  selected cell on demand. */
  onSelectionChanged?(callback: (selection: Selection | undefined) => void): void;
  /** Where a function's reference page is, if the host has one. */
  referenceUrl?(name: string): string | undefined;
  /** A cell of `fn`'s answer as the host's sheet shows it (thousands separators, dates, years
   *  and codes ungrouped), by the core's presentation of its column; `labels`: the header names
   *  that apply to the cell (its column's, and its row's first cell); `format`: the cell's own
   *  number format, where the answer gave one (RunAnswer.formats). Hosts without it show a cell's
   *  value as it is. */
  cellText?(fn: string, value: unknown, labels: readonly unknown[], format?: string): string;
}

/** A host's onSelectionChanged behind one subscription: `follow` starts it for the first follower
 *  with the function that hands one read of the selection to every follower (the builder and
 *  explain), so that a move costs one read however many follow it. */
export function sharedFollow(
  follow: (tell: (selection: Selection | undefined) => void) => void,
): NonNullable<BuilderHost["onSelectionChanged"]> {
  const followers: Array<(selection: Selection | undefined) => void> = [];
  return (callback) => {
    followers.push(callback);
    if (followers.length > 1) return;
    follow((selection) => {
      for (const f of followers) f(selection);
    });
  };
}

/** `read` shared while one is in flight: the builder and explain, opened together, each ask for
 *  the selection and take one read (an Excel.run or an Apps Script execution) between them. A call
 *  after it settles reads again. Not for a move of the selection: a read in flight may have read
 *  the cell the move left, so a host's move handler reads on its own. */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}
