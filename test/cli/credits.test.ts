// `mdq --verbose` says what a call cost on stderr, beside the table on stdout: the requests sent
// and the credits the provider bills for their answers; none for an answer from the cache. The
// built command against the sandbox, in both editions (the spec edition's credits are estimates).

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox } from "../../src/sandbox/server";
import { SPEC_EDITION } from "./spec-edition";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

let spec: Awaited<ReturnType<typeof startSandbox>>;
let live: Awaited<ReturnType<typeof startSandbox>>;
let cacheDir: string;
beforeAll(async () => {
  spec = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30" });
  live = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30", edition: "live" });
  cacheDir = mkdtempSync(join(tmpdir(), "mdq-credits-"));
});
afterAll(async () => {
  await spec.close();
  await live.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const mdq = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, "--api-key", "test-key", "--format", "json"],
      { env: { PATH: process.env.PATH, ...SPEC_EDITION }, timeout: 40_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

test("live: a report's two sections are two credits; eight quarters, eight", async () => {
  const report = await mdq(["COMPANY_REPORT", "BBCA", "overview,valuation", "--base-url", live.url, "--edition", "live", "--verbose"]);
  expect(report.code).toBe(0);
  // The request's own line (its status, time and credits), then the call's cost.
  expect(report.stderr).toMatch(
    /^mdq: GET http:\/\/127\.0\.0\.1:\d+\/v2\/company\/report\/BBCA\/\S* -> 200 in \d+ ms, 2 credits\nmdq: 1 request, 2 credits\n$/,
  );
  const quarterly = await mdq(["QUARTERLY", "BBCA", "8", "--base-url", live.url, "--edition", "live", "--verbose"]);
  // The statement's header column, then one column per quarter returned.
  const quarters = (JSON.parse(quarterly.stdout) as unknown[][])[0].length - 1;
  expect(quarters).toBe(8);
  expect(quarterly.stderr.trim().split("\n").at(-1)).toBe("mdq: 1 request, 8 credits");
});

test("spec: the same count, said to be an estimate; from the cache, nothing", async () => {
  const args = ["QUARTERLY", "BBRI", "4", "--base-url", spec.url, "--cache-dir", cacheDir, "--verbose"];
  const first = await mdq(args);
  expect(first.stderr.trim().split("\n")).toEqual([
    expect.stringMatching(/^mdq: GET \S+\/v1\/financials\/quarterly\/BBRI\/\S* -> 200 in \d+ ms, 4 credits$/),
    "mdq: 1 request, 4 credits (estimated: the spec edition publishes no prices)",
  ]);
  const again = await mdq(args);
  expect(again.stdout).toBe(first.stdout);
  expect(again.stderr.trim()).toBe("mdq: answered from the cache: 0 requests, 0 credits");
});

test("without --verbose, stderr stays quiet; --verbose takes no value", async () => {
  const quiet = await mdq(["KLSE_TOP", "pe", "--base-url", spec.url]);
  expect(quiet).toMatchObject({ code: 0, stderr: "" });
  const bad = await mdq(["KLSE_TOP", "pe", "--base-url", spec.url, "--verbose=yes"]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--verbose takes no value/);
});

test("live: a 404 is billed 1 credit (the lookup ran): on its request's line and in the total, also when the call ends in it", async () => {
  const missing = await mdq(["QUARTERLY", "ZZZZ", "4", "--base-url", live.url, "--edition", "live", "--verbose"]);
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim().split("\n")).toEqual([
    expect.stringMatching(/^mdq: GET \S+\/v2\/financials\/quarterly\/ZZZZ\/\S* -> 404 in \d+ ms, 1 credit$/),
    expect.stringMatching(/^MDQ error: not found \(404\)/),
    "mdq: 1 request, 1 credit",
  ]);
  // A year the company has no data for is a 404 the call goes on without: its credit is counted.
  const years = await mdq(["MINING_FINANCIALS", "ITMG", "2015,2024", "--base-url", live.url, "--edition", "live", "--verbose"]);
  expect(years.code).toBe(0);
  const lines = years.stderr.trim().split("\n");
  expect(lines.filter((l) => / -> 404 in \d+ ms, 1 credit$/.test(l))).toHaveLength(1);
  expect(lines.at(-1)).toBe("mdq: 3 requests, 3 credits");
  // explain=true lists it among the call's requests, with its credit.
  const explained = JSON.parse(
    (await mdq(["MINING_FINANCIALS", "ITMG", "2015,2024", "explain=true", "--base-url", live.url, "--edition", "live"])).stdout,
  ) as string[][];
  const at = explained.findIndex((r) => String(r[1]).includes("not found (404)"));
  expect(explained[at - 1]).toEqual(["request", expect.stringContaining("year=2015")]);
  expect(explained.slice(at + 1, at + 3)).toEqual([
    ["fresh until", "not kept (an error answer is not cached)"],
    ["credits", 1],
  ]);
  expect(explained.at(-1)).toEqual(["credits of this cell", 3]);
});
