// The playground's own logic without a browser: the formula language, spilling, recalculation
// by value and the series read for charts (the builder's formulas: test/builder/formula.test.ts).
import { columnIndex, columnName, parseAddress } from "../../src/playground/address";
import { parseCell } from "../../src/playground/formula";
import { seriesOf } from "../../src/playground/series";
import { type Run, Sheet, type Value } from "../../src/playground/sheet";
import { layout } from "../../src/playground/spill";

describe("addresses", () => {
  test("column letters both ways", () => {
    for (const [n, name] of [
      [0, "A"],
      [25, "Z"],
      [26, "AA"],
      [51, "AZ"],
      [701, "ZZ"],
      [702, "AAA"],
    ] as const) {
      expect(columnName(n)).toBe(name);
      expect(columnIndex(name)).toBe(n);
    }
    expect(parseAddress("$B$3")).toEqual({ row: 2, col: 1 });
    expect(parseAddress("b3")).toEqual({ row: 2, col: 1 });
    expect(parseAddress("B0")).toBeUndefined();
    expect(parseAddress("3B")).toBeUndefined();
  });
});

describe("formulas", () => {
  test("constants read as Excel reads typed text", () => {
    expect(parseCell("1,5")).toEqual({ type: "constant", value: "1,5" });
    expect(parseCell("-12.5")).toEqual({ type: "constant", value: -12.5 });
    expect(parseCell("true")).toEqual({ type: "constant", value: true });
    expect(parseCell("'0166")).toEqual({ type: "constant", value: "0166" });
    expect(parseCell("2025-01-02")).toEqual({ type: "constant", value: "2025-01-02" });
  });

  test("a call with literals, blanks, references and ranges", () => {
    expect(parseCell('=MDQ.FILINGS("BBCA",,,"n=50")')).toEqual({
      type: "call",
      call: {
        name: "FILINGS",
        args: [
          { type: "value", value: "BBCA" },
          { type: "value", value: null },
          { type: "value", value: null },
          { type: "value", value: "n=50" },
        ],
      },
    });
    expect(parseCell('= mdq.index( "lq45" , $A$1, b1 )')).toEqual({
      type: "call",
      call: {
        name: "INDEX",
        args: [
          { type: "value", value: "lq45" },
          { type: "ref", cell: { row: 0, col: 0 } },
          { type: "ref", cell: { row: 0, col: 1 } },
        ],
      },
    });
    expect(parseCell("=MDQ.QUARTERLY(B2:A1, 4, TRUE, -1.5e2)")).toEqual({
      type: "call",
      call: {
        name: "QUARTERLY",
        args: [
          { type: "range", from: { row: 0, col: 0 }, to: { row: 1, col: 1 } },
          { type: "value", value: 4 },
          { type: "value", value: true },
          { type: "value", value: -150 },
        ],
      },
    });
    expect(parseCell('=MDQ.GET("say ""hi""")')).toMatchObject({ call: { args: [{ value: 'say "hi"' }] } });
    expect(parseCell("=MDQ.LIST()")).toEqual({ type: "call", call: { name: "LIST", args: [] } });
  });

  test("what is not a formula says where and why", () => {
    expect(parseCell('=MDQ.INDEX("lq45"')).toMatchObject({ type: "invalid", message: expect.stringContaining('")" was expected') });
    expect(parseCell('=MDQ.INDEX("lq45)')).toMatchObject({ type: "invalid", message: expect.stringContaining("closing quote") });
    expect(parseCell("=AVERAGE(A1:A3)")).toMatchObject({ type: "invalid", message: expect.stringContaining("unknown function AVERAGE") });
    expect(parseCell("=MDQ.INDEX(ihsg)")).toMatchObject({ type: "invalid", message: expect.stringContaining("a value") });
    // As in Excel, lq45 unquoted is the cell LQ45, not the index code.
    expect(parseCell("=MDQ.INDEX(lq45)")).toMatchObject({
      type: "call",
      call: { args: [{ type: "ref", cell: { row: 44, col: columnIndex("LQ") } }] },
    });
  });
});

describe("spilling", () => {
  const size = { rows: 10, cols: 5 };
  test("a result claims its rectangle; one in the way of a value or an earlier result does not spill", () => {
    const taken = new Set(["3,0"]);
    const anchors = [
      [0, 0, 2, 2],
      [1, 1, 1, 1],
      [2, 0, 2, 1],
      [0, 4, 1, 2],
      [4, 2, 2, 2],
    ].map(([row, col, rows, cols]) => ({ cell: { row, col }, rows, cols }));
    const out = layout(anchors, (key) => taken.has(key) || ["0,0", "1,1", "2,0", "0,4", "4,2"].includes(key), size);
    expect(out.owners.get("5,3")).toEqual({ anchor: "4,2", i: 1, j: 1 });
    expect(out.owners.get("1,1")).toEqual({ anchor: "1,1", i: 0, j: 0 });
    expect(out.owners.has("0,1")).toBe(false);
    // B2 holds its own formula: A1's result would overwrite it.
    expect(out.blocked.get("0,0")).toMatch(/overwrite B2/);
    expect(out.blocked.get("2,0")).toMatch(/overwrite A4/);
    expect(out.blocked.get("0,4")).toMatch(/run off the sheet/);
  });
});

/** A sheet whose functions answer when the test says so, recording every call. */
function fakeSheet() {
  const calls: Array<{
    name: string;
    args: unknown[];
    answer(cells: Value[][]): void;
    fail(code: string, message: string): void;
    cancelled: boolean;
  }> = [];
  const sheet = new Sheet(20, 8, (name, args): Run => {
    let answer!: (cells: Value[][]) => void;
    let fail!: (e: unknown) => void;
    const result = new Promise<Value[][]>((res, rej) => {
      answer = res;
      fail = rej;
    });
    const call = { name, args, answer, fail: (code: string, message: string) => fail({ code, message }), cancelled: false };
    calls.push(call);
    return { result, cancel: () => (call.cancelled = true) };
  });
  return { sheet, calls };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const at = (a: string) => parseAddress(a)!;

describe("recalculation", () => {
  test("references resolve to values; editing one runs the dependent again, an unchanged value does not", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInputs([
      [at("A1"), "2025-01-02"],
      [at("B1"), "2025-02-03"],
      [at("A3"), '=MDQ.INDEX("lq45", A1, B1)'],
    ]);
    expect(calls.map((c) => c.args)).toEqual([["lq45", "2025-01-02", "2025-02-03"]]);
    expect(sheet.shown(at("A3"))).toEqual({ kind: "busy" });
    calls[0].answer([
      ["date", "price"],
      ["2025-01-02", 1000.5],
    ]);
    await flush();
    expect(sheet.shown(at("B4"))).toMatchObject({ kind: "value", value: 1000.5 });
    sheet.setInput(at("C1"), "unrelated");
    expect(calls).toHaveLength(1);
    sheet.setInput(at("B1"), "2025-03-01");
    expect(calls[1].args).toEqual(["lq45", "2025-01-02", "2025-03-01"]);
  });

  test("a formula reading another's spilled cells waits for it, then runs with its values", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInputs([
      [at("A1"), '=MDQ.LIST("index_members", "index=lq45; headers=false")'],
      [at("C1"), "=MDQ.QUARTERLY(A2)"],
    ]);
    expect(calls.map((c) => c.name)).toEqual(["LIST"]);
    calls[0].answer([["BBCA"], ["TLKM"]]);
    await flush();
    expect(calls.map((c) => [c.name, c.args])).toEqual([
      ["LIST", ["index_members", "index=lq45; headers=false"]],
      ["QUARTERLY", ["TLKM"]],
    ]);
  });

  test("errors: a call's error shows with its message, a reader of it shows it too, a replaced call is cancelled", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInputs([
      [at("A1"), '=MDQ.FILINGS("BBCA",,,"n=50")'],
      [at("C1"), "=MDQ.QUARTERLY(A1)"],
    ]);
    calls[0].fail("#VALUE!", "MDQ: 'n' must be a whole number from 1 to 30");
    await flush();
    expect(sheet.shown(at("A1"))).toEqual({ kind: "error", code: "#VALUE!", message: "MDQ: 'n' must be a whole number from 1 to 30" });
    expect(sheet.shown(at("C1"))).toMatchObject({ kind: "error", code: "#VALUE!", message: expect.stringContaining("A1 shows #VALUE!") });
    sheet.setInput(at("E1"), '=MDQ.INDEX("lq45")');
    sheet.setInput(at("E1"), '=MDQ.INDEX("ihsg")');
    expect(calls[calls.length - 2].cancelled).toBe(true);
    expect(sheet.shown(at("F1"))).toEqual({ kind: "empty" });
  });

  test("a result in the way of a value shows #SPILL! until the way is clear; a formula reading its own result is #REF!", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInputs([
      [at("B2"), "x"],
      [at("A1"), '=MDQ.KLSE_TOP("pe")'],
    ]);
    calls[0].answer([
      ["a", "b"],
      [1, 2],
    ]);
    await flush();
    expect(sheet.shown(at("A1"))).toMatchObject({ kind: "error", code: "#SPILL!", message: expect.stringContaining("B2") });
    sheet.setInput(at("B2"), "");
    expect(sheet.shown(at("B2"))).toMatchObject({ kind: "value", value: 2 });
    sheet.setInput(at("D1"), "=MDQ.QUARTERLY(D2)");
    calls[calls.length - 1].answer([["q"], ["x"]]);
    await flush();
    expect(sheet.shown(at("D1"))).toMatchObject({ kind: "error", code: "#REF!" });
  });
});

describe("series", () => {
  test("INDEX: one point per row; QUARTERLY from the statement layout and from orient=rows", () => {
    const index = seriesOf("INDEX", [
      ["index_code", "date", "price"],
      ["LQ45", "2025-01-02", 900],
      ["LQ45", "2025-01-03", 910.5],
    ])!;
    expect(index).toMatchObject({ type: "line", labels: ["2025-01-02", "2025-01-03"], datasets: [{ data: [900, 910.5] }] });
    const statement = [
      ["date", "2025-03-31", "2025-06-30"],
      ["symbol", "BBCA.JK", "BBCA.JK"],
      ["revenue", 10, 12],
      ["earnings", 4, null],
    ];
    const rows = [
      ["date", "symbol", "revenue", "earnings"],
      ["2025-03-31", "BBCA.JK", 10, 4],
      ["2025-06-30", "BBCA.JK", 12, null],
    ];
    for (const cells of [statement, rows]) {
      expect(seriesOf("QUARTERLY", cells)).toMatchObject({
        labels: ["2025-03-31", "2025-06-30"],
        datasets: [
          { label: "revenue", data: [10, 12] },
          { label: "earnings", data: [4, null] },
        ],
      });
    }
    // A wide table (layout=wide): one line per key, the note row and the filled column left out.
    expect(
      seriesOf("INDEX", [
        ["date", "lq45", "idx30", "filled"],
        ["2024-01-02", 940.5, 485.0, null],
        ["2024-01-03", 926.3, null, "idx30"],
        ["note: from 2019-01-02: the service has no data before (asked from 2018-12-01)", null, null, null],
      ]),
    ).toEqual({
      type: "line",
      title: "INDEX lq45, idx30",
      labels: ["2024-01-02", "2024-01-03"],
      datasets: [
        { label: "lq45", data: [940.5, 926.3] },
        { label: "idx30", data: [485.0, null] },
      ],
    });
    expect(
      seriesOf("KLSE_TOP", [
        ["date", "x"],
        ["2024-01-02", 1],
      ]),
    ).toBeUndefined();
    expect(seriesOf("QUARTERLY", [["2025-03-31", "BBCA.JK"]])).toBeUndefined();
    expect(
      seriesOf("KLSE_TOP", [
        ["classification", "rank"],
        ["pe", 1],
      ]),
    ).toBeUndefined();
  });

  test("SALES_DESTINATION: countries, one dataset per year that has revenue", () => {
    const cells = [
      ["year", "country", "revenue"],
      [2019, "China", null],
      [2020, "China", 5],
      [2020, "India", 3],
      [2021, "India", 4],
    ];
    expect(seriesOf("SALES_DESTINATION", cells)).toMatchObject({
      labels: ["China", "India"],
      datasets: [
        { label: "2020", data: [5, 3] },
        { label: "2021", data: [null, 4] },
      ],
    });
  });
});
