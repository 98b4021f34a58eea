// Periods of the daily prices against the sandbox's own data (live edition), in all three front
// ends (the built mdq command, the built Excel bundle, the built Apps Script bundle): a year or a
// quarter combines every trading day of it by DAILY's rule (volume summed, close the last day's),
// equal to DAILY's rows and its period= resampling, over DAILY's own requests; a date before the
// service's first day names the period, and one before a company's listing says the company did
// not trade then instead of blaming the key.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "../excel/load-bundle";
import { mdqJson } from "./mdq-json";
import { type RecordingProxy, startRecordingProxy } from "./proxy";

const KEY = "value-market-periods-key-3c9";
let sandbox: Running;
let proxy: RecordingProxy;
const cacheDirs: string[] = [];
beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
  proxy = await startRecordingProxy(sandbox.url);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  proxy.seen.length = 0;
});

/** The built command in the live edition, through the recording proxy. */
const mdq = (args: string[]) => mdqJson([...args, "--base-url", proxy.url, "--api-key", KEY, "--edition", "live"]);

type Day = { date: string; close: number; volume: number };

/** A company's days as DAILY gives them, oldest first. */
async function daily(ticker: string, start: string, end: string, options = ""): Promise<Day[]> {
  const { code, out, stderr } = await mdq(["DAILY", ticker, start, end, `orient=rows; fields=date,close,volume${options}`]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  const [head, ...rows] = out as unknown[][];
  return rows.map((row) => Object.fromEntries(head.map((h, i) => [h, row[i]])) as Day);
}

const sum = (days: Day[]) => days.reduce((s, d) => s + d.volume, 0);
const last = (days: Day[]) => days[days.length - 1];

/** The three front ends' answer for one VALUE call: the number, or the error's message. */
async function everywhere(key: string, field: string, period: string): Promise<unknown[]> {
  const cli = await mdq(["VALUE", key, field, period]);
  const excel = await loadBundle(sandbox.url, { apiKey: KEY, stored: { [STORAGE_KEYS.edition]: "live" } })
    .call("VALUE", key, field, period)
    .then(
      (cells) => cells[0][0],
      (e: { message?: string }) => e.message,
    );
  const sheets = (() => {
    try {
      const script = loadScript({ baseUrl: sandbox.url, apiKey: KEY, edition: "live" });
      return JSON.parse(JSON.stringify(script.ctx.MDQ_VALUE(key, field, period)))[0][0];
    } catch (e) {
      return (e as Error).message;
    }
  })();
  return [cli.code === 0 ? (cli.out as unknown[][])[0][0] : cli.stderr.trim(), excel, sheets];
}

test("FY2024's volume is the sum of DAILY's 2024 days and DAILY's yearly row; its close the last day's; in every front end", async () => {
  const year = await daily("BBCA", "2024-01-01", "2024-12-31");
  expect([year[0].date, last(year).date]).toEqual(["2024-01-02", "2024-12-30"]);
  const [yearly] = await daily("BBCA", "2024-01-01", "2024-12-31", "; period=yearly");
  expect(yearly).toEqual({ date: "2024-12-30", close: last(year).close, volume: sum(year) });
  expect(await everywhere("BBCA", "volume", "FY2024")).toEqual(Array(3).fill(sum(year)));
  expect(await everywhere("BBCA", "close", "FY2024")).toEqual(Array(3).fill(last(year).close));
  // Not the year's last day alone, which a year used to read as.
  expect(sum(year)).not.toBe(last(year).volume);
});

test("2024Q2 is the quarter's days: DAILY's quarterly row, in every front end", async () => {
  const quarter = await daily("BBCA", "2024-04-01", "2024-06-30");
  const [quarterly] = await daily("BBCA", "2024-04-01", "2024-06-30", "; period=quarterly");
  expect(quarterly).toEqual({ date: last(quarter).date, close: last(quarter).close, volume: sum(quarter) });
  expect(await everywhere("BBCA", "volume", "2024Q2")).toEqual(Array(3).fill(sum(quarter)));
  expect(await everywhere("BBCA", "close", "2024Q2")).toEqual(Array(3).fill(last(quarter).close));
  const half = await daily("BBCA", "2024-07-01", "2024-12-31");
  expect((await mdq(["VALUE", "BBCA", "volume", "H2 2024"])).out).toEqual([[sum(half)]]);
});

test("a year is DAILY's own five windows, five credits; none once DAILY fetched them; explain says what was summed", async () => {
  const first = await mdq(["VALUE", "BBCA", "volume", "FY2024", "--verbose"]);
  expect(proxy.seen.map((s) => s.url)).toEqual([
    "/v2/daily/BBCA/?end=2024-03-04&start=2023-12-06",
    "/v2/daily/BBCA/?end=2024-06-02&start=2024-03-05",
    "/v2/daily/BBCA/?end=2024-08-31&start=2024-06-03",
    "/v2/daily/BBCA/?end=2024-11-29&start=2024-09-01",
    "/v2/daily/BBCA/?end=2025-02-27&start=2024-11-30",
  ]);
  expect(first.stderr).toMatch(/mdq: 5 requests, 5 credits/);

  const dir = mkdtempSync(join(tmpdir(), "mdq-value-market-"));
  cacheDirs.push(dir);
  const year = await daily("BBCA", "2024-01-01", "2024-12-31");
  await mdq(["DAILY", "BBCA", "2024-01-01", "2024-12-31", "--cache-dir", dir]);
  proxy.seen.length = 0;
  const shared = await mdq(["VALUE", "BBCA", "volume", "FY2024", "--cache-dir", dir, "--verbose"]);
  expect(shared.out).toEqual([[sum(year)]]);
  expect(proxy.seen).toEqual([]);
  expect(shared.stderr).toMatch(/answered from the cache/);

  const explained = await mdq(["VALUE", "BBCA", "volume", "FY2024", "explain=true"]);
  const source = (explained.out as string[][]).find(([what]) => what === "source")?.[1];
  expect(source).toBe(`BBCA's daily prices: volume summed over 2024-01-02 to 2024-12-30 (${year.length} trading days of 2024)`);
});

test("a date before the service's first day names the period and the first day, not a 'start' never typed; no request", async () => {
  for (const answer of await everywhere("BBCA", "close", "2018-12-31")) {
    expect(answer).toEqual(expect.stringContaining("'period' must be 2019-01-02 or later for the daily prices"));
    expect(answer).toEqual(expect.stringContaining("(got 2018-12-31)"));
    expect(answer).not.toEqual(expect.stringContaining("'start'"));
  }
  const cli = await mdq(["VALUE", "BBCA", "volume", "FY2018"]);
  expect(cli.code).toBe(2);
  expect(cli.stderr).toContain("'period' must be 2019-01-02 or later for the daily prices: the service has none before (got 2018)");
  expect(proxy.seen).toEqual([]);
});

test("before a company's listing: it had no prices then, never 'Check the key'", async () => {
  // The sandbox's GOTO lists on 2022-04-11.
  const date = await everywhere("GOTO", "close", "2021-06-30");
  for (const answer of date) {
    expect(answer).toEqual(expect.stringContaining("GOTO has no daily prices from 2021-06-09 to 2021-06-30"));
    expect(answer).toEqual(expect.stringContaining("not yet listed"));
    expect(answer).not.toEqual(expect.stringContaining("Check the key"));
  }
  const year = await mdq(["VALUE", "GOTO", "close", "2021"]);
  expect(year.code).toBe(1);
  expect(year.stderr).toContain("GOTO has no daily prices from 2021-01-01 to 2021-12-31");
  expect(year.stderr).not.toContain("Check the key");
  // The year it listed in: no sum of part of it shown as the year's, the first trading day named.
  for (const answer of await everywhere("GOTO", "volume", "FY2022")) {
    expect(answer).toEqual(expect.stringContaining("GOTO has no daily prices from 2022-01-01 to 2022-04-10, the start of 2022"));
    expect(answer).toEqual(expect.stringContaining("its first trading day in 2022 is 2022-04-11"));
  }
  const listed = await daily("GOTO", "2022-07-01", "2022-09-30");
  expect((await mdq(["VALUE", "GOTO", "volume", "2022Q3"])).out).toEqual([[sum(listed)]]);
});
