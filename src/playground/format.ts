// How a value looks in a cell, as Excel's General format would show it with a thousands
// separator: numbers right-aligned and grouped, TRUE/FALSE centred, text left, blanks empty.
// Two readings of the headers refine that: date columns given as serial numbers (dates=date)
// show as dates, and years (the function's typed columns, columnType in the core) show without a
// separator (2,024 reads as a quantity). Codes come from the core as text.
import { type ColumnTypes, columnType, isDateColumn, serialToIso } from "../../shared";
import type { Value } from "./sheet";

export interface Look {
  text: string;
  align: "left" | "right" | "center";
}

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** `labels`: the header names that apply to the cell (its column's and its row's); `identifiers`:
 *  the columns its function types beyond the core's vocabulary. */
export function look(value: Value, labels: readonly Value[] = [], identifiers?: ColumnTypes): Look {
  if (value === null || value === "") return { text: "", align: "left" };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", align: "center" };
  if (typeof value === "number") {
    const names = labels.filter((l): l is string => typeof l === "string");
    if (names.some(isDateColumn) && value > 0 && value < 2958466) return { text: serialToIso(value), align: "right" };
    if (names.some((n) => columnType(n, identifiers) === "year") && Number.isInteger(value)) return { text: String(value), align: "right" };
    return { text: GROUPED.format(value), align: "right" };
  }
  return { text: value, align: "left" };
}
