// Older Excel desktop builds pass a blank cell as 0 (office-js#4702), alone or inside a range.
// A host that does reads its cells through this first: a 0 where the argument's kind has no 0
// (ArgKind.zero, typed per kind from its rule) is a blank cell, and so are 0 cells inside a range
// of such values (a tickers list) and 0 name or value cells of a two-column options range. A real
// 0 where the kind takes one (an offset, a minimum) stays 0. Hosts that pass blanks as blanks
// (Sheets, the command line's text) never call it, so a 0 typed there is read as typed.
import { type CellValue, type Scalar, unwrapCell } from "../base/cells";
import type { Signature } from "./arg-spec";
import type { ArgKind } from "./kinds";
import { DISPLAY_OPTIONS } from "./options";

const zeroToBlank = (cell: Scalar): Scalar => (cell === 0 ? null : cell);

/** One argument's cell: a 0 its kind cannot take, alone or in a range, as blank. */
function forKind(kind: ArgKind, value: CellValue): CellValue {
  if (kind.zero === "value") return value;
  const cell = unwrapCell(value);
  if (!Array.isArray(cell)) return zeroToBlank(cell);
  return cell.map((row) => (Array.isArray(row) ? row.map(zeroToBlank) : row));
}

/** The options argument: a 0 in place of the whole text is blank; in a two-column range, a row
 *  whose name is 0 is a blank row, and a 0 value is blank where that option's kind has no 0. */
function forOptions(options: ReadonlyMap<string, ArgKind>, value: CellValue): CellValue {
  const cell = unwrapCell(value);
  if (!Array.isArray(cell)) return zeroToBlank(cell);
  return cell.map((row) => {
    if (!Array.isArray(row)) return row;
    const [name, option, ...rest] = row;
    if (name === 0) return [null, zeroToBlank(option), ...rest];
    const kind = typeof name === "string" ? options.get(name.trim().toLowerCase()) : undefined;
    return [name, kind && kind.zero === "blank" ? zeroToBlank(option) : option, ...rest];
  });
}

/** Each function's options by name, made at its first call (a workbook calls one function often). */
const kindsOf = new WeakMap<Signature, ReadonlyMap<string, ArgKind>>();
function optionKinds(fn: Signature): ReadonlyMap<string, ArgKind> {
  const known = kindsOf.get(fn);
  if (known) return known;
  const kinds = new Map([...fn.options, ...DISPLAY_OPTIONS].map((o) => [o.name, o.kind as ArgKind] as const));
  kindsOf.set(fn, kinds);
  return kinds;
}

/** Whether a cell could hold a 0 to read: a 0 itself, or a range. */
const mayHoldZero = (value: CellValue) => value === 0 || Array.isArray(value);

/** The arguments of a call to `fn` with Excel's blank-as-0 read as blanks: the very same list
 *  when it holds no 0 (most formulas; a recalculation reads every formula's). */
export function blankZeros(fn: Signature, args: readonly CellValue[]): readonly CellValue[] {
  if (!args.some(mayHoldZero)) return args;
  return args.map((value, i) => {
    if (i < fn.args.length) return forKind(fn.args[i].kind, value);
    return i === fn.args.length ? forOptions(optionKinds(fn), value) : value;
  });
}
