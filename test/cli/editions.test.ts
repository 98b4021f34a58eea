// Choosing the edition of the service from the command line, and what the command says when the
// base URL speaks the other one: the built `mdq` against loopback servers.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { API_KEY, type FaultServer, startFaultServer } from "../../scripts/harness/fault-server";
import { startSandbox } from "../../src/sandbox/server";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...env }, timeout: 40_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });

let faults: FaultServer;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  faults = await startFaultServer();
  sandbox = await startSandbox({ port: 0, apiKey: "k", today: "2025-06-30" });
});
afterAll(async () => {
  await faults.close();
  await sandbox.close();
});

test("a function the edition does not offer is refused before any request, naming the setting", async () => {
  const before = faults.hits["spec-shape"] ?? 0;
  const r = await run(["DAILY", "BBCA", "--base-url", `${faults.url}/spec-shape`, "--api-key", API_KEY, "--edition", "spec"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^MDQ error: DAILY is not offered by the spec edition of the service\. .*--edition or the MDQ_EDITION variable/);
  expect(faults.hits["spec-shape"] ?? 0).toBe(before);
});

test("an edition that is not one is refused with what is allowed", async () => {
  const r = await run(["QUARTERLY", "BBCA", "--edition", "v2"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe('MDQ error: the edition must be auto, spec or live (got "v2")\n');
});

test("MDQ_EDITION=live against a server of the spec edition: the plain list is named as the spec edition's answer", async () => {
  const r = await run(["MINING_COMPANIES", "--base-url", `${faults.url}/spec-shape`, "--api-key", API_KEY], { MDQ_EDITION: "live" });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/shaped like the spec edition's \(a plain list where the live edition sends \{results, pagination\}\)/);
  expect(r.stderr).toMatch(/set the edition to spec with --edition or the MDQ_EDITION variable\.\n$/);
});

test("a base URL that ends in /v1 or /v2 is not doubled into the paths", async () => {
  for (const suffix of ["/v1", "/v2/", "/V1"]) {
    const r = await run(["INDEX", "lq45", "--base-url", sandbox.url + suffix, "--api-key", "k", "--format", "json"]);
    expect({ suffix, code: r.code, stderr: r.stderr }).toEqual({ suffix, code: 0, stderr: "" });
  }
});

test("the table format prints years as years, other whole numbers with separators", async () => {
  const r = await run(["SALES_DESTINATION", "ITMG", "--base-url", sandbox.url, "--api-key", "k"]);
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines[0]).toMatch(/^year\s+country/);
  expect(lines[1]).toMatch(/^20\d\d\s/);
  const statement = await run(["QUARTERLY", "BBCA", "2", "--base-url", sandbox.url, "--api-key", "k"]);
  expect(statement.stdout).toMatch(/^revenue\s+[\d,]+,\d{3}\s/m);
});
