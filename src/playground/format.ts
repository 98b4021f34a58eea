// How a value looks in a cell, as Excel's General format would show it with a thousands
// separator: numbers right-aligned and grouped, TRUE/FALSE centred, text left, blanks empty.
// Two readings of the headers refine that: date columns given as serial numbers (dates=date)
// show as dates, and typed numbers (the function's typed columns, columnType in the core) show
// in the core's number format for their type (number-format.ts typedLook: years plain, prices to
// the tick, fractions as percentages). Codes come from the core as text.
import { isDateColumn, serialToIso } from "../../shared";
import { type Look, type ResultOf, typedLook } from "./number-format";
import type { Value } from "./sheet";

export type { Look };

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** `labels`: the header names that apply to the cell (its column's and its row's); `fn`: the
 *  function whose result it is (its typed columns, its market). */
export function look(value: Value, labels: readonly Value[] = [], fn?: ResultOf): Look {
  if (value === null || value === "") return { text: "", align: "left" };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", align: "center" };
  if (typeof value === "number") {
    const names = labels.filter((l): l is string => typeof l === "string");
    if (names.some(isDateColumn) && value > 0 && value < 2958466) return { text: serialToIso(value), align: "right" };
    const typed = typedLook(value, names, fn ?? { group: "general" });
    if (typed) return typed;
    return { text: GROUPED.format(value), align: "right" };
  }
  return { text: value, align: "left" };
}
