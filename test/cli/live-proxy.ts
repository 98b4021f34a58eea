// The built `mdq` command in the live edition against the sandbox speaking it, behind a recording
// proxy, for one test file: started before its tests, closed after them, the requests seen cleared
// before each test.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { startSandbox } from "../../src/sandbox/server";
import { type RecordingProxy, startRecordingProxy } from "./proxy";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface LiveBehindProxy {
  /** The proxy, once the file's tests have started. */
  readonly proxy: RecordingProxy;
  /** The command with these arguments, through the proxy, in `format` (default json). */
  mdq(args: string[], format?: string): Promise<CliRun>;
}

export function liveBehindProxy(): LiveBehindProxy {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let proxy: RecordingProxy | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30", edition: "live" });
    proxy = await startRecordingProxy(sandbox.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox.close();
  });
  beforeEach(() => {
    if (proxy) proxy.seen.length = 0;
  });
  const started = (): RecordingProxy => {
    if (!proxy) throw new Error("the proxy starts before the file's tests");
    return proxy;
  };
  return {
    get proxy() {
      return started();
    },
    mdq: (args, format = "json") =>
      new Promise((resolve) => {
        const all = [BIN, ...args, "--base-url", started().url, "--api-key", "test-key", "--format", format, "--edition", "live"];
        execFile(process.execPath, all, { env: { PATH: process.env.PATH }, timeout: 40_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
        );
      }),
  };
}
