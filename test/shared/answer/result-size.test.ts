// The size of a result as a host receives it serialised (Excel: at most 5 MB per function): the
// count must be the JSON text's UTF-8 bytes, missing values as the empty text the host gets, for
// any cell; and the limit is the host's, typed in its HostLimits.
import fc from "fast-check";
import { present } from "../../../shared/answer/display";
import { CLI_LIMITS, checkResult, EXCEL_LIMITS, resultBytes, SHEETS_LIMITS } from "../../../shared/answer/host-limits";
import { MdqError } from "../../../shared/base/errors";
import type { Cell, Table } from "../../../shared/base/table";

/** What Excel is handed: missing values as empty text, then JSON, in UTF-8. */
const asReceived = (cells: unknown[][]) =>
  Buffer.byteLength(JSON.stringify(cells.map((row) => row.map((c) => (c === null || c === undefined ? "" : c)))), "utf8");

test("resultBytes is the UTF-8 size of the JSON Excel receives, for any cells", () => {
  const text = fc.string({ unit: "binary" });
  const number = fc.double({ noNaN: true, noDefaultInfinity: true });
  const cell = fc.oneof(
    fc.string({ unit: "grapheme" }),
    text,
    number,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    // Excel's dates and formatted numbers, counted from lengths by the quick bound; any other
    // object, nested or writing itself (a Date's toJSON), as it is written.
    fc.record({ type: fc.constantFrom("Double", "FormattedNumber"), basicValue: number, numberFormat: text }),
    fc.dictionary(text, fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.dictionary(text, text, { maxKeys: 2 })), { maxKeys: 3 }),
    fc.date(),
  );
  fc.assert(
    fc.property(fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 8 }), (cells) => {
      const bytes = asReceived(cells);
      expect(resultBytes(cells)).toBe(bytes);
      // The limit holds to the byte, whichever way checkResult counts.
      expect(() => checkResult(cells, { ...EXCEL_LIMITS, resultBytes: bytes })).not.toThrow();
      expect(() => checkResult(cells, { ...EXCEL_LIMITS, resultBytes: bytes - 1 })).toThrow(/more than Excel takes from one function/);
    }),
  );
  expect(resultBytes([["ü€😀", 'a"\\\n', null, 1.5e-7, true]])).toBe(asReceived([["ü€😀", 'a"\\\n', null, 1.5e-7, true]]));
});

test("Excel's limit is 5 MB of result; Sheets and the command line set none", () => {
  expect(EXCEL_LIMITS.resultBytes).toBe(5 * 1_048_576);
  expect(SHEETS_LIMITS.resultBytes).toBeUndefined();
  expect(CLI_LIMITS.resultBytes).toBeUndefined();
});

describe("present() holds a result to the host's size", () => {
  // 40,000 rows of 10 cells of 14 characters: 6.6 MB as JSON, well within Excel's grid.
  const table: Table = {
    columns: Array.from({ length: 10 }, (_, c) => `col${c}`),
    rows: Array.from({ length: 40_000 }, (_, r) => Array.from({ length: 10 }, (_, c): Cell => `r${String(r).padStart(6, "0")}c${c}-xxxx`)),
    orient: "rows",
  } as Table;
  const display = { headers: true, dates: "text" as const };

  test("past 5 MB in Excel: too_large, naming fields=, n= and dates; the command line takes it", () => {
    let error: unknown;
    try {
      present(table, display, EXCEL_LIMITS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MdqError);
    expect((error as MdqError).kind).toBe("too_large");
    expect((error as MdqError).message).toBe(
      "MDQ: the answer would make a result of 6.6 MB, more than Excel takes from one function (5 MB): narrow it with fields=, n= or dates.",
    );
    expect(present(table, display, CLI_LIMITS)).toHaveLength(40_001);
  });

  test("fields= that keep it under 5 MB: the table", () => {
    expect(present(table, { ...display, fields: ["col0", "col1"] }, EXCEL_LIMITS)).toHaveLength(40_001);
  });
});
