// The built `mdq` command's SEARCH by the names people use, against the sandbox of each edition:
// a short name finds its company first (maybank: 1155 Malayan Banking; bri: BBRI), and a query
// nothing matches says so, in the command line's words, instead of the generic "no data".
import { execFile } from "node:child_process";
import { join } from "node:path";
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { startSandbox } from "../../src/sandbox/server";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30", edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

const mdq = (edition: Edition, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const all = [BIN, ...args, "--base-url", sandboxes[edition].url, "--api-key", "test-key", "--edition", edition];
    execFile(process.execPath, all, { env: { PATH: process.env.PATH }, timeout: 40_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** The table's rows below its header, as the command prints them (columns apart by spaces). */
const rows = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(/\s{2,}/));

describe.each(EDITIONS)("mdq SEARCH in the %s edition", (edition) => {
  test("mdq SEARCH maybank lists 1155 Malayan Banking first", async () => {
    const { code, stdout, stderr } = await mdq(edition, ["SEARCH", "maybank"]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout.split("\n")[0].split(/\s+/)).toEqual(["symbol", "name", "market", "sector"]);
    expect(rows(stdout)[0].slice(0, 3)).toEqual(["1155", "Malayan Banking Berhad", "KLSE"]);
  });

  test("mdq SEARCH bri lists BBRI first; the codes that start with BRI after it", async () => {
    const { code, stdout } = await mdq(edition, ["SEARCH", "bri", "--format", "json"]);
    expect(code).toBe(0);
    const table = JSON.parse(stdout) as string[][];
    expect(table[1].slice(0, 3)).toEqual(["BBRI", "Bank Rakyat Indonesia (Persero) Tbk", "IDX"]);
    expect(table.map((r) => r[0])).toContain("BRIS");
  });

  test("mdq SEARCH zzzz says no company matches 'zzzz', not that there is no data for the dates", async () => {
    const { code, stdout, stderr } = await mdq(edition, ["SEARCH", "zzzz"]);
    expect(code).not.toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^MDQ error: no company matches 'zzzz'\. Type part of its name, a name people use for it .* or its code\.\n$/);
    expect(stderr).not.toMatch(/dates|no data/);
  });
});
