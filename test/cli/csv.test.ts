// CSV a spreadsheet can open safely: a text cell that would start a formula gets a leading ', a
// number (a negative one too) is written as it is, and --csv-raw writes everything as it came.
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { asCsv, csvText } from "../../src/cli/csv";

describe("csvText", () => {
  test.each([
    ['=HYPERLINK("x")', '\'=HYPERLINK("x")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["Bank Central Asia", "Bank Central Asia"],
    ["a=b", "a=b"],
  ])("the text %j is written %j", (cell, written) => expect(csvText(cell)).toBe(written));

  test.each([-1.5, 0, 2025, -0.036])("the number %p is written as it is", (n) => expect(csvText(n)).toBe(String(n)));

  test.each(["-1.5", "+3", "-2e5", "-.5"])("a text that is only a number (%j) stays as it is", (s) => expect(csvText(s)).toBe(s));

  test("raw writes a formula-like text as it came", () => expect(csvText("=1+1", true)).toBe("=1+1"));

  test("a guarded cell is still quoted by CSV's rules", () =>
    expect(asCsv([["name"], ['=HYPERLINK("x","y")']])).toBe('name\n"\'=HYPERLINK(""x"",""y"")"'));
});

describe("mdq --format csv against a service answering formula-like names", () => {
  const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      const rows = [
        { symbol: "BBCA", company_name: '=HYPERLINK("x")', sorted_by: -1.5 },
        { symbol: "BMRI", company_name: "+cmd|' /C calc'!A0", sorted_by: 2 },
      ];
      res.end(JSON.stringify(rows));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const args = [BIN, "COMPANIES", "banks", "--base-url", base, "--api-key", "csv-test-key", "--edition", "spec", ...flags];
      execFile(process.execPath, args, { env: { PATH: process.env.PATH }, timeout: 40_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
    });

  test("text cells that start a formula get a leading '; numbers stay", async () => {
    const { code, stdout } = await run("--format", "csv");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toBe("symbol,company_name,sorted_by");
    expect(lines).toContain(`BBCA,"'=HYPERLINK(""x"")",-1.5`);
    expect(lines).toContain("BMRI,'+cmd|' /C calc'!A0,2");
  });

  test("--csv-raw writes them as they came", async () => {
    const { code, stdout } = await run("--format", "csv", "--csv-raw");
    expect(code).toBe(0);
    expect(stdout).toContain(`BBCA,"=HYPERLINK(""x"")",-1.5`);
  });

  test("--csv-raw without --format csv is refused before any request", async () => {
    const { code, stderr } = await run("--csv-raw");
    expect(code).toBe(2);
    expect(stderr).toMatch(/--csv-raw' goes with --format csv/);
  });
});
