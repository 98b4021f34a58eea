// What a VALUE cell costs on the statements, said by the built command's --verbose and billed by the
// edge-filings stand-in (each hit recorded with the provider's credits): an old fiscal year is its
// fiscal dates and its four quarters by report date, not every quarter since; a 404 is billed too.

import type { EdgeHit } from "../../scripts/harness/edge-filings";
import { EDGE_ROWS } from "../../scripts/harness/edge-filings-data";
import { type EdgeRun, edgeRun } from "./edge-everywhere";
import { fiscalYear, sum } from "./edge-rows";

let run: EdgeRun;
beforeAll(async () => {
  run = await edgeRun();
});
afterAll(() => run.server.close());

/** The command's call with --verbose, and the stand-in's hits it made. */
async function verbose(args: string[]): Promise<{ code: number; out: unknown; lines: string[]; hits: EdgeHit[] }> {
  const before = (await run.server.hits()).length;
  const { code, out, stderr } = await run.cli([...args, "--verbose"]);
  const hits = (await run.server.hits()).slice(before);
  return { code, out, lines: stderr.trim().split("\n"), hits };
}

/** The total --verbose ends with: "mdq: 5 requests, 5 credits". */
const TOTAL = /^mdq: (\d+) requests?, (\d+) credits?$/;

test("VALUE NORM revenue FY2022: the fiscal dates and its four quarters by report date, at most 8 credits", async () => {
  const year = fiscalYear("NORM", 2022);
  const { code, out, lines, hits } = await verbose(["VALUE", "NORM", "revenue", "FY2022"]);
  expect(code).toBe(0);
  expect(out).toEqual([[sum(year, "revenue")]]);
  const billed = hits.reduce((total, h) => total + h.credits, 0);
  expect(billed).toBeLessThanOrEqual(8);
  // The stand-in's bill is the command's: each request on a line of its own, then the total.
  const total = TOTAL.exec(lines.at(-1) ?? "");
  expect(total?.slice(1).map(Number)).toEqual([hits.length, billed]);
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  expect(lines.slice(0, -1)).toEqual(
    hits.map((h) =>
      expect.stringMatching(new RegExp(`^mdq: GET \\S+${escaped(h.path)}\\S* -> ${h.status} in \\d+ ms, ${h.credits} credits?$`)),
    ),
  );
  // What was asked: the fiscal dates once, and each quarter of the year by its report date.
  expect(hits.filter((h) => h.path.includes("get_quarterly_financial_dates"))).toHaveLength(1);
  const byDate = hits.filter((h) => h.query.report_date).map((h) => h.query.report_date);
  expect(byDate.sort()).toEqual(year.map((r) => r.date));
  expect(hits.filter((h) => h.query.n_quarters)).toEqual([]);
  // Fewer than the quarters since, which one request of the latest would have cost.
  expect(billed).toBeLessThan(EDGE_ROWS.NORM.filter((r) => r.periodEnd >= year[0].periodEnd).length);
});

// The provider bills a 404 (its lookup ran): the command's count must say so, the call's cost too
// though it ends in an error.
test("a 404 (an unknown company) is billed 1 credit, and --verbose counts it", async () => {
  const { code, lines, hits } = await verbose(["VALUE", "ZZZZ", "revenue", "-1"]);
  expect(code).not.toBe(0);
  expect(hits.map((h) => [h.status, h.credits])).toEqual([[404, 1]]);
  expect(lines[0]).toMatch(/-> 404 in \d+ ms, 1 credit$/);
  expect(lines).toContain("mdq: 1 request, 1 credit");
});

test("a grid of companies whose fiscal years end in different months says so: JNFY in June, NORM in December", async () => {
  const { code, out, lines } = await verbose(["VALUE", "NORM,JNFY", "revenue", "FY2024"]);
  expect(code).toBe(0);
  expect(out).toEqual([
    ["2024", "revenue"],
    ["NORM", sum(fiscalYear("NORM", 2024), "revenue")],
    ["JNFY", sum(fiscalYear("JNFY", 2024), "revenue")],
  ]);
  expect(lines).toContainEqual(
    expect.stringMatching(/^mdq: note: the companies' fiscal years end in different months \(NORM in December; JNFY in June\)/),
  );
  // Calendar periods are the same months for every company: no note.
  const calendar = await verbose(["VALUE", "NORM,JNFY", "revenue", "CY2024"]);
  expect(calendar.code).toBe(0);
  expect(calendar.lines.some((l) => l.includes("fiscal years end in different months"))).toBe(false);
});
