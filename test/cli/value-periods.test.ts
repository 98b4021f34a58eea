// Periods with meaning, against the sandbox's own data, in all three front ends (the built mdq
// command, the built Excel bundle, the built Apps Script bundle): a year of a flow is the sum of
// its four quarters as QUARTERLY shows them, a year of a stock its Q4, TTM the latest four
// quarters, H1 and 9M their quarters; a year with a quarter missing is an error naming it.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { loadBundle } from "../excel/load-bundle";
import { mdqJson } from "./mdq-json";

const KEY = "value-periods-key-7e1";
let sandbox: Running;
beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

const mdq = (args: string[]) => mdqJson([...args, "--base-url", sandbox.url, "--api-key", KEY]);

type Quarter = { date: string; revenue: number; earnings: number; total_assets: number };

/** BBCA's statements as QUARTERLY gives them, one record a quarter, oldest first. */
async function statements(): Promise<Quarter[]> {
  const { out } = await mdq(["QUARTERLY", "BBCA", "24", "", "", "orient=rows; fields=date,revenue,earnings,total_assets"]);
  const [head, ...rows] = out as unknown[][];
  return rows.map((row) => Object.fromEntries(head.map((h, i) => [h, row[i]])) as Quarter);
}

const inYear = (qs: Quarter[], year: number) => qs.filter((q) => q.date.startsWith(String(year)));
const sum = (qs: Quarter[], field: "revenue" | "earnings") => qs.reduce((s, q) => s + q[field], 0);

/** The three front ends' answer for one VALUE call: the number, or the error's message. */
async function everywhere(field: string, period: string): Promise<unknown[]> {
  const cli = await mdq(["VALUE", "BBCA", field, period]);
  const excel = await loadBundle(sandbox.url, { apiKey: KEY })
    .call("VALUE", "BBCA", field, period)
    .then(
      (cells) => cells[0][0],
      (e: { message?: string }) => e.message,
    );
  const sheets = (() => {
    try {
      return JSON.parse(JSON.stringify(loadScript({ baseUrl: sandbox.url, apiKey: KEY }).ctx.MDQ_VALUE("BBCA", field, period)))[0][0];
    } catch (e) {
      return (e as Error).message;
    }
  })();
  return [cli.code === 0 ? (cli.out as unknown[][])[0][0] : cli.stderr.trim(), excel, sheets];
}

test("FY2024 of a flow is the sum of 2024's four quarters; of a stock, Q4's value; in every front end", async () => {
  const quarters = inYear(await statements(), 2024);
  expect(quarters.map((q) => q.date)).toEqual(["2024-03-31", "2024-06-30", "2024-09-30", "2024-12-31"]);
  expect(await everywhere("revenue", "FY2024")).toEqual(Array(3).fill(sum(quarters, "revenue")));
  expect(await everywhere("earnings", "2024")).toEqual(Array(3).fill(sum(quarters, "earnings")));
  expect(await everywhere("total_assets", "FY2024")).toEqual(Array(3).fill(quarters[3].total_assets));
  // Not the fourth quarter's revenue, which a year used to read as.
  expect(sum(quarters, "revenue")).not.toBe(quarters[3].revenue);
});

test("TTM is the latest four quarters; H1 and 9M the year's first two and three", async () => {
  const all = await statements();
  expect(await everywhere("revenue", "TTM")).toEqual(Array(3).fill(sum(all.slice(-4), "revenue")));
  expect(await everywhere("revenue", "TTM 2024Q3")).toEqual(
    Array(3).fill(
      sum(
        all.filter((q) => q.date >= "2023-10" && q.date <= "2024-09-30"),
        "revenue",
      ),
    ),
  );
  const year = inYear(all, 2024);
  expect(await everywhere("revenue", "H1 2024")).toEqual(Array(3).fill(sum(year.slice(0, 2), "revenue")));
  expect(await everywhere("revenue", "9M 2024")).toEqual(Array(3).fill(sum(year.slice(0, 3), "revenue")));
  expect(await everywhere("total_assets", "H1 2024")).toEqual(Array(3).fill(year[1].total_assets));
});

test("a year with a quarter missing is an error naming the missing quarters, in every front end", async () => {
  const reported = inYear(await statements(), 2025).map((q) => q.date);
  expect(reported.length).toBeLessThan(4);
  const missing = ["2025Q1", "2025Q2", "2025Q3", "2025Q4"].slice(reported.length).join(", ");
  for (const answer of await everywhere("revenue", "FY2025")) {
    expect(answer).toEqual(expect.stringContaining(`have no ${missing}`));
    expect(answer).toEqual(expect.stringContaining("never a partial sum"));
  }
});

test("a period the dataset has no meaning for is refused before any request, naming the argument and the value", async () => {
  const { code, stderr } = await mdq(["VALUE", "BBCA", "close", "TTM"]);
  expect(code).toBe(2);
  expect(stderr).toContain("'period' must be a quarter, a year, a date or a step back for the daily prices");
  expect(stderr).toContain("(got TTM)");
  const bad = await mdq(["VALUE", "BBCA", "revenue", "H3 2024"]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain(
    "'period' must be a fiscal quarter (2024Q4), year (FY2024) or H1, H2 or 9M of one (H1 2024), a calendar one with CY (CY2024, CY2024Q4), TTM (TTM 2024Q3)",
  );
  expect(bad.stderr).toContain('(got "H3 2024")');
});
