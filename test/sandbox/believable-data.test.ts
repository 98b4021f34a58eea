// Demo data an analyst believes: caps in the real order and ranking (DBS the largest SGX company,
// Maybank and Public Bank among Bursa's largest), companies that list and delist on their real days
// with nothing of them outside those days, suspended days without trading, no IDX company above
// 15% of the market, weekly movers of a believable size and gold's price under the field the
// provider's description names. Today is fixed at 2025-06-18 (a Wednesday).
import { klseFigures } from "../../src/sandbox/data/klse-reports";
import { TODAY, useSandbox } from "./helpers";

const api = useSandbox({ edition: "live" });
const spec = useSandbox({ edition: "spec" });
const ok = async (sandbox: typeof api, path: string) => {
  const r = await sandbox.get(path);
  expect({ path, status: r.status }).toEqual({ path, status: 200 });
  return r.body;
};

describe("caps in the real order of magnitude and ranking", () => {
  test("SGX_TOP market_cap ranks DBS first (about S$130 bn near S$45 a share), then OCBC, Singtel and UOB", async () => {
    const top = (await ok(api, "/v2/sgx/companies/top/?classifications=market_cap&n_stock=10")).market_cap;
    expect(top[0].symbol).toBe("D05");
    expect(top[0].market_cap).toBeGreaterThan(100e9);
    expect(top[0].market_cap).toBeLessThan(160e9);
    expect(
      top
        .slice(1, 4)
        .map((r: { symbol: string }) => r.symbol)
        .sort(),
    ).toEqual(["O39", "U11", "Z74"]);
    const dbs = (await ok(api, "/v2/sgx/company/report/D05/?sections=overview")).overview;
    expect(dbs.last_close_price).toBeGreaterThan(38);
    expect(dbs.last_close_price).toBeLessThan(52);
  });

  test("UOL Group is a mid cap of about S$5 bn", async () => {
    const uol = (await ok(api, "/v2/sgx/company/report/U14/?sections=overview")).overview;
    expect(uol.market_cap).toBeGreaterThan(3e9);
    expect(uol.market_cap).toBeLessThan(8e9);
  });

  test("Maybank and Public Bank are among Bursa's three largest, at their real share prices", async () => {
    const top = (await ok(api, "/v2/klse/companies/top/?classifications=market_cap&n_stock=3")).market_cap;
    expect(top.map((r: { symbol: string }) => r.symbol)).toEqual(expect.arrayContaining(["1155", "1295"]));
    expect(top[0].symbol).toBe("1155");
    const figures = klseFigures(TODAY);
    for (const [symbol, low, high] of [
      ["1155", 8, 12],
      ["1295", 3.5, 5.5],
    ] as const) {
      const { report } = figures.get(symbol)!;
      const price = report.overview.market_cap / (report.financials.historical_earnings[0].earnings / report.financials.eps);
      expect({ symbol, price: price > low && price < high }).toEqual({ symbol, price: true });
    }
  });

  test("the spec edition's SGX list is the same universe", async () => {
    const banks = await ok(spec, "/v1/sgx/companies/?sector=financial-services");
    expect(banks.map((c: { symbol: string }) => c.symbol)).toContain("D05");
  });
});
