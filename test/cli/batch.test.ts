// Range in, table out on the command line: a comma list of tickers is one run, one request per
// key, one table with the key first.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { startSandbox } from "../../src/sandbox/server";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30" });
});
afterAll(() => sandbox.close());

const run = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const all = [...args, "--base-url", sandbox.url, "--api-key", "test-key", "--format", "json"];
    execFile(process.execPath, [BIN, ...all], { env: { PATH: process.env.PATH }, timeout: 40_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

test("mdq QUARTERLY BBCA,BBRI,ZZZZ 1 prints one table: a block per key, an error row for the unknown one", async () => {
  const { code, stdout } = await run(["QUARTERLY", "BBCA,BBRI,ZZZZ", "1", "", "", "fields=revenue"]);
  expect(code).toBe(0);
  const table = JSON.parse(stdout) as unknown[][];
  expect(table[0]).toEqual(["ticker", "date", "revenue", "error"]);
  expect(table.slice(1).map((row) => row[0])).toEqual(["BBCA", "BBRI", "ZZZZ"]);
  expect(table[3][3]).toMatch(/^MDQ: /);
  expect(table[1][3]).toBeNull();
});
