// One answer shown under many display variants through one LayoutMemo (the Excel runtime's five
// views of one request): each variant is exactly what it would be alone, in any order, and what one
// variant returned is never changed by the next (a host may hold one row in several results).
import fc from "fast-check";
import { type CellFormats, type CellWriters, type LayoutMemo, presentFormatted } from "../../../shared/answer/display";
import { EXCEL_LIMITS, type HostLimits, SHEETS_LIMITS } from "../../../shared/answer/host-limits";
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
// Two hosts' ways to write a date: Excel's with a format, and a bare serial.
const formattedDate = (iso: string) => ({ type: "Double", basicValue: Date.parse(iso) / 86_400_000, numberFormat: "yyyy-mm-dd" });
const serialDate = (iso: string) => Date.parse(iso) / 86_400_000;
// Two ways to write a typed number.
const formattedNumber = (value: number, numberFormat: string) => ({ type: "Double", basicValue: value, numberFormat });
const taggedNumber = (value: number, numberFormat: string) => `${value} as ${numberFormat}`;
// One host cuts a long text, the other refuses it.
const tight = { ...SHEETS_LIMITS, cellChars: 1000 };
const refusing = { ...EXCEL_LIMITS, cellChars: 1000 };

interface Shown {
  display: DisplayOptions;
  table: Table;
  limits: HostLimits;
  writers: CellWriters<unknown>;
}

const shown: fc.Arbitrary<Shown> = fc.record({
  display: fc.record({
    headers: fc.boolean(),
    orient: fc.constantFrom(undefined, "rows" as const, "columns" as const),
    dates: fc.constantFrom("date" as const, "text" as const),
  }),
  table: fc.constantFrom(table, picked),
  limits: fc.constantFrom<HostLimits>(tight, refusing),
  writers: fc.record({
    date: fc.constantFrom<CellWriters<unknown>["date"]>(formattedDate, serialDate, undefined),
    formats: fc.constantFrom(formats, undefined),
    number: fc.constantFrom<CellWriters<unknown>["number"]>(formattedNumber, taggedNumber, undefined),
  }),
});

function show(s: Shown, memo?: LayoutMemo) {
  try {
    return presentFormatted(s.table, s.display, s.limits, s.writers, memo);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

test("each variant through one memo is what it is alone, in any order, and stays as returned", () => {
  fc.assert(
    fc.property(fc.array(shown, { minLength: 1, maxLength: 12 }), (list) => {
      const memo: LayoutMemo = {};
      const returned = list.map((s) => show(s, memo));
      const copies = returned.map((r) => structuredClone(r));
      list.forEach((s, i) => {
        expect(returned[i]).toEqual(show(s));
        expect(returned[i]).toEqual(copies[i]);
      });
    }),
    { numRuns: 1000 },
  );
});

test("the variants of one answer share its dates and typed numbers, each written once", () => {
  let dates = 0;
  let numbers = 0;
  const writers: CellWriters<unknown> = {
    date: (iso) => {
      dates++;
      return formattedDate(iso);
    },
    formats,
    number: (value, format) => {
      numbers++;
      return formattedNumber(value, format);
    },
  };
  const memo: LayoutMemo = {};
  const views: DisplayOptions[] = [
    { headers: true, dates: "date" },
    { headers: false, dates: "date" },
    { headers: true, orient: "columns", dates: "date" },
    { headers: false, orient: "columns", dates: "date" },
  ];
  const results = views.map((v) => presentFormatted(table, v, tight, writers, memo));
  expect([dates, numbers]).toEqual([3, 2]);
  // Rows without names are the shared rows themselves; with names, the same rows below them.
  expect(results[0].cells.slice(1)).toEqual(results[1].cells);
  expect(results[0].cells[1]).toBe(results[1].cells[0]);
  // The numbers carry their formats: none come beside the cells.
  expect(results[2].cells[1]).toEqual(["close", formattedNumber(7150.5, "#,##0.00"), null, formattedNumber(7201, "#,##0.00")]);
  expect(results.map((r) => r.formats)).toEqual([undefined, undefined, undefined, undefined]);
});

test("without a number writer the formats come beside the cells, arranged as they are", () => {
  const { cells, formats: grid } = presentFormatted(table, { headers: true, orient: "columns", dates: "text" }, tight, { formats });
  expect(cells[1]).toEqual(["close", 7150.5, null, 7201]);
  expect(grid?.[1]).toEqual([undefined, "#,##0.00", undefined, "#,##0.00"]);
});
