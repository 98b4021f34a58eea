// The fault matrix for the command line: each fault gives the right family and advice, within
// the deadline, with retries only where the policy says, and never the key.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { ADVICE, API_KEY, FAULTS, type Fault, type FaultServer, printMatrix, startFaultServer } from "../../scripts/harness/fault-server";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
const DEADLINE_S = 4;

let server: FaultServer;
beforeAll(async () => (server = await startFaultServer()));
afterAll(() => server.close());

function runCli(baseUrl: string): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const args = [BIN, "INDEX", "lq45", "--base-url", baseUrl, "--api-key", API_KEY, "--timeout", String(DEADLINE_S)];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr, ms: Date.now() - started }),
    );
  });
}

test("every fault, through the built mdq command", async () => {
  const faults = Object.keys(FAULTS) as Fault[];
  const results = await Promise.all(
    faults.map(async (fault) => ({ fault, ...(await runCli(fault === "refused" ? server.refusedUrl : `${server.url}/${fault}`)) })),
  );
  const rows = results.map((r) => ({
    fault: r.fault,
    family: Object.keys(ADVICE).find((family) => ADVICE[family].test(r.stderr)) ?? "?",
    requests: server.hits[r.fault] ?? 0,
    ms: r.ms,
  }));
  printMatrix("mdq command", rows);
  for (const r of results) {
    const expected = FAULTS[r.fault];
    const row = rows.find((x) => x.fault === r.fault)!;
    expect({ fault: r.fault, family: row.family }).toEqual({ fault: r.fault, family: expected.family });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^MDQ error: [^\n]+\n$/);
    expect(r.stderr).not.toContain(API_KEY);
    if (r.fault !== "refused")
      expect({ fault: r.fault, requests: row.requests }).toEqual({ fault: r.fault, requests: expected.retried ? 3 : 1 });
    // Nothing hangs: the whole call, retries included, ends near its deadline (plus process start).
    expect(r.ms).toBeLessThan(DEADLINE_S * 1000 + 5000);
  }
});
