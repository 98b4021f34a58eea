// VALUE's changes and ratios at real filings' edges, the same in the three front ends, against the
// edge-filings stand-in on its day (edge-everywhere.ts): a change from a loss or from zero is NM
// (not meaningful), never a number; a ratio's change is in percentage points; ROE and ROA are on the
// average of the opening and closing balances, annualised for a quarter. Expected from the rows.
import { EDGE_ROWS } from "../../scripts/harness/edge-filings-data";
import { type EdgeRun, edgeRun, shown } from "./edge-everywhere";
import { fiscalYear, quarterName, shiftQuarter, standing, sum } from "./edge-rows";

let run: EdgeRun;
beforeAll(async () => {
  run = await edgeRun();
});
afterAll(() => run.server.close());

const value = async (...args: string[]) => shown(await run.everywhere(...args));

describe("a change from a loss or from zero (SWNG) is not meaningful", () => {
  test("FY2025 against FY2024's loss: an error starting NM (MDQ: NM in a cell); nm=text shows NM", async () => {
    expect(sum(fiscalYear("SWNG", 2024), "earnings")).toBeLessThan(0);
    const got = await run.everywhere("SWNG", "earnings", "FY2025", "change=yoy");
    expect(shown(got)).toEqual({ error: expect.stringMatching(/^NM /) });
    for (const cell of [got.excel, got.sheets]) expect(cell).toMatchObject({ prefix: "MDQ: ", error: expect.stringMatching(/^NM /) });
    expect(await value("SWNG", "earnings", "FY2025", "change=yoy; nm=text")).toBe("NM");
  });

  test("against a zero: a year after it (yoy) and a quarter after it (qoq)", async () => {
    const zero = EDGE_ROWS.SWNG.find((r) => r.earnings === 0);
    expect(zero?.periodEnd).toBe("2023-12-31");
    const base = zero?.periodEnd ?? "";
    for (const [change, months] of [
      ["yoy", 12],
      ["qoq", 3],
    ] as const) {
      const period = quarterName(shiftQuarter(base, months));
      const got = await run.everywhere("SWNG", "earnings", period, `change=${change}`);
      expect(shown(got)).toEqual({ error: expect.stringMatching(new RegExp(`^NM .*${quarterName(base)}`)) });
      expect(await value("SWNG", "earnings", period, `change=${change}; nm=text`)).toBe("NM");
    }
  });

  test("a ratio's change is the difference in percentage points, from a negative margin too", async () => {
    const margin = (end: string) => standing("SWNG", end).earnings / standing("SWNG", end).revenue;
    expect(margin("2024-12-31")).toBeLessThan(0);
    expect(await value("SWNG", "net_margin", "2025Q4", "change=yoy")).toBeCloseTo(margin("2025-12-31") - margin("2024-12-31"), 12);
  });
});

describe("ROE and ROA (NORM): earnings over the average of the opening and closing balances", () => {
  const average = (field: "stockholders_equity" | "total_assets", opening: string, closing: string) =>
    (standing("NORM", opening)[field] + standing("NORM", closing)[field]) / 2;

  test("FY2025: a year's earnings over the average at 2024-12-31 and 2025-12-31", async () => {
    const earnings = sum(fiscalYear("NORM", 2025), "earnings");
    expect(await value("NORM", "roe", "FY2025")).toBeCloseTo(earnings / average("stockholders_equity", "2024-12-31", "2025-12-31"), 12);
    expect(await value("NORM", "roa", "FY2025")).toBeCloseTo(earnings / average("total_assets", "2024-12-31", "2025-12-31"), 12);
  });

  test("2025Q3: a quarter's earnings, annualised (x4), over the average at 2025-06-30 and 2025-09-30", async () => {
    const earnings = standing("NORM", "2025-09-30").earnings;
    expect(await value("NORM", "roe", "2025Q3")).toBeCloseTo(
      (4 * earnings) / average("stockholders_equity", "2025-06-30", "2025-09-30"),
      12,
    );
    expect(await value("NORM", "roa", "2025Q3")).toBeCloseTo((4 * earnings) / average("total_assets", "2025-06-30", "2025-09-30"), 12);
  });
});
