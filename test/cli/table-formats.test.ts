// The built `mdq` command's table against the sandbox in both editions: one presentation rule
// (the core's number formats as text): an index's closes alike with 2 decimals, a P/E with 2 at
// SGX as at KLSE, TOP_CHANGES' price_change (the provider's fraction) as a percentage, a year
// never grouped, with or without headers; CSV and JSON keep the values as they are.
import { execFile } from "node:child_process";
import { join } from "node:path";
import type { Edition } from "../../shared/base/editions";
import { startSandbox } from "../../src/sandbox/server";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
const KEY = "table-formats-key";
const servers = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  servers.spec = await startSandbox({ port: 0, apiKey: KEY, today: "2025-06-30", edition: "spec" });
  servers.live = await startSandbox({ port: 0, apiKey: KEY, today: "2025-06-30", edition: "live" });
});
afterAll(() => Promise.all([servers.spec.close(), servers.live.close()]));

const mdq = (edition: Edition, args: string[], format = "table"): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [BIN, ...args, "--base-url", servers[edition].url, "--api-key", KEY, "--edition", edition, "--format", format],
      { env: { PATH: process.env.PATH }, timeout: 40_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );

/** The table's rows as words (every column here is one word wide). */
const rows = (table: string) =>
  table
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s{2,}/));

test.each(["spec", "live"] as const)("INDEX in the %s edition: every close with 2 decimals", async (edition) => {
  const table = rows(await mdq(edition, ["INDEX", "lq45", "2024-01-01", "2024-03-29"]));
  const closes = table.slice(1).map((r) => r[2]);
  expect(closes.length).toBeGreaterThan(40);
  for (const close of closes) expect(close).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
  expect(closes).toContain("919.30");
});

test("a P/E with 2 decimals at SGX as at KLSE; a dividend yield as a percentage; market caps grouped", async () => {
  const sgx = rows(await mdq("live", ["SGX_TOP", "market_cap,pe,dividend_yield"]));
  const klse = rows(await mdq("spec", ["KLSE_TOP", "pe,dividend_yield"]));
  for (const table of [sgx, klse]) {
    const pe = table.filter((r) => r[0] === "pe").map((r) => r.at(-1));
    expect(pe.length).toBeGreaterThan(0);
    for (const value of pe) expect(value).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
    const yields = table.filter((r) => r[0] === "dividend_yield").map((r) => r.at(-1));
    for (const value of yields) expect(value).toMatch(/^\d+\.\d\d%$/);
  }
  for (const cap of sgx.filter((r) => r[0] === "market_cap").map((r) => r.at(-1))) expect(cap).toMatch(/^\d{1,3}(,\d{3})+$/);
});

test("TOP_CHANGES: price_change as a percentage of the provider's fraction; CSV and JSON keep the fraction", async () => {
  const table = rows(await mdq("live", ["TOP_CHANGES", "top_gainers", "7d"]));
  const at = table[0].indexOf("price_change");
  const shown = table.slice(1).map((r) => r[at]);
  const json = JSON.parse(await mdq("live", ["TOP_CHANGES", "top_gainers", "7d"], "json")) as unknown[][];
  const values = json.slice(1).map((r) => r[json[0].indexOf("price_change")] as number);
  expect(shown).toEqual(values.map((v) => `${(v * 100).toFixed(2)}%`));
  expect(values.every((v) => Math.abs(v) < 1)).toBe(true);
  const csv = (await mdq("live", ["TOP_CHANGES", "top_gainers", "7d"], "csv")).split("\n");
  expect(csv[1].split(",")[at]).toBe(String(values[0]));
});

test("a year is never grouped: with headers, without them, and in a report's table", async () => {
  for (const args of [
    ["TOTAL_PRODUCTION", "Coal"],
    ["TOTAL_PRODUCTION", "Coal", "headers=false"],
  ]) {
    const out = await mdq("live", args);
    expect(out).not.toMatch(/\b2,0\d\d\b/);
    expect(out).toMatch(/^\s*2024\s/m);
  }
  const report = await mdq("live", ["COMPANY_REPORT", "BBCA", "", "historical_eps"]);
  expect(report).toMatch(/^2024\s/m);
  expect(report).not.toMatch(/\b2,0\d\d\b/);
});
