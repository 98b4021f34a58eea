// One answer shown under many display variants through one LayoutMemo (the Excel runtime's five
// views of one request): each variant is exactly what it would be alone, in any order, and what one
// variant returned is never changed by the next (a host may hold one row in several results).
import fc from "fast-check";
import { type CellFormats, type LayoutMemo, presentFormatted } from "../../../shared/answer/display";
import { EXCEL_LIMITS, SHEETS_LIMITS } from "../../../shared/answer/host-limits";
import type { Table } from "../../../shared/base/table";
import type { DisplayOptions } from "../../../shared/input/options";

const table: Table = {
  columns: ["date", "close", "name"],
  rows: [
    ["2025-01-02", 7150.5, "x".repeat(1500)],
    ["2025-01-03", null, "short"],
    ["2025-01-06", 7201, "y"],
  ],
  orient: "rows",
} as Table;
const picked: Table = { ...table, columns: ["close"], rows: table.rows.map((r) => [r[1]]) } as Table;
const formats: CellFormats = (columns) => (_, i) => (columns[i] === "close" ? "#,##0.00" : undefined);
const writeDate = (iso: string) => ({ type: "Double", basicValue: Date.parse(iso) / 86_400_000, numberFormat: "yyyy-mm-dd" });
// Another host's writer: a bare serial.
const serialDate = (iso: string) => Date.parse(iso) / 86_400_000;
// One host cuts a long text, the other refuses it.
const tight = { ...SHEETS_LIMITS, cellChars: 1000 };
const refusing = { ...EXCEL_LIMITS, cellChars: 1000 };

const display = fc.record({
  headers: fc.boolean(),
  orient: fc.constantFrom(undefined, "rows" as const, "columns" as const),
  dates: fc.constantFrom("date" as const, "text" as const),
});
const call = fc.record({
  display,
  table: fc.constantFrom(table, picked),
  limits: fc.constantFrom(tight, refusing),
  writeDate: fc.constantFrom<((iso: string) => unknown) | undefined>(writeDate, serialDate, undefined),
  formats: fc.constantFrom(formats, undefined),
});

function alone(
  c: { display: DisplayOptions; table: Table; limits: typeof tight; writeDate?: (iso: string) => unknown; formats?: CellFormats },
  memo?: LayoutMemo,
) {
  try {
    return presentFormatted(c.table, c.display, c.limits, c.writeDate, c.formats, memo);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

test("each variant through one memo is what it is alone, in any order, and stays as returned", () => {
  fc.assert(
    fc.property(fc.array(call, { minLength: 1, maxLength: 12 }), (calls) => {
      const memo: LayoutMemo = {};
      const returned = calls.map((c) => alone(c as never, memo));
      const copies = returned.map((r) => structuredClone(r));
      calls.forEach((c, i) => {
        expect(returned[i]).toEqual(alone(c as never));
        expect(returned[i]).toEqual(copies[i]);
      });
    }),
    { numRuns: 1000 },
  );
});

test("the variants of one answer share its dates and formats, made once", () => {
  let written = 0;
  const counting = (iso: string) => {
    written++;
    return writeDate(iso);
  };
  const memo: LayoutMemo = {};
  const views: DisplayOptions[] = [
    { headers: true, dates: "date" },
    { headers: false, dates: "date" },
    { headers: true, orient: "columns", dates: "date" },
    { headers: false, orient: "columns", dates: "date" },
  ];
  const results = views.map((v) => presentFormatted(table, v, tight, counting, formats, memo));
  expect(written).toBe(3);
  // Rows without names are the shared rows themselves; with names, the same rows below them.
  expect(results[0].cells.slice(1)).toEqual(results[1].cells);
  expect(results[0].cells[1]).toBe(results[1].cells[0]);
  expect(results[2].formats?.[1]).toEqual([undefined, "#,##0.00", undefined, "#,##0.00"]);
});
