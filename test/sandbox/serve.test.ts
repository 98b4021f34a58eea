// `mdq serve`: argument parsing, and the built command in a child process (banner, answers,
// clean stop on SIGINT and SIGTERM).
import net from "node:net";
import { parseServeArgs } from "../../src/sandbox/serve";
import { serveRefused, startServe } from "../serve-command";
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

describe("the built mdq serve in a child process", () => {
  test.each(["SIGINT", "SIGTERM"] as const)("prints the banner, serves, and stops on %s", async (signal) => {
    const served = await startServe(["--api-key", "secret"]);
    try {
      const url = served.base;
      expect(served.banner).toContain("API key:  secret");
      expect(served.banner).toContain(`export MDQ_BASE_URL=${url} MDQ_API_KEY=secret`);
      for (const cmd of ["npx mdq QUARTERLY BBCA 4", "npx mdq INDEX lq45", "npx mdq DAILY BBCA"]) expect(served.banner).toContain(cmd);
      // Both editions: the live one at the root (its /v1/ retired), the spec one under /spec.
      expect((await request(url, "/v1/index-daily/lq45/", { auth: "secret" })).status).toBe(410);
      expect((await request(url, "/v2/index-daily/lq45/", { auth: "secret" })).status).toBe(200);
      expect((await request(url, "/spec/v1/index-daily/lq45/", { auth: "secret" })).status).toBe(200);
    } finally {
      expect(await served.stop(signal)).toBe(0);
    }
    expect(served.output()).toContain("MDQ sandbox stopped.");
  });

  test("a port in use is a clear message and exit code 1", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await serveRefused(["--port", String(port)]);
      expect(code).toBe(1);
      expect(stderr).toContain(`port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test("a bad flag exits non-zero with the usage", async () => {
    const { code, stderr } = await serveRefused(["--bogus"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown option --bogus[\s\S]*Usage: mdq serve/);
  });
});
