// How a value looks in a cell, as Excel's General format would show it with a thousands
// separator: numbers right-aligned and grouped, TRUE/FALSE centred, text left, blanks empty.
// Two readings of the headers refine that, both the core's (handed in, so that Excel's task pane,
// which bundles no core module, takes them from functions.js): date columns given as serial
// numbers (dates=date) show as dates, and years (columnType) show without a separator (2,024 reads
// as a quantity). Codes come from the core as text. The playground's grid and the builder's
// preview in every host show cells through it.
import type { ColumnTypes, columnType, isDateColumn, serialToIso } from "../../shared";

/** The core's presentation of a column, from its name. */
export interface Presentation {
  columnType: typeof columnType;
  isDateColumn: typeof isDateColumn;
  serialToIso: typeof serialToIso;
}

export interface Look {
  text: string;
  align: "left" | "right" | "center";
}

/** The day after Excel's last (9999-12-31), as a serial number. */
const PAST_LAST_SERIAL = 2958466;

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** `labels`: the header names that apply to the cell (its column's and its row's); `identifiers`:
 *  the columns its function types beyond the core's vocabulary. */
export function lookWith(core: Presentation) {
  return (value: unknown, labels: readonly unknown[] = [], identifiers?: ColumnTypes): Look => {
    if (value === null || value === undefined || value === "") return { text: "", align: "left" };
    if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", align: "center" };
    if (typeof value === "number") {
      const names = labels.filter((l): l is string => typeof l === "string");
      if (names.some(core.isDateColumn) && value > 0 && value < PAST_LAST_SERIAL) return { text: core.serialToIso(value), align: "right" };
      if (names.some((n) => core.columnType(n, identifiers) === "year") && Number.isInteger(value))
        return { text: String(value), align: "right" };
      return { text: GROUPED.format(value), align: "right" };
    }
    return { text: String(value), align: "left" };
  };
}
