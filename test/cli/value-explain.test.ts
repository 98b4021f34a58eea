// `mdq VALUE ... explain=true` (the built command) against the sandbox, its edition found by `auto`:
// the cell's own requests, each said in words; the question of the edition apart, once, as
// bookkeeping; no option of MDQ's own (`cover`) in the output; the value as the table shows numbers;
// a request widened for the company's other cells billed to this cell by its share only.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { startSandbox } from "../../src/sandbox/server";
import { mdqJson } from "./mdq-json";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  // Both editions, the live one at the root, as `npm start` serves them.
  sandbox = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30", edition: "both" });
});
afterAll(() => sandbox.close());

// A blank MDQ_EDITION is `auto`: the command asks the server its edition.
const AUTO = { MDQ_EDITION: "" };
const args = (options: string) => ["VALUE", "BBCA", "revenue", "2024Q4", options, "--base-url", sandbox.url, "--api-key", "test-key"];
const rowsOf = (out: unknown, what: string) => (out as string[][]).filter((r) => r[0] === what).map((r) => r[1]);

/** The command's table as a terminal shows it. */
const table = (options: string): Promise<{ code: number; stdout: string }> =>
  new Promise((resolve) =>
    execFile(process.execPath, [BIN, ...args(options)], { env: { PATH: process.env.PATH, ...AUTO }, timeout: 40_000 }, (error, stdout) =>
      resolve({ code: error ? 1 : 0, stdout }),
    ),
  );

test("VALUE BBCA revenue 2024Q4 explain=true: the cell's own requests, the edition's question apart, no cover", async () => {
  const plain = await mdqJson(args(""), AUTO);
  const { code, out } = await mdqJson(args("explain=true"), AUTO);
  expect(code).toBe(0);
  expect(rowsOf(out, "call")).toEqual(["VALUE of key BBCA, field revenue, period 2024Q4"]);
  // The value with its thousands separators, as the table shows the plain call's.
  const value = (plain.out as number[][])[0][0];
  expect(rowsOf(out, "value")).toEqual([value.toLocaleString("en-US")]);
  const requests = rowsOf(out, "request");
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((r) => r.startsWith("GET /v2/"))).toBe(true);
  expect(rowsOf(out, "bookkeeping")).toEqual(["GET /v1/subsectors/"]);
  // Each of the cell's requests says what it asks for.
  expect(rowsOf(out, "asks for")).toContain("which edition the server speaks: live (its spec edition under /spec)");
  expect(rowsOf(out, "asks for")).toHaveLength(requests.length + 1);
  expect(JSON.stringify(out)).not.toContain("cover");

  const shown = await table("explain=true");
  expect(shown.code).toBe(0);
  expect(shown.stdout).not.toContain("cover=");
  expect(shown.stdout).toMatch(new RegExp(`^value +${value.toLocaleString("en-US")}$`, "m"));
  expect(shown.stdout.match(/\/v1\/subsectors\//g)).toHaveLength(1);
  expect(shown.stdout).toMatch(/^bookkeeping +GET \/v1\/subsectors\/$/m);
});

test("a request a host widened to share (cover): this cell's share beside the whole, never the whole as the cell's", async () => {
  const { code, out } = await mdqJson(args("explain=true; cover=8"), AUTO);
  expect(code).toBe(0);
  expect(rowsOf(out, "request")).toContain("GET /v2/financials/quarterly/BBCA/?n_quarters=8");
  expect(rowsOf(out, "asks for")).toContain("BBCA's statements, the latest 8 quarters");
  expect(rowsOf(out, "shared")).toEqual(["with BBCA's other cells: this cell needs 1 of the 8 quarters"]);
  expect(rowsOf(out, "whole request")).toEqual(["8 credits, paid once for all the cells that use it"]);
  // The fiscal dates (1) and its share of the 8 quarters (1).
  expect(rowsOf(out, "credits of this cell")).toEqual([2]);
  expect(JSON.stringify(out)).not.toContain("cover");
});
