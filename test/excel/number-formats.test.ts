// The core's presentation rule in Excel, through the built bundle (npm run build first): where
// Excel takes data types from custom functions (CustomFunctionsRuntime 1.4) each typed number
// carries its number format (an index's closes 2 decimals, a P/E 2 decimals at SGX as at KLSE, a
// change or yield as a percentage, an IDX price on the rupiah, a year without a separator); its
// value is the one the service sent. Elsewhere the numbers come plain, as before.
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let spec: TestServer;
let live: TestServer;
beforeAll(async () => {
  spec = await startCountingSandbox();
  live = await startCountingSandbox("2025-06-30", "live");
});
afterAll(() => Promise.all([spec.close(), live.close()]));

/** Office presenting itself with these requirement sets (name → the highest version). */
const officeWith = (sets: Record<string, string>) => ({
  context: {
    requirements: {
      isSetSupported: (name: string, version = "1.1") => {
        const have = sets[name];
        return have !== undefined && Number(have.split(".")[1]) >= Number(version.split(".")[1]);
      },
    },
  },
});
const DATA_TYPES = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.19" });

type Formatted = { type: string; basicValue: number; numberFormat: string };
const column = (cells: unknown[][], name: string) => cells.slice(1).map((row) => row[cells[0].indexOf(name)]);

test("INDEX: every close with 2 decimals, the value unchanged", async () => {
  const excel = loadBundle(spec.url, { globals: { Office: DATA_TYPES } });
  const plain = await loadBundle(spec.url).call("INDEX", "lq45", "2025-06-02", "2025-06-06", [["dates=text"]]);
  const cells = await excel.call("INDEX", "lq45", "2025-06-02", "2025-06-06", [["dates=text"]]);
  expect(column(cells, "price")).toEqual(column(plain, "price").map((v) => ({ type: "Double", basicValue: v, numberFormat: "#,##0.00" })));
  // The codes stay text, the dates ISO text (dates=text).
  expect(column(cells, "index_code").every((c) => c === "LQ45")).toBe(true);
});

test("SGX_TOP and KLSE_TOP: a P/E with 2 decimals in both, market caps as they are", async () => {
  const sgx = await loadBundle(live.url, { globals: { Office: DATA_TYPES }, stored: { [STORAGE_KEYS.edition]: "live" } }).call(
    "SGX_TOP",
    "market_cap,pe",
  );
  const klse = await loadBundle(spec.url, { globals: { Office: DATA_TYPES } }).call("KLSE_TOP", "pe");
  const values = (cells: unknown[][], classification: string) =>
    cells
      .slice(1)
      .filter((row) => row[0] === classification)
      .map((row) => row[4]);
  for (const pe of [values(sgx, "pe"), values(klse, "pe")]) {
    expect(pe.length).toBeGreaterThan(0);
    for (const cell of pe) expect(cell).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: "#,##0.00" });
  }
  for (const cap of values(sgx, "market_cap")) expect(typeof cap).toBe("number");
});

test("TOP_CHANGES: price_change a fraction with a percentage format, the price on the rupiah", async () => {
  const cells = await loadBundle(live.url, { globals: { Office: DATA_TYPES }, stored: { [STORAGE_KEYS.edition]: "live" } }).call(
    "TOP_CHANGES",
    "top_gainers",
    "7d",
  );
  const changes = column(cells, "price_change") as Formatted[];
  expect(changes.length).toBeGreaterThan(0);
  for (const c of changes) {
    expect(c).toMatchObject({ type: "Double", numberFormat: "0.00%" });
    // The provider's fraction (0.05 = +5%), not a number of percent.
    expect(Math.abs(c.basicValue)).toBeLessThan(1);
  }
  for (const p of column(cells, "last_close_price")) expect(p).toMatchObject({ numberFormat: "#,##0" });
});

test("a year stays a number without a separator, with or without headers; FormattedNumber before ExcelApi 1.19", async () => {
  const office = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.18" });
  const excel = loadBundle(live.url, { globals: { Office: office }, stored: { [STORAGE_KEYS.edition]: "live" } });
  const cells = await excel.call("TOTAL_PRODUCTION", "Coal", [["headers=false"]]);
  expect(cells[0][0]).toEqual({ type: "FormattedNumber", basicValue: expect.any(Number), numberFormat: "0" });
});

test("an Excel without data types for custom functions gets the plain numbers, as before", async () => {
  const excel = loadBundle(spec.url, { globals: { Office: officeWith({ CustomFunctionsRuntime: "1.3" }) } });
  const cells = await excel.call("INDEX", "lq45", "2025-06-02", "2025-06-06");
  expect(column(cells, "price").every((v) => typeof v === "number")).toBe(true);
});

test("a batch and a grid carry their formats as one call does", async () => {
  const excel = loadBundle(spec.url, { globals: { Office: DATA_TYPES } });
  const batch = await excel.call("INDEX", [["lq45"], ["idx30"]], "2025-06-02", "2025-06-06", [["dates=text"]]);
  const prices = column(batch, "price");
  expect(prices.length).toBeGreaterThan(5);
  for (const cell of prices) expect(cell).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: "#,##0.00" });
  const livePrices = loadBundle(live.url, { globals: { Office: DATA_TYPES }, stored: { [STORAGE_KEYS.edition]: "live" } });
  const grid = await livePrices.call("VALUE", [["BBCA"], ["BBRI"]], [["close", "volume"]], "2025-06-27");
  // A grid's closes are typed as the daily prices VALUE reads them from (whole rupiah, as DAILY
  // shows them), its volumes plain amounts.
  expect(grid.slice(1).map((row) => row.slice(1))).toEqual([
    [{ type: "Double", basicValue: expect.any(Number), numberFormat: "#,##0" }, expect.any(Number)],
    [{ type: "Double", basicValue: expect.any(Number), numberFormat: "#,##0" }, expect.any(Number)],
  ]);
  // (The week to 2025-06-27, a Friday: its last row is that day.)
  const daily = (column(await livePrices.call("DAILY", "BBCA", "2025-06-23", "2025-06-27"), "close") as Formatted[]).at(-1);
  expect(grid[1][1]).toEqual(daily);
  // One VALUE cell as the grid's; an SGX report's price to SGX's tick, a KLSE one to Bursa's.
  expect(await livePrices.call("VALUE", "BBCA", "close", "2025-06-27")).toEqual([[daily]]);
  const [[sgx]] = (await livePrices.call("VALUE", "D05", "overview.last_close_price")) as Formatted[][];
  expect(sgx).toMatchObject({ type: "Double", numberFormat: "#,##0.000" });
});
