// One presentation rule for every host: a typed column's number format (what Excel and Sheets
// apply) and the text the command line and the previews show, which is that format applied.
// Values never change; only how they read.
import { presentFormatted } from "../../../shared/answer/display";
import type { Table } from "../../../shared/base/table";
import { applyNumberFormat, columnFormat, formatCell, numberFormatOf, tableFormats } from "../../../shared/rows/number-formats";

test("each type's format: prices to the exchange's tick, levels and multiples 2 decimals, fractions as percentages, years plain", () => {
  expect(numberFormatOf("price", "idx")).toBe("#,##0");
  expect(numberFormatOf("price", "sgx")).toBe("#,##0.000");
  expect(numberFormatOf("price", "klse")).toBe("#,##0.000");
  expect(numberFormatOf("price", "mining")).toBe("#,##0.00");
  for (const type of ["level", "multiple", "percent"] as const) expect(numberFormatOf(type, "sgx")).toBe("#,##0.00");
  expect(numberFormatOf("fraction", "idx")).toBe("0.00%");
  expect(numberFormatOf("year", "idx")).toBe("0");
  expect(numberFormatOf("code", "idx")).toBeUndefined();
  expect(numberFormatOf(undefined, "idx")).toBeUndefined();
});

test("formatCell applies a format as Excel shows it, and leaves text, blanks and untyped numbers readable", () => {
  expect([875.2, 869.13].map((v) => formatCell(v, "#,##0.00"))).toEqual(["875.20", "869.13"]);
  expect(formatCell(5.963428, "#,##0.00")).toBe("5.96");
  expect(formatCell(0.036, "0.00%")).toBe("3.60%");
  expect(formatCell(-0.2136, "0.00%")).toBe("-21.36%");
  expect(formatCell(2025, "0")).toBe("2025");
  expect(formatCell(12.16, "#,##0.000")).toBe("12.160");
  expect(formatCell(23675, "#,##0")).toBe("23,675");
  expect(formatCell(26298928000000)).toBe("26,298,928,000,000");
  expect(formatCell(1.23456789)).toBe("1.234568");
  expect(formatCell("BBCA.JK", "0.00%")).toBe("BBCA.JK");
  expect(formatCell(null, "0")).toBe("");
  expect(formatCell(true)).toBe("true");
  expect(applyNumberFormat(1234567, "#,##0.0,,")).toBe("1.2");
  expect(applyNumberFormat(45306, "yyyy-mm-dd")).toBeUndefined();
  // A column's format by its name, as a host that knows the field (explain, a preview) asks for it.
  expect(formatCell(0.2435, columnFormat({ group: "idx" }, "roe"))).toBe("24.35%");
  expect(formatCell(9550, columnFormat({ group: "idx" }, "overview.last_close_price"))).toBe("9,550");
  expect(formatCell(26298928000000, columnFormat({ group: "idx" }, "revenue"))).toBe("26,298,928,000,000");
});

const ranking: Table = {
  columns: ["classification", "rank", "symbol", "company_name", "value"],
  rows: [
    ["pe", 1, "5E2", "Seatrium Ltd", 5.963428],
    ["dividend_yield", 1, "S63", "ST Engineering", 0.0965],
    ["market_cap", 1, "D05", "DBS Group Holdings Ltd", 130e9],
  ],
  orient: "rows",
};

test("a ranking's value takes the type of the field its classification names", () => {
  const sgxTop = { group: "sgx", identifiers: { fieldIn: { value: "classification" } } };
  const { cells, formats } = presentFormatted(ranking, { headers: true }, undefined, { formats: tableFormats(sgxTop) });
  expect(cells).toHaveLength(4);
  expect(formats?.map((row) => row[4])).toEqual([undefined, "#,##0.00", "0.00%", undefined]);
  // Neither the rank nor the codes get a format; the header row has none.
  expect(formats?.[0]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  expect(formats?.[1][1]).toBeUndefined();
});

test("formats follow the cells when the table is turned (a field, value table, a statement) and without headers", () => {
  const record: Table = { columns: ["symbol", "year", "price_change", "close"], rows: [["BBCA.JK", 2025, 0.036, 9550]], orient: "columns" };
  const idx = tableFormats({ group: "idx" });
  const turned = presentFormatted(record, { headers: true }, undefined, { formats: idx });
  expect(turned.cells).toEqual([
    ["field", "value"],
    ["symbol", "BBCA.JK"],
    ["year", 2025],
    ["price_change", 0.036],
    ["close", 9550],
  ]);
  expect(turned.formats).toEqual([
    [undefined, undefined],
    [undefined, undefined],
    [undefined, "0"],
    [undefined, "0.00%"],
    [undefined, "#,##0"],
  ]);
  // A report's field, value table types each value by its row's field.
  const report: Table = {
    columns: ["field", "value"],
    rows: [
      ["valuation.pe", 11.559978],
      ["overview.change_1d", -0.013457],
    ],
    orient: "rows",
  };
  expect(presentFormatted(report, { headers: false }, undefined, { formats: idx }).formats).toEqual([
    [undefined, "#,##0.00"],
    [undefined, "0.00%"],
  ]);
  // Without headers a year is still a year.
  const years: Table = { columns: ["year", "production_volume"], rows: [[2025, 894.5]], orient: "rows" };
  expect(presentFormatted(years, { headers: false }, undefined, { formats: idx }).formats).toEqual([["0", undefined]]);
  // A table with no typed number has no formats at all.
  const plain: Table = { columns: ["symbol", "market_cap"], rows: [["BBCA.JK", 1]], orient: "rows" };
  expect(presentFormatted(plain, { headers: true }, undefined, { formats: idx }).formats).toBeUndefined();
});

test("a function that spans markets takes each call's own: a price to the tick of the market its row's call is of", () => {
  // COMPANY's batch: a row per ticker, each with its market (FunctionSpec.marketOf).
  const byTicker = (values: Record<string, string | undefined>) =>
    /^\d{4}$/.test(values.ticker ?? "") ? "klse" : values.ticker === "D05" ? "sgx" : "idx";
  const company = { group: "general", marketOf: byTicker };
  const rows: Table = {
    columns: ["ticker", "last_close", "pe", "market_cap"],
    rows: [
      ["BBCA", 8275, 15.7, 1e15],
      ["D05", 55.59, 14.18, 1.5e11],
      ["1155", 10.2, 10.98, 1.1e11],
    ],
    orient: "rows",
  };
  const perRow = tableFormats(company, (row) => ({ ticker: String(row[0]) }));
  expect(presentFormatted(rows, { headers: false }, undefined, { formats: perRow }).formats).toEqual([
    [undefined, "#,##0", "#,##0.00", undefined],
    [undefined, "#,##0.000", "#,##0.00", undefined],
    [undefined, "#,##0.000", "#,##0.00", undefined],
  ]);
  // Only a price asks the call's market (a P/E is 2 decimals in any market): once per price cell.
  const asked: string[] = [];
  const counting = {
    group: "general",
    marketOf: (v: Record<string, string | undefined>) => {
      asked.push(v.ticker ?? "");
      return byTicker(v);
    },
  };
  presentFormatted(rows, { headers: false }, undefined, { formats: tableFormats(counting, (row) => ({ ticker: String(row[0]) })) });
  expect(asked).toEqual(["BBCA", "D05", "1155"]);
  // Without the call's values (a preview by labels alone), the row's group: 2 decimals.
  expect(columnFormat(company, "last_close")).toBe("#,##0.00");
  expect(columnFormat(company, "last_close", () => ({ ticker: "BBCA" }))).toBe("#,##0");
  expect(
    formatCell(
      7350,
      columnFormat(company, "close", () => ({ ticker: "BBCA" })),
    ),
  ).toBe("7,350");
});
