// The last cell errors of this session, for the task pane: desktop Excel may not show a custom
// function's message on the cell (office-js#4971), so the pane lists them. Bounded and newest
// first; the same failure again (same function, arguments and message) moves to the top with a
// count instead of filling the list. Text only: the pane writes it with textContent.
import { type CellValue, type Scalar, show, unwrapCell } from "../../shared";

export const ERROR_LOG_SIZE = 20;

/** Longest argument list and message kept (a message is a sentence; a list of ranges is not). */
const ARGS_CHARS = 300;
const MESSAGE_CHARS = 1000;

export interface LoggedError {
  /** The function, e.g. QUARTERLY. */
  fn: string;
  /** The arguments as a formula would show them: "BBCA", 4, , , "dates=date". */
  args: string;
  /** The cell's error: #VALUE! or #N/A. */
  code: string;
  message: string;
  /** When it last happened (ms since the epoch), and how many times in a row of the list. */
  time: number;
  count: number;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** Cells of a range shown before "...": enough to recognise it, bounded for a 10,000-row one. */
const RANGE_CELLS = 12;

/** Text as it leaves the log: the runtime's redaction of the key. */
type Clean = (text: string) => string;

/** Cleaned before it is quoted and cut: a key cut short is harder to recognise than a whole one. */
function describeScalar(cell: Scalar, clean: Clean): string {
  if (cell === null || cell === undefined || cell === "") return "";
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  return show(typeof cell === "string" ? clean(cell) : cell);
}

/** A range as an array constant would show it: {"BBCA";"BBRI"}, rows split by ";". */
function describeRange(range: Scalar[][], clean: Clean): string {
  const rows: string[] = [];
  let room = RANGE_CELLS;
  for (const row of range) {
    const cells = Array.isArray(row) ? row : [row];
    if (room < cells.length) {
      if (room > 0)
        rows.push(
          cells
            .slice(0, room)
            .map((c) => describeScalar(c, clean))
            .join(","),
        );
      return `{${rows.join(";")}...}`;
    }
    room -= cells.length;
    rows.push(cells.map((c) => describeScalar(c, clean)).join(","));
  }
  return `{${rows.join(";")}}`;
}

/** One argument as text: blank as nothing, a scalar as the core quotes it in messages. */
function describeArg(value: CellValue, clean: Clean): string {
  const cell = unwrapCell(value);
  return Array.isArray(cell) ? describeRange(cell, clean) : describeScalar(cell, clean);
}

/** The arguments as a formula would show them, trailing blanks left out, each text cleaned. */
export function describeArgs(args: readonly CellValue[], clean: Clean = (text) => text): string {
  const shown = args.map((arg) => describeArg(arg, clean));
  while (shown.length > 0 && shown[shown.length - 1] === "") shown.pop();
  return cut(shown.join(", "), ARGS_CHARS);
}

export class ErrorLog {
  private entries: LoggedError[] = [];
  /** Changes with every record, so the pane redraws only when there is something new. */
  version = 0;

  constructor(private readonly size = ERROR_LOG_SIZE) {}

  record(entry: Omit<LoggedError, "count">): void {
    const message = cut(entry.message, MESSAGE_CHARS);
    const same = this.entries.findIndex((e) => e.fn === entry.fn && e.args === entry.args && e.message === message);
    const count = same >= 0 ? this.entries[same].count + 1 : 1;
    if (same >= 0) this.entries.splice(same, 1);
    this.entries.unshift({ ...entry, message, count });
    if (this.entries.length > this.size) this.entries.length = this.size;
    this.version++;
  }

  /** Newest first. */
  list(): LoggedError[] {
    return this.entries.map((e) => ({ ...e }));
  }
}
