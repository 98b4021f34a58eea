// `mdq serve`: argument parsing, and the real command in a child process (banner, answers,
// clean stop on SIGINT and SIGTERM).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { parseServeArgs } from "../../src/sandbox/serve";
import { request } from "./helpers";

describe("parseServeArgs", () => {
  test("defaults and flags", () => {
    expect(parseServeArgs([])).toEqual({ port: 8787, host: "127.0.0.1", apiKey: "demo", edition: "both" });
    expect(parseServeArgs(["--port", "9000", "--host", "0.0.0.0", "--api-key", "k"])).toEqual({
      port: 9000,
      host: "0.0.0.0",
      apiKey: "k",
      edition: "both",
    });
    expect(parseServeArgs(["--port=0", "--api-key=a=b"])).toEqual({ port: 0, host: "127.0.0.1", apiKey: "a=b", edition: "both" });
    expect(parseServeArgs(["--help"])).toBe("help");
  });

  test("bad input is rejected with a message", () => {
    expect(() => parseServeArgs(["--port", "http"])).toThrow(/--port must be an integer/);
    expect(() => parseServeArgs(["--port", "70000"])).toThrow(/--port/);
    expect(() => parseServeArgs(["--port"])).toThrow(/Missing value for --port/);
    expect(() => parseServeArgs(["--verbose"])).toThrow(/Unknown option --verbose/);
  });
});

describe("runServe in a child process", () => {
  let dir: string;
  let script: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mdq-serve-"));
    const bundle = path.join(dir, "server.js");
    buildSync({
      entryPoints: [path.join(__dirname, "../../src/sandbox/server.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "silent",
    });
    script = `require(${JSON.stringify(bundle)}).runServe(process.argv.slice(1)).then(() => process.exit(process.exitCode ?? 0));`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test.each(["SIGINT", "SIGTERM"] as const)("prints the banner, serves, and stops on %s", async (signal) => {
    const child = spawn(process.execPath, ["-e", script, "--", "--port", "0", "--api-key", "secret"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 15000);
        child.stdout.on("data", () => {
          if (!out.includes("Ctrl+C")) return;
          clearTimeout(timer);
          resolve();
        });
      });
      const url = /Base URL: (http:\/\/\S+)/.exec(out)![1];
      expect(out).toContain("API key:  secret");
      expect(out).toContain(`export MDQ_BASE_URL=${url} MDQ_API_KEY=secret`);
      for (const cmd of ["npx mdq QUARTERLY BBCA 4", "npx mdq INDEX lq45", "npx mdq DAILY BBCA"]) expect(out).toContain(cmd);
      // Both editions: the live one at the root (its /v1/ retired), the spec one under /spec.
      expect((await request(url, "/v1/index-daily/lq45/", { auth: "secret" })).status).toBe(410);
      expect((await request(url, "/v2/index-daily/lq45/", { auth: "secret" })).status).toBe(200);
      expect((await request(url, "/spec/v1/index-daily/lq45/", { auth: "secret" })).status).toBe(200);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(out).toContain("MDQ sandbox stopped.");
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a port in use is a clear message and exit code 1", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, ["-e", script, "--", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
      let err = "";
      child.stderr.on("data", (c) => (err += c));
      expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(1);
      expect(err).toContain(`port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test("a bad flag exits non-zero with the usage", async () => {
    const child = spawn(process.execPath, ["-e", script, "--", "--bogus"], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (c) => (err += c));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/Unknown option --bogus[\s\S]*Usage: mdq serve/);
  });
});
