// `mdq QUARTERLY BBCA 4` against the sandbox (live edition, behind a recording proxy): no row
// blank in all four quarters by default, `all=true` gives them back from the same request, a field
// named in `fields=` is shown, a batch keeps a field any company fills, a bad `all=` sends nothing;
// COMPANY_REPORT's yearly statements the same way.
import { liveBehindProxy } from "./live-proxy";

const live = liveBehindProxy();
const mdq = live.mdq;

const table = async (args: string[]): Promise<unknown[][]> => {
  const r = await mdq(args);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
};

const isBlank = (cell: unknown) => cell === null || cell === "";
const blankRows = (cells: unknown[][]) => cells.filter((row) => row.slice(1).every(isBlank)).map((row) => row[0]);
const paths = () => live.proxy.seen.map((s) => s.url);

test("mdq QUARTERLY BBCA 4 has no row blank in all four quarters; all=true gives them back", async () => {
  const shown = await table(["QUARTERLY", "BBCA", "4"]);
  const asked = paths();
  expect(shown[0]).toHaveLength(5);
  expect(blankRows(shown)).toEqual([]);
  expect(shown.map((r) => r[0])).toEqual(expect.arrayContaining(["date", "symbol", "revenue", "financials_sector_metrics.net_loan"]));

  live.proxy.seen.length = 0;
  const every = await table(["QUARTERLY", "BBCA", "4", "", "", "all=true"]);
  // The option picks the layout: the same request, nothing more sent.
  expect(paths()).toEqual(asked);
  expect(asked).toEqual(["/v2/financials/quarterly/BBCA/?n_quarters=4"]);
  const blank = blankRows(every);
  expect(blank).toEqual(expect.arrayContaining(["cost_of_revenue", "gross_profit", "premium_income"]));
  expect(every.filter((r) => !blank.includes(r[0]))).toEqual(shown);
});

test("the table output the same rows", async () => {
  const shown = await table(["QUARTERLY", "BBCA", "4"]);
  const r = await mdq(["QUARTERLY", "BBCA", "4"], "table");
  expect(r.code).toBe(0);
  const names = r.stdout
    .trim()
    .split("\n")
    .map((line) => line.split(/\s+/)[0]);
  expect(names).toEqual(shown.map((row) => row[0]));
  expect(names).not.toContain("cost_of_revenue");
});

test("a field named in fields= is shown even when blank in every quarter", async () => {
  const named = await table(["QUARTERLY", "BBCA", "4", "", "", "fields=date,cost_of_revenue,revenue"]);
  expect(named.map((r) => r[0])).toEqual(["date", "cost_of_revenue", "revenue"]);
  expect(named[1].slice(1)).toEqual([null, null, null, null]);
});

test("a batch keeps a field any of its companies fills, in its place, and leaves out those none fills", async () => {
  const [head, ...rows] = await table(["QUARTERLY", "BBCA,TLKM", "2"]);
  const [everyHead] = await table(["QUARTERLY", "BBCA,TLKM", "2", "", "", "all=true"]);
  for (const name of head) expect(rows.some((r) => !isBlank(r[head.indexOf(name)]))).toBe(true);
  expect(everyHead.filter((name) => head.includes(name))).toEqual(head);
  expect(head.length).toBeLessThan(everyHead.length);
});

test("a bad all= exits 2 naming the option, the value and what it takes, and sends nothing", async () => {
  const r = await mdq(["QUARTERLY", "BBCA", "4", "", "", "all=maybe"]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).toBe("MDQ error: 'all' must be TRUE or FALSE (got \"maybe\")\n");
  expect(live.proxy.seen).toHaveLength(0);
});

test("mdq help QUARTERLY names the option", async () => {
  const r = await mdq(["help", "QUARTERLY"], "table");
  expect(r.stdout).toMatch(/Options .*: all, headers/);
});

test("COMPANY_REPORT's yearly statement: no column blank in every year; all=true gives them back", async () => {
  const args = ["COMPANY_REPORT", "BBCA", "financials", "historical_financials"];
  const [head, ...rows] = await table(args);
  for (const name of head) expect(rows.some((r) => !isBlank(r[head.indexOf(name)]))).toBe(true);
  const [everyHead, ...everyRows] = await table([...args, "all=true"]);
  const blank = everyHead.filter((name) => everyRows.every((r) => isBlank(r[everyHead.indexOf(name)])));
  expect(blank).toEqual(expect.arrayContaining(["cost_of_revenue", "gross_profit"]));
  expect(everyHead.filter((name) => !blank.includes(name))).toEqual(head);
});
