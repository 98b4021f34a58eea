// `mdq VALUE` (the built command) against the sandbox in both editions: each period form gives the
// figure the matching table shows, a field the company does not report exits 1 naming it, a bad
// period or a dataset the edition lacks exits 2 with nothing sent.
import type { Edition } from "../../shared/base/editions";
import { startSandbox } from "../../src/sandbox/server";
import { mdqJson } from "./mdq-json";
import { type RecordingProxy, startRecordingProxy } from "./proxy";

const servers = {} as Record<Edition, { sandbox: Awaited<ReturnType<typeof startSandbox>>; proxy: RecordingProxy }>;

beforeAll(async () => {
  for (const edition of ["spec", "live"] as const) {
    const sandbox = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30", edition });
    servers[edition] = { sandbox, proxy: await startRecordingProxy(sandbox.url) };
  }
});
afterAll(async () => {
  for (const { sandbox, proxy } of Object.values(servers)) {
    await proxy.close();
    await sandbox.close();
  }
});
beforeEach(() => {
  for (const { proxy } of Object.values(servers)) proxy.seen.length = 0;
});

const mdq = (edition: Edition, args: string[]) =>
  mdqJson([...args, "--base-url", servers[edition].proxy.url, "--api-key", "test-key", "--edition", edition]);

/** A quarter's revenue as QUARTERLY shows it (rows: one per quarter, oldest first). */
async function revenues(edition: Edition): Promise<Array<[string, number]>> {
  const { out } = await mdq(edition, ["QUARTERLY", "BBCA", "12", "", "", "orient=rows; fields=date,revenue; headers=false"]);
  return out as Array<[string, number]>;
}

describe.each(["spec", "live"] as const)("the %s edition", (edition) => {
  test("every period form picks the quarter the statement shows", async () => {
    const rows = await revenues(edition);
    const [latestDate, latest] = rows[rows.length - 1];
    const [previousDate, previous] = rows[rows.length - 2];
    const quarter = (iso: string) => `${iso.slice(0, 4)}Q${Math.ceil(Number(iso.slice(5, 7)) / 3)}`;
    const cases: Array<[string, number]> = [
      ["-1", latest],
      ["LAST", latest],
      ["-2", previous],
      [quarter(previousDate), previous],
      [`Q${quarter(previousDate).slice(5)} ${previousDate.slice(0, 4)}`, previous],
      [previousDate, previous],
      [latestDate, latest],
    ];
    // A year of a flow (revenue) is the sum of its four quarters, never its last quarter.
    const sumOf2024 = rows.filter(([d]) => d.startsWith("2024")).reduce((sum, [, v]) => sum + v, 0);
    cases.push(["2024", sumOf2024], ["FY2024", sumOf2024]);
    for (const [period, expected] of cases) {
      const result = await mdq(edition, ["VALUE", "BBCA", "revenue", period]);
      expect({ period, code: result.code, out: result.out }).toEqual({ period, code: 0, out: [[expected]] });
    }
  });

  test("an old fiscal year costs its fiscal dates and its four quarters by report date: at most 8 credits", async () => {
    const result = await mdqJson([
      ...["VALUE", "BBCA", "revenue", "FY2021", "--base-url", servers[edition].proxy.url, "--api-key", "test-key"],
      ...["--edition", edition, "--verbose"],
    ]);
    expect(result.code).toBe(0);
    const all = (await mdq(edition, ["QUARTERLY", "BBCA", "40", "", "", "orient=rows; fields=date,revenue; headers=false"])).out as Array<
      [string, number]
    >;
    expect(result.out).toEqual([[all.filter(([d]) => d.startsWith("2021")).reduce((sum, [, v]) => sum + v, 0)]]);
    const total = /^mdq: (\d+) requests?, (\d+) credits?/m.exec(result.stderr);
    expect(Number(total?.[2])).toBeLessThanOrEqual(8);
  });

  test("a field the company does not report exits 1 naming it, and prints no number", async () => {
    const result = await mdq(edition, ["VALUE", "TLKM", "financials_sector_metrics.interest_income", "-1"]);
    expect(result.code).toBe(1);
    expect(result.out).toBeUndefined();
    expect(result.stderr).toMatch(/^MDQ error: TLKM does not report 'financials_sector_metrics.interest_income'/);
  });

  test("a period outside the data says what the data covers", async () => {
    const result = await mdq(edition, ["VALUE", "BBCA", "revenue", "2009Q1"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/have no 2009Q1: they cover \d{4}Q[1-4] to \d{4}Q[1-4] \(\d+ quarters\)/);
  });

  test("a bad period exits 2 and sends nothing", async () => {
    const result = await mdq(edition, ["VALUE", "BBCA", "revenue", "2024Q5"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/'period' must be a fiscal quarter \(2024Q4\)/);
    expect(servers[edition].proxy.seen).toEqual([]);
  });
});

test("the KLSE report in both editions by the field and year the table shows", async () => {
  for (const edition of ["spec", "live"] as const) {
    const { out } = await mdq(edition, ["KLSE_REPORT", "1155", "historical_revenue", "headers=false"]);
    const [year, revenue] = (out as Array<[number | string, number]>).find(([p]) => p === 2023) as [number, number];
    const result = await mdq(edition, ["VALUE", "1155", "financials.historical_revenue", String(year)]);
    expect({ edition, out: result.out }).toEqual({ edition, out: [[revenue]] });
  }
});

test("the live edition's datasets: daily prices, the company and SGX reports, mining financials", async () => {
  expect((await mdq("live", ["VALUE", "BBCA", "close", "2025-06-27"])).out).toEqual([[expect.any(Number)]]);
  expect((await mdq("live", ["VALUE", "BBCA", "overview.market_cap"])).out).toEqual([[expect.any(Number)]]);
  expect((await mdq("live", ["VALUE", "D05", "overview.market_cap"])).out).toEqual([[expect.any(Number)]]);
  expect((await mdq("live", ["VALUE", "ITMG", "revenue_usd", "2023", "dataset=mining_financials"])).out).toEqual([[expect.any(Number)]]);
});

test("a dataset the spec edition lacks exits 2 before any request", async () => {
  const result = await mdq("spec", ["VALUE", "BBCA", "close", "-1"]);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/VALUE from the daily prices \(DAILY\) is not offered by the spec edition/);
  expect(servers.spec.proxy.seen).toEqual([]);
});
