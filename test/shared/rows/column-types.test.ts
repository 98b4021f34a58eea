// Codes, identifiers, years, prices, fractions and multiples are typed by the catalogue (a row's
// `identifiers`, else the field name's vocabulary), never guessed from values: codes reach every
// host as text, years as numbers the hosts print without a separator, fractions as the fractions
// the service sends.
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
  for (const amount of ["market_cap", "shares_number", "production_volume.2023", "rank", "pe_rank", "volume", "share_percentage_before"])
    expect([amount, columnType(amount)]).toEqual([amount, undefined]);
});

test("the vocabulary types amounts by their unit, as the provider describes each field", () => {
  const typed = (names: string[]) => names.map((n) => [n, columnType(n)]);
  // "Price change as a decimal (0.05 = +5%)", free float "as a decimal (0.45 = 45%)", ...
  const fractions = ["price_change", "overview.daily_close_change", "chg_7d", "change_ytd", "forward_dividend_yield"];
  fractions.push("breakdown.yield", "free_float", "percent_total_shares", "payout_ratio", "roe", "eps_growth", "net_profit_margin");
  // VALUE's own ratios are fractions too (value-quarters.ts); its debt_to_equity a multiple.
  fractions.push("net_margin", "roa", "dividend.dividend_growth_rate");
  expect(typed(fractions)).toEqual(fractions.map((n) => [n, "fraction"]));
  const multiples = [
    "pe",
    "valuation.pe_ttm",
    "pb_mrq",
    "pe_peer_avg",
    "forward_pe",
    "statistics.filtered_median_pe",
    "strip_ratio",
    "debt_to_equity",
  ];
  expect(typed(multiples)).toEqual(multiples.map((n) => [n, "multiple"]));
  const percents = ["yoy_change_percent", "percentage_ownership", "percentage_of_total_revenue"];
  expect(typed(percents)).toEqual(percents.map((n) => [n, "percent"]));
  const prices = ["close", "price", "last_close_price", "offering_price", "price_per_share", "book_building_upper_bound"];
  expect(typed(prices)).toEqual(prices.map((n) => [n, "price"]));
  const levels = ["bavg_per_share", "price_usd_per_ton", "eps"];
  expect(typed(levels)).toEqual(levels.map((n) => [n, "level"]));
});

test("a row's own declaration types a column the vocabulary does not know, or knows otherwise, by full or last name", () => {
  expect(columnType("stock", { codes: ["stock"] })).toBe("code");
  expect(columnType("listing.period", { years: ["period"] })).toBe("year");
  expect(columnType("stock")).toBeUndefined();
  // An index's `price` is a level in points, not a share's price on the tick.
  expect(columnType("price", { levels: ["price"] })).toBe("level");
  expect(columnType("share_percentage_after", { percents: ["share_percentage_after"] })).toBe("percent");
  expect(columnType("share_percentage_after", { fractions: ["share_percentage_after"] })).toBe("fraction");
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

test("the command line's table prints each cell by its format: years plainly, amounts with separators, codes as the text they are", () => {
  const rows = [
    ["symbol", "financial_year", "price"],
    ["2180", 2024, 2180],
  ];
  const out = asTable(rows, [[], [undefined, "0", undefined]]);
  expect(out.split("\n")[1].split(/\s+/)).toEqual(["2180", "2024", "2,180"]);
  // Without formats (a call whose columns are untyped) every number is grouped.
  expect(asTable([[2024]])).toBe("2,024");
  expect(asTable([[0.036, 869.13]], [["0.00%", "#,##0.00"]])).toBe("3.60%  869.13");
});

test("the playground shows a typed year plainly, by the function's own declaration too", () => {
  expect(look(2024, ["estimate_year"]).text).toBe("2024");
  expect(look(2024, ["market_cap"]).text).toBe("2,024");
  expect(look(2024, ["period"], { group: "idx", identifiers: { years: ["period"] } }).text).toBe("2024");
  expect(look("2180", ["symbol"]).text).toBe("2180");
});
