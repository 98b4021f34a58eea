// VALUE reads the quarterly statements one way at real filings' edges, the same in the three front
// ends (the built mdq command, the built Excel bundle, the built Apps Script bundle), against the
// live edition of the edge-filings stand-in on its day: a fiscal year ending in June, restated
// quarters, rows dated at their report dates. What each cell should show is taken from the rows.
import { EDGE_ROWS } from "../../scripts/harness/edge-filings-data";
import { type EdgeRun, edgeRun, shown } from "./edge-everywhere";
import { fiscalYear, quarters, shiftQuarter, standing, sum } from "./edge-rows";

let run: EdgeRun;
beforeAll(async () => {
  run = await edgeRun();
});
afterAll(() => run.server.close());

const value = async (...args: string[]) => shown(await run.everywhere(...args));

/** The source explain=true gives through the command. */
async function explained(...args: string[]): Promise<string> {
  const { code, out, stderr } = await run.cli(["VALUE", ...args.slice(0, 3), [args[3], "explain=true"].filter(Boolean).join("; ")]);
  expect([code, stderr]).toEqual([0, ""]);
  return String((out as unknown[][]).find((line) => line[0] === "source")?.[1]);
}

describe("a fiscal year ending in June (JNFY)", () => {
  test("FY2024 is July 2023 to June 2024, CY2024 the calendar year; they differ", async () => {
    const fiscal = fiscalYear("JNFY", 2024);
    expect(fiscal.map((r) => r.periodEnd)).toEqual(["2023-09-30", "2023-12-31", "2024-03-31", "2024-06-30"]);
    const calendar = quarters("JNFY", (r) => r.periodEnd.startsWith("2024"));
    expect(calendar).toHaveLength(4);
    expect(sum(fiscal, "revenue")).not.toBe(sum(calendar, "revenue"));
    expect(await value("JNFY", "revenue", "FY2024")).toBe(sum(fiscal, "revenue"));
    expect(await value("JNFY", "revenue", "2024")).toBe(sum(fiscal, "revenue"));
    expect(await value("JNFY", "revenue", "CY2024")).toBe(sum(calendar, "revenue"));
  });

  test("H1 2024 is its fiscal first half (July to December 2023); 2024Q1 its fiscal first quarter", async () => {
    const fiscal = fiscalYear("JNFY", 2024);
    const h1 = fiscal.filter((r) => r.label === "q1" || r.label === "q2");
    expect(h1.map((r) => r.periodEnd)).toEqual(["2023-09-30", "2023-12-31"]);
    expect(await value("JNFY", "revenue", "H1 2024")).toBe(sum(h1, "revenue"));
    expect(await value("JNFY", "earnings", "2024Q1")).toBe(fiscal.find((r) => r.label === "q1")?.earnings);
  });

  test("a stock field for FY2024 is the balance at its end, 2024-06-30", async () => {
    const end = fiscalYear("JNFY", 2024).find((r) => r.label === "q4");
    expect(end?.periodEnd).toBe("2024-06-30");
    // Not the calendar year's end, which a December reading would give.
    expect(end?.total_assets).not.toBe(standing("JNFY", "2024-12-31").total_assets);
    expect(await value("JNFY", "total_assets", "FY2024")).toBe(end?.total_assets);
  });
});

describe("restated quarters (RSTD): the latest report stands for the quarter, in every reading", () => {
  const q3 = standing("RSTD", "2024-09-30");
  const q2 = standing("RSTD", "2024-06-30");
  const original = (periodEnd: string) => EDGE_ROWS.RSTD.find((r) => r.periodEnd === periodEnd && r.restatement === "original");

  test("the rows: 2024Q3 restated on its own date, 2024Q2 by a later report", () => {
    expect([q3.restatement, q3.date, original("2024-09-30")?.date]).toEqual(["restated", "2024-09-30", "2024-09-30"]);
    expect([q2.restatement, q2.date, original("2024-06-30")?.date]).toEqual(["restated", "2024-11-15", "2024-06-30"]);
    expect(q3.revenue).not.toBe(original("2024-09-30")?.revenue);
    expect(q2.revenue).not.toBe(original("2024-06-30")?.revenue);
  });

  test("2024Q3 and 2024Q2 are their restated rows", async () => {
    expect(await value("RSTD", "revenue", "2024Q3")).toBe(q3.revenue);
    expect(await value("RSTD", "revenue", "2024Q2")).toBe(q2.revenue);
  });

  test("FY2024 and TTM 2024Q4 sum the restated rows", async () => {
    const year = fiscalYear("RSTD", 2024);
    expect(year).toEqual(expect.arrayContaining([q2, q3]));
    expect(await value("RSTD", "revenue", "FY2024")).toBe(sum(year, "revenue"));
    const ttm = ["2024-03-31", "2024-06-30", "2024-09-30", "2024-12-31"].map((end) => standing("RSTD", end));
    expect(await value("RSTD", "revenue", "TTM 2024Q4")).toBe(sum(ttm, "revenue"));
  });

  test("2025Q3's change=yoy is against the restated 2024Q3", async () => {
    const now = standing("RSTD", shiftQuarter(q3.periodEnd, 12)).revenue;
    const expected = (now - q3.revenue) / q3.revenue;
    expect(expected).not.toBeCloseTo((now - (original(q3.periodEnd)?.revenue ?? 0)) / (original(q3.periodEnd)?.revenue ?? 1), 6);
    expect(await value("RSTD", "revenue", "2025Q3", "change=yoy")).toBeCloseTo(expected, 12);
  });

  test("explain=true names the row chosen and that it won over another", async () => {
    // Two rows of one date: the first listed is the restatement.
    expect(await explained("RSTD", "revenue", "2024Q3")).toMatch(/2024Q3 \(dated 2024-09-30: [^()]*over 1 other row/);
    // A restatement reported later than the original: the original's date is named.
    const restated = await explained("RSTD", "revenue", "2024Q2");
    expect(restated).toMatch(new RegExp(`2024Q2 \\(reported ${q2.date}: its latest report, over [^()]*${original(q2.periodEnd)?.date}`));
    const year = await explained("RSTD", "revenue", "FY2024");
    expect(year).toContain(`2024Q2 (reported ${q2.date}: its latest report, over`);
    expect(year).toContain("2024Q3 (dated 2024-09-30: the first listed of its rows on that date, over 1 other row");
  });
});

describe("rows dated at their report dates (LATE): each lands in the quarter it reports", () => {
  test("the rows: 2025Q2 was reported on 2025-10-06, after 2025Q3 ended, and 2025Q3 on 2025-10-30", () => {
    expect(standing("LATE", "2025-06-30").date).toBe("2025-10-06");
    expect(standing("LATE", "2025-09-30").date).toBe("2025-10-30");
  });

  test("2025Q2 is the row dated 2025-10-06, 2025Q3 the one dated 2025-10-30", async () => {
    const [q2, q3] = [standing("LATE", "2025-06-30"), standing("LATE", "2025-09-30")];
    expect(q2.revenue).not.toBe(q3.revenue);
    expect(await value("LATE", "revenue", "2025Q2")).toBe(q2.revenue);
    expect(await value("LATE", "revenue", "2025Q3")).toBe(q3.revenue);
    expect(await explained("LATE", "revenue", "2025Q2")).toContain(`2025Q2 (reported ${q2.date})`);
  });

  test("FY2025 sums its four quarters' rows", async () => {
    const year = fiscalYear("LATE", 2025);
    expect(year.map((r) => r.date)).toEqual(["2025-04-28", "2025-10-06", "2025-10-30", "2026-03-25"]);
    expect(await value("LATE", "revenue", "FY2025")).toBe(sum(year, "revenue"));
  });
});
