// The fault matrix for the command line: each fault gives the right family and advice, within
// the deadline, with retries only where the policy says, and never the key.

import { execFile } from "node:child_process";
import { join } from "node:path";
import {
  ADVICE,
  callOf,
  FAULTS,
  type Fault,
  type FaultRow,
  type FaultServer,
  keyOf,
  leaksKey,
  printMatrix,
  requestsOf,
  startFaultServer,
} from "../../scripts/harness/fault-server";
import { inPool } from "../../scripts/harness/pool";
import { SPEC_EDITION } from "./spec-edition";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");
// Generous, so that every retry the policy allows fits on a loaded machine.
const DEADLINE_S = 10;
/** Commands at once: each is a Node process, and the fault server shares this one's event loop. */
const PROCESSES = 4;

let server: FaultServer;
beforeAll(async () => (server = await startFaultServer()));
afterAll(() => server.close());

/** Far past the call's own deadline: a process still running then is killed, and the test fails. */
const KILL_AFTER_MS = 60_000;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time, for the printed matrix only: a loaded machine slows process start. */
  ms: number;
  /** The process did not end on its own. */
  killed: boolean;
}

function runCli(baseUrl: string, row: FaultRow): Promise<CliRun> {
  const started = Date.now();
  const args = [BIN, ...callOf(row), "--base-url", baseUrl, "--api-key", keyOf(row), "--timeout", String(DEADLINE_S)];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: KILL_AFTER_MS, env: { ...process.env, ...SPEC_EDITION } }, (error, stdout, stderr) =>
      resolve({
        code: error ? Number(error.code) : 0,
        stdout,
        stderr,
        ms: Date.now() - started,
        killed: Boolean(error?.killed),
      }),
    );
  });
}

test("every fault, through the built mdq command", async () => {
  const faults = Object.keys(FAULTS) as Fault[];
  const results = await inPool(faults, PROCESSES, async (fault) => ({
    fault,
    ...(await runCli(fault === "refused" ? server.refusedUrl : `${server.url}/${fault}`, FAULTS[fault])),
  }));
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
    // Exit 2: nothing was sent (a setting refused); 1: the call failed.
    expect({ fault: r.fault, code: r.code }).toEqual({ fault: r.fault, code: requestsOf(expected) === 0 ? 2 : 1 });
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^MDQ error: [^\n]+\n$/);
    expect({ fault: r.fault, leaks: leaksKey(r.stderr, keyOf(expected)) }).toEqual({ fault: r.fault, leaks: false });
    if (r.fault !== "refused")
      expect({ fault: r.fault, requests: row.requests }).toEqual({ fault: r.fault, requests: requestsOf(expected) });
    // Nothing hangs: every process ends on its own, with the family's message (a timeout included).
    expect({ fault: r.fault, killed: r.killed }).toEqual({ fault: r.fault, killed: false });
  }
});
