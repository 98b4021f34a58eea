// Range in, table out: a function whose first argument names one company or code (typed `batch`
// in its catalogue row) takes a range or comma list of them, and answers with one table: the key
// first, then one block of rows per key, in the order given. The keys are checked and counted
// before any request; their requests go out together (Sheets: one UrlFetchApp.fetchAll; Excel and
// the command line: in parallel). A key whose request fails gets one row with its error in an
// `error` column, so one delisted ticker does not blank a 50-row tracker; when every key fails,
// the call fails with the first key's error.
import { type CellValue, listItems, type Scalar, unwrapCell } from "../base/cells";
import { MdqError } from "../base/errors";
import type { Cell, Table } from "../base/table";
import type { ArgSpec, Values } from "../input/arg-spec";
import type { FunctionSpec } from "../rows/function-spec";

/** The most keys one call takes: 50 requests (Sheets sends them in one fetchAll). */
export const MAX_BATCH_KEYS = 50;

export interface Batch {
  /** The argument's position and spec. */
  at: number;
  arg: ArgSpec;
  /** The keys as typed, each once, in order. */
  keys: Scalar[];
}

/** The call's keys, when its batch argument is a range or holds a comma list; else undefined. */
export function batchOf(fn: FunctionSpec, args: readonly CellValue[]): Batch | undefined {
  const at = fn.args.findIndex((a) => a.batch);
  if (at < 0) return undefined;
  const cell = unwrapCell(args[at]);
  if (!Array.isArray(cell) && !(typeof cell === "string" && cell.includes(","))) return undefined;
  const seen = new Set<string>();
  const keys = listItems(cell).filter((k) => {
    const id = keyText(k).toUpperCase();
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  if (keys.length === 0) return undefined;
  const arg = fn.args[at];
  if (keys.length > MAX_BATCH_KEYS) {
    throw new MdqError(
      "bad_argument",
      `'${arg.name}' names ${keys.length} keys, more than the ${MAX_BATCH_KEYS} one call takes (no request was sent): split the range over several formulas of at most ${MAX_BATCH_KEYS}.`,
    );
  }
  return { at, arg, keys };
}

/** `explain=true` over a range is refused before any request: it explains one cell's answer. */
export const explainOne = (arg: string) =>
  new MdqError("bad_argument", `'explain' explains one value's answer: give one ${arg}, not a range or list (no request was sent).`);

export const keyText = (key: Scalar): string => (key instanceof Date ? key.toISOString().slice(0, 10) : String(key ?? "").trim());

/** The values of the call a row of a stacked or grid table is of: the first call's, with the key
 *  that heads the row (its first cell, as text) under `arg`. */
export const keyedValues = (first: Values, arg: string, row: readonly Cell[]): Values =>
  Object.assign({}, first, { [arg]: typeof row[0] === "string" ? row[0] : first[arg] });

/** One key's outcome: its table, or the error its request ended with. */
export type Block = { key: Scalar; table: Table } | { key: Scalar; error: MdqError };

/** The blocks as one table: the key column, the columns of every block in first-seen order, and an
 *  `error` column when a key failed. A block's own column of the key's name (INDEX's `index_code`)
 *  is the key column, holding the service's spelling, so no header is there twice. */
export function stackBlocks(batch: Batch, blocks: Block[]): Table {
  const failed = blocks.filter((b): b is Extract<Block, { error: MdqError }> => "error" in b);
  if (failed.length === blocks.length) {
    const first = failed[0].error;
    throw blocks.length > 1 ? first.withNote(`and so did every one of the ${blocks.length} keys of '${batch.arg.name}'`) : first;
  }
  const columns: string[] = [batch.arg.name];
  const at = new Map<string, number>([[batch.arg.name, 0]]);
  for (const block of blocks) {
    if (!("table" in block)) continue;
    for (const name of block.table.columns) {
      if (!at.has(name)) at.set(name, columns.push(name) - 1);
    }
  }
  if (failed.length) columns.push("error");
  const rows: Cell[][] = [];
  for (const block of blocks) {
    const key = keyText(block.key);
    const row = (): Cell[] => [key, ...new Array<Cell>(columns.length - 1).fill(null)];
    if ("error" in block) {
      const failure = row();
      failure[columns.length - 1] = block.error.message;
      rows.push(failure);
      continue;
    }
    const places = block.table.columns.map((name) => at.get(name) as number);
    for (const source of block.table.rows) {
      const stacked = row();
      source.forEach((cell, i) => {
        if (cell !== null || places[i] !== 0) stacked[places[i]] = cell;
      });
      rows.push(stacked);
    }
  }
  return { columns, rows, orient: "rows" };
}
