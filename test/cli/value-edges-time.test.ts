// VALUE at a point in time and for a company that stopped reporting, the same in the three front
// ends, against the edge-filings stand-in on its day (edge-everywhere.ts): a date reads what had
// been reported by then (rows at report dates) or the quarter that holds it (rows at quarter ends),
// never another quarter in its place; -1 and TTM of a company a quarter or more behind are refused
// unless late=accept. What each cell should show is taken from the rows.
import { EDGE_ROWS, EDGE_TODAY } from "../../scripts/harness/edge-filings-data";
import { type EdgeRun, edgeRun, shown } from "./edge-everywhere";
import { quarterName, quarters, reportedBy, standing, sum } from "./edge-rows";

let run: EdgeRun;
beforeAll(async () => {
  run = await edgeRun();
});
afterAll(() => run.server.close());

const value = async (...args: string[]) => shown(await run.everywhere(...args));
const error = (text: string) => ({ error: expect.stringContaining(text) });

describe("a date as the period", () => {
  test("rows at report dates (LATE): the latest quarter reported by the date", async () => {
    const before = reportedBy("LATE", "2025-10-01").at(-1);
    const after = reportedBy("LATE", "2025-10-10").at(-1);
    // 2025Q2 had ended by 2025-10-01 but was not reported until 2025-10-06.
    expect([before?.periodEnd, after?.periodEnd]).toEqual(["2025-03-31", "2025-06-30"]);
    expect(before?.revenue).not.toBe(after?.revenue);
    expect(await value("LATE", "revenue", "2025-10-01")).toBe(before?.revenue);
    expect(await value("LATE", "revenue", "2025-10-10")).toBe(after?.revenue);
  });

  test("rows at quarter ends (NORM): the quarter that holds the date", async () => {
    expect(await value("NORM", "revenue", "2024-06-30")).toBe(standing("NORM", "2024-06-30").revenue);
  });

  test("a quarter missing (GAPQ 2024Q2) is an error naming it, never the quarter before", async () => {
    expect(EDGE_ROWS.GAPQ.some((r) => r.periodEnd === "2024-06-30")).toBe(false);
    expect(await value("GAPQ", "revenue", "2024-06-30")).toEqual(error(`have no ${quarterName("2024-06-30")}`));
  });

  test("after the latest quarter: an error naming the quarter asked for, not the latest quarter's value", async () => {
    const latest = quarters("NORM", () => true).at(-1)?.periodEnd ?? "";
    expect(latest).toBe("2026-09-30");
    // Before today, in the quarter after the latest; and after today.
    expect("2026-10-15" < EDGE_TODAY).toBe(true);
    expect(await value("NORM", "revenue", "2026-10-15")).toEqual(error(`have no ${quarterName("2026-12-31")}`));
    expect(await value("NORM", "revenue", "2027-01-15")).toEqual(error(`have no ${quarterName("2027-03-31")}`));
  });

  test("rows at report dates, a date after today: an error (what will have been reported then is not known)", async () => {
    const latest = reportedBy("LATE", EDGE_TODAY).at(-1);
    expect(latest?.periodEnd).toBe("2026-09-30");
    const answer = await value("LATE", "revenue", "2027-01-15");
    expect(answer).toEqual(error("2027-01-15 is after today"));
    expect(answer).toEqual(error(`its latest quarter so far is ${quarterName(latest?.periodEnd ?? "")}`));
    // By a day already past, the latest reported is read.
    expect(await value("LATE", "revenue", "2026-11-15")).toBe(reportedBy("LATE", "2026-11-15").at(-1)?.revenue);
  });
});

describe("a company that stopped reporting (STOP)", () => {
  const last = quarters("STOP", () => true);
  const latest = quarterName(last.at(-1)?.periodEnd ?? "");

  test("the rows: its latest quarter is 2024Q3, more than a quarter before today", () => {
    expect(latest).toBe("2024Q3");
    expect(last.at(-1)?.published.slice(0, 4)).toBe("2024");
  });

  // A cell alone has no other company to be behind: its TTM is its own last four quarters (explain
  // names them); a grid compares its companies.
  test("TTM and -1 alone are its own last quarters", async () => {
    expect(await value("STOP", "revenue", "TTM")).toBe(sum(last.slice(-4), "revenue"));
    expect(await value("STOP", "revenue", "-1")).toBe(last.at(-1)?.revenue);
  });

  test("in a grid, STOP's cell is blank with the error naming its quarter, NORM's has its TTM; late=accept uses it", async () => {
    const norm = sum(reportedBy("NORM", EDGE_TODAY).slice(-4), "revenue");
    expect(await value("NORM,STOP", "revenue", "TTM")).toEqual([
      ["TTM", "revenue", "error"],
      ["NORM", norm, ""],
      ["STOP", "", expect.stringContaining(latest)],
    ]);
    expect(await value("NORM,STOP", "revenue", "TTM", "late=accept")).toEqual([
      ["TTM", "revenue"],
      ["NORM", norm],
      ["STOP", sum(last.slice(-4), "revenue")],
    ]);
  });
});
