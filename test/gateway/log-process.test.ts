// `mdq gateway`'s log in a process of its own, as an operator runs it: every request's line is in
// the file stdout points at once the gateway has stopped on SIGTERM (the batch still buffered is
// written, not lost), and a stdout that closes (EPIPE) costs the log, never the answers.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressIn, banner, gatewayProcess as mdqGateway, PROVIDER_KEY } from "./harness";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mdq-gateway-log-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The gateway command with its stdout at `stdout` ("pipe" or a file's descriptor). */
const gatewayProcess = (stdout: "pipe" | number) =>
  mdqGateway(["--port", "0", "--metrics-port", "0", "--upstream", "http://127.0.0.1:9", "--tokens", join(dir, "tokens.json")], {
    env: { ...process.env, MDQ_PROVIDER_KEY: PROVIDER_KEY },
    stdout,
  });

const address = async (child: ChildProcessWithoutNullStreams) => addressIn(await banner(child));

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

test("every request's line is in the log file after a stop on SIGTERM, none lost in the last batch", async () => {
  const file = join(dir, "access.log");
  const fd = openSync(file, "w");
  const child = gatewayProcess(fd);
  closeSync(fd);
  try {
    const url = await address(child);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await fetch(`${url}${i % 2 ? "/healthz" : "/v1/company/report/BBCA.JK/"}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => `${l.status} ${l.path}`)).toEqual(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? "200 /healthz" : "401 /v1/company/report/BBCA.JK/")),
    );
  } finally {
    child.kill("SIGKILL");
  }
});

test("a stdout that closes under the gateway (EPIPE) does not stop it answering", async () => {
  const child = gatewayProcess("pipe");
  try {
    const url = await address(child);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.stdout.destroy();
    // Each round's lines are written within the batch time (200 ms) into the closed pipe.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 20; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
      expect(child.exitCode).toBeNull();
    }
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});
