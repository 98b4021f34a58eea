// The playground shows a result's typed numbers as the Excel add-in formats them (the core's one
// presentation rule): an index's closes with 2 decimals, a P/E with 2, a fraction as a percentage,
// a share's price to its exchange's tick, a year plainly; the cell's value never changes.
import { findFunction } from "../../shared/catalogue/catalogue";
import { look } from "../../src/playground/format";

const fn = (name: string) => {
  const found = findFunction(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

test("INDEX closes read alike: 875.20 beside 869.13", () => {
  expect([875.2, 869.13].map((v) => look(v, ["price", "LQ45"], fn("INDEX")).text)).toEqual(["875.20", "869.13"]);
});

test("a ranking's value by its classification: P/E 2 decimals at SGX as at KLSE, a yield as a percentage", () => {
  expect(look(5.963428, ["value", "pe"], fn("SGX_TOP")).text).toBe("5.96");
  expect(look(4.025, ["value", "pe"], fn("KLSE_TOP")).text).toBe("4.03");
  expect(look(0.0965, ["value", "dividend_yield"], fn("SGX_TOP")).text).toBe("9.65%");
  expect(look(105020742066, ["value", "market_cap"], fn("SGX_TOP")).text).toBe("105,020,742,066");
});

test("TOP_CHANGES: the change as a percentage, the IDX price on the rupiah; a year plainly, a text year as text", () => {
  expect(look(0.037267080745341685, ["price_change", "top_gainers"], fn("TOP_CHANGES"))).toEqual({ text: "3.73%", align: "right" });
  expect(look(23675, ["last_close_price", "top_gainers"], fn("TOP_CHANGES")).text).toBe("23,675");
  expect(look(12.16, ["close", "D05"], fn("SGX_DAILY")).text).toBe("12.160");
  expect(look(2025, ["year"], fn("TOTAL_PRODUCTION")).text).toBe("2025");
  expect(look(8.08, ["yoy_change_percent", 2024], fn("TOTAL_PRODUCTION")).text).toBe("8.08");
});

test("a ranking's rank stays a plain number in its P/E rows; a statement's amounts take their field's type across its dates", () => {
  expect(look(1, ["rank", "pe"], fn("KLSE_TOP")).text).toBe("1");
  expect(look(0.0345, ["2025-12-31", "net_profit_margin"], fn("QUARTERLY")).text).toBe("3.45%");
  expect(look(27423895000000, ["2025-12-31", "revenue"], fn("QUARTERLY")).text).toBe("27,423,895,000,000");
});
