// Codes, identifiers and years are typed by the catalogue (a row's `identifiers`, else the field
// name's vocabulary), never guessed from values: codes reach every host as text, years as numbers
// the hosts print without a separator.
import { columnType, withCodesAsText } from "../../../shared/rows/column-types";
import { asTable } from "../../../src/cli/format";
import { look } from "../../../src/playground/format";

test("the vocabulary types codes and years by the last part of a dotted name", () => {
  for (const code of [
    "symbol",
    "query_values.symbol",
    "index_code",
    "broker_code",
    "id",
    "company_id",
    "idx_ticker",
    "slug",
    "wiup_code",
    "license_number",
  ])
    expect([code, columnType(code)]).toEqual([code, "code"]);
  for (const year of ["year", "financial_year", "estimate_year", "commodity_stats.resources_reserves.measurement_year"])
    expect([year, columnType(year)]).toEqual([year, "year"]);
  for (const amount of ["price", "market_cap", "shares_number", "yearly_mcap_change", "production_volume.2023", "rank"])
    expect([amount, columnType(amount)]).toEqual([amount, undefined]);
});

test("a row's own declaration types a column the vocabulary does not know, by full or last name", () => {
  expect(columnType("stock", { codes: ["stock"] })).toBe("code");
  expect(columnType("listing.period", { years: ["period"] })).toBe("year");
  expect(columnType("stock")).toBeUndefined();
});

test("numbers in code columns become text; years and amounts stay numbers; a table without any is kept as it is", () => {
  const table = {
    columns: ["symbol", "year", "price", "query_values.id"],
    rows: [
      [2180, 2024, 2180, 7],
      ["1155", 2025, null, null],
    ],
    orient: "rows" as const,
  };
  expect(withCodesAsText(table).rows).toEqual([
    ["2180", 2024, 2180, "7"],
    ["1155", 2025, null, null],
  ]);
  expect(table.rows[0][0]).toBe(2180);
  const plain = { columns: ["price"], rows: [[1]], orient: "rows" as const };
  expect(withCodesAsText(plain)).toBe(plain);
});

test("the command line's table prints typed years plainly, amounts with separators, codes as the text they are", () => {
  const rows = [
    ["symbol", "financial_year", "price"],
    ["2180", 2024, 2180],
  ];
  const out = asTable(rows, (name) => columnType(name) === "year");
  expect(out.split("\n")[1].split(/\s+/)).toEqual(["2180", "2024", "2,180"]);
  // Transposed (field, value rows): the row's label types it.
  expect(
    asTable(
      [
        ["field", "value"],
        ["year", 2024],
        ["price", 2024],
      ],
      (n) => columnType(n) === "year",
    ),
  ).toContain("2,024");
  expect(
    asTable(
      [
        ["field", "value"],
        ["year", 2024],
      ],
      (n) => columnType(n) === "year",
    ),
  ).not.toContain("2,024");
});

test("the playground shows a typed year plainly, by the function's own declaration too", () => {
  expect(look(2024, ["estimate_year"]).text).toBe("2024");
  expect(look(2024, ["price"]).text).toBe("2,024");
  expect(look(2024, ["period"], { years: ["period"] }).text).toBe("2024");
  expect(look("2180", ["symbol"]).text).toBe("2180");
});
