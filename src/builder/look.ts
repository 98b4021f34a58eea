// How a value looks in a cell: numbers right-aligned in the number format the core's presentation
// rule gives their column (prices to the tick, fractions as percentages, years plain: the format
// Excel and Sheets give the cell), else grouped as Excel's General with a thousands separator;
// TRUE/FALSE centred, text left, blanks empty. Date columns given as serial numbers (dates=date)
// show as dates. The core's functions are handed in, so that Excel's task pane, which bundles no
// core module, takes them from functions.js. The playground's grid and the builder's preview in
// every host show cells through it.
import type { applyNumberFormat, ColumnTypes, columnFormat, isDateColumn, serialToIso } from "../../shared";

/** The core's presentation of a column, from its name. */
export interface Presentation {
  columnFormat: typeof columnFormat;
  applyNumberFormat: typeof applyNumberFormat;
  isDateColumn: typeof isDateColumn;
  serialToIso: typeof serialToIso;
}

/** The function whose result a cell is part of: its typed columns and its market. */
export interface ResultOf {
  identifiers?: ColumnTypes;
  group: string;
}

export interface Look {
  text: string;
  align: "left" | "right" | "center";
}

/** The day after Excel's last (9999-12-31), as a serial number. */
const PAST_LAST_SERIAL = 2958466;

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** A field's name, as a column header of a table in rows (a turned table's headers are dates or keys). */
const FIELD_NAME = /^[a-z_][a-z0-9_.]*$/;

/** The format of a cell from its column's header and its row's label, read as the core reads a
 *  table (rows/number-formats.ts tableFormats): the column's own type; else, where the column takes
 *  its type from the row's field (a report's `value` beside `field`, a ranking's beside its
 *  `classification`) or the table is turned (a statement: fields down, dates or keys across), the
 *  row's. A ranking's `rank` in the `pe` rows stays a plain number. */
function formatByLabels(core: Presentation, labels: readonly unknown[], fn?: ResultOf): string | undefined {
  // Without its function, the core's vocabulary alone (a year is plain in any market).
  const of = fn ?? { group: "general" };
  const [header, rowLabel] = labels;
  const own = typeof header === "string" ? core.columnFormat(of, header) : undefined;
  if (own || typeof rowLabel !== "string") return own;
  const takesRowField =
    typeof header !== "string" || header === "value" || !FIELD_NAME.test(header) || header in (of.identifiers?.fieldIn ?? {});
  return takesRowField ? core.columnFormat(of, rowLabel) : undefined;
}

/** `labels`: the header names that apply to the cell (its column's and its row's); `fn`: the
 *  function whose result it is; `format`: the cell's own number format where the host gave one
 *  (Excel's formatted numbers and dates). */
export function lookWith(core: Presentation) {
  const isSerial = (value: number) => value > 0 && value < PAST_LAST_SERIAL;
  return (value: unknown, labels: readonly unknown[] = [], fn?: ResultOf, format?: string): Look => {
    if (value === null || value === undefined || value === "") return { text: "", align: "left" };
    if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", align: "center" };
    if (typeof value === "number") {
      const names = labels.filter((l): l is string => typeof l === "string");
      const own = format ?? formatByLabels(core, labels, fn);
      const text = own && core.applyNumberFormat(value, own);
      if (text) return { text, align: "right" };
      // A format that is not a number's (yyyy-mm-dd), or a date column's serial number: a day.
      if ((format || names.some(core.isDateColumn)) && isSerial(value)) return { text: core.serialToIso(value), align: "right" };
      return { text: GROUPED.format(value), align: "right" };
    }
    return { text: String(value), align: "left" };
  };
}
