// Formulas that differ only in how they show an answer (headers, orient, fields, dates, notes,
// explain) ask the same thing: a host that runs each distinct request once (Excel's runtime) runs
// it with the display options taken out, and shows each formula's variant from that one answer
// (CallResult.show); not a grid or a batch, which show their answer as they run (the host asks
// run/grid.ts and run/batch.ts). What is asked keeps everything else of the options (the endpoint's own
// parameters, refresh=, stale=), in the order and spelling the formula gave.
import type { CellValue } from "../base/cells";
import { isBlank, unwrapCell } from "../base/cells";
import type { Signature } from "./arg-spec";
import { type DisplayOptions, parseOptions } from "./options";

/** The options that only say how an answer is shown, never what is asked. */
const SHOWN_ONLY = new Set(["headers", "orient", "fields", "dates", "notes", "explain"]);

export interface Variant {
  /** The arguments with the display options taken out: what the formula asks. */
  asked: CellValue[];
  /** Equal for two formulas of one function exactly when their `asked` are equal. */
  askedKey: string;
  display: DisplayOptions;
  /** Equal for two formulas exactly when their display options are. */
  displayKey: string;
  /** The display options as the formula wrote them (a host checks them for the key). */
  shownText: string;
}

const named = (part: string) =>
  part
    .slice(0, Math.max(0, part.indexOf("=")))
    .trim()
    .toLowerCase();

/** A formula's variant, or undefined where it cannot share its request this way: options the core refuses (it says why, on the formula's own path),
 *  or an argument the key below cannot tell apart from another (a date object, a number not finite). */
export function variantOf(fn: Signature, args: readonly CellValue[], memo?: OptionsMemo): Variant | undefined {
  const at = fn.args.length;
  // Arguments past the options are refused by the core, on the formula's own path.
  for (let i = at + 1; i < args.length; i++) if (!isBlank(args[i])) return undefined;
  const options = unwrapCell(args[at]);
  // A workbook writes few distinct options texts: each is read once per function.
  const memoKey = typeof options === "string" || isBlank(options) ? `${fn.name}\n${options ?? ""}` : undefined;
  let split = memoKey === undefined ? undefined : memo?.get(memoKey);
  if (split === undefined) {
    split = splitOptions(fn, options);
    if (memo && memoKey !== undefined) {
      if (memo.size >= OPTIONS_MEMO_MAX) memo.clear();
      memo.set(memoKey, split);
    }
  }
  if (!split) return undefined;
  const asked = args.slice(0, at);
  if (!isBlank(split.asked)) asked[at] = split.asked;
  const askedKey = keyOf(asked);
  return askedKey === undefined
    ? undefined
    : { asked, askedKey, display: split.display, displayKey: split.displayKey, shownText: split.shownText };
}

/** The options argument read once: what it asks, how it shows. */
interface OptionsSplit {
  asked: CellValue;
  display: DisplayOptions;
  displayKey: string;
  shownText: string;
}

/** Options texts read, by function (null: refused, left to the formula's own path). */
export type OptionsMemo = Map<string, OptionsSplit | null>;

/** Options texts a memo holds before it starts again. */
const OPTIONS_MEMO_MAX = 1000;

function splitOptions(fn: Signature, options: CellValue): OptionsSplit | null {
  let display: DisplayOptions;
  try {
    display = parseOptions(fn, options).display;
  } catch {
    return null;
  }
  let asked: CellValue = options;
  let shown: unknown[] = [];
  if (typeof options === "string") {
    // As the core splits them (input/options.ts): name=value pairs between ';' or new lines.
    const parts = options.split(/[;\n]/);
    shown = parts.filter((p) => SHOWN_ONLY.has(named(p)));
    if (shown.length) asked = parts.filter((p) => !SHOWN_ONLY.has(named(p))).join(";");
  } else if (Array.isArray(options)) {
    const rows = options as unknown[];
    shown = rows.filter((r) => Array.isArray(r) && SHOWN_ONLY.has(String(r[0]).trim().toLowerCase()));
    if (shown.length) asked = rows.filter((r) => !shown.includes(r)) as CellValue;
  } else if (!isBlank(options)) return null;
  return { asked, display, displayKey: JSON.stringify(display), shownText: JSON.stringify(shown) };
}

/** A text that two argument lists share only when they are equal, value for value and type for
 *  type (JSON alone writes a date as text, and NaN, undefined and null alike). */
function keyOf(values: readonly unknown[]): string | undefined {
  let out = "";
  for (const v of values) {
    if (v === null || v === undefined) out += "_,";
    else if (typeof v === "string") out += `${JSON.stringify(v)},`;
    else if (typeof v === "boolean") out += v ? "T," : "F,";
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return undefined;
      out += `${v},`;
    } else if (Array.isArray(v)) {
      const inner = keyOf(v);
      if (inner === undefined) return undefined;
      out += `[${inner}],`;
    } else return undefined;
  }
  return out;
}
