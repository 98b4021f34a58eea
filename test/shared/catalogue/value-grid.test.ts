// VALUE over ranges: keys down, fields (or periods) across, one labelled grid; each cell equal to
// the single call's value; one request per key, reaching as far back as the key's widest cell;
// none while cached; what is refused before any request; cells without a value said per row. And
// explain=true: where one value came from.
import type { CellValue } from "../../../shared/base/cells";
import { NOW, value } from "./value-calls";

const bank = { spec: "quarterly-bank.json" };
const single = (key: string, field: string, period: CellValue) => value([key, field, period], bank).value;

describe("a grid from one VALUE", () => {
  test("keys down x fields across: each cell is the single call's value, one request per key", () => {
    const fields = ["revenue", "total_assets", "financials_sector_metrics.interest_income", "net_margin"];
    const out = value([[["BKPA"], ["BMRI"]], [fields], "2025Q4"], bank);
    expect(out.error).toBeUndefined();
    expect(out.cells?.[0]).toEqual(["2025Q4", ...fields]);
    for (const [r, key] of ["BKPA", "BMRI"].entries()) {
      expect(out.cells?.[r + 1]).toEqual([key, ...fields.map((f) => single(key, f, "2025Q4"))]);
    }
    expect(out.cells?.flat().every((c) => c !== undefined)).toBe(true);
    // A fiscal quarter asks each key's fiscal dates; 2025Q4 is the latest quarter: one quarter, once per key.
    expect(out.urls.map((u) => new URL(u).pathname + new URL(u).search).sort()).toEqual([
      "/v1/company/get_quarterly_financial_dates/BKPA/",
      "/v1/company/get_quarterly_financial_dates/BMRI/",
      "/v1/financials/quarterly/BKPA/?n_quarters=1",
      "/v1/financials/quarterly/BMRI/?n_quarters=1",
    ]);
  });

  test("keys x periods for one field: a key's cells share one request of the widest reach", () => {
    const out = value(["BKPA,BMRI", "revenue", [[-1, "2025Q3", "H2 2025", "2025-06-30"]]], bank);
    expect(out.cells?.[0]).toEqual(["revenue", "-1", "2025Q3", "H2 2025", "2025-06-30"]);
    expect(out.cells?.[1]).toEqual(["BKPA", ...[-1, "2025Q3", "H2 2025", "2025-06-30"].map((p) => single("BKPA", "revenue", p))]);
    // The widest latest quarters a cell asks for is two (H2 2025): every cell of the key shares that
    // request; 2025-06-30 (2025Q2) is one credit more by its report date, not a request of three.
    const statements = out.urls.filter((u) => u.includes("/financials/quarterly/")).map((u) => u.split("?")[1]);
    expect(statements).toEqual([
      "n_quarters=2",
      "n_quarters=2",
      "approx=false&report_date=2025-06-30",
      "approx=false&report_date=2025-06-30",
    ]);
    expect(out.urls.filter((u) => u.includes("/get_quarterly_financial_dates/"))).toHaveLength(2);
  });

  test("the second recalculation sends nothing", () => {
    const cache = new Map<string, string>();
    const args: CellValue[] = [[["BKPA"], ["BMRI"], ["BBCA"]], "revenue,earnings,total_equity", -1];
    const first = value(args, bank, cache);
    expect(first.urls).toHaveLength(3);
    const again = value(args, bank, cache);
    expect(again.urls).toEqual([]);
    expect(again.cells).toEqual(first.cells);
  });

  test("headers=false gives the values only; a blank key keeps its row blank, aligned with the keys", () => {
    const out = value([[["BKPA"], [null], ["BMRI"]], "revenue,earnings", -1, "headers=false"], bank);
    expect(out.cells).toHaveLength(3);
    expect(out.cells?.[0]).toEqual(["BKPA", single("BKPA", "revenue", -1), single("BKPA", "earnings", -1)]);
    expect(out.cells?.[1].every((c) => c === null || c === "")).toBe(true);
    expect(out.urls).toHaveLength(2);
  });

  test("a cell without a value is blank and its row's error column says why; never a number", () => {
    const out = value(["KOPI", "revenue,financials_sector_metrics.interest_income", -1], { spec: "quarterly-nonbank.json" });
    expect(out.cells?.[0]).toEqual(["-1", "revenue", "financials_sector_metrics.interest_income", "error"]);
    const [key, revenue, interest, error] = out.cells?.[1] ?? [];
    expect([key, typeof revenue, interest]).toEqual(["KOPI", "number", null]);
    expect(error).toMatch(/^financials_sector_metrics\.interest_income: KOPI does not report/);
  });

  test("when every cell fails, the call fails with the first cell's error", () => {
    const out = value(["KOPI,KOPA", "financials_sector_metrics.interest_income", -1], { spec: "quarterly-nonbank.json" });
    expect(out.error?.kind).toBe("no_data");
    expect(out.error?.message).toMatch(/KOPI does not report .* \(and so did every one of the grid's 2 cells\)/);
  });
});

describe("a grid refused before any request", () => {
  test.each([
    [["BKPA,BMRI", "revenue,bogus", -1], /'field' must be a field of the quarterly statements .*\(got "bogus"\)/],
    [["BKPA,1155", "revenue", -1], /'key' must be a 4-letter IDX ticker.*\(got "1155"\)/],
    [["BKPA", "revenue", "2024Q1,2024Q9"], /'period' must be .*\(got "2024Q9"\)/],
    [
      ["BKPA", "revenue,earnings", "2024Q1,2024Q2"],
      /'field' and 'period' are both ranges: a grid takes keys down and one of field or period across/,
    ],
    [[Array.from({ length: 51 }, (_, i) => [`K${String(i).padStart(3, "0")}`]), "revenue", -1], /'key' names 51 keys, more than the 50/],
    [["BKPA", [Array.from({ length: 101 }, () => "revenue")], -1], /'field' names 101 items, more than the 100 columns/],
  ] as Array<[CellValue[], RegExp]>)("%j", (args, message) => {
    const out = value(args, bank);
    expect(out.error?.kind).toBe("bad_argument");
    expect(out.error?.message).toMatch(message);
    expect(out.urls).toEqual([]);
  });

  test("the clock the grid reads is the host's", () => {
    expect(new Date(NOW).toISOString().slice(0, 10)).toBe("2026-01-20");
  });
});

describe("explain=true", () => {
  test("shows, instead of the value, the value, its quarters, the request, when fetched and its credits", () => {
    const cache = new Map<string, string>();
    const plain = value(["BKPA", "revenue", "H2 2025"], bank, cache);
    const out = value(["BKPA", "revenue", "H2 2025", "explain=true"], bank, cache);
    const rows = Object.fromEntries((out.cells ?? []).map(([what, detail]) => [what, detail]));
    expect(rows.value).toBe((plain.value as number).toLocaleString("en-US"));
    expect(rows.source).toBe("BKPA's quarterly statements: revenue summed over 2025Q3 (dated 2025-09-30), 2025Q4 (dated 2025-12-31)");
    expect(rows.request).toBe("GET /v1/financials/quarterly/BKPA/?n_quarters=2");
    // The first call fetched it; this one read the cache: billed then, nothing now. Never the key.
    expect(rows.fetched).toBe("2026-01-20 03:00:00 UTC, from the cache");
    expect(rows["fresh until"]).toBe("2026-01-20 09:00:00 UTC");
    expect(rows.credits).toBe("3 when fetched; 0 now");
    expect(rows["credits of this cell"]).toBe(0);
    expect(JSON.stringify(out.cells)).not.toContain("Authorization");
    expect(out.urls).toEqual([]);
  });

  test("a stock is read at the period's end; a change names both spans", () => {
    const rows = (args: CellValue[]) => Object.fromEntries((value(args, bank).cells ?? []).map(([w, d]) => [w, d]));
    expect(rows(["BKPA", "total_assets", "H2 2025", "explain=true"]).source).toBe(
      "BKPA's quarterly statements: total_assets at 2025Q4 (dated 2025-12-31)",
    );
    expect(rows(["BKPA", "revenue", "2025Q4", "explain=true; change=qoq"]).source).toBe(
      "BKPA's quarterly statements: revenue at 2025Q4 (dated 2025-12-31), against revenue at 2025Q3 (dated 2025-09-30) (the change from a quarter earlier, as a fraction of it)",
    );
  });

  test("over a range it is refused before any request", () => {
    const out = value(["BKPA,BMRI", "revenue", -1, "explain=true"], bank);
    expect(out.error?.message).toMatch(/'explain' explains one value's answer: give one key, not a range or list/);
    expect(out.urls).toEqual([]);
  });
});
